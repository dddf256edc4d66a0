package org.iosim.transform.tests;

import static org.iosim.testing.IoConfigurationBuilder.features;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.IoFactory;
import org.iosim.pcm.io.IoRequest;
import org.iosim.pcm.io.IoType;
import org.iosim.testing.IoConfigurationBuilder;
import org.iosim.transform.AnalysisBinding;
import org.iosim.transform.CompletionTransformation;
import org.iosim.transform.IoConfigurationFiles;
import org.iosim.transform.TransformationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompletionTransformationTest {

	@TempDir
	Path folder;

	private static <T> List<T> all(EObject root, Class<T> type) {
		List<T> found = new ArrayList<>();
		root.eAllContents().forEachRemaining(element -> {
			if (type.isInstance(element)) {
				found.add(type.cast(element));
			}
		});
		return found;
	}

	@Test
	void hddDemandBecomesReadRequestAfterItsActionAndHddIsReplaced() throws Exception {
		ArchitectureModel model = IoFixtures.workers(folder, 1, 0);
		ArchitectureModel untouched = EcoreUtil.copy(model);

		ArchitectureModel refined = new CompletionTransformation().complete(model,
				IoFixtures.configuration("0.001", "VM 1", "VM 2"));

		assertTrue(EcoreUtil.equals(untouched, model), "the input model is not changed");
		IoAction io = all(refined, IoAction.class).get(0);
		IoRequest request = io.getRequests().get(0);
		assertEquals(IoType.READ, request.getType());
		assertEquals("4096", request.getSize());
		assertEquals("0", request.getSequentiality());
		assertEquals("data", request.getFileSet());
		InternalAction read = all(refined, InternalAction.class).get(0);
		assertTrue(read.getResourceDemands().isEmpty(), "the HDD demand moved into the I/O action");
		assertEquals(io, read.getSuccessor());
		AbstractAction stop = io.getSuccessor();
		assertEquals("StopAction", stop.eClass().getName());
		for (ResourceContainer container : refined.getResourceEnvironment().getContainers()) {
			assertTrue(container.getProcessingResources().isEmpty(), container.getName() + " keeps no HDD");
		}
	}

	@Test
	void unknownContainerIsNamed() throws Exception {
		ArchitectureModel model = IoFixtures.workers(folder, 1, 0);
		TransformationException failure = assertThrows(TransformationException.class,
				() -> new CompletionTransformation().complete(model, IoFixtures.configuration("0.001", "VM 1", "VM 3")));
		assertTrue(failure.getMessage().contains("no resource container has the id or name 'VM 3'"), failure.getMessage());
		assertTrue(failure.getMessage().contains("'VM 1' (vm1), 'VM 2' (vm2)"), failure.getMessage());
	}

	@Test
	void componentOnServedAndUnservedContainersIsRefused() throws Exception {
		ArchitectureModel model = IoFixtures.workers(folder, 1, 0);
		TransformationException failure = assertThrows(TransformationException.class,
				() -> new CompletionTransformation().complete(model, IoFixtures.configuration("0.001", "VM 1")));
		assertTrue(failure.getMessage().contains("Worker (BasicComponent 'Worker', worker) runs on containers with and without"
				+ " virtualized storage"), failure.getMessage());
	}

	@Test
	void sequentialityOutsideZeroToOneAndUnknownFileSetAreNamed() throws Exception {
		ArchitectureModel model = IoFixtures.workers(folder, 1, 0);
		IoConfiguration configuration = IoFixtures.configuration("0.001", "VM 1", "VM 2");
		configuration.getStorages().get(0).setDefaultSequentiality("1.5");
		configuration.getStorages().get(0).setDefaultFileSet("archive");
		TransformationException failure = assertThrows(TransformationException.class,
				() -> new CompletionTransformation().complete(model, configuration));
		assertTrue(failure.getMessage().contains("array (VirtualizedStorage 'array'): defaultSequentiality must be a"
				+ " probability between 0 and 1, but is 1.5"), failure.getMessage());
		assertTrue(failure.getMessage().contains("array (VirtualizedStorage 'array'): default file set 'archive' is not a file"
				+ " set of the I/O configuration ('data')"),
				failure.getMessage());
	}

	@Test
	void noAnalysisModelMatchingTheFeatureConfigurationIsNamed() throws Exception {
		IoConfiguration configuration = IoFixtures.configuration("0.001", "VM 1", "VM 2");
		configuration.getStorages().get(0).setFeatures(features("another array", "expression"));
		TransformationException failure = assertThrows(TransformationException.class,
				() -> AnalysisBinding.bind(new CompletionTransformation().complete(IoFixtures.workers(folder, 1, 0),
						configuration), folder, List.of(), AnalysisModelRegistry.standard()));
		assertTrue(failure.getMessage().startsWith("virtualized storage 'array': "), failure.getMessage());
		assertTrue(failure.getMessage().contains("contention"), "the candidates are listed: " + failure.getMessage());
	}

	/** As in the configuration 'export' writes beside Palladio files, for files that stayed where they were. */
	@Test
	void aRelativeBaseDirectoryOfAConfigurationFileResolvesBesideTheFile() throws Exception {
		Path tables = Files.createDirectories(folder.resolve("tables"));
		Files.writeString(tables.resolve("delays.csv"), "concurrency,delay\n1,0.002\n4,0.008\n");
		Path configFolder = Files.createDirectories(folder.resolve("config"));
		IoConfigurationBuilder io = new IoConfigurationBuilder("tabled storage").fileSet("data", 1L << 30);
		io.storage("array", "VM 1", "VM 2").defaultFileSet("data").memoryLength(20)
				.features(features("test array", "table"));
		io.analysisModel("measured", "table").features(features("test array", "table")).parameter("file", "delays.csv");
		IoConfiguration configuration = io.build();
		configuration.getAnalysisModels().get(0).setBaseDirectory("../tables");
		ArchitectureModel refined = new CompletionTransformation().complete(IoFixtures.workers(folder.resolve("model"), 1, 0),
				configuration);

		AnalysisBinding.bind(refined, configFolder, List.of(), AnalysisModelRegistry.standard());

		var bound = refined.getExtensions().stream().filter(IoConfiguration.class::isInstance)
				.map(IoConfiguration.class::cast).findFirst().orElseThrow().getStorages().get(0).getAnalysisModel();
		assertEquals(tables.toAbsolutePath().normalize().toString(), bound.getBaseDirectory());
	}

	@Test
	void fileSetsDefinedTwiceOrWithoutNameAreNamed() throws Exception {
		IoConfiguration configuration = IoFixtures.configuration("0.001", "VM 1", "VM 2");
		var twice = IoFactory.eINSTANCE.createFileSet();
		twice.setName("data");
		configuration.getFileSets().add(twice);
		configuration.getFileSets().add(IoFactory.eINSTANCE.createFileSet());
		TransformationException failure = assertThrows(TransformationException.class,
				() -> new CompletionTransformation().complete(IoFixtures.workers(folder, 1, 0), configuration));
		assertTrue(failure.getMessage().contains("file set 'data' is defined twice"), failure.getMessage());
		assertTrue(failure.getMessage().contains("(FileSet): the file set has no name"), failure.getMessage());
	}

	@Test
	void missingMemoryLengthIsNamed() throws Exception {
		ArchitectureModel model = IoFixtures.workers(folder, 1, 0);
		IoConfiguration configuration = IoFixtures.configuration("0.001", "VM 1", "VM 2");
		configuration.getStorages().get(0).setMemoryLength(null);
		TransformationException failure = assertThrows(TransformationException.class,
				() -> new CompletionTransformation().complete(model, configuration));
		assertTrue(failure.getMessage().contains("array (VirtualizedStorage 'array'): the virtualized storage has no memory length"), failure.getMessage());
	}

	@Test
	void configurationFilesAreReadAndBadOnesNamed() throws IOException, TransformationException {
		IoConfiguration example = IoConfigurationFiles
				.load(IoFixtures.repositoryRoot().resolve("examples/hdd-virtualized/virtualized.ioconfig"));
		assertEquals("array", example.getStorages().get(0).getName());
		assertEquals("0.002 + 0.0005 * concurrency", example.getAnalysisModels().get(0).getParameters().get(0).getValue());

		Path missing = folder.resolve("missing.ioconfig");
		assertTrue(assertThrows(TransformationException.class, () -> IoConfigurationFiles.load(missing)).getMessage()
				.contains("missing.ioconfig: the I/O configuration file does not exist"));
		Path broken = Files.writeString(folder.resolve("broken.ioconfig"), "<io:IoConfiguration xmlns:io=\"http://iosim.org/pcm/io/1.0\">\n<fileSets>\n");
		String brokenMessage = assertThrows(TransformationException.class, () -> IoConfigurationFiles.load(broken)).getMessage();
		assertTrue(brokenMessage.startsWith(broken + ": "), brokenMessage);
		Path doctype = Files.writeString(folder.resolve("entity.ioconfig"), "<?xml version=\"1.0\"?>\n"
				+ "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<io:IoConfiguration xmlns:io=\"http://iosim.org/pcm/io/1.0\" name=\"&e;\"/>\n");
		assertThrows(TransformationException.class, () -> IoConfigurationFiles.load(doctype));
	}
}
