package org.iosim.analysis.regression.internal;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;
import org.iosim.analysis.regression.DataFormatException;
import org.iosim.analysis.regression.StoredModel;
import org.iosim.pcm.io.IoType;

/**
 * Stored regression models (from {@code iosim regression fit}) as I/O analysis models: one for every
 * request ({@code model}), or one for reads and one for writes ({@code readModel}, {@code writeModel}).
 * Their features must be workload inputs (concurrency, meanReadSize, ...). A negative prediction,
 * which a regression can give at the edge of its data, counts as no delay.
 */
public final class RegressionModelKind implements IoAnalysisModelKind {

	public static final String ID = "regression";

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "Regression model fitted by 'iosim regression fit' (lm, mars, cart, m5, cubist): parameter 'model',"
				+ " or 'readModel' and 'writeModel' (JSON files, relative to the definition); features are workload"
				+ " input names.";
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		definition.requireOnly(Set.of("model", "readModel", "writeModel"));
		if (definition.parameter("model").isPresent()) {
			Bound model = load(definition, "model");
			return new PerType(model, model);
		}
		if (definition.parameter("readModel").isPresent() && definition.parameter("writeModel").isPresent()) {
			return new PerType(load(definition, "readModel"), load(definition, "writeModel"));
		}
		throw new AnalysisModelException("analysis model '" + definition.name()
				+ "' of kind 'regression' needs the parameter 'model', or both 'readModel' and 'writeModel'");
	}

	/** A stored model with its features resolved to workload inputs. */
	private record Bound(StoredModel model, WorkloadInput[] inputs) {
		double predict(WorkloadState state) {
			double[] row = new double[inputs.length];
			for (int i = 0; i < inputs.length; i++) {
				row[i] = state.value(inputs[i]);
			}
			return Math.max(0, model.predict(row).value());
		}
	}

	private static Bound load(ModelDefinition definition, String parameter) throws AnalysisModelException {
		Path file = definition.resolve(definition.parameter(parameter).orElseThrow());
		StoredModel model;
		try {
			model = StoredModel.load(file);
		} catch (DataFormatException invalid) {
			throw new AnalysisModelException("analysis model '" + definition.name() + "': " + invalid.getMessage());
		}
		List<String> features = model.features();
		WorkloadInput[] inputs = new WorkloadInput[features.size()];
		for (int i = 0; i < inputs.length; i++) {
			String feature = features.get(i);
			inputs[i] = WorkloadInput.named(feature).orElseThrow(() -> new AnalysisModelException("analysis model '"
					+ definition.name() + "': feature '" + feature + "' of " + file
					+ " is not a workload input (" + String.join(", ", WorkloadInput.names()) + ")"));
		}
		return new Bound(model, inputs);
	}

	private record PerType(Bound read, Bound write) implements IoAnalysisModel {
		@Override
		public Set<WorkloadInput> inputs() {
			Set<WorkloadInput> inputs = EnumSet.noneOf(WorkloadInput.class);
			inputs.addAll(List.of(read.inputs()));
			inputs.addAll(List.of(write.inputs()));
			if (read != write) {
				inputs.add(WorkloadInput.TYPE);
			}
			return inputs;
		}

		@Override
		public double delay(WorkloadState state) {
			return (state.type() == IoType.READ ? read : write).predict(state);
		}

		@Override
		public String describe() {
			return ID + ": " + read.model().technique() + (read == write ? "" : " / " + write.model().technique());
		}
	}
}
