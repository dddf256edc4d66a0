package org.iosim.robustness.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.robustness.tests.ImporterCorpus.ModelFolder;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * Folders and paths as users and file systems make them: model sets in subfolders at any depth,
 * beside READMEs, empty and hidden folders, folders named like model files, pipes, dangling links
 * and links back to an enclosing folder. The importer finds every model set within its search
 * depth and nothing else, warns about deeper folders, and says why a named path is no model file.
 */
class ImporterPathsTest {

	/** How many levels of subfolders the importer searches ({@code PalladioImport.MAX_FOLDER_DEPTH}). */
	private static final int MAX_FOLDER_DEPTH = 8;

	/** A copy of a model folder of the corpus at the path (folder names, from the searched folder). */
	record Placement(List<String> path, int folder) {
	}

	/** Something that is not a model set, at the path. */
	record Clutter(List<String> path, ClutterKind kind) {
	}

	enum ClutterKind {
		README, EMPTY_FOLDER, FOLDER_NAMED_LIKE_A_MODEL_FILE, LINK_TO_SEARCHED_FOLDER, DANGLING_LINK, PIPE
	}

	/** What a named path can be instead of a model file or a folder of them. */
	enum NamedPath {
		README, MISSING, EMPTY_FOLDER_NAMED_LIKE_A_MODEL_FILE, PIPE, LINK_TO_A_DEVICE, DANGLING_LINK,
		UNREADABLE_MODEL_FILE
	}

	private static ImporterSandbox sandbox;
	private static final Map<Integer, Integer> MODEL_SETS_ALONE = new HashMap<>();

	@BeforeContainer
	static void openSandbox() {
		sandbox = new ImporterSandbox();
	}

	@AfterContainer
	static void closeSandbox() {
		sandbox.close();
	}

	@Property(seed = "-1402968817163316626")
	void modelSetsInSubfoldersAreFoundToTheDepthLimit(@ForAll("placements") List<Placement> placements,
			@ForAll("clutter") List<Clutter> clutter) {
		Path root = sandbox.newFolder();
		try {
			Set<List<String>> used = new HashSet<>();
			int expectedModelSets = 0;
			for (Placement placement : placements) {
				if (!used.add(placement.path())) {
					continue;
				}
				ModelFolder source = corpus(placement.folder());
				source.writeTo(createFolders(root, placement.path()));
				if (placement.path().size() <= MAX_FOLDER_DEPTH && visible(placement.path())) {
					expectedModelSets += modelSetsAlone(placement.folder());
				}
			}
			clutter.forEach(item -> make(root, item));
			boolean deeperFolders = hasFoldersBeyondTheDepthLimit(root);

			ImportResult result = ImporterHarness.importPaths(List.of(root));

			if (result.modelSets().size() != expectedModelSets) {
				throw new AssertionError("found " + result.modelSets().size() + " model sets, not " + expectedModelSets
						+ ": " + result.diagnostics());
			}
			List<String> errors = result.errors().stream().map(Diagnostic::message).toList();
			boolean expectedError = expectedModelSets == 0 && placements.stream()
					.noneMatch(placement -> placement.path().size() <= MAX_FOLDER_DEPTH && visible(placement.path()));
			if (expectedError ? errors.size() != 1 || !errors.get(0).contains("contains no Palladio model files")
					: !errors.isEmpty()) {
				throw new AssertionError("unexpected errors: " + result.diagnostics());
			}
			boolean warned = result.diagnostics().stream()
					.anyMatch(diagnostic -> diagnostic.message().contains("levels down are not searched"));
			if (warned != deeperFolders) {
				String found = deeperFolders ? "no" : "an unfounded";
				throw new AssertionError(found + " warning about folders beyond the depth limit: " + result.diagnostics());
			}
			for (Diagnostic diagnostic : result.diagnostics()) {
				if (diagnostic.file().matches(".*(README\\.md|pipe\\.repository|gone\\.system|x\\.repository)$")) {
					throw new AssertionError("a file that is no model file is reported: " + diagnostic.format());
				}
			}
			Statistics.label("model sets found").collect(Math.min(expectedModelSets, 5));
		} finally {
			ImporterSandbox.delete(root);
		}
	}

	@Property(seed = "6602851394071855541")
	void namedPathsThatAreNoModelFilesAreErrorsSayingWhy(@ForAll NamedPath kind) throws IOException {
		Path folder = sandbox.newFolder();
		try {
			Path path = switch (kind) {
			case README -> Files.writeString(folder.resolve("README.md"), "# Models\n");
			case MISSING -> folder.resolve("absent.repository");
			case EMPTY_FOLDER_NAMED_LIKE_A_MODEL_FILE -> Files.createDirectory(folder.resolve("x.repository"));
			case PIPE -> pipe(folder.resolve("pipe.repository"));
			case LINK_TO_A_DEVICE -> Files.createSymbolicLink(folder.resolve("zero.repository"), Path.of("/dev/zero"));
			case DANGLING_LINK -> Files.createSymbolicLink(folder.resolve("gone.system"), folder.resolve("nowhere"));
			case UNREADABLE_MODEL_FILE -> unreadable(folder.resolve("locked.allocation"));
			};
			String expected = switch (kind) {
			case README -> "not a model file: IOSim reads Palladio model files (.repository, .system,";
			case MISSING, DANGLING_LINK -> "does not exist";
			case EMPTY_FOLDER_NAMED_LIKE_A_MODEL_FILE -> "contains no Palladio model files";
			case PIPE, LINK_TO_A_DEVICE -> "no regular file";
			case UNREADABLE_MODEL_FILE -> "permission denied";
			};

			ImportResult result = ImporterHarness.importPaths(List.of(path));

			List<String> errors = result.errors().stream().map(Diagnostic::format).toList();
			if (errors.size() != 1 || !errors.get(0).startsWith(path + ": ") || !errors.get(0).contains(expected)) {
				throw new AssertionError("expected one error about " + path + " saying '" + expected + "': " + errors);
			}
		} finally {
			ImporterSandbox.delete(folder);
		}
	}

