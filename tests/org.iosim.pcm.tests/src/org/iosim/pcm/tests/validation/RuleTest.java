package org.iosim.pcm.tests.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.iosim.pcm.validation.Rule;
import org.iosim.testing.Repository;
import org.junit.jupiter.api.Test;

/** The rules' codes are what users look up: unique, documented as they are, and each one used by a check. */
class RuleTest {

	private static final Path VALIDATION_SOURCES = Path.of("bundles", "org.iosim.pcm", "src", "org", "iosim", "pcm",
			"validation");

	@Test
	void numbersCountUpFromOneAndCodesAreUnique() {
		Rule[] rules = Rule.values();
		for (int index = 0; index < rules.length; index++) {
			assertEquals(index + 1, rules[index].number(), rules[index]::name);
		}
		assertEquals(rules.length, Arrays.stream(rules).map(Rule::code).distinct().count());
		assertEquals("required-reference", Rule.REQUIRED_REFERENCE.code());
	}

	@Test
	void theDocumentationListsEveryRuleAsItIs() throws IOException {
		String page = Files.readString(Repository.root().resolve("docs/validation-rules.md"));
		Matcher row = Pattern.compile("(?m)^\\| (\\d+) \\| `([a-z-]+)` \\| (.+) \\|$").matcher(page);
		List<String> documented = new ArrayList<>();
		while (row.find()) {
			documented.add(row.group(1) + " " + row.group(2) + " " + row.group(3));
		}
		assertEquals(Arrays.stream(Rule.values()).map(rule -> rule.number() + " " + rule.code() + " " + rule.summary())
				.toList(), documented);
	}

	@Test
	void everyRuleIsReportedBySomeCheck() throws IOException {
		StringBuilder checks = new StringBuilder();
		try (Stream<Path> files = Files.list(Repository.root().resolve(VALIDATION_SOURCES))) {
			for (Path file : files.filter(file -> !file.getFileName().toString().equals("Rule.java")).toList()) {
				checks.append(Files.readString(file));
			}
		}
		for (Rule rule : Rule.values()) {
			assertTrue(checks.indexOf("Rule." + rule.name() + ",") >= 0, () -> rule + " is reported by no check");
		}
	}
}
