package org.iosim.sweep.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.iosim.engine.SimulationConfig;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.sweep.LocalSweepEngine;
import org.iosim.sweep.ReplicationResult;
import org.iosim.sweep.Sweep;
import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepMonitor;
import org.iosim.sweep.SweepParameter;
import org.iosim.sweep.SweepPlan;
import org.iosim.sweep.SweepResult;
import org.iosim.sweep.SweepTask;
import org.iosim.sweep.SweepTaskRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Spark engine on local[2] against the local engine on two threads: the same files, bit for bit. */
class SparkSweepEngineTest {

	@TempDir
	Path folder;

	private static SweepDefinition definition(Path model, long seed) {
		RunConfiguration base = RunConfiguration.of(List.of(model))
				.withIoConfiguration(model.resolve("shop-virtualized.ioconfig"))
				.withSimulation(SimulationConfig.of(seed, null, 600L, null, null, 100, 1, false));
		return SweepDefinition.factorial(base, List.of(SweepParameter.parse("population=20,60,120")), 2);
	}

	private static SweepResult sweep(SweepDefinition definition, Path out, boolean spark, boolean lend)
			throws Exception {
		SweepTaskRunner runner = new SweepTaskRunner(definition);
		return Sweep.run(SweepPlan.of(definition), out, runner,
				spark ? new SparkSweepEngine(lend ? runner : null, "local[2]") : new LocalSweepEngine(runner, 2),
				SweepMonitor.NONE);
	}

	@Test
	void sparkWritesTheSameFilesAsTheLocalEngine() throws Exception {
		SweepDefinition definition = definition(SweepFolders.example(), 7);
		SweepResult local = sweep(definition, folder.resolve("local"), false, false);
		SweepResult spark = sweep(definition, folder.resolve("spark"), true, true);
		SweepFolders.assertSameFiles(folder.resolve("local"), folder.resolve("spark"));
		assertEquals(3, spark.points().size());
		assertEquals(local.points(), spark.points());
		for (String file : List.of(Sweep.SWEEP_JSON, Sweep.POINTS_CSV, Sweep.RESOURCES_CSV, Sweep.REPORT_HTML)) {
			assertTrue(Files.size(folder.resolve("spark").resolve(file)) > 100, file + " is nearly empty");
		}
	}

	/** Beyond a thousand points, a Spark task runs all replications of one file's points. */
	@Test
	void aFileOfSeveralPointsIsOneSparkTaskAndTheFilesAreTheSame() throws Exception {
		RunConfiguration base = RunConfiguration.of(List.of(SweepFolders.example()))
				.withSimulation(SimulationConfig.of(5, null, 20L, null, null, 2, 1, false));
		SweepDefinition definition = SweepDefinition.factorial(base,
				List.of(SweepParameter.parse("population=1..501"), SweepParameter.parse("thinkTime=1,2")), 2);
		assertEquals(2, definition.pointsPerFile());
		SweepPlan plan = SweepPlan.of(definition);
		List<ArrayList<SweepTask>> partitions = SparkSweepEngine.partitions(plan.tasks(), definition);
		assertEquals(501, partitions.size());
		assertEquals(List.of("0/0", "0/1", "1/0", "1/1"),
				partitions.get(0).stream().map(task -> task.point() + "/" + task.replication()).toList());
		SweepDefinition twoPoints = SweepDefinition.factorial(base, List.of(SweepParameter.parse("population=1,2")), 2);
		assertEquals(4, SparkSweepEngine.partitions(SweepPlan.of(twoPoints).tasks(), twoPoints).size(), "one task each");
		sweep(definition, folder.resolve("local"), false, false);
		sweep(definition, folder.resolve("spark"), true, false);
		SweepFolders.assertSameFiles(folder.resolve("local"), folder.resolve("spark"));
	}

	@Test
	void executorsRebuildingTheSweepFromItsJsonWriteTheSameFiles() throws Exception {
		SweepDefinition definition = definition(SweepFolders.example(), 7);
		sweep(definition, folder.resolve("local"), false, false);
		sweep(definition, folder.resolve("spark"), true, false);
		SweepFolders.assertSameFiles(folder.resolve("local"), folder.resolve("spark"));
	}

	@Test
	void anotherSeedGivesOtherFigures() throws Exception {
		// the comparison above would pass on files that ignore the simulation; they do not
		sweep(definition(SweepFolders.example(), 7), folder.resolve("seed7"), true, true);
		sweep(definition(SweepFolders.example(), 8), folder.resolve("seed8"), true, true);
		assertFalse(Arrays.equals(Files.readAllBytes(folder.resolve("seed7").resolve(Sweep.POINTS_CSV)),
				Files.readAllBytes(folder.resolve("seed8").resolve(Sweep.POINTS_CSV))));
	}

	@Test
	void resultsComeBackAsTasksFinishOneForEachTask() throws Exception {
		SweepDefinition definition = definition(SweepFolders.example(), 3);
		SweepPlan plan = SweepPlan.of(definition);
		List<ReplicationResult> received = new ArrayList<>();
		new SparkSweepEngine(null, "local[2]").run(plan, plan.tasks(), SweepMonitor.NONE, received::add);
		assertEquals(6, received.size());
		assertEquals(plan.tasks().stream().map(task -> task.point() + "/" + task.replication()).sorted().toList(),
				received.stream().map(result -> result.point() + "/" + result.replication()).sorted().toList());
		assertTrue(received.stream().allMatch(result -> result.simulatedTime() > 0));
	}

	@Test
	void aFailingTaskEndsTheSweepWithItsOwnMessage() throws Exception {
		// the executor cannot read the model: the task's RunFailure comes back as it is, naming the point
		Path copy = Files.createDirectories(folder.resolve("model"));
		for (Path file : SweepFolders.files(SweepFolders.example())) {
			Files.copy(SweepFolders.example().resolve(file), copy.resolve(file));
		}
		SweepDefinition definition = definition(copy, 1);
		Files.delete(copy.resolve("shop.usagemodel"));
		SweepPlan plan = SweepPlan.of(definition);
		RunFailure failure = assertThrows(RunFailure.class,
				() -> new SparkSweepEngine(null, "local[2]").run(plan, plan.tasks(), SweepMonitor.NONE, result -> {
				}));
		assertTrue(failure.getMessage().startsWith("point "), failure.getMessage());
		assertTrue(failure.getMessage().contains("population="), failure.getMessage());
	}

	@Test
	void theDefinitionTravelsAsJsonAndReadsBackEqual() {
		SweepDefinition definition = SweepDefinition.factorial(RunConfiguration.of(List.of(Path.of("m")))
				.withSimulation(SimulationConfig.of(-4_611_686_018_427_387_904L, 1234.5678901234567, null, 0.95, 0.02,
						7, 1, true)),
				List.of(SweepParameter.parse("population=1..3"), SweepParameter.parse("server.CPU.rate=0.1,1e-3")), 4);
		assertEquals(definition, SweepDefinition.fromJson(definition.toJson()));
		SweepDefinition absolute = definition.absolute(Path.of("/data/sweeps"));
		assertEquals(List.of("/data/sweeps/m"), absolute.model());
		assertEquals(definition.points(), absolute.points());
	}
}
