package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.iosim.measure.Measurement;
import org.iosim.measure.MeasurementDatabase;
import org.iosim.measure.MeasurementPlan;
import org.iosim.measure.PlanException;
import org.iosim.measure.PlannedRun;
import org.iosim.measure.RunResult;
import org.iosim.measure.RunResult.Latencies;
import org.iosim.measure.WorkloadRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repetition rule: a configuration runs again until the 95 % confidence interval of its mean
 * latency is within the plan's precision, or it has run the most times. The runner here answers
 * with latencies chosen per configuration (the rule is what is tested; fio's own runs are in
 * FioRunnerTest and VolumeTest), so the number of runs each gets is known exactly.
 */
class AdaptiveRepetitionTest {

	@TempDir
	Path folder;

	/** Configuration 0 (4 KiB) always takes 2 ms; configuration 1 (8 KiB) alternates 1 and 3 ms, a spread no run count narrows enough. */
	private static final class ChosenLatencies implements WorkloadRunner {
		@Override
		public RunResult run(PlannedRun run, Path directory, double warmup, double duration) {
			double mean = run.workload().requestSize() == 4096 ? 0.002 : run.repetition() % 2 == 0 ? 0.001 : 0.003;
			Latencies reads = new Latencies(100, 100, 409_600, mean, mean, mean, mean);
			return new RunResult(Optional.of(reads), Optional.empty(), duration, "{}");
		}

		@Override
		public String describe() {
			return "chosen latencies";
		}
	}

	@Test
	void configurationsRunAgainUntilTheirMeanIsKnownToThePrecision() throws Exception {
		Path file = Files.writeString(folder.resolve("adaptive.json"), """
				{"name": "adaptive", "warmup": 0, "duration": 1, "repetitions": 3, "precision": 0.05, "maxRepetitions": 7,
				 "factors": {"requestSize": [4096, 8192]}}""");
		MeasurementPlan plan = MeasurementPlan.load(file);
		List<Integer> rounds = new java.util.ArrayList<>();
		try (MeasurementDatabase database = MeasurementDatabase.open(folder.resolve("adaptive.db"), true)) {
			Measurement.Outcome outcome = Measurement.run(plan, database, new ChosenLatencies(), folder.resolve("files"),
					new Measurement.Listener() {
						@Override
						public void repeating(int configurations, double precision) {
							rounds.add(configurations);
						}
					});
			Map<Integer, Long> runsPerConfiguration = database.runs().stream().collect(Collectors.groupingBy(
					MeasurementDatabase.Run::configuration, TreeMap::new, Collectors.counting()));
			// constant latency: known after the planned 3 runs; 1-3 ms alternating: runs until the most, 7
			assertEquals(Map.of(0, 3L, 1, 7L), runsPerConfiguration);
			assertEquals(List.of(1, 1, 1, 1), rounds, "one configuration, four more rounds");
			assertEquals(10, outcome.measuredNow());
			assertEquals(List.of(1, 2, 3, 4, 5, 6, 7), database.runs().stream().filter(run -> run.configuration() == 1)
					.map(MeasurementDatabase.Run::repetition).sorted().toList());
		}
		try (MeasurementDatabase database = MeasurementDatabase.open(folder.resolve("adaptive.db"), false)) {
			Measurement.Outcome again = Measurement.run(plan, database, new ChosenLatencies(), folder.resolve("files"),
					new Measurement.Listener() {
					});
			assertEquals(0, again.measuredNow(), "a finished adaptive plan has nothing left to run");
		}
	}

	@Test
	void aPrecisionNeedsRepetitionsToEstimateFrom() throws Exception {
		Map<String, String> wrong = Map.of(
				"{\"precision\": 0.05}", "'repetitions': a precision needs at least 2 repetitions",
				"{\"precision\": 5, \"repetitions\": 3}", "'precision': must be a number above 0 and below 1",
				"{\"precision\": 0.05, \"repetitions\": 3, \"maxRepetitions\": 2}", "'maxRepetitions': must be a whole number between 3 and 100");
		for (Map.Entry<String, String> plan : wrong.entrySet()) {
			Path file = Files.writeString(folder.resolve("p.json"), plan.getKey());
			PlanException error = assertThrows(PlanException.class, () -> MeasurementPlan.load(file), plan.getKey());
			assertTrue(error.getMessage().contains(plan.getValue()), error.getMessage());
		}
	}
}
