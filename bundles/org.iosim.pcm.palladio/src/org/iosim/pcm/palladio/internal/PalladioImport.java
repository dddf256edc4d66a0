package org.iosim.pcm.palladio.internal;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.iosim.files.FileProblems;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.resource.IosimResourceFactory;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.Diagnostic.Severity;

/**
 * One run of the importer: gathers the files, plans the model sets and builds them. The files the
 * user named, and the model files directly inside the folders the user named, are planned together;
 * each subfolder that holds model files is planned on its own, as if it had been named alone.
 */
public final class PalladioImport {

	/** Extensions of the Palladio model files a folder is searched for. */
	private static final List<String> MODEL_EXTENSIONS = List.of("repository", "system", "resourceenvironment",
			"allocation", "usagemodel", "resourcetype");

	/** What leaving out SimuLizar's reconfiguration rules means, whichever language they are written in. */
	private static final String NO_RECONFIGURATION = "the architecture stays as modelled for the whole run (no"
			+ " self-adaptation such as scaling out), so results describe the model without it";

	/**
	 * Files of Palladio's other tools that model folders often hold, by extension, with what leaving
	 * them out means for the results. They are not read; each kind found is named in one warning.
	 */
	private static final Map<String, String> IGNORED_TOOL_FILES = Map.of(
			"experiments", "experiment settings (simulator, stop conditions, parameter variations) are not applied:"
					+ " the model set is simulated once, with IOSim's own options (--stop-time, --max-measurements,"
					+ " --seed, ...)",
			"measuringpoint", "measuring points do not limit what is measured: IOSim measures every usage scenario,"
					+ " call and resource",
			"monitorrepository", "monitors (which metrics Palladio records and how it aggregates them) are not"
					+ " applied: IOSim reports its own fixed set of metrics",
			"slo", "service level objectives are not checked: results say nothing about whether they are met",
			"bpusagemodel", "business process usage models (Palladio's IntBIIS extension) are not simulated: only the"
					+ " usage scenarios of .usagemodel files put load on the system",
			"qvto", "QVTo transformations, which SimuLizar runs as reconfiguration rules, are not run: "
					+ NO_RECONFIGURATION,
			"henshin", "Henshin rules, which SimuLizar runs as reconfiguration rules, are not run: " + NO_RECONFIGURATION,
			"sdm", "story diagrams, which SimuLizar runs as reconfiguration rules, are not run: " + NO_RECONFIGURATION);

	/** How many ignored files of a kind a warning names; the rest are counted. */
	private static final int NAMED_IGNORED_FILES = 3;

	/** How many levels of subfolders below a named folder are searched for model files. */
	private static final int MAX_FOLDER_DEPTH = 8;

	private final ParsedFiles parsedFiles = new ParsedFiles();
	private final List<Diagnostic> inputProblems = new ArrayList<>();
	private final Map<String, Set<Path>> ignoredToolFiles = new TreeMap<>();
	/** Usage evolutions and DLIM load profiles found or named, absolute path to display name. */
	private final Map<Path, String> usageEvolutions = new LinkedHashMap<>();
	private final Map<Path, String> loadProfiles = new LinkedHashMap<>();

	/** Extension of Palladio's usage evolutions, which SimuLizar simulates. */
	static final String USAGE_EVOLUTION = "usageevolution";
	/** Extension of DLIM load profiles, which usage evolutions refer to. */
	static final String LOAD_PROFILE = "dlim";

