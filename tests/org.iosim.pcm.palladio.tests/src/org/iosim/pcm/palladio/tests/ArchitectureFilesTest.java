package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;
import org.iosim.pcm.validation.SourceLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchitectureFilesTest {

	@TempDir
	Path folder;

	@Test
	void importedModelSurvivesSavingAndLoading() throws IOException {
		ArchitectureModel imported = TestModels.importCleanSet(TestModels.RESOURCES.resolve("hdd-calls")).model();
		Path file = folder.resolve("archive.iosim");

		ArchitectureFiles.save(imported, file);
		ImportResult loaded = ArchitectureFiles.load(file);

		assertEquals(List.of(), loaded.diagnostics(), () -> describe(loaded.diagnostics()));
		ArchitectureModel model = loaded.modelSets().get(0).model();
		assertTrue(EcoreUtil.equals(imported, model));
		assertEquals("archive", loaded.modelSets().get(0).name());
		assertEquals(List.of(), new ModelValidator().validate(model));
		assertEquals(file.toString(), SourceLocation.of(TestModels.byId(model, "chunk.persist", InternalAction.class))
				.orElseThrow().file(), "diagnostics about a loaded model name its file");
		assertEquals(null, imported.eResource(), "saving leaves the model where it was");
	}

	@Test
	void importerAcceptsIosimFiles() throws IOException {
		ArchitectureModel imported = TestModels.importCleanSet(TestModels.RESOURCES.resolve("minimal")).model();
		Path file = folder.resolve("shop.iosim");
		ArchitectureFiles.save(imported, file);

		ImportResult result = new PalladioImporter().importPath(file);

		assertEquals(List.of(), result.diagnostics());
		assertTrue(EcoreUtil.equals(imported, result.modelSets().get(0).model()));
	}

	@Test
	void brokenFileGivesDiagnosticWithLine() throws IOException {
		Path file = folder.resolve("broken.iosim");
		Files.writeString(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<pcm:ArchitectureModel xmlns:pcm=\"http://iosim.org/pcm/1.0\">\n<repositories>\n</pcm:ArchitectureModel>\n");

		ImportResult result = ArchitectureFiles.load(file);

		assertEquals(List.of(), result.modelSets());
		assertTrue(result.hasErrors());
		Diagnostic error = result.errors().get(0);
		assertEquals(file.toString(), error.file());
		assertEquals(4, error.line(), error::format);
		assertTrue(error.message().startsWith("XML is not well-formed: "), error::format);
	}

	@Test
	void missingFileGivesDiagnostic() {
		Path file = folder.resolve("absent.iosim");

		ImportResult result = ArchitectureFiles.load(file);

		assertEquals(List.of(), result.modelSets());
		assertEquals(1, result.errors().size(), () -> describe(result.diagnostics()));
		assertEquals(file.toString(), result.errors().get(0).file());
	}

	@Test
	void foreignXmlGivesDiagnostic() throws IOException {
		Path file = folder.resolve("other.iosim");
		Files.writeString(file, "<?xml version=\"1.0\"?>\n<html><body/></html>\n");

		ImportResult result = ArchitectureFiles.load(file);

		assertEquals(List.of(), result.modelSets());
		assertTrue(result.hasErrors(), () -> describe(result.diagnostics()));
	}
}
