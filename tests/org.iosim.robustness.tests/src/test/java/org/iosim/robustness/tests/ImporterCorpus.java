package org.iosim.robustness.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;

/**
 * Valid model sets to mutate: the project's examples and hand-written test models, and Palladio's
 * own example models where {@code ../shared/palladio-examples} exists (they are read from there,
 * never copied). Each is held in memory, file name to content, and written to a fresh folder per try.
 */
final class ImporterCorpus {

	static final List<String> MODEL_EXTENSIONS = List.of("repository", "system", "resourceenvironment",
			"allocation", "usagemodel", "resourcetype");

	/** A folder's model files: name to content. */
	record ModelFolder(String origin, Map<String, byte[]> files) {

		List<String> names() {
			return List.copyOf(files.keySet());
		}

		/** Writes the files into the folder, which must exist. */
		void writeTo(Path folder) {
			files.forEach((name, content) -> {
				try {
					Files.write(folder.resolve(name), content);
				} catch (IOException e) {
					throw new UncheckedIOException(e);
				}
			});
		}
	}

	private static final List<ModelFolder> PALLADIO = load();
	private static final List<ModelFolder> IOSIM = saveAsIosim(PALLADIO);

	private ImporterCorpus() {
	}

	/** @return the valid Palladio model folders, at least the project's own */
	static List<ModelFolder> palladio() {
		return PALLADIO;
	}

	/** @return each model set of the Palladio folders saved as one {@code .iosim} file */
	static List<ModelFolder> iosim() {
		return IOSIM;
	}

	/**
	 * @return the repository's root: the system property {@code iosim.repository.root} (set by the
	 *         build), else the nearest folder above the working directory with {@code examples}
	 */
	static Path repositoryRoot() {
		String configured = System.getProperty("iosim.repository.root");
		if (configured != null && Files.isDirectory(Path.of(configured, "examples"))) {
			return Path.of(configured);
		}
		for (Path folder = Path.of("").toAbsolutePath(); folder != null; folder = folder.getParent()) {
			if (Files.isDirectory(folder.resolve("examples")) && Files.isRegularFile(folder.resolve("iosim"))) {
				return folder;
			}
		}
		throw new IllegalStateException("the repository root (with examples/) is not found; set iosim.repository.root");
	}

	/** @return Palladio's example models beside the repository, if they are there */
	static Optional<Path> palladioExamples() {
		Path examples = repositoryRoot().resolve("../shared/palladio-examples").normalize();
		return Files.isDirectory(examples) ? Optional.of(examples) : Optional.empty();
	}

	private static List<ModelFolder> load() {
		Path root = repositoryRoot();
		List<Path> sources = new ArrayList<>();
		sources.add(root.resolve("examples"));
		sources.add(root.resolve("tests/org.iosim.pcm.palladio.tests/resources"));
		palladioExamples().ifPresent(sources::add);
		List<ModelFolder> folders = new ArrayList<>();
		for (Path source : sources) {
			try (Stream<Path> walk = Files.walk(source)) {
				walk.filter(Files::isDirectory).filter(folder -> !folder.toString().contains("malformed"))
						.sorted().forEach(folder -> modelFolder(root, folder).ifPresent(folders::add));
			} catch (IOException e) {
				throw new UncheckedIOException(e);
			}
		}
		return List.copyOf(folders);
	}

	/**
	 * @return the folder's model files, if it has an allocation (a complete model set) and refers to no
	 *         file outside itself: the tests move folders around, which a model set sharing its parent's
	 *         repository (examples/storage-virtualization) does not survive
	 */
	private static Optional<ModelFolder> modelFolder(Path root, Path folder) {
		Map<String, byte[]> files = new LinkedHashMap<>();
		try (Stream<Path> listing = Files.list(folder)) {
			for (Path file : listing.filter(Files::isRegularFile).sorted(Comparator.comparing(Path::toString))
					.toList()) {
				String name = file.getFileName().toString();
				if (MODEL_EXTENSIONS.contains(name.substring(name.lastIndexOf('.') + 1))) {
					files.put(name, Files.readAllBytes(file));
				}
			}
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		boolean complete = files.keySet().stream().anyMatch(name -> name.endsWith(".allocation"));
		boolean selfContained = files.values().stream()
				.noneMatch(content -> new String(content, java.nio.charset.StandardCharsets.UTF_8).contains("href=\"../"));
		String origin = root.relativize(folder).toString();
		return complete && selfContained ? Optional.of(new ModelFolder(origin, files)) : Optional.empty();
	}

	private static List<ModelFolder> saveAsIosim(List<ModelFolder> palladio) {
		List<ModelFolder> saved = new ArrayList<>();
		Path scratch = null;
		try {
			scratch = Files.createTempDirectory("iosim-corpus");
			for (ModelFolder folder : palladio) {
				Path source = Files.createDirectory(scratch.resolve("source" + saved.size()));
				folder.writeTo(source);
				ImportResult imported = new PalladioImporter().importPath(source);
				for (ModelSet modelSet : imported.modelSets()) {
					Path file = scratch.resolve("set" + saved.size() + ".iosim");
					ArchitectureFiles.save(modelSet.model(), file);
					saved.add(new ModelFolder(folder.origin() + " as .iosim",
							Map.of("model.iosim", Files.readAllBytes(file))));
				}
			}
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		} finally {
			if (scratch != null) {
				ImporterSandbox.delete(scratch);
			}
		}
		return List.copyOf(saved);
	}
}
