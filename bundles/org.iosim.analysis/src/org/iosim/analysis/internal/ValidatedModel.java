package org.iosim.analysis.internal;

import java.util.List;
import java.util.Objects;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;

/**
 * Stands between a simulation and a model it did not write, so that a bad prediction stops the run
 * with the model and state named instead of corrupting the simulated time.
 */
public final class ValidatedModel implements IoAnalysisModel {

	private final String modelName;
	private final IoAnalysisModel model;

	private ValidatedModel(String modelName, IoAnalysisModel model) {
		this.modelName = modelName;
		this.model = model;
	}

	public static IoAnalysisModel of(String modelName, IoAnalysisModel model) {
		Objects.requireNonNull(modelName, "modelName");
		Objects.requireNonNull(model, "model");
		if (model instanceof ValidatedModel validated && validated.modelName.equals(modelName)) {
			return validated;
		}
		if (model instanceof EmbeddedIoModel embedded) {
			return new ValidatedEmbeddedModel(modelName, embedded);
		}
		return new ValidatedModel(modelName, model);
	}

	/** Keeps an embedded model embedded, with failures inside its sub-model named like the others. */
	private static final class ValidatedEmbeddedModel implements EmbeddedIoModel {
		private final ValidatedModel prediction;
		private final EmbeddedIoModel model;

		ValidatedEmbeddedModel(String modelName, EmbeddedIoModel model) {
			this.prediction = new ValidatedModel(modelName, model);
			this.model = model;
		}

		@Override
		public Set<WorkloadInput> inputs() {
			return model.inputs();
		}

		@Override
		public double delay(WorkloadState state) throws AnalysisModelException {
			return prediction.delay(state);
		}

		@Override
		public void submit(WorkloadState state, ArrivingRequest request, Runnable finished)
				throws AnalysisModelException {
			try {
				model.submit(state, request, finished);
			} catch (RuntimeException e) {
				throw new AnalysisModelException("analysis model '" + prediction.modelName + "' (" + model.describe()
						+ ") failed for " + state + ": " + e, e);
			}
		}

		@Override
		public void startMeasuring() {
			model.startMeasuring();
		}

		@Override
		public List<SubModelResource> resources() {
			return model.resources();
		}

		@Override
		public String describe() {
			return model.describe();
		}

		@Override
		public String toString() {
			return prediction.toString();
		}
	}

	@Override
	public Set<WorkloadInput> inputs() {
		return model.inputs();
	}

	@Override
	public double delay(WorkloadState state) throws AnalysisModelException {
		double delay;
		try {
			delay = model.delay(state);
		} catch (RuntimeException e) {
			throw new AnalysisModelException("analysis model '" + modelName + "' (" + model.describe()
					+ ") failed for " + state + ": " + e, e);
		}
		if (!(delay >= 0) || Double.isInfinite(delay)) {
			throw new AnalysisModelException("analysis model '" + modelName + "' (" + model.describe()
					+ ") predicted the delay " + delay + " for " + state + "; a delay must be finite and not negative");
		}
		return delay;
	}

	@Override
	public String describe() {
		return model.describe();
	}

	@Override
	public String toString() {
		return modelName + " (" + model.describe() + ")";
	}
}
