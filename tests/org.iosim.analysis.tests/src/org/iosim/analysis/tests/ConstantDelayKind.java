package org.iosim.analysis.tests;

import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;

/** A minimal third-party kind: every request is delayed by the parameter {@code delay}. */
abstract class ConstantDelayKind implements IoAnalysisModelKind {

	private final String id;

	ConstantDelayKind(String id) {
		this.id = id;
	}

	@Override
	public String id() {
		return id;
	}

	@Override
	public String description() {
		return "constant delay for tests";
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		String text = definition.parameter("delay")
				.orElseThrow(() -> new AnalysisModelException(definition.name() + ": no delay"));
		double delay = Double.parseDouble(text);
		return new IoAnalysisModel() {

			@Override
			public Set<WorkloadInput> inputs() {
				return Set.of();
			}

			@Override
			public double delay(WorkloadState state) {
				return delay;
			}
		};
	}
}
