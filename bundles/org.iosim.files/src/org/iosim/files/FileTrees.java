package org.iosim.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Folders that IOSim itself made for a while (a run's scratch files), removed when they have served. */
public final class FileTrees {

	private FileTrees() {
	}

	/**
	 * Removes what is in {@code tree}, and {@code tree} too unless {@code keepRoot}; symbolic links are
	 * removed, not followed. Files left behind (one still open) waste space but harm no result, so
	 * nothing is reported.
	 */
	public static void removeQuietly(Path tree, boolean keepRoot) {
		try (Stream<Path> walk = Files.walk(tree)) {
			for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
				if (!keepRoot || !path.equals(tree)) {
					Files.deleteIfExists(path);
				}
			}
		} catch (IOException | RuntimeException leftOver) {
			// see above
		}
	}
}