	public ImportResult run(List<Path> paths) {
		Map<Path, String> namedFiles = new LinkedHashMap<>();
		Map<Path, Map<Path, String>> subfolderFiles = new TreeMap<>();
		Map<Path, String> iosimFiles = new LinkedHashMap<>();
		for (Path path : paths) {
			gather(path, namedFiles, subfolderFiles, iosimFiles);
		}
		ignoredToolFiles.forEach(this::warnAboutIgnoredFiles);

		List<XmiFile> named = parse(namedFiles);
		List<ModelSetPlanner.Plan> plans = new ArrayList<>(new ModelSetPlanner(named).plan(true));
		List<XmiFile> inputs = new ArrayList<>(named);
		for (Map<Path, String> folder : subfolderFiles.values()) {
			// a subfolder may also have been named itself
			folder.keySet().removeAll(namedFiles.keySet());
			List<XmiFile> files = parse(folder);
			plans.addAll(new ModelSetPlanner(files).plan(false));
			inputs.addAll(files);
		}
		List<Diagnostic> foreignRoots = new ArrayList<>();
		for (XmiFile input : inputs) {
			input.roots().stream().filter(PalladioImport::isForeign).map(ModelKind::notAModel).forEach(foreignRoots::add);
		}

		List<ModelSet> modelSets = new ArrayList<>();
		List<Diagnostic> setProblems = new ArrayList<>();
		Set<Path> used = new HashSet<>();
		for (ModelSetPlanner.Plan plan : ModelSetPlanner.disambiguate(plans)) {
			ModelSetBuilder builder = new ModelSetBuilder(parsedFiles, plan.name(), plan.anchor());
			try {
				plan.seeds().forEach(builder::add);
				ArchitectureModel model = builder.build();
				modelSets.add(new ModelSet(plan.name(), model, builder.files()));
				setProblems.addAll(builder.problems());
			} catch (RuntimeException defect) {
				// A defect of the importer must still end in a diagnostic that names the model set, not a stack trace.
				setProblems.add(Diagnostic.inFile(Severity.ERROR, plan.anchor().displayName(), 0, 0, "model set '"
						+ plan.name() + "' cannot be imported because of an internal error of the importer;"
						+ " please report it together with the model files"));
			}
			used.addAll(builder.usedPaths());
		}
		for (XmiFile input : inputs) {
			boolean foreign = input.roots().stream().anyMatch(PalladioImport::isForeign);
			if (!used.contains(input.path()) && !foreign) {
				setProblems.add(Diagnostic.inFile(Severity.WARNING, input.displayName(), 0, 0,
						"not used by any model set: no allocation, system or usage model refers to it,"
								+ " so it was not imported"));
			}
		}

		UsageEvolutions evolutions = new UsageEvolutions(parsedFiles);
		List<ModelSet> evolved = evolutions.apply(usageEvolutions, loadProfiles, modelSets);
		modelSets.clear();
		modelSets.addAll(evolved);
		setProblems.addAll(evolutions.problems());

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

	/** @return whether a root element is neither a PCM model nor annotations of one */
	private static boolean isForeign(XmlElement root) {
		return ModelKind.of(root) == null && !ProfileApplications.isProfileApplication(root);
	}

	/** @return the files that could be parsed, in the order given */
	private List<XmiFile> parse(Map<Path, String> files) {
		List<XmiFile> parsed = new ArrayList<>();
		files.forEach((path, display) -> {
			XmiFile file = parsedFiles.get(path, display);
			if (file != null) {
				parsed.add(file);
			}
		});
		return parsed;
	}

	private void gather(Path path, Map<Path, String> namedFiles, Map<Path, Map<Path, String>> subfolderFiles,
			Map<Path, String> iosimFiles) {
		String display = path.toString();
		String extension = extension(path);
		if (Files.isDirectory(path)) {
			searchFolder(path, namedFiles, subfolderFiles);
		} else if (!Files.exists(path)) {
			inputProblems.add(Diagnostic.inFile(Severity.ERROR, display, 0, 0, "the file or folder does not exist"));
		} else if (extension.equals(IosimResourceFactory.FILE_EXTENSION)) {
			iosimFiles.putIfAbsent(path.toAbsolutePath().normalize(), display);
		} else if (MODEL_EXTENSIONS.contains(extension)) {
			namedFiles.putIfAbsent(path.toAbsolutePath().normalize(), display);
		} else if (extension.equals(USAGE_EVOLUTION)) {
			usageEvolutions.putIfAbsent(path.toAbsolutePath().normalize(), display);
		} else if (extension.equals(LOAD_PROFILE)) {
			loadProfiles.putIfAbsent(path.toAbsolutePath().normalize(), display);
		} else {
			inputProblems.add(Diagnostic.inFile(Severity.ERROR, display, 0, 0, "not a model file: IOSim reads"
					+ " Palladio model files (" + extensions() + ") and IOSim model files (."
					+ IosimResourceFactory.FILE_EXTENSION + ")"));
		}
	}

	/**
	 * Adds the model files directly in the folder to the named files, and those of each subfolder (up
	 * to {@link #MAX_FOLDER_DEPTH} levels down, hidden folders left out) to that subfolder's files.
	 * Symbolic links are followed; one that leads back into the folders being searched is skipped.
	 */
	private void searchFolder(Path folder, Map<Path, String> namedFiles,
			Map<Path, Map<Path, String>> subfolderFiles) {
		Map<Path, List<Path>> found = new TreeMap<>();
		List<Path> notSearched = new ArrayList<>();
		try {
			Files.walkFileTree(folder, EnumSet.of(FileVisitOption.FOLLOW_LINKS), MAX_FOLDER_DEPTH + 1,
					new SimpleFileVisitor<>() {
						@Override
						public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
							return !directory.equals(folder) && hidden(directory) ? FileVisitResult.SKIP_SUBTREE
									: FileVisitResult.CONTINUE;
						}

						@Override
						public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
							if (attributes.isDirectory()) {
								// a folder at the depth limit, not entered
								if (!hidden(file)) {
									notSearched.add(file);
								}
							} else if (attributes.isRegularFile() && MODEL_EXTENSIONS.contains(extension(file))) {
								found.computeIfAbsent(file.getParent(), key -> new ArrayList<>()).add(file);
							} else if (attributes.isRegularFile() && extension(file).equals(USAGE_EVOLUTION)) {
								usageEvolutions.putIfAbsent(file.toAbsolutePath().normalize(), file.toString());
							} else if (attributes.isRegularFile() && extension(file).equals(LOAD_PROFILE)) {
								loadProfiles.putIfAbsent(file.toAbsolutePath().normalize(), file.toString());
							} else if (attributes.isRegularFile() && IGNORED_TOOL_FILES.containsKey(extension(file))) {
								ignoredToolFiles.computeIfAbsent(extension(file), key -> new TreeSet<>()).add(file);
							}
							return FileVisitResult.CONTINUE;
						}

						@Override
						public FileVisitResult visitFileFailed(Path file, IOException problem) throws IOException {
							if (file.equals(folder)) {
								throw problem;
							}
							// a link back into the folders being searched leads to files already found
							if (!(problem instanceof FileSystemLoopException) && !hidden(file)) {
								unreadableSubfolder(file, problem);
							}
							return FileVisitResult.CONTINUE;
						}

						@Override
						public FileVisitResult postVisitDirectory(Path directory, IOException problem)
								throws IOException {
							if (problem != null && directory.equals(folder)) {
								throw problem;
							}
							if (problem != null) {
								unreadableSubfolder(directory, problem);
							}
							return FileVisitResult.CONTINUE;
						}
					});
		} catch (IOException e) {
			inputProblems.add(Diagnostic.inFile(Severity.ERROR, folder.toString(), 0, 0,
					"the folder cannot be read: " + FileProblems.reason(e)));
			return;
		}
		if (found.isEmpty()) {
			inputProblems.add(Diagnostic.inFile(Severity.ERROR, folder.toString(), 0, 0,
					"the folder contains no Palladio model files (" + extensions() + "), neither directly nor in"
							+ " its subfolders up to " + MAX_FOLDER_DEPTH + " levels down"));
		}
		if (!notSearched.isEmpty()) {
			inputProblems.add(Diagnostic.inFile(Severity.WARNING, folder.toString(), 0, 0,
					"subfolders more than " + MAX_FOLDER_DEPTH + " levels down are not searched for model files,"
							+ " e.g. " + notSearched.get(0)));
		}
		found.forEach((directory, files) -> {
			Map<Path, String> group = directory.equals(folder) ? namedFiles
					: subfolderFiles.computeIfAbsent(directory.toAbsolutePath().normalize(),
							key -> new LinkedHashMap<>());
			files.stream().sorted(Comparator.comparing(file -> file.getFileName().toString()))
					.forEach(file -> group.putIfAbsent(file.toAbsolutePath().normalize(), file.toString()));
		});
	}

	/** One warning per kind of ignored file, at the first of them, naming a few others and what ignoring them means. */
	private void warnAboutIgnoredFiles(String extension, Set<Path> files) {
		List<String> names = files.stream().map(Path::toString).toList();
		String others = "";
		if (names.size() > 1) {
			List<String> named = names.subList(1, Math.min(names.size(), 1 + NAMED_IGNORED_FILES));
			int more = names.size() - 1 - named.size();
			others = " and the other " + (names.size() - 1) + " ." + extension + " file" + (names.size() > 2 ? "s" : "")
					+ " (" + String.join(", ", named) + (more > 0 ? " and " + more + " more" : "") + ")";
		}
		inputProblems.add(Diagnostic.inFile(Severity.WARNING, names.get(0), 0, 0, "this file" + others + " "
				+ (names.size() > 1 ? "are" : "is") + " ignored: " + IGNORED_TOOL_FILES.get(extension)));
	}

	private static boolean hidden(Path folder) {
		return folder.getFileName() != null && folder.getFileName().toString().startsWith(".");
	}

	private void unreadableSubfolder(Path folder, IOException problem) {
		inputProblems.add(Diagnostic.inFile(Severity.WARNING, folder.toString(), 0, 0,
				"the folder cannot be searched for model files: " + FileProblems.reason(problem)));
	}

	private static String extensions() {
		return String.join(", ", MODEL_EXTENSIONS.stream().map(extension -> "." + extension).toList());
	}

	private static String extension(Path file) {
		String name = file.getFileName() == null ? "" : file.getFileName().toString();
		int dot = name.lastIndexOf('.');
		return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
	}
}
