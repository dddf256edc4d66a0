package org.iosim.report;

import static java.nio.file.LinkOption.NOFOLLOW_LINKS;
import static java.nio.file.StandardCopyOption.ATOMIC_MOVE;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.iosim.report.OutputFolderException;

/**
 * Fills an output folder so that nobody ever sees it half-written.
 * <p>
 * Work happens in a staging folder next to the output folder, {@code .<name>.tmp-<random>}, which
 * holds {@value #NEW} (the content being written, renamed to the output folder's name when complete)
 * and, while an existing folder is being replaced, {@value #OLD} (that folder, deleted once the new
 * one is in place). Keeping both inside one folder of our own means no name next to the user's
 * folder can clash, and the same file system guarantees that the renames are atomic.
 * <p>
 * A run killed half-way leaves its staging folder behind. The next run for the same output folder
 * cleans it up: previous results caught between the two renames are moved back (the killed run's
 * new results were not complete), everything else in it is deleted. A staging folder is in use as
 * long as its writer holds the lock on its {@value #LOCK} file, and it names the output folder it
 * belongs to in {@value #TARGET}, so a cleanup touches only abandoned folders of the same output.
 * <p>
 * Every folder written here lists its files in {@value #WRITTEN}. Replacing a folder
 * ({@code --overwrite}) is allowed only while it holds nothing but the files of that list: a folder
 * without the list, or with a file the user put there, is refused and left as it is, so IOSim never
 * removes a file it did not write.
 */
public final class OutputFolder {

	/** Writes the content of a folder that does not yet carry its final name. */
	@FunctionalInterface
	public interface Content {
		void writeInto(Path folder) throws IOException;
	}

	private static final String NEW = "new";
	private static final String OLD = "old";
	private static final String LOCK = "lock";
	private static final String TARGET = "target";
	/** The list of the files IOSim wrote into an output folder, one relative path a line. */
	public static final String WRITTEN = ".iosim-written";
	/** How much of a foreign file's name a refusal quotes. */
	private static final int MAX_QUOTED_NAME = 80;
	/** A staging folder without a lock file may be one that another process has only just created. */
	private static final long UNLOCKED_GRACE_MILLIS = 10 * 60 * 1000L;

	/** File systems limit names to 255 bytes; the staging name adds a prefix and a numbered suffix. */
	private static final int MAX_NAME_IN_STAGING_NAME = 64;
	/** Staging folders of this process so far, which number the next. */
	private static final AtomicLong STAGING_NUMBERS = new AtomicLong();
	private static final int MAX_STAGING_ATTEMPTS = 1_000;

	private OutputFolder() {
	}

	/**
	 * Writes {@code content} into {@code outputFolder}.
	 *
	 * @param overwrite whether an existing, non-empty folder may be replaced
	 * @return the absolute output folder
	 */
	public static Path fill(Path outputFolder, boolean overwrite, Content content) throws IOException {
		Path target = outputFolder.toAbsolutePath().normalize();
		Path parent = target.getParent();
		if (parent == null) {
			throw new OutputFolderException(target,
					"Cannot write results into the file-system root " + target + "; choose a folder below it.");
		}
		if (Files.isDirectory(parent)) {
			cleanUpAbandoned(parent, target);
		}
		requireUsable(target, overwrite);
		Files.createDirectories(parent);
		Path staging = createStaging(parent, stagingPrefix(target));
		try (FileChannel lockFile = FileChannel.open(staging.resolve(LOCK), StandardOpenOption.CREATE,
				StandardOpenOption.WRITE); FileLock lock = lockFile.lock()) {
			Path fresh = staging.resolve(NEW);
			try {
				Files.writeString(staging.resolve(TARGET), target.getFileName().toString());
				Files.createDirectory(fresh);
				content.writeInto(fresh);
				listWrittenFiles(fresh);
				// Checked again because another process may have filled the folder while we were writing.
				requireUsable(target, overwrite);
				moveIntoPlace(fresh, target, staging.resolve(OLD));
			} catch (Throwable failure) {
				discardStaging(staging, failure);
				throw failure;
			}
			deleteReplaced(staging, target);
		}
		return target;
	}

