package org.iosim.simulation.tests.engine;

import java.util.function.BiFunction;
import java.util.function.DoubleSupplier;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.iosim.des.statistics.BatchMeans;
import org.iosim.des.statistics.Tally;
import org.iosim.simulation.engine.ActiveResource;
import org.iosim.simulation.engine.Simulator;

/**
 * One resource fed by a Poisson arrival stream, measured after a warm-up
 * period until a given number of jobs has completed.
 */
final class OpenStationExperiment {

	final Simulator simulator = new Simulator();
	final ActiveResource resource;
	final Tally responseTimes = new Tally();
	final BatchMeans responseTimeBatches = new BatchMeans();
	final Tally waitingTimes = new Tally();
	final BatchMeans waitingTimeBatches = new BatchMeans();

	private final DoubleSupplier interArrivalTimes;
	private final DoubleSupplier serviceTimes;
	private long measuredCompletions;
	private long completionsToMeasure;
	private boolean measuring;

	/**
	 * @param serviceTimes sampled from a stream separate from the arrivals,
	 *        so that changing one does not perturb the other
	 */
	OpenStationExperiment(BiFunction<Simulator, String, ActiveResource> resourceFactory, double arrivalRate,
			DoubleSupplier serviceTimes, long seed) {
		this.resource = resourceFactory.apply(simulator, "station");
		this.interArrivalTimes = exponential(1 / arrivalRate, seed);
		this.serviceTimes = serviceTimes;
	}

	static DoubleSupplier exponential(double mean, long seed) {
		UniformRandomProvider random = RandomSource.XO_SHI_RO_256_PP.create(seed);
		ZigguratSampler.Exponential sampler = ZigguratSampler.Exponential.of(random, mean);
		return sampler::sample;
	}

	OpenStationExperiment run(double warmUpTime, long completionsToMeasure) {
		this.completionsToMeasure = completionsToMeasure;
		simulator.schedule(interArrivalTimes.getAsDouble(), this::arrive);
		simulator.runUntil(warmUpTime);
		resource.resetStatistics();
		measuring = true;
		// arrivals never end: the departure that completes the measurement stops the run
		simulator.run();
		return this;
	}

	private void arrive() {
		double arrivalTime = simulator.now();
		double serviceTime = serviceTimes.getAsDouble();
		resource.serveFor(serviceTime, () -> depart(arrivalTime, serviceTime));
		simulator.schedule(interArrivalTimes.getAsDouble(), this::arrive);
	}

	private void depart(double arrivalTime, double serviceTime) {
		if (!measuring) {
			return;
		}
		double responseTime = simulator.now() - arrivalTime;
		responseTimes.add(responseTime);
		responseTimeBatches.add(responseTime);
		// Meaningful for FCFS only, where a job runs uninterrupted once started.
		double waitingTime = responseTime - serviceTime;
		waitingTimes.add(waitingTime);
		waitingTimeBatches.add(waitingTime);
		measuredCompletions++;
		if (measuredCompletions == completionsToMeasure) {
			simulator.stop();
		}
	}
}
