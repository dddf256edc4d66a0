package org.iosim.cli.tests;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.iosim.cli.Main;
import org.iosim.testing.Repository;

/** Runs the iosim command line in-process and captures what it prints. */
final class CommandLine {

	record Run(int exitCode, String out, String err) {
		@Override
		public String toString() {
			return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
		}
	}

	private CommandLine() {
	}

	static Run iosim(String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int exitCode = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
		return new Run(exitCode, out.toString(), err.toString());
	}

	/** The repository root: set by the build, or found by walking up from the working directory. */
	static Path repositoryRoot() {
		return Repository.root();
	}

	/** The Palladio example models beside the repository, when they are there. */
	static Optional<Path> palladioExamples() {
		Path examples = repositoryRoot().resolveSibling("shared").resolve("palladio-examples");
		return Files.isDirectory(examples) ? Optional.of(examples) : Optional.empty();
	}

	/** Copies the bundled example model set (without its README) into a folder a test may change. */
	static Path copyExample(Path copy) throws java.io.IOException {
		Files.createDirectories(copy);
		try (java.util.stream.Stream<Path> files = Files.list(example("minimal"))) {
			for (Path file : files.filter(file -> !file.getFileName().toString().equals("README.md")).toList()) {
				Files.copy(file, copy.resolve(file.getFileName()));
			}
		}
		return copy;
	}

	static Path example(String name) {
		return repositoryRoot().resolve("examples").resolve(name);
	}
}
