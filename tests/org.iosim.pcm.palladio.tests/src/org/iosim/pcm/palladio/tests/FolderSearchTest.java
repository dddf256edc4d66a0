package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which files of a folder are model files, and how model sets in subfolders are found: each folder
 * that holds model files makes model sets as if it had been named alone.
 */
class FolderSearchTest {

	@TempDir
	Path folder;

	@Test
	void otherFilesInAFolderAreIgnoredSilently() throws IOException {
		copyMinimal(folder);
		Files.writeString(folder.resolve("README.md"), "# The shop\n");
		Files.writeString(folder.resolve("notes.xml"), "<notes/>");

		ImportResult result = new PalladioImporter().importPath(folder);

		assertEquals(List.of(), result.diagnostics(), () -> describe(result.diagnostics()));
		assertEquals(List.of("shop"), names(result));
	}

	@Test
	void filesOfOtherPalladioToolsAreNamedOnceByKindWithWhatIgnoringThemMeans() throws IOException {
		copyMinimal(folder);
		// .usageevolution and .dlim files are read (UsageEvolutionTest)
		for (String name : List.of("a.measuringpoint", "b.measuringpoint",
				"c.measuringpoint", "d.measuringpoint", "e.measuringpoint", "My.experiments", "x.monitorrepository",
				"goals.slo", "sale.bpusagemodel")) {
			Files.writeString(folder.resolve(name), "never read");
		}

		ImportResult result = new PalladioImporter().importPath(folder);

		assertEquals(List.of(
				folder.resolve("sale.bpusagemodel") + ": this file is ignored: business process usage models (Palladio's"
						+ " IntBIIS extension) are not simulated: only the usage scenarios of .usagemodel files put load"
						+ " on the system",
				folder.resolve("My.experiments") + ": this file is ignored: experiment settings (simulator, stop"
						+ " conditions, parameter variations) are not applied: the model set is simulated once, with"
						+ " IOSim's own options (--stop-time, --max-measurements, --seed, ...)",
				folder.resolve("a.measuringpoint") + ": this file and the other 4 .measuringpoint files ("
						+ folder.resolve("b.measuringpoint") + ", " + folder.resolve("c.measuringpoint") + ", "
						+ folder.resolve("d.measuringpoint") + " and 1 more) are ignored: measuring points do not limit"
						+ " what is measured: IOSim measures every usage scenario, call and resource",
				folder.resolve("x.monitorrepository") + ": this file is ignored: monitors (which metrics Palladio"
						+ " records and how it aggregates them) are not applied: IOSim reports its own fixed set of"
						+ " metrics",
				folder.resolve("goals.slo") + ": this file is ignored: service level objectives are not checked:"
						+ " results say nothing about whether they are met"), formatted(result));
		assertTrue(result.diagnostics().stream().noneMatch(Diagnostic::isError));
		assertEquals(List.of("shop"), names(result));
	}

	/** As SimuLizar's load balancer example has them, in subfolders of the model folder. */
	@Test
	void reconfigurationRulesOfSimuLizarAreNamedWithWhatIgnoringThemMeans() throws IOException {
		copyMinimal(folder);
		Path rules = Files.createDirectories(folder.resolve("reconfigurations"));
		for (String name : List.of("scaleOut.qvto", "scaleIn.qvto", "outsource.henshin", "acquire.sdm")) {
			Files.writeString(rules.resolve(name), "never read");
		}

		ImportResult result = new PalladioImporter().importPath(folder);

		String notRun = "the architecture stays as modelled for the whole run (no self-adaptation such as scaling"
				+ " out), so results describe the model without it";
		assertEquals(List.of(
				rules.resolve("outsource.henshin") + ": this file is ignored: Henshin rules, which SimuLizar runs as"
						+ " reconfiguration rules, are not run: " + notRun,
				rules.resolve("scaleIn.qvto") + ": this file and the other 1 .qvto file (" + rules.resolve("scaleOut.qvto")
						+ ") are ignored: QVTo transformations, which SimuLizar runs as reconfiguration rules, are not"
						+ " run: " + notRun,
				rules.resolve("acquire.sdm") + ": this file is ignored: story diagrams, which SimuLizar runs as"
						+ " reconfiguration rules, are not run: " + notRun), formatted(result));
		assertEquals(List.of("shop"), names(result));
	}

