package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.byId;
import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.files.SecureXml;
import org.iosim.pcm.AbstractInternalControlFlowAction;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.Identified;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.ResourceCall;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingBehaviour;
import org.iosim.pcm.ResourceRequiredRole;
import org.iosim.pcm.io.AnalysisModelDefinition;
import org.iosim.pcm.io.FileSet;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.IoFactory;
import org.iosim.pcm.io.IoRequest;
import org.iosim.pcm.io.IoType;
import org.iosim.pcm.io.ModelParameter;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.palladio.export.PalladioExportException;
import org.iosim.pcm.palladio.export.PalladioExporter;
import org.iosim.pcm.resource.IosimResourceFactory;
import org.iosim.pcm.wiring.HddUse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refined model, as the completion transformation leaves it, written as Palladio files: I/O
 * actions as HddInterface calls with the inputs the completion reads back, the I/O configuration
 * beside the files, and what cannot be written refused in words. (The round trip through the
 * completion itself is in the command line tests, which have the transformation.)
 */
class RefinedModelExportTest {

	@TempDir
	Path folder;

	private ArchitectureModel model;
	private IoConfiguration configuration;
	private IoAction besideQuery;
	private IoAction ownLog;

	/**
	 * The shop refined as the completion does it: its HDD demand of 'query' turned into an I/O action
	 * {@code miss.query.io} after it; plus an I/O action of the model's own, 'log', after 'lookup'.
	 */
	@BeforeEach
	void refineTheShop() {
		model = TestModels.importSingleSet(TestModels.RESOURCES.resolve("minimal")).model();
		InternalAction query = byId(model, "miss.query", InternalAction.class);
		besideQuery = ioAction("miss.query.io", "query (I/O)",
				request(IoType.READ, "4096", "0.5", "catalog", "2"),
				request(IoType.WRITE, "IntPMF[(512;0.5)(1024;0.5)]", "0", null, "1"));
		insertAfter(query, besideQuery);
		ownLog = ioAction("hit.log", "log", request(IoType.WRITE, "100", "1", "log", "1"));
		insertAfter(byId(model, "hit.lookup", InternalAction.class), ownLog);

		configuration = IoFactory.eINSTANCE.createIoConfiguration();
		configuration.setName("shop storage");
		FileSet catalog = IoFactory.eINSTANCE.createFileSet();
		catalog.setName("catalog");
		catalog.setSize(1L << 30);
		configuration.getFileSets().add(catalog);
		AnalysisModelDefinition table = IoFactory.eINSTANCE.createAnalysisModelDefinition();
		table.setName("measured delays");
		table.setKind("table");
		table.setBaseDirectory(folder.resolve("models").toAbsolutePath().toString());
		ModelParameter file = IoFactory.eINSTANCE.createModelParameter();
		file.setName("file");
		file.setValue("delays.csv");
		table.getParameters().add(file);
		configuration.getAnalysisModels().add(table);
		VirtualizedStorage storage = IoFactory.eINSTANCE.createVirtualizedStorage();
		storage.setName("array");
		storage.getContainers().add("web");
		storage.getServedContainers().add(byId(model, "web", ResourceContainer.class));
		storage.setAnalysisModel(table);
		storage.setDefaultFileSet("catalog");
		configuration.getStorages().add(storage);
		model.getExtensions().add(configuration);
	}

