package org.iosim.run.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

import org.iosim.engine.SimulationObserver;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.IoResult;
import org.iosim.run.PipelineMonitor;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunConfiguration.After;
import org.iosim.run.RunConfiguration.TransformationStep;
import org.iosim.run.RunOutcome;
import org.iosim.run.RunPipeline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PipelineRunTest {

	@TempDir
	Path folder;

	@Test
	void runsEachStepInOrderAndWritesTheResults() throws Exception {
		RunConfiguration configuration = Runs.shopRun(folder.resolve("out")).withIoConfiguration(Runs.shopOnSan());
		List<String> announced = new ArrayList<>();
		PipelineMonitor monitor = new PipelineMonitor() {
			@Override
			public void progress(Progress progress) {
			}

			@Override
			public void step(String step, int number, int steps) {
				announced.add(number + "/" + steps + " " + step);
			}
		};
		RunPipeline pipeline = new RunPipeline(configuration);
		RunOutcome outcome = pipeline.run(monitor, List.of());

		assertEquals(List.of("load", "complete", "bind", "simulate", "write results"), pipeline.steps());
		assertEquals(List.of("1/5 load", "2/5 complete", "3/5 bind", "4/5 simulate", "5/5 write results"), announced);
		assertEquals(folder.resolve("out"), outcome.outputFolder());
		for (String file : List.of("results.json", "report.html", "scenarios.csv", "resources.csv", "io.csv")) {
			assertTrue(Files.size(outcome.outputFolder().resolve(file)) > 0, file);
		}
		assertEquals(5_000, outcome.result().scenarios().get(0).responseTime().count());
		assertEquals("SAN volume", outcome.result().io().get(0).storage());
	}

	@Test
	void transformationsRunAfterTheStepTheyFollow() {
		RunConfiguration configuration = Runs.shopRun(folder).withIoConfiguration(Runs.shopOnSan()).withTransformations(
				List.of(new TransformationStep("c", After.BIND, Map.of()), new TransformationStep("a", After.LOAD, Map.of()),
						new TransformationStep("b", After.COMPLETE, Map.of()),
						new TransformationStep("a2", After.LOAD, Map.of())));
		assertEquals(List.of("load", "a", "a2", "complete", "b", "bind", "c", "simulate", "write results"),
				new RunPipeline(configuration).steps());
		assertEquals(List.of("load", "simulate", "write results"),
				new RunPipeline(RunConfiguration.of(List.of(Runs.shop()))).steps());
	}

	@Test
	void leavesTheUsersFilesAsTheyWere() throws Exception {
		Path model = Runs.copyFiles(Runs.shop(), folder.resolve("model"));
		Map<String, String> before = Runs.fingerprint(model);
		RunConfiguration configuration = RunConfiguration.of(List.of(model)).withSimulation(Runs.brief())
				.withIoConfiguration(model.resolve("shop-virtualized.ioconfig"))
				.withTransformations(List.of(
						new TransformationStep("set-population", After.LOAD, Map.of("population", "7")),
						new TransformationStep("scale-processing-rate", After.COMPLETE,
								Map.of("container", "shop.host.db", "factor", "3"))))
				.withOutputFolder(folder.resolve("out"), false);

		RunOutcome outcome = Runs.run(configuration);

		assertEquals(before, Runs.fingerprint(model));
		assertTrue(Files.exists(outcome.outputFolder().resolve("results.json")));
	}

	@Test
	void theSameSeedGivesTheSameResultsAndAnotherSeedOthers() throws Exception {
		RunConfiguration configuration = Runs.shopRun(folder.resolve("first")).withIoConfiguration(Runs.shopOnSan());
		SimulationResult first = Runs.run(configuration).result();
		SimulationResult again = Runs.run(configuration.withOutputFolder(folder.resolve("again"), false)).result();
		SimulationResult otherSeed = Runs.run(configuration.withSimulation(Runs.brief().withSeed(2))
				.withOutputFolder(folder.resolve("other"), false)).result();

		assertEquals(first.scenarios(), again.scenarios());
		assertEquals(first.resources(), again.resources());
		assertEquals(first.io(), again.io());
		assertEquals(first.events(), again.events());
		assertTrue(first.scenarios().get(0).responseTime().mean() != otherSeed.scenarios().get(0).responseTime().mean());
	}

	@Test
	void observersSeeEveryMeasurementTheResultsCount() throws Exception {
		CountingObserver observer = new CountingObserver();
		RunConfiguration configuration = Runs.shopRun(folder.resolve("out")).withIoConfiguration(Runs.shopOnSan())
				.withSimulation(Runs.brief().withReplications(3));

		SimulationResult result = new RunPipeline(configuration).run(PipelineMonitor.NONE, List.of(observer)).result();

		assertEquals(Set.of(0, 1, 2), observer.replications);
		assertEquals(result.scenarios().get(0).responseTime().count(), observer.count(SimulationObserver.Kind.SCENARIO));
		assertEquals(result.calls().stream().mapToLong(call -> call.responseTime().count()).sum(),
				observer.count(SimulationObserver.Kind.CALL));
		IoResult reads = result.io().stream().filter(io -> io.type().equals("read") && io.fileSet() == null)
				.findFirst().orElseThrow();
		assertEquals(reads.count(), observer.count(SimulationObserver.Kind.IO_REQUEST));
		assertEquals(reads.delay().mean(), observer.meanDuration(SimulationObserver.Kind.IO_REQUEST),
				1e-9 * reads.delay().mean());
		assertEquals(result.scenarios().get(0).responseTime().mean(),
				observer.meanDuration(SimulationObserver.Kind.SCENARIO), 1e-9);
		assertEquals(0, observer.backwards.sum(), "observations that end before they start");
	}

	/** Counts what it is told, from several replications' threads. */
	static final class CountingObserver implements SimulationObserver {
		final Set<Integer> replications = ConcurrentHashMap.newKeySet();
		final Map<Kind, LongAdder> counts = new ConcurrentHashMap<>();
		final Map<Kind, DoubleAdder> durations = new ConcurrentHashMap<>();
		final LongAdder backwards = new LongAdder();

		@Override
		public void finished(int replication, Kind kind, String id, String name, double start, double end) {
			replications.add(replication);
			counts.computeIfAbsent(kind, k -> new LongAdder()).increment();
			durations.computeIfAbsent(kind, k -> new DoubleAdder()).add(end - start);
			if (end < start) {
				backwards.increment();
			}
		}

		long count(Kind kind) {
			LongAdder count = counts.get(kind);
			return count == null ? 0 : count.sum();
		}

		double meanDuration(Kind kind) {
			return durations.get(kind).sum() / count(kind);
		}
	}
}
