package org.iosim.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the tests find the repository's examples and the shared test inputs beside the repository
 * (real Palladio models, QPME's nets): the build names the root in the system property
 * {@code iosim.repository.root}; run elsewhere (an IDE), the root is the nearest folder above the
 * working directory that holds {@code examples} and the {@code iosim} launcher.
 */
public final class Repository {

	private Repository() {
	}

	/** @throws IllegalStateException if neither the property nor the folders above name a repository */
	public static Path root() {
		String configured = System.getProperty("iosim.repository.root");
		if (configured != null && Files.isDirectory(Path.of(configured, "examples"))) {
			return Path.of(configured);
		}
		for (Path folder = Path.of("").toAbsolutePath(); folder != null; folder = folder.getParent()) {
			if (Files.isDirectory(folder.resolve("examples")) && Files.isRegularFile(folder.resolve("iosim"))) {
				return folder;
			}
		}
		throw new IllegalStateException("cannot find the repository root from " + Path.of("").toAbsolutePath()
				+ " (set the system property iosim.repository.root)");
	}

	/** @return the folder of one of the repository's examples, e.g. {@code minimal} */
	public static Path example(String name) {
		return root().resolve("examples").resolve(name);
	}

	/**
	 * @param folder a folder of the shared test inputs, e.g. {@code palladio-examples}
	 * @return it, when {@code ../shared} beside the repository has it; tests skip without it
	 */
	public static Optional<Path> shared(String folder) {
		Path candidate = root().resolve("..").resolve("shared").resolve(folder).normalize();
		return Files.isDirectory(candidate) ? Optional.of(candidate) : Optional.empty();
	}
}
