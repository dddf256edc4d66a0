package org.iosim.run.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.IoResult;
import org.iosim.run.RunConfiguration;
import org.iosim.run.tests.ExponentialServiceKind.Model;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An analysis model kind contributed by a plug-in, embedded in the simulation: it draws from its own
 * random stream and schedules and cancels events on the simulation's clock.
 */
class AnalysisModelContextTest {

	private static final double MEAN_DELAY = 0.003;

	@TempDir
	Path folder;

	@BeforeEach
	void forgetEarlierModels() {
		ExponentialServiceKind.forget();
	}

	@Test
	void anEmbeddedModelHoldsEachRequestOnTheSimulationClock() throws Exception {
		SimulationResult result = Runs.run(run("out", 1, 1)).result();

		assertEquals(1, ExponentialServiceKind.used().size());
		Model model = ExponentialServiceKind.used().get(0);
		IoResult reads = reads(result);
		assertTrue(reads.count() >= 5_000, "one read per measured scenario run at least: " + reads.count());
		assertTrue(model.submitted.get() >= reads.count());
		assertTrue(model.submitted.get() - model.finished.get() <= 50, "at most the users' requests are still in service");
		assertEquals(model.finished.get(), model.timeoutsCancelled.get(), "every timeout cancelled while pending");
		assertEquals(0, model.timeoutsFired.get(), "a cancelled event never runs");
		// Exponential delays: the mean of n of them lies within 4 standard errors (mean / sqrt(n)).
		assertEquals(MEAN_DELAY, reads.delay().mean(), 4 * MEAN_DELAY / Math.sqrt(reads.count()));
	}

	/** The kinds the pipeline bound the model with are those the engine compiles it with: one discovery a run. */
	@Test
	void aRunDiscoversTheKindsOnce() throws Exception {
		Runs.run(run("once", 1, 2));

		assertEquals(1, ExponentialServiceKind.discovered.get());
	}

	@Test
	void itsRandomStreamIsSeededWithTheRunAndItsOwnPerReplication() throws Exception {
		SimulationResult first = Runs.run(run("first", 1, 2)).result();
		List<Double> firstDraws = draws();
		SimulationResult again = Runs.run(run("again", 1, 2)).result();
		List<Double> againDraws = draws();
		SimulationResult otherSeed = Runs.run(run("other", 2, 2)).result();

		assertEquals(firstDraws, againDraws);
		assertEquals(first.io(), again.io());
		assertEquals(first.scenarios(), again.scenarios());
		assertNotEquals(reads(first).delay().mean(), reads(otherSeed).delay().mean());
		List<Model> used = ExponentialServiceKind.used();
		assertEquals(2, used.size(), "one model per replication");
		assertNotEquals(used.get(0).firstDelays, used.get(1).firstDelays,
				"replications draw from streams of their own");
	}

	/** @return the first delays of each replication's model, by replication, then forgets the models */
	private static List<Double> draws() {
		List<Double> draws = ExponentialServiceKind.used().stream().flatMap(model -> model.firstDelays.stream())
				.sorted().toList();
		ExponentialServiceKind.forget();
		return draws;
	}

	private RunConfiguration run(String out, long seed, int replications) throws Exception {
		Path configuration = folder.resolve("exponential.ioconfig");
		Files.writeString(configuration, """
				<?xml version="1.0" encoding="UTF-8"?>
				<io:IoConfiguration xmlns:io="http://iosim.org/pcm/io/1.0"
				    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" name="exponential storage">
				  <fileSets name="catalog" size="1000000"/>
				  <storages name="queue" containers="shop.host.db" defaultFileSet="catalog" defaultSequentiality="0.5">
				    <memoryLength xsi:type="io:FixedMemoryLength" requests="10"/>
				    <features systemUnderStudy="test" formalism="test"/>
				  </storages>
				  <analysisModels name="exponential" kind="%s">
				    <features systemUnderStudy="test" formalism="test"/>
				    <parameters name="meanDelay" value="%s"/>
				  </analysisModels>
				</io:IoConfiguration>
				""".formatted(ExponentialServiceKind.ID, MEAN_DELAY));
		return Runs.shopRun(folder.resolve(out)).withIoConfiguration(configuration)
				.withSimulation(Runs.brief().withSeed(seed).withReplications(replications));
	}

	private static IoResult reads(SimulationResult result) {
		return result.io().stream().filter(io -> io.type().equals("read") && io.fileSet() == null).findFirst()
				.orElseThrow();
	}
}