	@Provide
	Arbitrary<List<Placement>> placements() {
		return Combinators.combine(paths(), Arbitraries.integers().between(0, 1000)).as(Placement::new).list()
				.ofMinSize(1).ofMaxSize(4);
	}

	@Provide
	Arbitrary<List<Clutter>> clutter() {
		return Combinators.combine(paths(), Arbitraries.of(ClutterKind.class)).as(Clutter::new).list().ofMaxSize(5);
	}

	private static Arbitrary<List<String>> paths() {
		Arbitrary<String> name = Arbitraries.frequency(Tuple.of(4, "a"), Tuple.of(4, "b"), Tuple.of(4, "models"),
				Tuple.of(1, ".hidden"));
		return name.list().ofMaxSize(MAX_FOLDER_DEPTH + 3);
	}

	/** Makes the thing unless something is at its place already, or it is a pipe and pipes cannot be made. */
	private static void make(Path root, Clutter item) {
		if (item.kind() == ClutterKind.PIPE && !canMakePipes()) {
			return;
		}
		try {
			Path folder = createFolders(root, item.path());
			switch (item.kind()) {
			case README -> Files.writeString(folder.resolve("README.md"), "# Models\n");
			case EMPTY_FOLDER -> Files.createDirectories(folder.resolve("folder"));
			case FOLDER_NAMED_LIKE_A_MODEL_FILE -> Files.createDirectories(folder.resolve("x.repository"));
			case LINK_TO_SEARCHED_FOLDER -> Files.createSymbolicLink(folder.resolve("folder"), root);
			case DANGLING_LINK -> Files.createSymbolicLink(folder.resolve("gone.system"), folder.resolve("nowhere"));
			case PIPE -> pipe(folder.resolve("pipe.repository"));
			}
		} catch (IOException e) {
			// two items at one place: the first one stays
		}
	}

	private static Path createFolders(Path root, List<String> path) {
		Path folder = root;
		for (String name : path) {
			folder = folder.resolve(name);
		}
		try {
			return Files.createDirectories(folder);
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	private static boolean visible(List<String> path) {
		return path.stream().noneMatch(name -> name.startsWith("."));
	}

	private static boolean visible(Path relative) {
		for (Path name : relative) {
			if (name.toString().startsWith(".")) {
				return false;
			}
		}
		return true;
	}

	/**
	 * @return whether a folder (or a link to one) is deeper than the search goes, below visible
	 *         folders only: the search then warns that it did not enter it
	 */
	private static boolean hasFoldersBeyondTheDepthLimit(Path root) {
		try (Stream<Path> walk = Files.walk(root)) {
			return walk.filter(Files::isDirectory).map(root::relativize)
					.anyMatch(relative -> relative.getNameCount() > MAX_FOLDER_DEPTH
							&& visible(relative.subpath(0, MAX_FOLDER_DEPTH + 1)));
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	private static ModelFolder corpus(int index) {
		return ImporterCorpus.palladio().get(index % ImporterCorpus.palladio().size());
	}

	/** @return how many model sets the corpus folder makes when imported alone */
	private static int modelSetsAlone(int index) {
		return MODEL_SETS_ALONE.computeIfAbsent(index % ImporterCorpus.palladio().size(), key -> {
			Path folder = sandbox.newFolder();
			try {
				corpus(key).writeTo(folder);
				return new PalladioImporter().importPath(folder).modelSets().size();
			} finally {
				ImporterSandbox.delete(folder);
			}
		});
	}

	private static boolean canMakePipes() {
		return Files.isExecutable(Path.of("/usr/bin/mkfifo")) || Files.isExecutable(Path.of("/bin/mkfifo"));
	}

	private static Path pipe(Path path) throws IOException {
		Assume.that(canMakePipes());
		try {
			Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true)
					.redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
			if (!mkfifo.waitFor(10, TimeUnit.SECONDS) || mkfifo.exitValue() != 0) {
				throw new IOException("mkfifo failed for " + path);
			}
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted while making a pipe", e);
		}
		return path;
	}

	/** Skips the try where permissions do not stop reading (e.g. for root). */
	private static Path unreadable(Path path) throws IOException {
		Files.writeString(path, "<allocation:Allocation/>");
		Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("---------"));
		Assume.that(!Files.isReadable(path));
		return path;
	}
}
