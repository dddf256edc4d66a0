package org.iosim.simulation.internal;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.analysis.AnalysisModelFailure;
import org.iosim.des.RunBudget;
import org.iosim.des.SimulationClock;
import org.iosim.engine.SimulationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationObserver;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult.StopReason;
import org.iosim.simulation.engine.ActiveResource;
import org.iosim.simulation.engine.PassiveResource;
import org.iosim.simulation.engine.Simulator;
import org.iosim.stoex.RandomStreams;

/**
 * One independent run of a compiled model, built from its {@link ModelPlan}: its own clock,
 * resources, random streams and measurements. Simulation state lives here, never in the EMF model
 * or the plan.
 */
public final class Replication {

	/** How often (in scenario runs) the confidence criterion is checked; it costs a t-quantile per scenario. */
	private static final int CONFIDENCE_CHECK_INTERVAL = 1024;
	/** Batches a confidence interval needs before it is trusted. */
	private static final int MIN_BATCHES = 20;
	private static final long PROGRESS_INTERVAL_NANOS = 1_000_000_000L;
	/** Sets the seed of the analysis models' streams apart from the seed of the model's streams. */
	private static final long ANALYSIS_STREAMS = 0x5EEDA11A7E5L;

	/** An active resource with what the results say about it. */
	record Resource(String id, String container, String type, String schedulingPolicy, ActiveResource resource) {
	}

	/** A passive resource of one component instance. */
	record Passive(String id, String owner, PassiveResource resource) {
	}

	private final int index;
	private final SimulationConfig config;
	private final Simulator simulator = new Simulator();
	private final RandomStreams streams;
	/**
	 * The streams of analysis models, one per virtualized storage: apart from the model's streams, so
	 * that a stochastic analysis model leaves the draws of everything else as they were.
	 */
	private final RandomStreams analysisStreams;
	private final SimulationClock clock;
	private int nextStream;
	final List<Measurement> scenarios = new ArrayList<>();
	final List<Measurement> calls = new ArrayList<>();
	final java.util.Set<Measurement> entryLevelCalls = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
	final List<Resource> resources = new ArrayList<>();
	final List<Passive> passiveResources = new ArrayList<>();
	final List<VirtualizedStorageScheduler> storages = new ArrayList<>();
	private final List<Runnable> workloadStarts = new ArrayList<>();

	private long completedRuns;
	private long measurements;
	private boolean warmedUp;
	private StopReason stopReason;
	private ProgressMonitor monitor = ProgressMonitor.NONE;
	private SimulationObserver[] observers = new SimulationObserver[0];
	/** Set from another thread when a sibling replication failed, so this one stops instead of running on. */
	private volatile boolean cancelled;
	private long nextProgressAt;
	/** Event handlers running or waiting, and how many fit in memory (events nobody waits for can pile up). */
	private long eventHandlers;
	private final long maxEventHandlers;

	Replication(int index, SimulationConfig config) {
		this.index = index;
		this.config = config;
		this.maxEventHandlers = MemoryBudget.usersPerReplication(config.replications());
		// Replications draw from disjoint seeds: a fixed odd multiplier spreads consecutive indexes apart.
		long seed = config.seed() + index * 0x9E3779B97F4A7C15L;
		this.streams = new RandomStreams(seed);
		this.analysisStreams = new RandomStreams(seed ^ ANALYSIS_STREAMS);
		this.clock = new SimulationClock() {
			@Override
			public double now() {
				return simulator.now();
			}

			@Override
			public Scheduled schedule(double delay, Runnable action) {
				return simulator.scheduleCancellable(delay, () -> {
					try {
						action.run();
					} catch (AnalysisModelFailure failed) {
						throw new SimulationException(failed.getMessage());
					}
				})::cancel;
			}
		};
		this.warmedUp = config.warmupMeasurements() == 0;
	}

	Simulator simulator() {
		return simulator;
	}

	int index() {
		return index;
	}

	/**
	 * A resource of the model, reported in the results; the first replication, whose course over time
	 * the results chart, also follows its utilization per window.
	 */
	void addResource(Resource resource) {
		resources.add(resource);
		if (index == 0) {
			resource.resource().statistics().followUtilizationOverTime(Measurement.INITIAL_WINDOW);
		}
	}

	/** A fresh random stream for one random source of the model, assigned in the plan's order. */
	UniformRandomProvider newStream() {
		return streams.stream(nextStream++);
	}

	/** The random stream of the analysis model of the {@code index}-th virtualized storage. */
	UniformRandomProvider analysisStream(int index) {
		return analysisStreams.stream(index);
	}

	/** The simulation's clock as analysis models see it. */
	SimulationClock clock() {
		return clock;
	}

	void onStart(Runnable workloadStart) {
		workloadStarts.add(workloadStart);
	}

	/** Observers of this replication besides its own statistics. */
	public void observe(List<SimulationObserver> external) {
		observers = external.toArray(SimulationObserver[]::new);
	}

	/** Records a call's response time once warm-up is over. */
	void record(Measurement measurement, double responseTime) {
		if (warmedUp) {
			double now = simulator.now();
			measurement.add(now, responseTime);
			notify(SimulationObserver.Kind.CALL, measurement, now - responseTime, now);
		}
	}