	@Test
	void namedFileWithAnotherExtensionIsAnErrorNamingTheAcceptedOnes() throws IOException {
		Path readme = Files.writeString(folder.resolve("README.md"), "# The shop\n");

		ImportResult result = new PalladioImporter().importPath(readme);

		assertEquals(List.of(readme + ": not a model file: IOSim reads Palladio model files (.repository, .system,"
				+ " .resourceenvironment, .allocation, .usagemodel, .resourcetype) and IOSim model files (.iosim)"),
				formatted(result));
	}

	@Test
	void modelSetsInSubfoldersAreFoundEachAsIfNamedAlone() throws IOException {
		copyMinimal(folder.resolve("shop/v1"));
		copyMinimal(folder.resolve("shop/v2"));
		TestModels.copy(TestModels.RESOURCES.resolve("hdd-calls"), folder.resolve("archive"));
		Files.writeString(folder.resolve("README.md"), "# Variants\n");

		ImportResult result = new PalladioImporter().importPath(folder);

		assertEquals(List.of(), result.diagnostics(), () -> describe(result.diagnostics()));
		assertEquals(List.of("archive", "v1/shop", "v2/shop"), names(result));
		assertEquals(folder.resolve("shop/v1/shop.allocation"), result.modelSets().get(1).files().get(0));
	}

	@Test
	void hiddenFoldersAndLinksBackAreNotSearched() throws IOException {
		copyMinimal(folder.resolve("models"));
		copyMinimal(folder.resolve(".snapshot"));
		Files.createSymbolicLink(folder.resolve("models/again"), folder);

		ImportResult result = new PalladioImporter().importPath(folder);

		assertEquals(List.of(), result.diagnostics(), () -> describe(result.diagnostics()));
		assertEquals(List.of("shop"), names(result));
	}

	@Test
	void foldersBeyondTheSearchDepthAreNamedInAWarning() throws IOException {
		Path deep = folder.resolve("1/2/3/4/5/6/7/8");
		copyMinimal(deep);
		copyMinimal(deep.resolve("9"));

		ImportResult result = new PalladioImporter().importPath(folder);

		assertEquals(List.of("shop"), names(result));
		assertEquals(List.of(folder + ": subfolders more than 8 levels down are not searched for model files, e.g. "
				+ deep.resolve("9")), formatted(result));
	}

	@Test
	void folderWithoutModelFilesAnywhereSaysHowDeepItWasSearched() throws IOException {
		Files.createDirectories(folder.resolve("docs/x.repository"));
		Files.writeString(folder.resolve("docs/README.md"), "nothing here");

		ImportResult result = new PalladioImporter().importPath(folder);

		assertEquals(List.of(folder + ": the folder contains no Palladio model files (.repository, .system,"
				+ " .resourceenvironment, .allocation, .usagemodel, .resourcetype), neither directly nor in its"
				+ " subfolders up to 8 levels down"), formatted(result));
	}

	@Test
	void palladioHddExampleFolderGivesTheModelSetsOfItsTwoSubfolders() {
		Path examples = TestModels.palladioExamples().orElse(null);
		Assumptions.assumeTrue(examples != null, "shared/palladio-examples not found");

		ImportResult result = new PalladioImporter().importPath(examples.resolve("HDDExample"));

		assertFalse(result.hasErrors(), () -> describe(result.diagnostics()));
		assertEquals(List.of("HDDDemoUsingInfrastructureCalls/default", "HDDDemoUsingResourceSignatures/default"),
				names(result));
	}

	@Test
	void folderOfPalladioExampleFoldersGivesTheModelSetsOfEach() {
		Path examples = TestModels.palladioExamples().orElse(null);
		Assumptions.assumeTrue(examples != null, "shared/palladio-examples not found");

		ImportResult result = new PalladioImporter().importPath(examples);

		assertFalse(result.hasErrors(), () -> describe(result.diagnostics()));
		// one per example, two in HDDExample, three in ScreencastMediaStore and SimpleOptimisation_Example
		assertEquals(14, result.modelSets().size(), () -> names(result).toString());
		assertEquals(14, names(result).stream().distinct().count());
		assertTrue(result.diagnostics().stream().noneMatch(diagnostic -> diagnostic.file().endsWith("README.md")));
	}

	private static void copyMinimal(Path target) throws IOException {
		TestModels.copy(TestModels.RESOURCES.resolve("minimal"), target);
	}

	private static List<String> names(ImportResult result) {
		return result.modelSets().stream().map(ModelSet::name).toList();
	}

	private static List<String> formatted(ImportResult result) {
		return result.diagnostics().stream().map(Diagnostic::format).toList();
	}
}
