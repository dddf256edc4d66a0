package org.iosim.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The commands the examples' READMEs show write under {@code results/}, never into the repository:
 * run from the folder they name, {@code san generate workload.json --out small.spc} replaced the
 * committed trace, and {@code --out disk-scheduler.json} a committed model. The pgbench and dbench
 * examples measure into folders of their own and are not held to this.
 */
class ExampleReadmeCommandsTest {

	private static final Set<String> EXEMPT = Set.of("pgbench", "dbench");
	/** What a command writes: an output option's value, or a redirection of its output. */
	private static final Pattern WRITTEN = Pattern.compile("(?:--out|--export)[ =]+(\\S+)|(?<![0-9&])>\\s*(\\S+)");
	/** Placeholders such as DIR or FILE.csv stand for a place of the reader's choosing. */
	private static final Pattern PLACEHOLDER = Pattern.compile("[A-Z][A-Z_]*(\\.[a-z]+)?");

	@Test
	void exampleCommandsWriteUnderResults() throws IOException {
		List<String> intoTheRepository = new ArrayList<>();
		int commands = 0;
		try (Stream<Path> examples = Files.list(CommandLine.repositoryRoot().resolve("examples"))) {
			for (Path readme : examples.filter(folder -> !EXEMPT.contains(folder.getFileName().toString()))
					.map(folder -> folder.resolve("README.md")).filter(Files::isRegularFile).sorted().toList()) {
				for (String command : commands(readme)) {
					commands++;
					Matcher written = WRITTEN.matcher(command);
					while (written.find()) {
						String target = written.group(1) != null ? written.group(1) : written.group(2);
						if (!target.startsWith("results/") && !target.startsWith("../../results/")
								&& !target.equals("/dev/null") && !PLACEHOLDER.matcher(target).matches()) {
							intoTheRepository.add(readme.getParent().getFileName() + ": " + command);
						}
					}
				}
			}
		}
		assertFalse(commands == 0, "no commands found in the examples' READMEs");
		assertEquals(List.of(), intoTheRepository);
	}

	/** The command lines of a README's code blocks, continuation lines joined. */
	private static List<String> commands(Path readme) throws IOException {
		List<String> commands = new ArrayList<>();
		boolean inCode = false;
		StringBuilder command = null;
		for (String line : Files.readAllLines(readme)) {
			if (line.strip().startsWith("```")) {
				inCode = !inCode;
				command = null;
				continue;
			}
			if (!inCode) {
				continue;
			}
			String text = line.strip();
			if (command == null) {
				if (!runsSomething(text)) {
					continue;
				}
				command = new StringBuilder();
			}
			boolean continues = text.endsWith("\\");
			command.append(continues ? text.substring(0, text.length() - 1) : text).append(' ');
			if (!continues) {
				commands.add(command.toString().strip().replaceAll("\\s+#.*$", ""));
				command = null;
			}
		}
		return commands;
	}

	private static boolean runsSomething(String line) {
		return line.startsWith("./iosim") || line.startsWith("../../iosim") || line.startsWith("iosim ")
				|| line.startsWith("examples/") || line.startsWith("python3 ") || line.startsWith("for ");
	}
}
