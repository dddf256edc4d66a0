package org.iosim.simulation.tests.architecture;

import static org.iosim.simulation.tests.architecture.LoadProfileTest.constant;
import static org.iosim.simulation.tests.architecture.LoadProfileTest.container;
import static org.iosim.simulation.tests.architecture.LoadProfileTest.linear;
import static org.iosim.simulation.tests.architecture.LoadProfileTest.profile;
import static org.iosim.simulation.tests.architecture.LoadProfileTest.sequence;
import static org.iosim.testing.Behaviours.demand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationObserver;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.PopulationWindow;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.LoadProfile;
import org.iosim.simulation.ArchitectureSimulation;
import org.iosim.simulation.ArrivalRateProfile;
import org.iosim.testing.SingleServerModel;
import org.junit.jupiter.api.Test;

/**
 * Closed workloads whose population follows a load profile, as SimuLizar evolves them: the population
 * is the profile's value rounded, evaluated once per step; users join at once and leave at their next
 * think. Checked on a delay-only model (think time Z, one demand D on a delay resource), where nothing
 * queues, so N users complete N/(Z + D) runs per time unit exactly in the mean, whatever N.
 */
class ClosedLoadProfileTest {

	private static final double THINK = 1.0;
	private static final double DELAY = 0.5;

	/** Users thinking Exp(mean 1) between runs that each take Exp(mean 0.5) at a delay resource. */
	private static ArchitectureModel delayOnly(LoadProfile profile) {
		SingleServerModel model = new SingleServerModel("delay only");
		model.server().delay(model.cpu(), "1");
		model.seff(demand(model.cpu(), "Exp(" + 1 / DELAY + ")")).closedScenario("users", 1, "Exp(" + 1 / THINK + ")");
		ArchitectureModel built = model.build();
		built.getUsageModel().getScenarios().get(0).getWorkload().setLoadProfile(profile);
		return built;
	}

	private record Run(SimulationResult result, List<Double> completions) {
		long completedIn(double from, double to) {
			return completions.stream().filter(end -> end >= from && end < to).count();
		}
	}

	private static Run simulate(ArchitectureModel model, long seed) throws Exception {
		List<Double> completions = Collections.synchronizedList(new ArrayList<>());
		SimulationObserver observer = (replication, kind, id, name, start, end) -> {
			if (kind == SimulationObserver.Kind.SCENARIO) {
				completions.add(end);
			}
		};
		SimulationResult result = ArchitectureSimulation.of(model).run(SimulationConfig.defaults().withSeed(seed)
				.withMaxMeasurements(Long.MAX_VALUE).withWarmupMeasurements(0), ProgressMonitor.NONE, List.of(observer));
		return new Run(result, completions);
	}

	/**
	 * Users of a delay-only model each complete a run per Z + D on average, independently: in a window
	 * of length t, N users complete N·t/(Z + D) runs, with the variance of N renewal counts,
	 * N·t·σ²/(Z + D)³ (σ² = Z² + D² for exponential think time and demand). Within 4 standard deviations.
	 */
	private static void assertThroughput(int users, Run run, double from, double to) {
		double cycle = THINK + DELAY;
		double expected = users * (to - from) / cycle;
		double deviation = 4 * Math.sqrt(users * (to - from) * (THINK * THINK + DELAY * DELAY) / Math.pow(cycle, 3));
		long counted = run.completedIn(from, to);
		assertTrue(Math.abs(counted - expected) <= deviation, users + " users in [" + from + ", " + to + "): " + counted
				+ " runs completed, expected N/(Z + D)·t = " + expected + " ± " + deviation);
	}

