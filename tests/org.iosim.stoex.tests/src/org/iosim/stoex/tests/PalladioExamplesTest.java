package org.iosim.stoex.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.iosim.stoex.Expression;
import org.iosim.stoex.StoEx;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Every stochastic expression in the real Palladio example models parses, type-checks and prints back. */
class PalladioExamplesTest {

	private static final Pattern SPECIFICATION = Pattern.compile("specification=\"([^\"]*)\"");
	private static final Pattern ENTITY = Pattern.compile("&(lt|gt|amp|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);");

	/** Walks up from the working directory, so the test finds the folder from any module of the repository. */
	private static Path examplesFolder() {
		for (Path directory = Path.of("").toAbsolutePath(); directory != null; directory = directory.getParent()) {
			Path candidate = directory.resolve("shared").resolve("palladio-examples");
			if (Files.isDirectory(candidate)) {
				return candidate;
			}
		}
		return null;
	}

	static String unescapeXml(String attribute) {
		Matcher matcher = ENTITY.matcher(attribute);
		return matcher.replaceAll(match -> Matcher.quoteReplacement(switch (match.group(1)) {
			case "lt" -> "<";
			case "gt" -> ">";
			case "amp" -> "&";
			case "quot" -> "\"";
			case "apos" -> "'";
			default -> {
				String code = match.group(1).substring(1);
				int codePoint = code.startsWith("x") ? Integer.parseInt(code.substring(1), 16) : Integer.parseInt(code);
				yield Character.toString(codePoint);
			}
		}));
	}

	private static Set<String> specifications(Path folder) throws IOException {
		Set<String> specifications = new TreeSet<>();
		try (Stream<Path> files = Files.walk(folder)) {
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				String content = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
				Matcher matcher = SPECIFICATION.matcher(content);
				while (matcher.find()) {
					specifications.add(unescapeXml(matcher.group(1)));
				}
			}
		}
		return specifications;
	}

	@Test
	void everySpecificationParsesTypeChecksAndPrintsBack() throws IOException {
		Path folder = examplesFolder();
		Assumptions.assumeTrue(folder != null, "shared/palladio-examples is not present");
		Set<String> specifications = specifications(folder);
		assertTrue(specifications.size() > 50, "found only " + specifications.size() + " specifications");
		List<String> failures = new ArrayList<>();
		for (String text : specifications) {
			try {
				Expression expression = StoEx.parse(text);
				expression.compile();
				if (!expression.equals(StoEx.parse(expression.text()))) {
					failures.add(text + ": prints as " + expression.text() + ", which reads back differently");
				}
				boolean hasMean = expression.variables().isEmpty() && !text.startsWith("EnumPMF");
				if (hasMean && expression.mean().isEmpty()) {
					failures.add(text + ": no exact mean");
				}
			} catch (RuntimeException e) {
				failures.add(text + ": " + e);
			}
		}
		assertEquals(List.of(), failures);
	}

	@Test
	void xmlEntitiesAreDecoded() {
		assertEquals("a.VALUE < 3 AND \"x\" <> b.VALUE & ' \n",
				unescapeXml("a.VALUE &lt; 3 AND &quot;x&quot; &lt;&gt; b.VALUE &amp; &apos; &#10;"));
		assertEquals("A", unescapeXml("&#x41;"));
	}
}
