package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.byId;
import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyConnector;
import org.iosim.pcm.CollectionDataType;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.LinkingResource;
import org.iosim.pcm.OpenWorkload;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.PrimitiveDataType;
import org.iosim.pcm.PrimitiveType;
import org.iosim.pcm.VariableCharacterisationType;
import org.iosim.pcm.VariableUsage;
import org.iosim.pcm.validation.ModelStatistics;
import org.junit.jupiter.api.Test;

/**
 * Two components on two servers joined by a LAN; the frontend calls the backend and passes a
 * BYTESIZE characterisation. The usage model is written in older PCM style (default namespace,
 * xsi:type without prefix, signature_EntryLevelSystemCall with an EMF index path).
 */
class ExternalCallModelSetTest {

	private static final Path FOLDER = TestModels.RESOURCES.resolve("external-call");

	@Test
	void importsAndValidatesWithoutAnyDiagnostic() {
		ArchitectureModel model = TestModels.importCleanSet(FOLDER).model();

		var diagnostics = TestModels.validate(model);

		assertEquals(List.of(), diagnostics, () -> describe(diagnostics));
		assertEquals(new ModelStatistics(2, 2, 7, 2, 1), ModelStatistics.of(model));
	}

	@Test
	void externalCallPassesByteSizeThroughTheRequiredRole() {
		ArchitectureModel model = TestModels.importSingleSet(FOLDER).model();

		ExternalCallAction save = byId(model, "place.save", ExternalCallAction.class);

		assertEquals("frontend.storage", save.getRole().getId());
		assertEquals("storage.save", save.getSignature().getId());
		VariableUsage record = save.getInputVariableUsages().get(0);
		assertEquals("record", record.getVariable());
		assertEquals(VariableCharacterisationType.BYTESIZE, record.getCharacterisations().get(0).getType());
		assertEquals("order.BYTESIZE + 512", record.getCharacterisations().get(0).getSpecification());
		VariableUsage inner = save.getInputVariableUsages().get(1);
		assertEquals("record.INNER", inner.getVariable(), "namespace references become dotted names");
		assertEquals(VariableCharacterisationType.NUMBER_OF_ELEMENTS, inner.getCharacterisations().get(0).getType());

		AssemblyConnector connector = byId(model, "frontend.to.backend", AssemblyConnector.class);
		assertSame(save.getRole(), connector.getRequiredRole());
		assertEquals("backend.assembly", connector.getProvidingContext().getId());
	}

	@Test
	void readsOlderUsageModelStyle() {
		ArchitectureModel model = TestModels.importSingleSet(FOLDER).model();

		EntryLevelSystemCall place = byId(model, "usage.place", EntryLevelSystemCall.class);

		assertSame(byId(model, "ordering.place", OperationSignature.class), place.getSignature(),
				"the index path //@interfaces__Repository.0/@signatures__Interface.0 names the first signature");
		assertEquals("order", place.getInputParameterUsages().get(0).getVariable());
		assertEquals(VariableCharacterisationType.BYTESIZE,
				place.getInputParameterUsages().get(0).getCharacterisations().get(0).getType());
		OpenWorkload workload = assertInstanceOf(OpenWorkload.class,
				model.getUsageModel().getScenarios().get(0).getWorkload());
		assertEquals("Exp(0.5)", workload.getInterArrivalTime());
	}

	@Test
	void mapsNetworkAllocationAndDataTypes() {
		ArchitectureModel model = TestModels.importSingleSet(FOLDER).model();

		LinkingResource lan = byId(model, "lan", LinkingResource.class);
		assertEquals(List.of("app", "db"), lan.getConnectedContainers().stream().map(c -> c.getId()).toList());
		assertEquals("_o3sScH2AEdyH8uerKnHYug", lan.getResourceType().getId());
		assertEquals("0.0005", lan.getLatency());
		assertEquals("125000000", lan.getThroughput());

		AllocationContext backend = byId(model, "backend.on.db", AllocationContext.class);
		assertEquals("db", backend.getContainer().getId());
		assertEquals("FCFS", backend.getContainer().getProcessingResources().get(0).getSchedulingPolicy().getId());

		OperationSignature place = byId(model, "ordering.place", OperationSignature.class);
		PrimitiveDataType string = assertInstanceOf(PrimitiveDataType.class, place.getParameters().get(0).getDataType());
		assertEquals(PrimitiveType.STRING, string.getType());
		assertTrue(model.getRepositories().stream().anyMatch(repository -> repository.getDataTypes().contains(string)),
				"the built-in primitive types belong to the model set");
		CollectionDataType lines = byId(model, "lines", CollectionDataType.class);
		assertEquals(PrimitiveType.INT, ((PrimitiveDataType) lines.getInnerType()).getType());
		assertSame(lines, byId(model, "storage.save", OperationSignature.class).getParameters().get(0).getDataType());
	}
}