	/**
	 * Checks before any work that {@link #fill} will be able to write {@code outputFolder}: it is apart
	 * from the inputs, and it is missing, empty, or replaceable with {@code overwrite}.
	 */
	public static void requireUsable(Path outputFolder, boolean overwrite, Collection<Path> inputs)
			throws IOException {
		requireApartFrom(outputFolder, inputs, true);
		requireUsable(outputFolder.toAbsolutePath().normalize(), overwrite);
	}

	/**
	 * Refuses an output that is or contains one of a run's inputs (model files and folders, I/O
	 * configuration, pipeline file, stored models, data files): replacing it would delete them. An
	 * output that lies inside an input folder is refused too unless {@code mayLieInside}: results
	 * (JSON, CSV, HTML) below a model folder are never read as models, which is how a workbench
	 * project keeps its results beside its models; model files written there would be.
	 *
	 * @param inputs the files and folders the run reads; null entries are ignored
	 * @throws OutputFolderException naming the input the output clashes with
	 */
	public static void requireApartFrom(Path outputFolder, Collection<Path> inputs, boolean mayLieInside)
			throws OutputFolderException {
		Path target = canonical(outputFolder);
		for (Path input : inputs) {
			if (input == null) {
				continue;
			}
			Path read = canonical(input);
			String clash = target.equals(read) ? "is itself"
					: read.startsWith(target) ? "contains " + read + ","
					: target.startsWith(read) && !mayLieInside ? "lies inside " + read + "," : null;
			if (clash != null) {
				throw new OutputFolderException(target, "The output " + target + " " + clash
						+ " an input of this run; choose an output apart from the run's inputs.");
			}
		}
	}

	/** The absolute path with the symbolic links of its existing part resolved, so two names of one folder compare equal. */
	private static Path canonical(Path path) {
		Path absolute = path.toAbsolutePath().normalize();
		Path existing = absolute;
		while (existing != null && !Files.exists(existing)) {
			existing = existing.getParent();
		}
		if (existing == null) {
			return absolute;
		}
		try {
			return existing.toRealPath().resolve(existing.relativize(absolute));
		} catch (IOException unresolvable) {
			return absolute;
		}
	}

