package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.engine.ModelCompilationException;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.Identified;
import org.iosim.pcm.io.FileSet;
import org.iosim.pcm.io.IoFactory;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.palladio.export.PalladioExportException;
import org.iosim.pcm.palladio.export.PalladioExporter;
import org.iosim.testing.Repository;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exporting to Palladio files loses nothing IOSim reads: every model set of the examples and of
 * Palladio's own example projects, imported, exported and imported again, is the same model and
 * simulates to the same mean response time with the same seed.
 * <p>
 * Normalisation before comparing: the re-imported model set is named after the exported files, so
 * it gets the original's name back; and ids the export had to make up for elements without one
 * (prefix {@link PalladioExporter#GENERATED_ID_PREFIX}) are removed again.
 */
class PalladioExportRoundTripTest {

	@TempDir
	Path folder;

	@TestFactory
	Stream<DynamicTest> examplesRoundTrip() throws IOException {
		Path examples = repositoryFolder("examples").orElse(null);
		Assumptions.assumeTrue(examples != null, "examples/ not found");
		return modelFolders(examples).stream().map(source -> DynamicTest
				.dynamicTest("examples/" + examples.relativize(source), () -> assertRoundTrips(source)));
	}

	@TestFactory
	Stream<DynamicTest> palladioExamplesRoundTrip() throws IOException {
		Path examples = TestModels.palladioExamples().orElse(null);
		Assumptions.assumeTrue(examples != null, "shared/palladio-examples not found");
		return modelFolders(examples).stream().filter(source -> !source.endsWith("defaultModels"))
				.map(source -> DynamicTest.dynamicTest(examples.relativize(source).toString(),
						() -> assertRoundTrips(source)));
	}

	@Test
	void iosimFileRoundTrips() throws Exception {
		ModelSet imported = importClean(Repository.example("minimal")).get(0);
		Path iosimFile = folder.resolve("shop.iosim");
		ArchitectureFiles.save(imported.model(), iosimFile);

		ModelSet loaded = new PalladioImporter().importPath(iosimFile).modelSets().get(0);
		ArchitectureModel again = exportAndImport(loaded.model(), folder.resolve("out"), "shop");

		assertTrue(EcoreUtil.equals(loaded.model(), again), "the .iosim model after export and import");
	}

	@Test
	void exportedFilesUsePalladiosNamespacesAndDefaultModels() throws Exception {
		ModelSet imported = importClean(Repository.example("fileserver")).get(0);

		List<Path> files = PalladioExporter.export(imported.model(), folder, "fs");

		assertEquals(List.of("fs.repository", "fs.system", "fs.resourceenvironment", "fs.allocation", "fs.usagemodel"),
				files.stream().map(file -> file.getFileName().toString()).toList());
		String repository = Files.readString(folder.resolve("fs.repository"));
		assertTrue(repository.contains(
				"xmlns:repository=\"http://palladiosimulator.org/PalladioComponentModel/Repository/5.2\""), repository);
		assertTrue(repository.contains("xmlns:seff=\"http://palladiosimulator.org/PalladioComponentModel/SEFF/5.2\""));
		assertTrue(repository.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
		assertTrue(repository.contains("href=\"pathmap://PCM_MODELS/Palladio.resourcetype#"), repository);
		String environment = Files.readString(folder.resolve("fs.resourceenvironment"));
		assertTrue(environment.contains("<schedulingPolicy href=\"pathmap://PCM_MODELS/Palladio.resourcetype#"),
				environment);
	}

	@Test
	void ioRequestsAreWrittenAsHddInterfaceCallsWithTheirInputs() throws Exception {
		ModelSet imported = importClean(Repository.example("fileserver")).get(0);

		PalladioExporter.export(imported.model(), folder, "fs");

		String repository = Files.readString(folder.resolve("fs.repository"));
		assertTrue(repository.contains("<resourceCall__Action"), repository);
		// HddInterface's read and write signatures of Palladio.resourcetype
		assertTrue(repository.contains("pathmap://PCM_MODELS/Palladio.resourcetype#_ygMyEE5CEeCUKeckjJ_n-w")
				|| repository.contains("pathmap://PCM_MODELS/Palladio.resourcetype#_zUFtIE5CEeCUKeckjJ_n-w"));
		assertTrue(repository.contains("referenceName=\"size\""), repository);
	}

	@Test
	void refusesToOverwriteExistingFiles() throws Exception {
		ArchitectureModel model = importClean(Repository.example("minimal")).get(0).model();
		Files.writeString(folder.resolve("shop.system"), "mine");

		PalladioExportException refusal = assertThrows(PalladioExportException.class,
				() -> PalladioExporter.export(model, folder, "shop"));

		assertTrue(refusal.getMessage().contains("shop.system"), refusal.getMessage());
		assertEquals("mine", Files.readString(folder.resolve("shop.system")));
		assertFalse(Files.exists(folder.resolve("shop.repository")), "nothing is written when one file exists");
		PalladioExporter.export(model, folder, "shop", true);
		assertTrue(Files.readString(folder.resolve("shop.system")).contains("system:System"));
	}

	@Test
	void refusesBaseNamesWithPathSeparators() throws Exception {
		ArchitectureModel model = importClean(Repository.example("minimal")).get(0).model();

		PalladioExportException refusal = assertThrows(PalladioExportException.class,
				() -> PalladioExporter.export(model, folder, "../escape"));

		assertTrue(refusal.getMessage().contains("../escape"), refusal.getMessage());
	}

	@Test
	void anElementPalladioCannotHoldIsNamedNotDropped() throws Exception {
		ArchitectureModel model = importClean(Repository.example("minimal")).get(0).model();
		FileSet extension = IoFactory.eINSTANCE.createFileSet();
		extension.setName("index");
		model.getExtensions().add(extension);

		PalladioExportException refusal = assertThrows(PalladioExportException.class,
				() -> PalladioExporter.export(model, folder, "shop"));

		assertEquals("model 'shop': its extension FileSet 'index' cannot be written as Palladio files: IOSim"
				+ " writes only an I/O configuration beside them", refusal.getMessage());
		try (Stream<Path> written = Files.list(folder)) {
			assertEquals(0, written.count(), "no file is written for a model that cannot be exported");
		}
	}

	@Test
	void resourceTypesOfTheModelsOwnAreWrittenToAResourceTypeFileTheOthersReferTo() throws Exception {
		Path source = TestModels.RESOURCES.resolve("own-resource-type");
		assertRoundTrips(source);
		ArchitectureModel model = importClean(source).get(0).model();

		List<Path> files = PalladioExporter.export(model, folder, "shop");

		assertEquals(List.of("shop.repository", "shop.system", "shop.resourceenvironment", "shop.allocation",
				"shop.usagemodel", "shop.resourcetype"), files.stream().map(file -> file.getFileName().toString()).toList());
		String resourceTypes = Files.readString(folder.resolve("shop.resourcetype"));
		assertTrue(resourceTypes.contains("<resourcetype:ResourceRepository"), resourceTypes);
		for (String own : new String[] { "id=\"shop.gpu.interface\"", "id=\"shop.gpu.render\"",
				"id=\"shop.roundRobin\"", "id=\"shop.gpu\"", "id=\"shop.fibre\"" }) {
			assertTrue(resourceTypes.contains(own), own + " in " + resourceTypes);
		}
		assertFalse(resourceTypes.contains("_oro4gG3fEdy4YaaT-RYrLQ"), "Palladio's own types stay in Palladio.resourcetype");
		assertTrue(Files.readString(folder.resolve("shop.repository"))
				.contains("<requiredResource_ParametricResourceDemand href=\"shop.resourcetype#shop.gpu\"/>"));
		assertTrue(Files.readString(folder.resolve("shop.resourceenvironment"))
				.contains("<activeResourceType_ActiveResourceSpecification href=\"shop.resourcetype#shop.gpu\"/>"));
	}

	// ------------------------------------------------------------------ helpers

	private void assertRoundTrips(Path source) throws Exception {
		List<ModelSet> modelSets = importClean(source);
		assertFalse(modelSets.isEmpty(), source.toString());
		// the dynamic tests of one factory share the temporary folder
		Path target = Files.createTempDirectory(folder, "export");
		int index = 0;
		for (ModelSet original : modelSets) {
			String baseName = original.name().replaceAll("[^A-Za-z0-9._+-]", "_");
			ArchitectureModel again = exportAndImport(original.model(), target.resolve("set" + index++), baseName);

			assertTrue(EcoreUtil.equals(original.model(), again), () -> original.name() + ": " + difference(original.model(), again));
			ModelSet reimported = new ModelSet(original.name(), again, List.of());
			Object before = simulate(original);
			Object after = simulate(reimported);
			assertEquals(before, after, original.name() + ": mean response time with the same seed");
			System.out.println("round trip " + source.getFileName() + " / " + original.name() + ": " + after);
		}
	}

	/**
	 * @return the mean response time, or, for a model IOSim cannot simulate (e.g. a Palladio
	 *         extension's scheduler), the kind of error, which the round trip must keep as well
	 */
	private static Object simulate(ModelSet modelSet) throws Exception {
		try {
			return Simulations.meanResponseTime(modelSet);
		} catch (ModelCompilationException notSimulatable) {
			return notSimulatable.getClass().getSimpleName();
		}
	}

	private static List<ModelSet> importClean(Path source) {
		ImportResult result = new PalladioImporter().importPath(source);
		assertFalse(result.hasErrors(), () -> source + describe(result.diagnostics()));
		return result.modelSets();
	}

	private static ArchitectureModel exportAndImport(ArchitectureModel model, Path target, String baseName)
			throws PalladioExportException {
		List<Path> files = PalladioExporter.export(model, target, baseName);
		ImportResult again = new PalladioImporter().importPaths(files);
		assertFalse(again.hasErrors(), () -> "re-import of " + files + describe(again.diagnostics()));
		assertEquals(1, again.modelSets().size(), () -> "model sets re-imported from " + files);
		ArchitectureModel reimported = again.modelSets().get(0).model();
		reimported.setName(model.getName());
		for (Iterator<EObject> contents = reimported.eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof Identified identified && identified.getId() != null
					&& identified.getId().startsWith(PalladioExporter.GENERATED_ID_PREFIX)) {
				identified.setId(null);
			}
		}
		return reimported;
	}

	/** The first pair of elements, in containment order, that differ; for the failure message. */
	private static String difference(ArchitectureModel expected, ArchitectureModel actual) {
		List<EObject> left = new ArrayList<>();
		List<EObject> right = new ArrayList<>();
		expected.eAllContents().forEachRemaining(left::add);
		actual.eAllContents().forEachRemaining(right::add);
		for (int i = 0; i < Math.min(left.size(), right.size()); i++) {
			EcoreUtil.EqualityHelper helper = new EcoreUtil.EqualityHelper() {
				private static final long serialVersionUID = 1L;

				@Override
				protected boolean haveEqualReference(EObject eObject1, EObject eObject2,
						org.eclipse.emf.ecore.EReference reference) {
					return reference.isContainment() ? true : super.haveEqualReference(eObject1, eObject2, reference);
				}
			};
			if (left.get(i).eClass() != right.get(i).eClass() || !helper.equals(left.get(i), right.get(i))) {
				return "first difference: " + describeElement(left.get(i)) + " vs " + describeElement(right.get(i));
			}
		}
		return left.size() + " vs " + right.size() + " elements";
	}

	private static String describeElement(EObject element) {
		StringBuilder text = new StringBuilder(element.eClass().getName());
		for (var attribute : element.eClass().getEAllAttributes()) {
			text.append(' ').append(attribute.getName()).append('=').append(element.eGet(attribute));
		}
		return text.toString();
	}

	/** Folders that hold Palladio model files or .iosim files directly, each imported on its own. */
	private static List<Path> modelFolders(Path root) throws IOException {
		try (Stream<Path> folders = Files.walk(root, 4)) {
			return folders.filter(Files::isDirectory).filter(PalladioExportRoundTripTest::holdsModels).sorted().toList();
		}
	}

	private static boolean holdsModels(Path folder) {
		try (Stream<Path> files = Files.list(folder)) {
			return files.map(file -> file.getFileName().toString())
					.anyMatch(name -> name.endsWith(".allocation") || name.endsWith(".iosim"));
		} catch (IOException e) {
			return false;
		}
	}

	private static Optional<Path> repositoryFolder(String name) {
		for (Path folder = Path.of("").toAbsolutePath(); folder != null; folder = folder.getParent()) {
			if (Files.isDirectory(folder.resolve(name)) && Files.isDirectory(folder.resolve("bundles"))) {
				return Optional.of(folder.resolve(name));
			}
		}
		return Optional.empty();
	}
}
