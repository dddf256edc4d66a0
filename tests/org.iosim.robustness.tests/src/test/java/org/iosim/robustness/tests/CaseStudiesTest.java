package org.iosim.robustness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.iosim.cli.Main;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Public Palladio case studies as a new user runs them (docs/case-studies.md): each folder under the
 * folder that the environment variable {@code IOSIM_CASE_STUDIES} names (e.g. one per case study
 * model set, such as CoCoME's, TeaStore's or PerOpteryx's) is validated, and each of its model sets
 * simulated. The models are read where they are, never copied into the repository; without the
 * variable the test is skipped.
 * <p>
 * Every run ends within its time limit with exit status 0 or 1 and without a stack trace or an
 * exception's name; a model set that validates also simulates; one that does not is refused with
 * messages naming its model files.
 */
class CaseStudiesTest {

	private static final String FOLDER_VARIABLE = "IOSIM_CASE_STUDIES";

	/** Long enough for the largest case studies on a loaded machine; a hang is stopped at this limit. */
	private static final Duration TIME_LIMIT = Duration.ofMinutes(3);

	/** What a stack trace or an exception's name looks like in the output. */
	private static final Pattern STACK_TRACE = Pattern.compile(
			"\\tat |Exception in thread|\\b(java|javax|org|com)\\.[\\w.]+(Exception|Error)\\b");

	private static final Pattern MODEL_FILE = Pattern.compile(
			"\\.(repository|system|resourceenvironment|allocation|usagemodel|usageevolution|dlim)\\b");

	@TempDir
	Path results;

	private record Run(int status, String output) {
	}

	@TestFactory
	Stream<DynamicTest> everyModelSetValidatesAndSimulatesOrIsRefusedClearly() throws IOException {
		String configured = System.getenv(FOLDER_VARIABLE);
		Assumptions.assumeTrue(configured != null && !configured.isBlank(),
				FOLDER_VARIABLE + " names no folder of case studies");
		Path root = Path.of(configured);
		assertTrue(Files.isDirectory(root), FOLDER_VARIABLE + " = " + root + " is not a folder");
		List<DynamicTest> tests = new ArrayList<>();
		try (Stream<Path> folders = Files.list(root)) {
			for (Path folder : folders.filter(Files::isDirectory).sorted().toList()) {
				tests.add(DynamicTest.dynamicTest(folder.getFileName() + ": validate", () -> validate(folder)));
				for (ModelSet modelSet : new PalladioImporter().importPath(folder).modelSets()) {
					tests.add(DynamicTest.dynamicTest(folder.getFileName() + ": simulate " + modelSet.name(),
							() -> simulate(folder, modelSet.name())));
				}
			}
		}
		return tests.stream();
	}

	private static void validate(Path folder) {
		Run run = run("validate", folder.toString());
		assertTrue(run.status() == 0 || run.status() == 1, "exit status " + run.status() + "\n" + run.output());
		assertClear(run);
	}

	private void simulate(Path folder, String modelSet) throws IOException {
		boolean valid = isValid(folder, modelSet);
		Path out = Files.createTempDirectory(results, "run");
		Run run = run("simulate", folder.toString(), "--model-set", modelSet, "--out", out.toString(), "--overwrite",
				"--seed", "1", "--max-measurements", "2000", "--warmup", "100", "--quiet");
		assertEquals(valid ? 0 : 1, run.status(), (valid ? "validates but does not simulate" : "is invalid") + "\n"
				+ run.output());
		assertClear(run);
	}

	/** @return whether the model set imports and validates without errors, as 'iosim validate' decides */
	private static boolean isValid(Path folder, String name) {
		ImportResult imported = new PalladioImporter().importPath(folder);
		ModelSet modelSet = imported.modelSets().stream().filter(set -> set.name().equals(name)).findFirst()
				.orElseThrow();
		return imported.errorsIn(modelSet).isEmpty()
				&& new ModelValidator().validate(modelSet.model()).stream().noneMatch(Diagnostic::isError);
	}

	/** No stack trace or exception name; a refusal names the model file it is about. */
	private static void assertClear(Run run) {
		assertFalse(STACK_TRACE.matcher(run.output()).find(), run.output());
		if (run.status() != 0) {
			assertTrue(MODEL_FILE.matcher(run.output()).find(), "names no model file:\n" + run.output());
		}
	}

	private static Run run(String... args) {
		return assertTimeoutPreemptively(TIME_LIMIT, () -> {
			StringWriter out = new StringWriter();
			StringWriter err = new StringWriter();
			int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
			return new Run(status, out.toString() + err);
		}, () -> "iosim " + String.join(" ", args) + " did not end within " + TIME_LIMIT);
	}
}
