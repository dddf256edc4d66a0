package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The hand-written sources are indented with tabs, as .editorconfig and releng/eclipse-formatter.xml
 * say: no line begins with four spaces, except inside Java text blocks and Xtend templates, whose
 * spaces are part of the text. Generated sources (src-gen, xtend-gen) and build output are left out.
 */
class SourceIndentationTest {

	private static final Set<String> SOURCE_FOLDERS = Set.of("bundles", "tests", "engines", "benchmarks");
	private static final Set<String> NOT_WRITTEN_BY_HAND = Set.of("target", "src-gen", "xtend-gen", "bin");

	@Test
	void everySourceIsIndentedWithTabs() throws IOException {
		Path root = ImporterCorpus.repositoryRoot();
		List<Path> sources = new ArrayList<>();
		for (String folder : SOURCE_FOLDERS) {
			if (Files.isDirectory(root.resolve(folder))) {
				try (Stream<Path> files = Files.walk(root.resolve(folder))) {
					files.filter(SourceIndentationTest::isSource).filter(file -> writtenByHand(root, file))
							.forEach(sources::add);
				}
			}
		}
		List<String> spaceIndented = new ArrayList<>();
		for (Path source : sources) {
			int line = firstLineIndentedWithSpaces(Files.readAllLines(source), source.toString().endsWith(".xtend"));
			if (line > 0) {
				spaceIndented.add(root.relativize(source) + ": line " + line);
			}
		}
		assertTrue(sources.size() > 500, "sources found: " + sources.size());
		assertEquals(List.of(), spaceIndented);
	}

	@Test
	void textBlocksAndTemplatesKeepTheirSpaces() {
		assertEquals(0, firstLineIndentedWithSpaces(List.of("\tString text = \"\"\"", "        indented text",
				"        \"\"\";", "\treturn text;"), false));
		assertEquals(2, firstLineIndentedWithSpaces(List.of("class A {", "    int b;", "}"), false));
		assertEquals(0, firstLineIndentedWithSpaces(List.of("\tdef text() '''", "    «name»", "    '''"), true));
	}

	private static boolean isSource(Path file) {
		String name = file.getFileName().toString();
		return Files.isRegularFile(file) && (name.endsWith(".java") || name.endsWith(".xtend") || name.endsWith(".xcore"));
	}

	private static boolean writtenByHand(Path root, Path file) {
		for (Path part : root.relativize(file)) {
			if (NOT_WRITTEN_BY_HAND.contains(part.toString())) {
				return false;
			}
		}
		return true;
	}

	/** @return the first line (from 1) that begins with four spaces outside a text block or template; 0 if none */
	static int firstLineIndentedWithSpaces(List<String> lines, boolean xtend) {
		String delimiter = xtend ? "'''" : "\"\"\"";
		boolean inText = false;
		for (int index = 0; index < lines.size(); index++) {
			String line = lines.get(index);
			if (!inText && line.startsWith("    ")) {
				return index + 1;
			}
			if (occurrences(line, delimiter) % 2 == 1) {
				inText = !inText;
			}
		}
		return 0;
	}

	private static int occurrences(String line, String text) {
		int count = 0;
		for (int at = line.indexOf(text); at >= 0; at = line.indexOf(text, at + text.length())) {
			count++;
		}
		return count;
	}
}