	/** Finishes what killed runs for the same output folder left behind; see the class comment. */
	private static void cleanUpAbandoned(Path parent, Path target) throws IOException {
		String prefix = stagingPrefix(target);
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, entry -> entry.getFileName().toString()
				.startsWith(prefix) && Files.isDirectory(entry, NOFOLLOW_LINKS))) {
			for (Path staging : entries) {
				if (belongsTo(staging, target) && isAbandoned(staging)) {
					Path old = staging.resolve(OLD);
					if (Files.isDirectory(old, NOFOLLOW_LINKS) && !Files.exists(target, NOFOLLOW_LINKS)) {
						Files.move(old, target, ATOMIC_MOVE);
					}
					deleteRecursively(staging);
				}
			}
		}
	}

	private static boolean belongsTo(Path staging, Path target) {
		try {
			return Files.readString(staging.resolve(TARGET)).equals(target.getFileName().toString());
		} catch (IOException | RuntimeException unreadable) {
			// written first thing; without it the folder was abandoned before it held anything
			return isEmptyApartFromLock(staging);
		}
	}

	private static boolean isEmptyApartFromLock(Path staging) {
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(staging,
				entry -> !entry.getFileName().toString().equals(LOCK))) {
			return !entries.iterator().hasNext();
		} catch (IOException unreadable) {
			return false;
		}
	}

	private static boolean isAbandoned(Path staging) {
		Path lockPath = staging.resolve(LOCK);
		if (!Files.exists(lockPath, NOFOLLOW_LINKS)) {
			try {
				return System.currentTimeMillis()
						- Files.getLastModifiedTime(staging).toMillis() > UNLOCKED_GRACE_MILLIS;
			} catch (IOException unreadable) {
				return false;
			}
		}
		try (FileChannel channel = FileChannel.open(lockPath, StandardOpenOption.WRITE);
				FileLock lock = channel.tryLock()) {
			return lock != null;
		} catch (OverlappingFileLockException heldHere) {
			return false;
		} catch (IOException unreadable) {
			return false;
		}
	}

	/**
	 * A new staging folder in {@code parent}, named by the prefix, the clock and a counter. Not
	 * {@link Files#createTempDirectory}: its first use seeds a {@code SecureRandom}, a tenth of the
	 * start-up of a short run. Unpredictable names are not needed here: creating a folder fails on any
	 * entry of that name, a link included, and a name taken is skipped.
	 */
	private static Path createStaging(Path parent, String prefix) throws IOException {
		String clockPrefix = prefix.concat(Long.toHexString(System.nanoTime())).concat("-");
		for (int attempt = 0;; attempt++) {
			try {
				return Files.createDirectory(parent.resolve(clockPrefix.concat(Long.toString(STAGING_NUMBERS.getAndIncrement()))));
			} catch (FileAlreadyExistsException taken) {
				if (attempt == MAX_STAGING_ATTEMPTS) {
					throw taken;
				}
			}
		}
	}

	private static String stagingPrefix(Path target) {
		String name = target.getFileName().toString();
		if (name.length() > MAX_NAME_IN_STAGING_NAME) {
			name = name.substring(0, MAX_NAME_IN_STAGING_NAME);
		}
		return "." + name + ".tmp-";
	}

	private static void requireUsable(Path target, boolean overwrite) throws IOException {
		if (!Files.exists(target, NOFOLLOW_LINKS)) {
			return;
		}
		if (!Files.isDirectory(target)) {
			throw new OutputFolderException(target,
					"Output folder " + target + " exists but is not a folder; choose another output folder.");
		}
		if (isEmpty(target)) {
			return;
		}
		if (!overwrite) {
			throw new OutputFolderException(target, "Output folder " + target
					+ " already exists and is not empty; choose another folder or pass --overwrite to replace it.");
		}
		String foreign = fileNotWrittenByIosim(target);
		if (foreign != null) {
			throw new OutputFolderException(target, "Output folder " + target + " " + foreign
					+ "; --overwrite replaces only a folder of IOSim's own results. Choose another output folder, or"
					+ " move your files out of this one first.");
		}
	}

	/** Writes {@value #WRITTEN}: every file below {@code folder}, relative to it, sorted. */
	private static void listWrittenFiles(Path folder) throws IOException {
		List<String> files = filesBelow(folder);
		files.add(WRITTEN);
		Collections.sort(files);
		Files.write(folder.resolve(WRITTEN), files, StandardCharsets.UTF_8);
	}

	/**
	 * @return what in {@code folder} IOSim did not write, as the rest of a sentence naming the folder:
	 *         the first file that its {@value #WRITTEN} list does not name, or the missing list; null
	 *         when IOSim wrote everything there
	 */
	private static String fileNotWrittenByIosim(Path folder) throws IOException {
		Path list = folder.resolve(WRITTEN);
		if (!Files.isRegularFile(list, NOFOLLOW_LINKS)) {
			return "was not written by IOSim (it has no " + WRITTEN + " list of the files IOSim wrote)";
		}
		Set<String> written;
		try {
			written = new HashSet<>(Files.readAllLines(list, StandardCharsets.UTF_8));
		} catch (IOException | RuntimeException unreadable) {
			return "has an unreadable " + WRITTEN + " list of the files IOSim wrote";
		}
		for (String file : filesBelow(folder)) {
			if (!written.contains(file)) {
				return "holds '" + quotable(file) + "', which IOSim did not write";
			}
		}
		return null;
	}

	/** Relative paths of the files and links below {@code folder}, '/'-separated; empty folders count as files. */
	private static List<String> filesBelow(Path folder) throws IOException {
		List<String> files = new ArrayList<>();
		Files.walkFileTree(folder, new SimpleFileVisitor<>() {
			@Override
			public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
				files.add(relative(folder, file));
				return FileVisitResult.CONTINUE;
			}

			@Override
			public FileVisitResult postVisitDirectory(Path visited, IOException failure) throws IOException {
				if (failure != null) {
					throw failure;
				}
				if (!visited.equals(folder) && isEmpty(visited)) {
					files.add(relative(folder, visited) + "/");
				}
				return FileVisitResult.CONTINUE;
			}
		});
		return files;
	}

	private static String relative(Path folder, Path file) {
		return folder.relativize(file).toString().replace(File.separatorChar, '/');
	}

	/** A file name as a message may quote it: printable characters only, and not too long. */
	private static String quotable(String name) {
		String printable = name.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
				.collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
		return printable.length() <= MAX_QUOTED_NAME ? printable : printable.substring(0, MAX_QUOTED_NAME) + "…";
	}

	private static boolean isEmpty(Path folder) throws IOException {
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
			return !entries.iterator().hasNext();
		}
	}

	/**
	 * Renames the existing folder aside and the new one into its place. Between the two renames the
	 * name is briefly absent, never half-written. If the second rename fails, the old folder goes back.
	 */
	private static void moveIntoPlace(Path fresh, Path target, Path aside) throws IOException {
		boolean replacing = Files.exists(target, NOFOLLOW_LINKS);
		if (replacing) {
			Files.move(target, aside, ATOMIC_MOVE);
		}
		try {
			Files.move(fresh, target, ATOMIC_MOVE);
		} catch (IOException | RuntimeException failure) {
			if (replacing) {
				restore(aside, target, failure);
			}
			throw failure;
		}
	}

	private static void restore(Path aside, Path target, Exception failure) throws OutputFolderException {
		try {
			Files.move(aside, target, ATOMIC_MOVE);
		} catch (IOException restoreFailure) {
			OutputFolderException stranded = new OutputFolderException(target, "Could not move the new results into "
					+ target + " nor the previous results back; the previous results are in " + aside + ".");
			stranded.addSuppressed(failure);
			stranded.addSuppressed(restoreFailure);
			throw stranded;
		}
	}

	/**
	 * Deletes what was written. Previous results that could not be restored stay where the error
	 * message says they are, with the staging folder around them, which the next run cleans up.
	 */
	private static void discardStaging(Path staging, Throwable failure) {
		try {
			if (Files.exists(staging.resolve(OLD), NOFOLLOW_LINKS)) {
				Path fresh = staging.resolve(NEW);
				if (Files.exists(fresh, NOFOLLOW_LINKS)) {
					deleteRecursively(fresh);
				}
			} else {
				deleteRecursively(staging);
			}
		} catch (IOException | RuntimeException cleanupFailure) {
			failure.addSuppressed(cleanupFailure);
		}
	}

	private static void deleteReplaced(Path staging, Path target) throws IOException {
		try {
			deleteRecursively(staging);
		} catch (IOException failure) {
			IOException leftOver = new IOException("The results were written to " + target
					+ ", but the previous results could not be fully deleted from " + staging + ".");
			leftOver.addSuppressed(failure);
			throw leftOver;
		}
	}

	/** Does not follow symbolic links, so a replaced link never takes the folder it points to along. */
	private static void deleteRecursively(Path root) throws IOException {
		Files.walkFileTree(root, new SimpleFileVisitor<>() {
			@Override
			public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
				Files.delete(file);
				return FileVisitResult.CONTINUE;
			}

			@Override
			public FileVisitResult postVisitDirectory(Path folder, IOException failure) throws IOException {
				if (failure != null) {
					throw failure;
				}
				Files.delete(folder);
				return FileVisitResult.CONTINUE;
			}
		});
	}
}