	/**
	 * A population step 2 → 6 → 2 (constant 2 for 3000, 6 for 3000, 2 for 3000, then the profile ends):
	 * the throughput is N/(Z + D) before and after each step, and the population series is 2, 6 and 2
	 * exactly in the windows away from the steps (the 4 users leave within a cycle of the fall). After
	 * the profile the population is 0: every user leaves after its run, and the run ends for want of
	 * events.
	 */
	@Test
	void aPopulationStepGivesTheThroughputStepOfADelayOnlyModel() throws Exception {
		LoadProfile profile = profile(false, sequence(1, 0, container(3000, constant(2)), container(3000, constant(6)),
				container(3000, constant(2))));

		Run run = simulate(delayOnly(profile), 11);

		assertThroughput(2, run, 500, 3000);
		assertThroughput(6, run, 3500, 6000);
		assertThroughput(2, run, 6500, 9000);
		// a step up is at once: 6 users right after 3000
		assertThroughput(6, run, 3000, 3500);
		assertEquals(SimulationResult.StopReason.NO_MORE_EVENTS, run.result().stopReason());
		assertTrue(run.result().simulatedTime() >= 9000 && run.result().simulatedTime() < 9100,
				"the last users leave after their runs at 9000: " + run.result().simulatedTime());

		List<PopulationWindow> population = run.result().scenarios().get(0).populationOverTime();
		assertTrue(population.size() > 100, population.size() + " windows");
		for (PopulationWindow window : population) {
			if (window.end() <= 3000) {
				assertEquals(2, window.meanUsers(), 1e-12, window.toString());
			} else if (window.start() >= 3000 && window.end() <= 6000) {
				assertEquals(6, window.meanUsers(), 1e-12, window.toString());
			} else if (window.start() >= 6500 && window.end() <= 9000) {
				assertEquals(2, window.meanUsers(), 1e-12, window.toString());
			}
		}
		PopulationWindow last = population.get(population.size() - 1);
		assertEquals(run.result().simulatedTime(), last.end(), 1e-9, "the series spans the run");
	}

	/**
	 * The population is evaluated at every step of the step width and rounded (halves up, as SimuLizar):
	 * a linear trend from 0.4 to 10.4 over 10 gives k users from k to k + 1 with step width 1; with step
	 * width 2, the value at 2j (2j + 0.4) holds until 2j + 2.
	 */
	@Test
	void thePopulationIsTheRoundedValueAtEachStep() throws Exception {
		LoadProfile profile = profile(false, sequence(1, 0, container(10, linear(0.4, 10.4))));
		List<PopulationWindow> everyStep = simulate(delayOnly(profile), 3).result().scenarios().get(0)
				.populationOverTime();
		for (int k = 0; k < 10; k++) {
			PopulationWindow window = everyStep.get(k);
			assertEquals(k, window.start(), 1e-12);
			assertEquals(k, window.meanUsers(), 1e-12, "users from " + k + " to " + (k + 1));
		}

		profile.setStepWidth(2);
		List<PopulationWindow> everyOtherStep = simulate(delayOnly(profile), 3).result().scenarios().get(0)
				.populationOverTime();
		for (int k = 0; k < 10; k++) {
			assertEquals(k - k % 2, everyOtherStep.get(k).meanUsers(), 1e-12, "users from " + k + " to " + (k + 1));
		}

		ArrivalRateProfile halves = ArrivalRateProfile.compile(profile(true, sequence(-1, 0,
				container(1, constant(2.5)), container(1, constant(-3)), container(1, constant(0.49)))));
		assertEquals(3, halves.population(0.5), "2.5 rounds up");
		assertEquals(0, halves.population(1.5), "a negative value is no user");
		assertEquals(0, halves.population(2.5), "0.49 rounds down");
	}

	/**
	 * A repeating profile keeps stepping: 1 user for 100, 4 for 100, again and again. Windows of 4 time
	 * units align with the steps; in the first 20 after a fall the leaving users may still finish a run.
	 */
	@Test
	void aRepeatingProfileRepeatsThePopulation() throws Exception {
		LoadProfile profile = profile(true, sequence(1, 0, container(100, constant(1)), container(100, constant(4))));
		SimulationResult result = ArchitectureSimulation.of(delayOnly(profile)).run(SimulationConfig.defaults()
				.withSeed(2).withStopTime(800).withMaxMeasurements(Long.MAX_VALUE).withWarmupMeasurements(0),
				ProgressMonitor.NONE);

		List<PopulationWindow> population = result.scenarios().get(0).populationOverTime();
		assertEquals(200, population.size());
		for (PopulationWindow window : population) {
			double inPeriod = window.start() % 200;
			if (inPeriod >= 100) {
				assertEquals(4, window.meanUsers(), 1e-12, window.toString());
			} else if (inPeriod >= 20 || window.start() < 100) {
				assertEquals(1, window.meanUsers(), 1e-12, window.toString());
			}
		}
	}

	@Test
	void aProfileThatNeverRoundsToAUserIsRefused() {
		LoadProfile profile = profile(true, sequence(1, 0, container(10, constant(0.45))));
		ModelCompilationException refused = assertThrows(ModelCompilationException.class,
				() -> ArchitectureSimulation.of(delayOnly(profile)));
		assertTrue(refused.getMessage().contains("so its population, the value rounded, is always 0"),
				refused.getMessage());
	}
}