	/** Tells the observers that something measured has finished, once warm-up is over. */
	void notify(SimulationObserver.Kind kind, Measurement measurement, double start, double end) {
		for (SimulationObserver observer : observers) {
			observer.finished(index, kind, measurement.id, measurement.name, start, end);
		}
	}


	/** A usage-scenario run completed: the unit of warm-up, measurement counts and stop conditions. */
	void scenarioCompleted(Measurement scenario, double responseTime) {
		completedRuns++;
		if (!warmedUp) {
			if (completedRuns >= config.warmupMeasurements()) {
				startMeasuring();
			}
			return;
		}
		double now = simulator.now();
		scenario.add(now, responseTime);
		notify(SimulationObserver.Kind.SCENARIO, scenario, now - responseTime, now);
		measurements++;
		if (measurements >= config.maxMeasurements()) {
			stop(StopReason.MAX_MEASUREMENTS);
		} else if (config.hasConfidenceCriterion() && measurements % CONFIDENCE_CHECK_INTERVAL == 0
				&& allScenariosPrecise()) {
			stop(StopReason.CONFIDENCE_REACHED);
		}
		if ((completedRuns & 1023) == 0) {
			if (cancelled || monitor.isCancelled()) {
				simulator.stop();
			}
			if (System.nanoTime() >= nextProgressAt) {
				nextProgressAt = System.nanoTime() + PROGRESS_INTERVAL_NANOS;
				monitor.progress(new ProgressMonitor.Progress(index, simulator.now(), measurements,
						simulator.eventCount()));
			}
		}
	}

	/**
	 * An emitted event's handler starts.
	 *
	 * @throws SimulationException when more handlers are under way than fit in memory: events are emitted
	 *                             faster than their handlers finish, e.g. in an event cycle
	 */
	void eventHandlerStarts(String origin) {
		if (++eventHandlers > maxEventHandlers) {
			throw new SimulationException(String.format(java.util.Locale.ROOT, "%s: %,d event handlers are under way at"
					+ " simulated time %.6g and no more fit in memory: events are emitted faster than their handlers"
					+ " finish (an event cycle, or sinks saturated by the events); see the validator's warnings",
					origin, eventHandlers - 1, simulator.now()));
		}
	}

	void eventHandlerEnds() {
		eventHandlers--;
	}

	private void startMeasuring() {
		warmedUp = true;
		double now = simulator.now();
		scenarios.forEach(measurement -> measurement.reset(now));
		calls.forEach(measurement -> measurement.reset(now));
		resources.forEach(resource -> resource.resource().resetStatistics());
		passiveResources.forEach(passive -> passive.resource().resetStatistics());
		storages.forEach(storage -> storage.startMeasuring(now));
	}

	private boolean allScenariosPrecise() {
		for (Measurement scenario : scenarios) {
			if (!scenario.batches.isPrecise(config.confidenceLevel(), config.relativePrecision(), MIN_BATCHES)) {
				return false;
			}
		}
		return true;
	}

	private void stop(StopReason reason) {
		stopReason = reason;
		simulator.stop();
	}

	/** Runs until a stop condition holds; returns which one. */
	StopReason run(ProgressMonitor runMonitor) {
		this.monitor = runMonitor;
		nextProgressAt = System.nanoTime() + PROGRESS_INTERVAL_NANOS;
		workloadStarts.forEach(Runnable::run);
		RunBudget budget;
		try {
			budget = RunBudget.standard(TERMS);
		} catch (IllegalArgumentException unusable) {
			throw new SimulationException(unusable.getMessage());
		}
		while (true) {
			simulator.setEventLimit(budget.nextLook());
			if (Double.isInfinite(config.stopTime())) {
				simulator.run();
			} else {
				simulator.runUntil(config.stopTime());
			}
			if (stopReason != null || !simulator.atEventLimit() || cancelled || monitor.isCancelled()) {
				break;
			}
			// the warm-up's runs count towards the end as much as the measured ones
			String unfinishable = budget.look(new RunBudget.Position(simulator.eventCount(), simulator.now(),
					config.stopTime(), completedRuns, config.maxMeasurements() == Long.MAX_VALUE ? Long.MAX_VALUE
							: saturatedSum(config.warmupMeasurements(), config.maxMeasurements()),
					config.hasConfidenceCriterion()));
			if (unfinishable != null) {
				throw new SimulationException(unfinishable);
			}
		}
		if (stopReason == null) {
			stopReason = simulator.pendingEventCount() == 0 ? StopReason.NO_MORE_EVENTS : StopReason.SIMULATED_TIME;
		}
		return stopReason;
	}

	public void cancel() {
		cancelled = true;
	}

	/** How the run budget names this engine's stop conditions. */
	private static final RunBudget.Terms TERMS = new RunBudget.Terms("stop time", "usage-scenario runs",
			"usage-scenario run");

	private static long saturatedSum(long a, long b) {
		long sum = a + b;
		return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE - 1 : sum;
	}

	long measurements() {
		return measurements;
	}

	StopReason stopReason() {
		return stopReason;
	}
}
