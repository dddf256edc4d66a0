package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

	@Test
	void referenceIntoAnotherFileOrUrlIsRefusedAndNeverFetched() throws IOException {
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			String url = "http://127.0.0.1:" + server.getLocalPort() + "/other.iosim#role";
			Path file = savedOrders().replace(" role=\"frontend.storage\"", "").replaceFirst("<inputVariableUsages",
					"<role xsi:type=\"pcm:OperationRequiredRole\" href=\"" + url + "\"/><inputVariableUsages")
					.write(folder.resolve("linked.iosim"));

			ImportResult result = ArchitectureFiles.load(file);

			assertEquals(List.of(), result.modelSets(), "the model, whose use would fetch the URL, is not returned");
			assertEquals(List.of(file + ": Frontend/place/save (ExternalCallAction 'save', place.save):"
					+ " reference 'role' points to '" + url + "' outside this file;"
					+ " an .iosim file must contain everything it refers to"), formatted(result));
			server.setSoTimeout(200);
			assertThrows(SocketTimeoutException.class, () -> server.accept().close(), "nothing connects");
		}
	}

	@Test
	void illegalValueIsNamedByTypeNotByJavaObject() throws IOException {
		Path file = savedOrders().replaceFirst("xsi:type=\"pcm:BasicComponent\"", "xsi:type=\"pcm:ArchitectureModel\"")
				.write(folder.resolve("illegal.iosim"));

		ImportResult result = ArchitectureFiles.load(file);

		assertEquals(file + ": line 5, column 80: an element of type ArchitectureModel is not a legal value of"
				+ " 'components' of Repository", result.errors().get(0).format());
	}

	@Test
	void problemsBeyondTheListingLimitAreCounted() throws IOException {
		Path file = savedOrders()
				.replace("</pcm:ArchitectureModel>", "<unknown/>\n".repeat(150) + "</pcm:ArchitectureModel>")
				.write(folder.resolve("unknown.iosim"));

		ImportResult result = ArchitectureFiles.load(file);

		assertEquals(101, result.errors().size());
		assertEquals(file + ": 50 more problems in this file are not listed; at most 100 are listed per file",
				result.errors().get(100).format());
	}

	@Test
	void encodingProblemsAreWordedWithoutJavaNames() throws IOException {
		// \u00C3 followed by '(' is no UTF-8
		Path invalid = Files.write(folder.resolve("invalid.iosim"), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
				.concat("<a b=\"\u00C3(\"/>\n").getBytes(StandardCharsets.ISO_8859_1));
		Path unsupported = Files.writeString(folder.resolve("unsupported.iosim"),
				"<?xml version=\"1.0\" encoding=\"x-no-such-encoding\"?>\n<a/>\n");

		assertEquals(List.of(invalid + ": line 2, column 7: the file's bytes do not match its character encoding:"
				+ " Invalid byte 2 of 2-byte UTF-8 sequence."), formatted(ArchitectureFiles.load(invalid)));
		assertEquals(List.of(unsupported + ": the file declares the character encoding 'X-NO-SUCH-ENCODING', which is"
				+ " not supported"), formatted(ArchitectureFiles.load(unsupported)));
	}

	@Test
	void nestingBeyondTheLimitIsRefused() throws IOException {
		Path file = savedOrders().replace("</pcm:ArchitectureModel>", "<a>".repeat(150) + "</a>".repeat(150)
				+ "</pcm:ArchitectureModel>").write(folder.resolve("deep.iosim"));

		ImportResult result = ArchitectureFiles.load(file);

		assertTrue(result.errors().stream().anyMatch(error -> error.message().equals("elements are nested more than"
				+ " 100 levels deep; model files may nest elements at most 100 levels deep")),
				() -> describe(result.diagnostics()));
	}

	@Test
	void longBlankValueIsReportedInLinearTime() throws IOException {
		Path file = savedOrders()
				.replaceFirst("xsi:type=\"pcm:BasicComponent\"", "xsi:type=\"" + " ".repeat(200_000) + "\"")
				.write(folder.resolve("blank.iosim"));

		// the pattern that removed EMF's position from the message took time quadratic in the blanks
		ImportResult result = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> ArchitectureFiles.load(file));

		assertTrue(result.hasErrors());
		assertTrue(result.diagnostics().stream().allMatch(diagnostic -> diagnostic.message().length() < 600),
				() -> describe(result.diagnostics()));
	}

	@Test
	void overlongNameIsAnError() throws IOException {
		Path file = savedOrders().replace("name=\"Frontend\"", "name=\"" + "F".repeat(2000) + "\"")
				.write(folder.resolve("named.iosim"));

		ImportResult result = ArchitectureFiles.load(file);

		assertEquals(List.of(), result.modelSets());
		assertEquals("the name has 2000 characters; names may have at most 1000", result.errors().get(0).message());
	}

	@Test
	void documentTypeDeclarationIsRefused() throws IOException {
		Path file = savedOrders().replace("<pcm:ArchitectureModel", "<!DOCTYPE pcm:ArchitectureModel [<!ENTITY x"
				+ " \"x\">]>\n<pcm:ArchitectureModel").write(folder.resolve("doctype.iosim"));

		ImportResult result = ArchitectureFiles.load(file);

		assertTrue(result.errors().get(0).message()
				.startsWith("XML is rejected, document type declarations are not allowed in model files: "),
				() -> describe(result.diagnostics()));
	}

	@Test
	void folderIsNoFile() throws IOException {
		Path directory = Files.createDirectory(folder.resolve("folder.iosim"));

		assertEquals(List.of(directory + ": this is a folder, not a model file"),
				formatted(ArchitectureFiles.load(directory)));
	}

	/** The text of a model saved as .iosim, to change and write. */
	private record IosimText(String text) {
		IosimText replace(String target, String replacement) {
			return new IosimText(text.replace(target, replacement));
		}

		IosimText replaceFirst(String target, String replacement) {
			return new IosimText(text.replaceFirst(java.util.regex.Pattern.quote(target),
					java.util.regex.Matcher.quoteReplacement(replacement)));
		}

		Path write(Path file) throws IOException {
			return Files.writeString(file, text);
		}
	}

	/** @return the external-call test model (orders) saved as .iosim */
	private IosimText savedOrders() throws IOException {
		Path file = folder.resolve("saved.iosim");
		ArchitectureFiles.save(TestModels.importCleanSet(TestModels.RESOURCES.resolve("external-call")).model(), file);
		return new IosimText(Files.readString(file));
	}

	private static List<String> formatted(ImportResult result) {
		return result.diagnostics().stream().map(Diagnostic::format).toList();
	}
}
