package org.iosim.run.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.iosim.engine.RunCancelledException;
import org.iosim.engine.SimulationConfig;
import org.iosim.run.PipelineMonitor;
import org.iosim.run.RunConfiguration;
import org.iosim.run.RunFailure;
import org.iosim.run.RunOutcome;
import org.iosim.run.RunPipeline;
import org.iosim.testing.Repository;

/** The repository's examples and short runs of them. */
final class Runs {

	private Runs() {
	}

	static Path repositoryRoot() {
		return Repository.root();
	}

	static Path example(String name) {
		return repositoryRoot().resolve("examples").resolve(name);
	}

	/** The minimal shop: 50 closed users, a web server and a database server with a disk. */
	static Path shop() {
		return example("minimal");
	}

	static Path shopOnSan() {
		return example("minimal").resolve("shop-virtualized.ioconfig");
	}

	/** Seed 1, 5,000 measurements after 200 of warm-up: a run of a fraction of a second. */
	static SimulationConfig brief() {
		return SimulationConfig.defaults().withMaxMeasurements(5_000).withWarmupMeasurements(200);
	}

	static RunConfiguration shopRun(Path out) {
		return RunConfiguration.of(List.of(shop())).withSimulation(brief()).withOutputFolder(out, false);
	}

	static RunOutcome run(RunConfiguration configuration) throws RunFailure, RunCancelledException {
		return new RunPipeline(configuration).run(PipelineMonitor.NONE, List.of());
	}

	/** @return every file below the folder with the SHA-256 of its content, to see that nothing changed */
	static Map<String, String> fingerprint(Path folder) {
		Map<String, String> digests = new TreeMap<>();
		try (Stream<Path> files = Files.walk(folder)) {
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				digests.put(folder.relativize(file).toString(),
						HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file))));
			}
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
		return digests;
	}

	/** Copies a folder's files (not sub-folders) into another. */
	static Path copyFiles(Path from, Path to) throws IOException {
		Files.createDirectories(to);
		try (Stream<Path> files = Files.list(from)) {
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				Files.copy(file, to.resolve(file.getFileName()));
			}
		}
		return to;
	}
}
