package org.iosim.run.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.run.RunOutcome;
import org.iosim.run.SimulationTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The one rule for an I/O configuration beside the model: a model folder or file is simulated as it
 * is and the .ioconfig beside it is named, not applied; a selected .ioconfig is applied to the model
 * in its folder, exactly as --io; results name the configuration a run used.
 */
class SimulationTargetTest {

	@TempDir
	Path temp;

	@Test
	void aModelFolderIsTheModelAsItIsAndNamesTheConfigurationBesideIt() throws RunFailure {
		SimulationTarget target = SimulationTarget.of(List.of(Runs.shop()), null);
		assertEquals(List.of(Runs.shop()), target.model());
		assertNull(target.ioConfiguration());
		assertEquals(List.of(Runs.shopOnSan()), target.notApplied());
		assertEquals("none: the model as it is (not applied: shop-virtualized.ioconfig)",
				target.ioConfigurationUse().describe());
	}

	@Test
	void aModelFileNamesTheConfigurationsInItsFolder() throws RunFailure {
		Path allocation = Runs.shop().resolve("shop.allocation");
		SimulationTarget target = SimulationTarget.of(List.of(allocation), null);
		assertEquals(List.of(allocation), target.model());
		assertEquals(List.of(Runs.shopOnSan()), target.notApplied());
	}

	@Test
	void aSelectedConfigurationIsAppliedToTheModelInItsFolder() throws RunFailure {
		SimulationTarget selected = SimulationTarget.of(List.of(Runs.shopOnSan()), null);
		assertEquals(List.of(Runs.shop()), selected.model());
		assertEquals(Runs.shopOnSan(), selected.ioConfiguration());
		assertEquals(List.of(), selected.notApplied());
		assertEquals("shop-virtualized.ioconfig", selected.ioConfigurationUse().describe());
		SimulationTarget named = SimulationTarget.of(List.of(Runs.shop()), Runs.shopOnSan());
		assertEquals(named.configuration(), selected.configuration(), "selecting the .ioconfig is --io on its folder");
	}

	@Test
	void twoConfigurationsAreRefused() throws Exception {
		Path other = Files.copy(Runs.shopOnSan(), temp.resolve("other.ioconfig"));
		RunFailure refused = assertThrows(RunFailure.class,
				() -> SimulationTarget.of(List.of(Runs.shopOnSan()), other));
		assertEquals(RunFailure.Kind.USAGE, refused.kind());
		assertTrue(refused.getMessage().contains("more than one I/O configuration"), refused.getMessage());
	}

	@Test
	void resultsNameTheConfigurationARunAppliedAndTheFiguresFollowIt() throws Exception {
		RunOutcome asItIs = Runs.run(run(SimulationTarget.of(List.of(Runs.shop()), null), "as-it-is"));
		RunOutcome selected = Runs.run(run(SimulationTarget.of(List.of(Runs.shopOnSan()), null), "selected"));
		RunOutcome named = Runs.run(run(SimulationTarget.of(List.of(Runs.shop()), Runs.shopOnSan()), "named"));

		JsonNode plain = results(asItIs);
		assertTrue(plain.has("ioConfiguration") && plain.get("ioConfiguration").isNull(), plain::toString);
		assertEquals("shop-virtualized.ioconfig", plain.path("ioConfigurationsNotApplied").get(0).asText());
		JsonNode applied = results(selected);
		assertEquals("shop-virtualized.ioconfig", applied.path("ioConfiguration").asText());
		assertEquals(0, applied.path("ioConfigurationsNotApplied").size());
		assertTrue(Files.readString(selected.outputFolder().resolve("report.html"))
				.contains("<dt>I/O configuration</dt><dd>shop-virtualized.ioconfig</dd>"));
		assertTrue(Files.readString(asItIs.outputFolder().resolve("report.html"))
				.contains("<dt>I/O configuration</dt><dd>none: the model as it is (not applied: shop-virtualized.ioconfig)</dd>"));

		double mean = selected.result().scenarios().get(0).responseTime().mean();
		assertEquals(named.result().scenarios().get(0).responseTime().mean(), mean, 0.0);
		assertNotEquals(asItIs.result().scenarios().get(0).responseTime().mean(), mean,
				"the SAN's delays replace the disk's, so the configuration changes the figures");
	}

	private RunConfiguration run(SimulationTarget target, String folder) {
		return target.configuration().withSimulation(Runs.brief()).withOutputFolder(temp.resolve(folder), false);
	}

	private static JsonNode results(RunOutcome outcome) throws Exception {
		return new ObjectMapper().readTree(outcome.outputFolder().resolve("results.json").toFile());
	}
}
