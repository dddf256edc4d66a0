package org.iosim.pcm.palladio.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.resource.IosimResourceFactory;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;

/** One run of the importer: gathers the files, plans the model sets and builds them. */
public final class PalladioImport {

	/** Extensions of the Palladio model files a folder is searched for. */
	private static final List<String> MODEL_EXTENSIONS = List.of("repository", "system", "resourceenvironment",
			"allocation", "usagemodel", "resourcetype");

	private final ParsedFiles parsedFiles = new ParsedFiles();
	private final List<Diagnostic> inputProblems = new ArrayList<>();

	public ImportResult run(List<Path> paths) {
		Map<Path, String> modelFiles = new LinkedHashMap<>();
		Map<Path, String> iosimFiles = new LinkedHashMap<>();
		for (Path path : paths) {
			gather(path, modelFiles, iosimFiles);
		}

		List<XmiFile> inputs = new ArrayList<>();
		modelFiles.forEach((path, display) -> {
			XmiFile file = parsedFiles.get(path, display);
			if (file != null) {
				inputs.add(file);
			}
		});
		List<Diagnostic> foreignRoots = new ArrayList<>();
		for (XmiFile input : inputs) {
			input.roots().stream().filter(root -> ModelKind.of(root) == null).map(ModelKind::notAModel)
					.forEach(foreignRoots::add);
		}

		List<ModelSet> modelSets = new ArrayList<>();
		List<Diagnostic> setProblems = new ArrayList<>();
		Set<Path> used = new HashSet<>();
		for (ModelSetPlanner.Plan plan : new ModelSetPlanner(inputs).plan()) {
			ModelSetBuilder builder = new ModelSetBuilder(parsedFiles, plan.name(), plan.anchor());
			try {
				plan.seeds().forEach(builder::add);
				ArchitectureModel model = builder.build();
				modelSets.add(new ModelSet(plan.name(), model, builder.files()));
				setProblems.addAll(builder.problems());
			} catch (RuntimeException defect) {
				// A defect of the importer must still end in a diagnostic that names the model set, not a stack trace.
				setProblems.add(Diagnostic.inFile(Severity.ERROR, plan.anchor().displayName(), 0, 0, "model set '"
						+ plan.name() + "' cannot be imported because of an internal error: " + defect));
			}
			used.addAll(builder.usedPaths());
		}
		for (XmiFile input : inputs) {
			boolean foreign = input.roots().stream().anyMatch(root -> ModelKind.of(root) == null);
			if (!used.contains(input.path()) && !foreign) {
				setProblems.add(Diagnostic.inFile(Severity.WARNING, input.displayName(), 0, 0,
						"not used by any model set: no allocation, system or usage model refers to it,"
								+ " so it was not imported"));
			}
		}

		Set<Diagnostic> diagnostics = new LinkedHashSet<>(inputProblems);
		diagnostics.addAll(parsedFiles.problems());
		diagnostics.addAll(foreignRoots);
		diagnostics.addAll(setProblems);
		iosimFiles.forEach((path, display) -> {
			ImportResult loaded = ArchitectureFiles.load(Path.of(display));
			modelSets.addAll(loaded.modelSets());
			diagnostics.addAll(loaded.diagnostics());
		});
		return new ImportResult(modelSets, List.copyOf(diagnostics));
	}

	private void gather(Path path, Map<Path, String> modelFiles, Map<Path, String> iosimFiles) {
		String display = path.toString();
		if (Files.isDirectory(path)) {
			List<Path> found;
			try (Stream<Path> listing = Files.list(path)) {
				found = listing.filter(Files::isRegularFile)
						.filter(file -> MODEL_EXTENSIONS.contains(extension(file)))
						.sorted(Comparator.comparing(file -> file.getFileName().toString())).toList();
			} catch (IOException e) {
				inputProblems.add(Diagnostic.inFile(Severity.ERROR, display, 0, 0,
						"the folder cannot be read: " + e.getMessage()));
				return;
			}
			if (found.isEmpty()) {
				inputProblems.add(Diagnostic.inFile(Severity.ERROR, display, 0, 0,
						"the folder contains no Palladio model files (" + String.join(", ", MODEL_EXTENSIONS) + ")"));
			}
			for (Path file : found) {
				modelFiles.putIfAbsent(file.toAbsolutePath().normalize(), path.resolve(file.getFileName()).toString());
			}
		} else if (!Files.exists(path)) {
			inputProblems.add(Diagnostic.inFile(Severity.ERROR, display, 0, 0, "the file or folder does not exist"));
		} else if (extension(path).equals(IosimResourceFactory.FILE_EXTENSION)) {
			iosimFiles.putIfAbsent(path.toAbsolutePath().normalize(), display);
		} else {
			modelFiles.putIfAbsent(path.toAbsolutePath().normalize(), display);
		}
	}

	private static String extension(Path file) {
		String name = file.getFileName() == null ? "" : file.getFileName().toString();
		int dot = name.lastIndexOf('.');
		return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
	}
}
