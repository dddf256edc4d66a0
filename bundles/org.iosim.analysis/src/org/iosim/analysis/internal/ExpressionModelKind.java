package org.iosim.analysis.internal;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.pcm.io.IoType;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;

/** The built-in kind {@value #ID}: delays given by formulas over the workload inputs. */
public final class ExpressionModelKind implements IoAnalysisModelKind {

	public static final String ID = "expression";

	private static final String DELAY = "delay";
	private static final String READ_DELAY = "readDelay";
	private static final String WRITE_DELAY = "writeDelay";

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "Delay given by a formula over the workload inputs, e.g. delay = 0.002 + 0.0005 * concurrency. "
				+ "Parameters: 'delay' for every request, or 'readDelay' and 'writeDelay' for reads and writes. "
				+ "Formulas are stochastic expressions whose variables are input names ("
				+ String.join(", ", WorkloadInput.names()) + "); they must not draw random numbers.";
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		definition.requireOnly(Set.of(DELAY, READ_DELAY, WRITE_DELAY));
		Optional<String> delay = definition.parameter(DELAY);
		Optional<String> readDelay = definition.parameter(READ_DELAY);
		Optional<String> writeDelay = definition.parameter(WRITE_DELAY);
		if (delay.isPresent() && readDelay.isEmpty() && writeDelay.isEmpty()) {
			return new SingleFormula(DelayFormula.parse(definition, DELAY, delay.get()));
		}
		if (delay.isEmpty() && readDelay.isPresent() && writeDelay.isPresent()) {
			return new FormulaPerType(DelayFormula.parse(definition, READ_DELAY, readDelay.get()),
					DelayFormula.parse(definition, WRITE_DELAY, writeDelay.get()));
		}
		throw new AnalysisModelException("analysis model '" + definition.name() + "' of kind '" + ID
				+ "' needs either the parameter 'delay' or both 'readDelay' and 'writeDelay'");
	}

	private record SingleFormula(DelayFormula formula) implements IoAnalysisModel {

		@Override
		public Set<WorkloadInput> inputs() {
			return formula.inputs();
		}

		@Override
		public double delay(WorkloadState state) throws AnalysisModelException {
			return formula.delay(state);
		}

		@Override
		public String describe() {
			return ID + ": delay = " + formula.text();
		}
	}

	/** Chooses the formula by the request's type, so the model depends on {@link WorkloadInput#TYPE} too. */
	private record FormulaPerType(DelayFormula read, DelayFormula write) implements IoAnalysisModel {

		@Override
		public Set<WorkloadInput> inputs() {
			Set<WorkloadInput> inputs = EnumSet.of(WorkloadInput.TYPE);
			inputs.addAll(read.inputs());
			inputs.addAll(write.inputs());
			return Collections.unmodifiableSet(inputs);
		}

		@Override
		public double delay(WorkloadState state) throws AnalysisModelException {
			return state.type() == IoType.READ ? read.delay(state) : write.delay(state);
		}

		@Override
		public String describe() {
			return ID + ": readDelay = " + read.text() + "; writeDelay = " + write.text();
		}
	}
}
