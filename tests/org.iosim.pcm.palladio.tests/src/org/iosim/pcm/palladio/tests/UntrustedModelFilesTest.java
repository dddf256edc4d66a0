package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Palladio files that are broken or hostile in ways the fuzz tests of the importer found (see
 * org.iosim.robustness.tests): each gives diagnostics that say what is wrong, within the importer's
 * limits, and never an exception, a hang or a fetch.
 */
class UntrustedModelFilesTest {

	private static final String SYSTEM_START = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
			+ "<system:System xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
			+ " xmlns:system=\"http://palladiosimulator.org/PalladioComponentModel/System/5.2\" id=\"sys\">\n";

	@TempDir
	Path folder;

	@Test
	void negativeIndexInAReferencePathPointsNowhere() throws IOException {
		Path system = writeSystem(context("first", "#/-1"),
				context("second", "#//@assemblyContexts__ComposedStructure.-1"));

		ImportResult result = new PalladioImporter().importPath(system);

		assertEquals(List.of(system + ": line 3: first (AssemblyContext 'first', first): reference 'component'"
				+ " points to '#/-1', which does not exist",
				system + ": line 4: second (AssemblyContext 'second', second): reference 'component' points to"
						+ " '#//@assemblyContexts__ComposedStructure.-1', which does not exist"),
				errors(result));
	}

	@Test
	void workspaceReferenceWithoutAFileCannotBeOpened() throws IOException {
		Path system = writeSystem(context("root", "platform:/resource/project//#x"),
				context("nul", "platform:/resource/project/a%00b.repository#x"));

		ImportResult result = new PalladioImporter().importPath(system);

		assertEquals(List.of(system + ": line 3: root (AssemblyContext 'root', root): reference 'component' points to"
				+ " 'platform:/resource/project//#x', whose location 'platform:/resource/project//' IOSim cannot open",
				system + ": line 4: nul (AssemblyContext 'nul', nul): reference 'component' points to"
						+ " 'platform:/resource/project/a%00b.repository#x', whose location"
						+ " 'platform:/resource/project/a\u0000b.repository' IOSim cannot open"),
				errors(result));
	}

	@Test
	void referencedFolderOrDeviceIsNotRead() throws IOException {
		Files.createDirectory(folder.resolve("models.repository"));
		Path system = writeSystem(context("folder", "models.repository#x"), context("device", "file:///dev/zero#x"));

		ImportResult result = new PalladioImporter().importPath(system);

		List<String> errors = errors(result);
		assertEquals(folder.resolve("models.repository") + ": this is a folder, not a model file", errors.get(0));
		assertEquals("/dev/zero: this is no regular file (but e.g. a device or pipe), so it is not read",
				errors.get(1));
	}

	@Test
	void referencedPipeIsNotOpened() throws IOException, InterruptedException {
		Path pipe = folder.resolve("pipe.repository");
		Process mkfifo = new ProcessBuilder("mkfifo", pipe.toString()).start();
		Assumptions.assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "no mkfifo");
		Path system = writeSystem(context("pipe", "pipe.repository#x"));

		// opening a pipe blocks until something writes to it
		ImportResult result = assertTimeoutPreemptively(Duration.ofSeconds(20),
				() -> new PalladioImporter().importPath(system));

