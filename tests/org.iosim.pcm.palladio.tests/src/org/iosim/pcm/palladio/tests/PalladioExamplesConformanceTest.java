package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.iosim.pcm.palladio.tests.TestModels.errors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelStatistics;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Palladio's own example models (shared/palladio-examples) are valid Palladio models: each must
 * import and validate without error, and survive saving as .iosim. Skipped where the examples are
 * not available.
 */
class PalladioExamplesConformanceTest {

	@TempDir
	Path folder;

	@ParameterizedTest
	@ValueSource(strings = { "Acquire_Example", "HDDExample/HDDDemoUsingInfrastructureCalls",
			"HDDExample/HDDDemoUsingResourceSignatures", "InfrastructureComponent_Example",
			"Minimum_ExactScheduler_Project", "Minimum_Project_Example", "PCMFork_Example", "PCMSetVariable_Example",
			"ScreencastMediaStore", "SimpleOptimisation_Example" })
	void importsAndValidatesWithoutErrors(String example) {
		ImportResult result = importExample(example);

		assertFalse(result.hasErrors(), () -> describe(result.diagnostics()));
		assertFalse(result.modelSets().isEmpty());
		for (ModelSet modelSet : result.modelSets()) {
			List<Diagnostic> validationErrors = errors(TestModels.validate(modelSet.model()));
			assertEquals(List.of(), validationErrors, () -> modelSet.name() + describe(validationErrors));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "Acquire_Example", "HDDExample/HDDDemoUsingInfrastructureCalls",
			"HDDExample/HDDDemoUsingResourceSignatures", "InfrastructureComponent_Example",
			"Minimum_ExactScheduler_Project", "Minimum_Project_Example", "PCMFork_Example", "PCMSetVariable_Example",
			"ScreencastMediaStore", "SimpleOptimisation_Example" })
	void survivesSavingAndLoading(String example) throws IOException {
		for (ModelSet modelSet : importExample(example).modelSets()) {
			Path file = folder.resolve(modelSet.name().replace('/', '_') + ".iosim");
			ArchitectureFiles.save(modelSet.model(), file);

			ImportResult loaded = ArchitectureFiles.load(file);

			assertEquals(List.of(), loaded.diagnostics(), () -> describe(loaded.diagnostics()));
			assertTrue(EcoreUtil.equals(modelSet.model(), loaded.modelSets().get(0).model()), modelSet.name());
		}
	}

	@Test
	void minimumProjectHasTheExpectedSize() {
		ImportResult result = importExample("Minimum_Project_Example");

		assertEquals(List.of("default"), result.modelSets().stream().map(ModelSet::name).toList());
		// start, stop, branch, and start, internal action, stop in each of the two branch behaviours
		assertEquals(new ModelStatistics(1, 1, 9, 1, 1), ModelStatistics.of(result.modelSets().get(0).model()));
	}

	@Test
	void mediaStorePairsEachUsageModelWithTheAllocationOfItsSystem() {
		ImportResult result = importExample("ScreencastMediaStore");

		assertEquals(List.of("MediaStore-Cacheless", "MediaStore-EnqueueDownloadCache", "MediaStore-InstantDownloadCache"),
				result.modelSets().stream().map(ModelSet::name).toList());
		List<String> usageModels = result.modelSets().stream().map(modelSet -> modelSet.files().stream()
				.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".usagemodel")).findFirst()
				.orElseThrow()).toList();
		assertEquals(List.of("MediaStore.usagemodel", "MediaStoreEnqueueDownloadCache.usagemodel",
				"MediaStoreInstant-DownloadCache.usagemodel"), usageModels);
		for (ModelSet modelSet : result.modelSets()) {
			ArchitectureModel model = modelSet.model();
			assertSame(model.getSystem(), model.getAllocation().getSystem());
			model.getUsageModel().eAllContents().forEachRemaining(element -> {
				if (element instanceof EntryLevelSystemCall call) {
					assertSame(model.getSystem(), call.getProvidedRole().eContainer(), modelSet.name());
				}
			});
			assertEquals(new ModelStatistics(6, 11, 73, 2, 1), ModelStatistics.of(model), modelSet.name());
		}
	}

	@Test
	void simpleOptimisationMakesOneModelSetPerUsageModelOfTheDefaultSystem() {
		ImportResult result = importExample("SimpleOptimisation_Example");

		assertEquals(List.of("default+default", "default+default_c4", "newWithComposites"),
				result.modelSets().stream().map(ModelSet::name).toList());
	}

	private static ImportResult importExample(String example) {
		Path examples = TestModels.palladioExamples().orElse(null);
		Assumptions.assumeTrue(examples != null, "shared/palladio-examples not found");
		return new PalladioImporter().importPath(examples.resolve(example));
	}
}