	@Test
	void ioActionsBecomeHddInterfaceCallsWithTheInputsTheCompletionReads() throws Exception {
		List<Path> files = PalladioExporter.export(model, folder.resolve("out"), "shop");

		assertEquals(List.of("shop.repository", "shop.system", "shop.resourceenvironment", "shop.allocation",
				"shop.usagemodel", "shop.ioconfig"), files.stream().map(file -> file.getFileName().toString()).toList());
		ArchitectureModel again = reimport(files);
		InternalAction query = byId(again, "miss.query", InternalAction.class);
		assertEquals("miss.stop", query.getSuccessor().getId(), "the I/O action the completion added is gone");
		assertNull(find(again, "miss.query.io"));
		List<ResourceCall> calls = query.getResourceCalls();
		assertEquals(2, calls.size());
		assertCall(calls.get(0), false, "4096", "0.5", "\"catalog\"", "2");
		assertCall(calls.get(1), true, "IntPMF[(512;0.5)(1024;0.5)]", "0", null, "1");

		InternalAction log = byId(again, "hit.log", InternalAction.class);
		assertEquals("log", log.getName());
		assertEquals("hit.log", byId(again, "hit.lookup", InternalAction.class).getSuccessor().getId());
		assertEquals("hit.stop", log.getSuccessor().getId());
		assertEquals(1, log.getResourceCalls().size());
		assertCall(log.getResourceCalls().get(0), true, "100", "1", "\"log\"", "1");

		// the shop's HDD use was a demand, so it had no role to call HddInterface through
		BasicComponent catalog = byId(again, "catalog", BasicComponent.class);
		ResourceRequiredRole role = catalog.getResourceRequiredRoles().get(0);
		assertEquals(PalladioExporter.HDD_ROLE_ID_PREFIX + "catalog", role.getId());
		assertTrue(HddUse.isHddInterface(role.getRequiredInterface()));
		assertTrue(calls.stream().allMatch(call -> call.getRole() == role));
	}

	@Test
	void theIoConfigurationIsWrittenAsTheCompletionReadsItReferringToFilesRelativeToItself() throws Exception {
		Path out = folder.resolve("out");

		PalladioExporter.export(model, out, "shop");

		Resource resource = IosimResourceFactory.newResourceSet()
				.createResource(URI.createFileURI(out.resolve("shop.ioconfig").toAbsolutePath().toString()));
		resource.load(SecureXml.emfLoadOptions());
		IoConfiguration written = (IoConfiguration) resource.getContents().get(0);
		IoConfiguration expected = EcoreUtil.copy(configuration);
		expected.getStorages().get(0).getServedContainers().clear();
		expected.getStorages().get(0).setAnalysisModel(null);
		expected.getAnalysisModels().get(0).setBaseDirectory("../models");
		assertTrue(EcoreUtil.equals(expected, written), () -> "written: " + text(out.resolve("shop.ioconfig")));
		try (Stream<Path> copied = Files.list(out)) {
			assertFalse(copied.anyMatch(file -> file.getFileName().toString().equals("delays.csv")),
					"the table is referred to, not copied");
		}
	}

	@Test
	void aStorageMadeInCodeNamesTheContainersItServesByTheirWrittenIds() throws Exception {
		VirtualizedStorage storage = configuration.getStorages().get(0);
		storage.getContainers().clear();

		PalladioExporter.export(model, folder, "shop");

		assertTrue(text(folder.resolve("shop.ioconfig")).contains("<containers>web</containers>"),
				text(folder.resolve("shop.ioconfig")));
	}

	/** A synchronous write (a commit's WAL write) keeps that in its call's input 'synchronous'; other calls have none. */
	@Test
	void aSynchronousWriteIsExportedAsACallTheCompletionReadsAsSynchronous() throws Exception {
		ownLog.getRequests().get(0).setSynchronous(true);
		List<Path> files = PalladioExporter.export(model, folder.resolve("out"), "shop");

		ArchitectureModel again = reimport(files);
		ResourceCall log = byId(again, "hit.log", InternalAction.class).getResourceCalls().get(0);
		assertEquals("true", HddUse.input(log, "synchronous"));
		assertEquals(Boolean.TRUE, HddUse.synchronous(log));
		assertEquals("100", HddUse.amount(log), "'synchronous' is not taken for the amount");
		ResourceCall read = byId(again, "miss.query", InternalAction.class).getResourceCalls().get(0);
		assertNull(HddUse.input(read, "synchronous"));
		assertEquals(Boolean.FALSE, HddUse.synchronous(read));
	}

