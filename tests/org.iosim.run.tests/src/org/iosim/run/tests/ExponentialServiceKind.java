package org.iosim.run.tests;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;
import org.iosim.des.SimulationClock.Scheduled;

/**
 * An embedded analysis model as a queueing backend would be one (contributed through plugin.xml):
 * each request is held for an exponential time drawn from the model's own random stream, and
 * watched by a timeout that is cancelled when the request leaves. A file set may have a mean of its
 * own, {@code meanDelay.NAME}. What every model instance did is
 * kept in {@link #created}, for the tests to check against the run's results.
 */
public final class ExponentialServiceKind implements IoAnalysisModelKind {

	static final String ID = "test-exponential-service";
	private static final String MEAN_DELAY = "meanDelay";

	/** The models created since the last {@link #forget()}, in creation order. */
	static final List<Model> created = new CopyOnWriteArrayList<>();

	/**
	 * @return the models that served requests: binding and preparing a run create models too, to
	 *         find configuration errors before the run starts
	 */
	static List<Model> used() {
		return created.stream().filter(model -> model.submitted.get() > 0).toList();
	}

	/** How many times the kind was made since the last {@link #forget()}: once per discovery of the kinds. */
	static final AtomicInteger discovered = new AtomicInteger();

	public ExponentialServiceKind() {
		discovered.incrementAndGet();
	}

	static void forget() {
		created.clear();
		discovered.set(0);
	}

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "Holds each request for an exponential time with mean 'meanDelay' seconds, 'meanDelay.NAME' for file"
				+ " set NAME.";
	}

	@Override
	public Set<String> perFileSetParameters() {
		return Set.of(MEAN_DELAY);
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		double mean = Double.parseDouble(definition.parameter(MEAN_DELAY)
				.orElseThrow(() -> new AnalysisModelException(definition.name() + ": 'meanDelay' is missing")));
		Map<String, Double> meanByFileSet = new HashMap<>();
		definition.parameters().forEach((name, value) -> {
			if (name.startsWith(MEAN_DELAY + ".")) {
				meanByFileSet.put(name.substring(MEAN_DELAY.length() + 1), Double.parseDouble(value));
			}
		});
		Model model = new Model(mean, meanByFileSet, context);
		created.add(model);
		return model;
	}

	static final class Model implements EmbeddedIoModel {
		private final double mean;
		private final Map<String, Double> meanByFileSet;
		private final ModelContext context;
		final AtomicInteger submitted = new AtomicInteger();
		final AtomicInteger finished = new AtomicInteger();
		final AtomicInteger timeoutsCancelled = new AtomicInteger();
		final AtomicInteger timeoutsFired = new AtomicInteger();
		final List<Double> firstDelays = new CopyOnWriteArrayList<>();

		Model(double mean, Map<String, Double> meanByFileSet, ModelContext context) {
			this.mean = mean;
			this.meanByFileSet = meanByFileSet;
			this.context = context;
		}

		@Override
		public Set<WorkloadInput> inputs() {
			return Set.of();
		}

		@Override
		public double delay(WorkloadState state) {
			return mean;
		}

		@Override
		public void submit(WorkloadState state, ArrivingRequest request, Runnable leave) {
			submitted.incrementAndGet();
			double delay = -meanByFileSet.getOrDefault(request.fileSet(), mean) * Math.log(1 - context.random().nextDouble());
			if (firstDelays.size() < 5) {
				firstDelays.add(delay);
			}
			Scheduled timeout = context.clock().schedule(2 * delay + 1, timeoutsFired::incrementAndGet);
			double expectedEnd = context.clock().now() + delay;
			context.clock().schedule(delay, () -> {
				if (timeout.cancel()) {
					timeoutsCancelled.incrementAndGet();
				}
				if (Math.abs(context.clock().now() - expectedEnd) > 1e-9 * Math.max(1, expectedEnd)) {
					throw new IllegalStateException("the clock ran the event at " + context.clock().now()
							+ " instead of " + expectedEnd);
				}
				finished.incrementAndGet();
				leave.run();
			});
		}
	}
}
