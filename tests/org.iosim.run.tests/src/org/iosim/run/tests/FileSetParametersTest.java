package org.iosim.run.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.IoResult;
import org.iosim.run.PipelineMonitor;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.run.RunPipeline;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parameters that an analysis model kind takes per file set ({@code NAME.FILESET}) name file sets of
 * the I/O configuration: one the configuration does not have is an error of the configuration, the
 * same for what {@code validate} does (load and refine) and what {@code simulate} does (run).
 */
class FileSetParametersTest {

	private static final double MEAN_DELAY = 0.003;
	private static final double CATALOG_MEAN_DELAY = 0.02;

	@TempDir
	Path folder;

	@BeforeEach
	void forgetEarlierModels() {
		ExponentialServiceKind.forget();
	}

	@Test
	void aFileSetOfTheConfigurationTakesItsOwnValue() throws Exception {
		SimulationResult result = Runs.run(run(configuration("meanDelay.catalog"))).result();

		IoResult reads = result.io().stream().filter(io -> io.type().equals("read") && io.fileSet() == null)
				.findFirst().orElseThrow();
		// exponential delays: the mean of n of them lies within 4 standard errors (mean / sqrt(n))
		assertEquals(CATALOG_MEAN_DELAY, reads.delay().mean(), 4 * CATALOG_MEAN_DELAY / Math.sqrt(reads.count()));
	}

	@Test
	void aFileSetTheConfigurationDoesNotHaveIsRefusedByValidateAndSimulateAlike() throws Exception {
		Path configuration = configuration("meanDelay.catalgo");
		RunPipeline validating = new RunPipeline(run(configuration));
		RunFailure byValidate = assertThrows(RunFailure.class, () -> validating.refine(validating.load()));
		RunFailure bySimulate = assertThrows(RunFailure.class,
				() -> new RunPipeline(run(configuration)).run(PipelineMonitor.NONE, List.of()));

		assertEquals(RunFailure.Kind.INVALID, byValidate.kind());
		assertEquals(byValidate.getMessage(), bySimulate.getMessage());
		String message = byValidate.getMessage();
		assertTrue(message.startsWith("cannot apply the I/O configuration " + configuration + ":"), message);
		assertTrue(message.contains("analysis model 'exponential' (kind '" + ExponentialServiceKind.ID
				+ "'): parameter 'meanDelay.catalgo' names file set 'catalgo', which the I/O configuration does not"
				+ " have (its file sets: 'catalog', 'logs')"), message);
		assertFalse(Files.exists(folder.resolve("out")), "nothing simulated, nothing written");
	}

	@Test
	void aDefinitionNoStorageChoosesIsCheckedAsWell() throws Exception {
		Path configuration = Files.writeString(folder.resolve("unused.ioconfig"),
				Files.readString(configuration("meanDelay.catalog")).replace("</io:IoConfiguration>", """
						  <analysisModels name="spare" kind="%s">
						    <features systemUnderStudy="spare"/>
						    <parameters name="meanDelay" value="0.001"/>
						    <parameters name="meanDelay.nowhere" value="0.001"/>
						  </analysisModels>
						</io:IoConfiguration>
						""".formatted(ExponentialServiceKind.ID)));

		RunFailure refused = assertThrows(RunFailure.class, () -> Runs.run(run(configuration)));

		assertTrue(refused.getMessage().contains("analysis model 'spare'")
				&& refused.getMessage().contains("names file set 'nowhere'"), refused.getMessage());
	}

	/** The shop on a storage of the exponential kind with a per-file-set mean under the parameter's name. */
	private Path configuration(String perFileSetParameter) throws Exception {
		return Files.writeString(folder.resolve("exponential.ioconfig"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<io:IoConfiguration xmlns:io="http://iosim.org/pcm/io/1.0"
				    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" name="exponential storage">
				  <fileSets name="catalog" size="1000000"/>
				  <fileSets name="logs" size="1000000"/>
				  <storages name="queue" containers="shop.host.db" defaultFileSet="catalog" defaultSequentiality="0.5">
				    <memoryLength xsi:type="io:FixedMemoryLength" requests="10"/>
				    <features systemUnderStudy="test" formalism="test"/>
				  </storages>
				  <analysisModels name="exponential" kind="%s">
				    <features systemUnderStudy="test" formalism="test"/>
				    <parameters name="meanDelay" value="%s"/>
				    <parameters name="%s" value="%s"/>
				  </analysisModels>
				</io:IoConfiguration>
				""".formatted(ExponentialServiceKind.ID, MEAN_DELAY, perFileSetParameter, CATALOG_MEAN_DELAY));
	}

	private RunConfiguration run(Path configuration) {
		return Runs.shopRun(folder.resolve("out")).withIoConfiguration(configuration);
	}
}