	@Test
	void aFileSetNameAStringLiteralCannotHoldIsRefused() {
		besideQuery.getRequests().get(0).setFileSet("cata\"log");

		assertRefused("IoAction 'query (I/O)' (miss.query.io): its file set 'cata\"log' cannot be written as a"
				+ " stochastic expression's string literal (it has a quote or backslash)");
	}

	@Test
	void aSecondIoConfigurationIsRefused() {
		IoConfiguration second = IoFactory.eINSTANCE.createIoConfiguration();
		second.setName("other");
		model.getExtensions().add(second);

		assertRefused("model 'shop': its extension IoConfiguration 'other' is a second I/O configuration; the files"
				+ " can carry one (shop.ioconfig)");
	}

	@Test
	void anHddInterfaceWithoutTheSignatureARequestNeedsIsRefused() {
		model.getResourceRepository().getResourceInterfaces().stream().filter(HddUse::isHddInterface).findFirst()
				.orElseThrow().getSignatures().removeIf(signature -> signature.getName().equals("write"));

		// 'log' of the cache hit is written before the I/O of the miss's query
		assertRefused("IoAction 'log' (hit.log): ResourceInterface 'HddInterface' (_xXv8QE5CEeCUKeckjJ_n-w) has no"
				+ " signature 'write' to call for its write requests");
	}

	// ------------------------------------------------------------------ helpers

	private void assertRefused(String message) {
		PalladioExportException refusal = assertThrows(PalladioExportException.class,
				() -> PalladioExporter.export(model, folder, "shop"));
		assertEquals(message, refusal.getMessage());
		try (Stream<Path> written = Files.list(folder)) {
			assertEquals(0, written.count(), "nothing is written for a model that is refused");
		} catch (IOException e) {
			throw new AssertionError(e);
		}
	}

	private static void assertCall(ResourceCall call, boolean writes, String size, String sequentiality,
			String fileSet, String count) {
		assertEquals(writes, HddUse.writes(call), "write");
		assertEquals(size, HddUse.amount(call), "size");
		assertEquals(sequentiality, HddUse.input(call, "sequentiality"), "sequentiality");
		assertEquals(fileSet, HddUse.input(call, "fileSet"), "fileSet");
		assertEquals(count, call.getNumberOfCalls(), "number of calls");
	}

	private static ArchitectureModel reimport(List<Path> files) {
		List<Path> palladioFiles = files.stream().filter(file -> !file.toString().endsWith(".ioconfig")).toList();
		ImportResult result = new PalladioImporter().importPaths(palladioFiles);
		assertFalse(result.hasErrors(), () -> describe(result.diagnostics()));
		return result.modelSets().get(0).model();
	}

	private static Object find(ArchitectureModel model, String id) {
		for (var contents = model.eAllContents(); contents.hasNext();) {
			if (contents.next() instanceof Identified identified && id.equals(identified.getId())) {
				return identified;
			}
		}
		return null;
	}

	private static String text(Path file) {
		try {
			return Files.readString(file);
		} catch (IOException e) {
			throw new AssertionError(e);
		}
	}

	private static IoAction ioAction(String id, String name, IoRequest... requests) {
		IoAction io = IoFactory.eINSTANCE.createIoAction();
		io.setId(id);
		io.setName(name);
		io.getRequests().addAll(List.of(requests));
		return io;
	}

	private static IoRequest request(IoType type, String size, String sequentiality, String fileSet, String count) {
		IoRequest request = IoFactory.eINSTANCE.createIoRequest();
		request.setType(type);
		request.setSize(size);
		request.setSequentiality(sequentiality);
		request.setFileSet(fileSet);
		request.setCount(count);
		return request;
	}

	/** As the completion puts an I/O action beside the action it comes from. */
	private static void insertAfter(AbstractInternalControlFlowAction action, IoAction io) {
		((ResourceDemandingBehaviour) action.eContainer()).getSteps().add(io);
		io.setSuccessor(action.getSuccessor());
		action.setSuccessor(io);
	}
}
