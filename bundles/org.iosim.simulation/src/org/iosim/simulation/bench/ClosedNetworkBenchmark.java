package org.iosim.simulation.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.iosim.des.bench.BareEventLoop;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.resource.IosimResourceFactory;
import org.iosim.simulation.ArchitectureSimulation;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.RunCancelledException;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;

/**
 * The benchmark the architecture names as the bar: a closed network of users with exponential think
 * time calling one operation that uses a processor-sharing CPU and then an FCFS disk (SimQPN's
 * reference network), as a Palladio model read from the model file beside this class. Compares the
 * engine's events per second with a bare priority-queue loop processing as many events, and records
 * heap after runs of two lengths.
 */
public final class ClosedNetworkBenchmark {

	/**
	 * What one benchmark run measured.
	 *
	 * @param simulatedTime the long run's simulated time, which {@link #simulatedTimePerSecond} covers in
	 *                      {@code engineSeconds}
	 */
	public record Figures(int users, long requests, long events, double engineSeconds, double engineEventsPerSecond,
			double requestsPerSecond, double bareEventsPerSecond, long heapAfterShortRunBytes,
			long heapAfterLongRunBytes, long peakHeapBytes, double meanResponseTime, double simulatedTime) {

		public double engineShareOfBareLoop() {
			return engineEventsPerSecond / bareEventsPerSecond;
		}

		/**
		 * Simulated time per second of the best run: how fast the network's course is simulated, whatever a
		 * simulator counts as an event.
		 */
		public double simulatedTimePerSecond() {
			return simulatedTime / engineSeconds;
		}
	}

	/** The network as a model file, so that the benchmark needs no code that builds models. */
	private static final String NETWORK_FILE = "closed-network.iosim";

	private ClosedNetworkBenchmark() {
	}

	/** Engine and bare-loop runs alternate this often; the best of each counts, as other load only slows runs down. */
	private static final int ROUNDS = 3;

	/**
	 * Runs the benchmark: one warm-up run for the JIT, a short run and a run ten times longer (heap
	 * is compared after both), then rounds of the long run alternating with the bare loop over the
	 * long run's event count.
	 */
	public static Figures run(int users, long requests, long seed)
			throws ModelCompilationException, RunCancelledException {
		ArchitectureSimulation simulation = ArchitectureSimulation.of(network(users));
		SimulationConfig config = SimulationConfig.defaults().withSeed(seed).withWarmupMeasurements(0);
		SimulationConfig shortRun = config.withMaxMeasurements(Math.max(1, requests / 10));
		SimulationConfig longRun = config.withMaxMeasurements(requests);
		simulation.run(shortRun, ProgressMonitor.NONE);
		resetPeaks();

		simulation.run(shortRun, ProgressMonitor.NONE);
		long heapAfterShort = usedHeapAfterGc();
		SimulationResult result = simulation.run(longRun, ProgressMonitor.NONE);
		long heapAfterLong = usedHeapAfterGc();
		long peak = peakHeap();

		double bestSeconds = result.wallClockSeconds();
		double bestBare = 0;
		BareEventLoop.run(Math.min(result.events(), 1_000_000), users, seed);
		for (int round = 0; round < ROUNDS; round++) {
			bestBare = Math.max(bestBare, BareEventLoop.run(result.events(), users, seed).eventsPerSecond());
			if (round > 0) {
				bestSeconds = Math.min(bestSeconds, simulation.run(longRun, ProgressMonitor.NONE).wallClockSeconds());
			}
		}
		return new Figures(users, requests, result.events(), bestSeconds, result.events() / bestSeconds,
				result.scenarios().get(0).responseTime().count() / bestSeconds, bestBare, heapAfterShort,
				heapAfterLong, peak, result.scenarios().get(0).responseTime().mean(), result.simulatedTime());
	}

	private static long usedHeapAfterGc() {
		for (int i = 0; i < 3; i++) {
			System.gc();
		}
		return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
	}

	private static void resetPeaks() {
		heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
	}

	private static long peakHeap() {
		return heapPools().stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
	}

	private static List<MemoryPoolMXBean> heapPools() {
		return ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getType() == MemoryType.HEAP)
				.toList();
	}

	/** The benchmark network with {@code users} users, read from the bundle on the class path or in OSGi. */
	public static ArchitectureModel network(int users) {
		Resource resource = IosimResourceFactory.newResourceSet().createResource(URI.createURI(NETWORK_FILE));
		try (InputStream file = ClosedNetworkBenchmark.class.getResourceAsStream(NETWORK_FILE)) {
			if (file == null) {
				throw new IllegalStateException(
						NETWORK_FILE + " is missing beside " + ClosedNetworkBenchmark.class.getName());
			}
			resource.load(file, null);
		} catch (IOException unreadable) {
			throw new UncheckedIOException(NETWORK_FILE + " cannot be read", unreadable);
		}
		ArchitectureModel model = (ArchitectureModel) resource.getContents().get(0);
		((ClosedWorkload) model.getUsageModel().getScenarios().get(0).getWorkload()).setPopulation(users);
		return model;
	}
}
