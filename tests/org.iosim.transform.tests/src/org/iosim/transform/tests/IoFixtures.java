package org.iosim.transform.tests;

import static org.iosim.testing.IoConfigurationBuilder.features;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.simulation.ArchitectureSimulation;
import org.iosim.testing.IoConfigurationBuilder;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.testing.Repository;
import org.iosim.transform.AnalysisBinding;
import org.iosim.transform.CompletionTransformation;
import org.iosim.transform.TransformationException;

/** The two-VM model set of the test resources, I/O configurations built in code, and the pipeline. */
final class IoFixtures {

	private IoFixtures() {
	}

	/**
	 * Copies the model set with the given populations of VM 1's and VM 2's users (0 leaves VM 2's
	 * scenario out) and imports it.
	 */
	static ArchitectureModel workers(Path folder, int vm1Users, int vm2Users) throws IOException {
		Path source = Path.of("resources", "vms");
		Files.createDirectories(folder);
		try (Stream<Path> files = Files.list(source)) {
			for (Path file : files.toList()) {
				String text = Files.readString(file).replace("population=\"3\"", "population=\"" + vm1Users + "\"")
						.replace("population=\"4\"", "population=\"" + vm2Users + "\"");
				Files.writeString(folder.resolve(file.getFileName()), text);
			}
		}
		String usage = vm2Users == 0 ? "vm1-only.usagemodel" : "both-vms.usagemodel";
		ImportResult imported = new PalladioImporter()
				.importPaths(List.of(folder.resolve("vms.allocation"), folder.resolve(usage)));
		if (imported.hasErrors() || imported.modelSets().size() != 1) {
			throw new IllegalStateException("test model does not import: " + imported.diagnostics());
		}
		return imported.modelSets().get(0).model();
	}

	/** One storage serving the named containers, with an expression model `delay`. */
	static IoConfiguration configuration(String delay, String... containers) {
		IoConfigurationBuilder configuration = new IoConfigurationBuilder("test storage").fileSet("data", 1L << 30);
		configuration.storage("array", containers).defaultFileSet("data").memoryLength(20)
				.features(features("test array", "expression"));
		configuration.analysisModel("contention", "expression").features(features("test array", "expression"))
				.parameter("delay", delay);
		return configuration.build();
	}

	static SimulationResult simulate(ArchitectureModel model, IoConfiguration configuration, long measurements)
			throws Exception {
		ArchitectureModel refined = new CompletionTransformation().complete(model, configuration);
		AnalysisBinding.bind(refined, Path.of(""), List.of(), AnalysisModelRegistry.standard());
		return ArchitectureSimulation.of(refined).run(SimulationConfig.defaults()
				.withMaxMeasurements(measurements).withWarmupMeasurements(200), ProgressMonitor.NONE);
	}

	static SimulationResult.IoResult reads(SimulationResult result) {
		return result.io().stream().filter(io -> io.type().equals("read") && io.fileSet() == null).findFirst()
				.orElseThrow();
	}

	/** The repository root (for examples/) and the Palladio examples beside it, when present. */
	static Path repositoryRoot() {
		return Repository.root();
	}

	static Optional<Path> palladioExamples() {
		Path examples = repositoryRoot().resolveSibling("shared").resolve("palladio-examples");
		return Files.isDirectory(examples) ? Optional.of(examples) : Optional.empty();
	}
}
