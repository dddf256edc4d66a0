package org.iosim.pcm.palladio.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.Identified;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;
import org.iosim.testing.Repository;

/** Finding test models and looking into imported ones. */
final class TestModels {

	/** The tests run in the test bundle's folder, which holds the hand-written models. */
	static final Path RESOURCES = Path.of("resources");

	private TestModels() {
	}

	static ImportResult importResource(String... relativePaths) {
		return new PalladioImporter().importPaths(Arrays.stream(relativePaths).map(RESOURCES::resolve).toList());
	}

	/** Imports a folder that must give exactly one model set, without errors. */
	static ModelSet importSingleSet(Path folder) {
		ImportResult result = new PalladioImporter().importPath(folder);
		assertFalse(result.hasErrors(), () -> "import errors: " + describe(result.diagnostics()));
		assertEquals(1, result.modelSets().size(), "model sets of " + folder);
		return result.modelSets().get(0);
	}

	/** Imports a folder that must give exactly one model set, without errors or warnings. */
	static ModelSet importCleanSet(Path folder) {
		ImportResult result = new PalladioImporter().importPath(folder);
		assertEquals(List.of(), result.diagnostics(), () -> describe(result.diagnostics()));
		assertEquals(1, result.modelSets().size(), "model sets of " + folder);
		return result.modelSets().get(0);
	}

	/** Copies the files of a folder of test models into the target folder, which is created if need be. */
	static void copy(Path source, Path target) throws IOException {
		Files.createDirectories(target);
		try (Stream<Path> files = Files.list(source)) {
			for (Path file : files.toList()) {
				Files.copy(file, target.resolve(file.getFileName()));
			}
		}
	}

	static List<Diagnostic> validate(ArchitectureModel model) {
		return new ModelValidator().validate(model);
	}

	static List<Diagnostic> errors(List<Diagnostic> diagnostics) {
		return diagnostics.stream().filter(Diagnostic::isError).toList();
	}

	static String describe(List<Diagnostic> diagnostics) {
		return diagnostics.stream().map(Diagnostic::format).collect(Collectors.joining("\n", "\n", ""));
	}

	/** @return the element with the id anywhere in the model */
	static <T extends EObject> T byId(ArchitectureModel model, String id, Class<T> type) {
		for (var contents = model.eAllContents(); contents.hasNext();) {
			EObject element = contents.next();
			if (element instanceof Identified identified && id.equals(identified.getId())) {
				return type.cast(element);
			}
		}
		throw new AssertionError("no element with id " + id);
	}

	/** @return the shared palladio-examples beside the repository (../shared), when they are there */
	static Optional<Path> palladioExamples() {
		return Repository.shared("palladio-examples");
	}
}