		assertEquals(pipe + ": this is no regular file (but e.g. a device or pipe), so it is not read",
				errors(result).get(0));
	}

	@Test
	void manyPathReferencesIntoALargeElementResolveInLinearTime() throws IOException {
		int count = 40_000;
		StringBuilder repository = new StringBuilder("<?xml version=\"1.0\"?>\n<repository:Repository"
				+ " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" id=\"r\""
				+ " xmlns:repository=\"http://palladiosimulator.org/PalladioComponentModel/Repository/5.2\">\n");
		StringBuilder contexts = new StringBuilder();
		for (int i = 0; i < count; i++) {
			repository.append("<components__Repository xsi:type=\"repository:BasicComponent\" id=\"c").append(i)
					.append("\"/>\n");
			contexts.append(context("a" + i, "many.repository#//@components__Repository." + i));
		}
		Files.writeString(folder.resolve("many.repository"), repository + "</repository:Repository>\n");
		Path system = writeSystem(contexts.toString());

		// searching all children for each reference took time quadratic in their number (40 s for these)
		ImportResult result = assertTimeoutPreemptively(Duration.ofSeconds(30),
				() -> new PalladioImporter().importPath(system));

		assertFalse(result.hasErrors(), () -> describe(result.diagnostics()));
		ArchitectureModel model = result.modelSets().get(0).model();
		RepositoryComponent last = model.getRepositories().get(0).getComponents().get(count - 1);
		assertSame(last, model.getSystem().getAssemblyContexts().get(count - 1).getComponent());
	}

	@Test
	void problemsBeyondTheListingLimitAreCounted() throws IOException {
		StringBuilder contexts = new StringBuilder();
		for (int i = 0; i < 150; i++) {
			contexts.append(context("a" + i, "#nowhere" + i));
		}
		Path system = writeSystem(contexts.toString());

		ImportResult result = new PalladioImporter().importPath(system);

		assertEquals(101, result.errors().size());
		assertEquals(system + ": 50 more problems in this file are not listed; at most 100 are listed per file",
				result.errors().get(100).format());
	}

	@Test
	void overlongNameIsShortenedAndReported() throws IOException {
		Path system = writeSystem("<assemblyContexts__ComposedStructure id=\"long\" entityName=\"" + "n".repeat(5000)
				+ "\"/>\n");

		ImportResult result = new PalladioImporter().importPath(system);

		Diagnostic error = result.errors().get(0);
		assertEquals("the name has 5000 characters; names may have at most 1000, so it is shortened to that",
				error.message());
		assertEquals(1000, error.elementName().length());
		ArchitectureModel model = result.modelSets().get(0).model();
		assertEquals(1000, model.getSystem().getAssemblyContexts().get(0).getName().length());
	}

	@Test
	void overlongValueIsQuotedShortened() throws IOException {
		Path system = writeSystem(
				"<connectors__ComposedStructure xsi:type=\"" + "T".repeat(10_000) + "\" id=\"c\"/>\n");

		ImportResult result = new PalladioImporter().importPath(system);

		assertEquals(List.of(system + ": line 3: (SoftwareSystem, sys): unsupported: connector type '" + "T".repeat(100)
				+ "… (10000 characters)' cannot be imported"), errors(result));
	}

	@Test
	void severalRootsOfAKindInOneFileMakeOneModelSet() throws IOException {
		TestModels.copy(TestModels.RESOURCES.resolve("minimal"), folder);
		wrapRootTwice(folder.resolve("shop.allocation"));
		wrapRootTwice(folder.resolve("shop.usagemodel"));

		ImportResult result = new PalladioImporter().importPath(folder);

		assertEquals(List.of("shop"), result.modelSets().stream().map(modelSet -> modelSet.name()).toList(),
				() -> describe(result.diagnostics()));
	}

	@Test
	void missingProcessingRateIsAnError() throws IOException {
		TestModels.copy(TestModels.RESOURCES.resolve("minimal"), folder);
		Path environment = folder.resolve("shop.resourceenvironment");
		Files.writeString(environment, Files.readString(environment)
				.replaceAll("<processingRate_ProcessingResourceSpecification [^>]*/>", ""));

		ImportResult result = new PalladioImporter().importPath(folder);

		// left unset, the rate would be the metamodel's default of 1 (and the validator would fail on null)
		assertEquals(List.of(environment + ": line 4: WebServer (ProcessingResourceSpecification, web.cpu):"
				+ " the processing rate (processingRate_ProcessingResourceSpecification) is missing"), errors(result));
	}

	@Test
	void nestingBeyondTheLimitIsRefusedAtItsLine() throws IOException {
		Path system = writeSystem("<x>\n".repeat(120) + "</x>".repeat(120) + "\n");

		ImportResult result = new PalladioImporter().importPath(system);

		assertEquals(List.of(system + ": line 102, column 4: element 'x' is nested 101 levels deep; model files may"
				+ " nest elements at most 100 levels deep"), errors(result));
	}

	@Test
	void moreElementsThanTheLimitAreRefused() throws IOException {
		Path system = writeSystem("<x/>".repeat(1_000_000));

		ImportResult result = new PalladioImporter().importPath(system);

		assertEquals(1, result.errors().size());
		assertTrue(result.errors().get(0).format().endsWith(
				"the file has more than 1000000 elements, more than a model file may have"), errors(result)::toString);
	}

	@Test
	void fileLargerThanTheLimitIsNotRead() throws IOException {
		Path system = folder.resolve("huge.system");
		try (RandomAccessFile file = new RandomAccessFile(system.toFile(), "rw")) {
			file.setLength((32L << 20) + 1);
		}

		ImportResult result = new PalladioImporter().importPath(system);

		assertEquals(List.of(system + ": the file has more than 33554432 bytes (32 MiB), the most a model file may"
				+ " have, so it is not read"), errors(result));
	}

	@Test
	void encodingProblemsAreWordedWithoutJavaNames() throws IOException {
		Path unsupported = Files.writeString(folder.resolve("unsupported.system"),
				"<?xml version=\"1.0\" encoding=\"x-no-such-encoding\"?>\n<system:System/>\n");
		// \u00C3 followed by '(' is no UTF-8
		Path invalid = Files.write(folder.resolve("invalid.system"), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
				.concat("<a b=\"\u00C3(\"/>\n").getBytes(StandardCharsets.ISO_8859_1));

		assertEquals(List.of(unsupported + ": the file declares the character encoding 'x-no-such-encoding', which is"
				+ " not supported"), errors(new PalladioImporter().importPath(unsupported)));
		String error = errors(new PalladioImporter().importPath(invalid)).get(0);
		assertTrue(error.contains("UTF-8") && !error.contains("Exception"), error);
	}

	@Test
	void externalEntitiesAreNeitherExpandedNorFetched() throws IOException {
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			String url = "http://127.0.0.1:" + server.getLocalPort() + "/";
			Path system = Files.writeString(folder.resolve("entity.system"), "<?xml version=\"1.0\"?>\n"
					+ "<!DOCTYPE system [<!ENTITY remote SYSTEM \"" + url + "\">]>\n"
					+ "<system:System xmlns:system=\"http://palladiosimulator.org/PalladioComponentModel/System/5.2\""
					+ " entityName=\"&remote;\"/>\n");

			ImportResult result = new PalladioImporter().importPath(system);

			assertTrue(errors(result).get(0).contains("document type declarations are not allowed"));
			server.setSoTimeout(200);
			try {
				server.accept().close();
				throw new AssertionError("the importer connected to the entity's server");
			} catch (SocketTimeoutException nobodyConnected) {
				// as it must be
			}
		}
	}

	private Path writeSystem(String... contexts) throws IOException {
		return Files.writeString(folder.resolve("test.system"),
				SYSTEM_START + String.join("", contexts) + "</system:System>\n");
	}

	/** An assembly context on one line, whose component is the reference. */
	private static String context(String id, String reference) {
		return "<assemblyContexts__ComposedStructure id=\"" + id + "\" entityName=\"" + id
				+ "\"><encapsulatedComponent__AssemblyContext href=\"" + reference
				+ "\"/></assemblyContexts__ComposedStructure>\n";
	}

	private static void wrapRootTwice(Path file) throws IOException {
		String text = Files.readString(file);
		String root = text.substring(text.indexOf("?>") + 2).trim();
		Files.writeString(file, "<?xml version=\"1.0\"?>\n<xmi:XMI xmlns:xmi=\"http://www.omg.org/XMI\">\n" + root
				+ "\n" + root + "\n</xmi:XMI>\n");
	}

	private static List<String> errors(ImportResult result) {
		return result.errors().stream().map(Diagnostic::format).toList();
	}
}
