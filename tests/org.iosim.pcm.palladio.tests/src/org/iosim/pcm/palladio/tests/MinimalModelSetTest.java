package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.byId;
import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.BranchAction;
import org.iosim.pcm.ClosedWorkload;
import org.iosim.pcm.EntryLevelSystemCall;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.ParametricResourceDemand;
import org.iosim.pcm.ProbabilisticBranchTransition;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.ModelStatistics;
import org.iosim.pcm.validation.SourceLocation;
import org.junit.jupiter.api.Test;

/** The smallest complete model set: one component with a probabilistic branch on a CPU, a closed workload. */
class MinimalModelSetTest {

	private static final Path FOLDER = TestModels.RESOURCES.resolve("minimal");

	@Test
	void importsWithoutAnyDiagnostic() {
		ImportResult result = new PalladioImporter().importPath(FOLDER);

		assertEquals(List.of(), result.diagnostics(), () -> describe(result.diagnostics()));
		assertEquals(1, result.modelSets().size());
		ModelSet modelSet = result.modelSets().get(0);
		assertEquals("shop", modelSet.name());
		assertEquals(5, modelSet.files().size(), modelSet.files()::toString);
		assertTrue(modelSet.files().contains(FOLDER.resolve("shop.repository")), modelSet.files()::toString);
	}

	@Test
	void validatesWithoutAnyDiagnostic() {
		ArchitectureModel model = TestModels.importSingleSet(FOLDER).model();

		var diagnostics = TestModels.validate(model);

		assertEquals(List.of(), diagnostics, () -> describe(diagnostics));
	}

	@Test
	void countsElements() {
		ArchitectureModel model = TestModels.importSingleSet(FOLDER).model();

		assertEquals(new ModelStatistics(1, 1, 9, 1, 1), ModelStatistics.of(model));
	}

	@Test
	void mapsBranchDemandsAndResources() {
		ArchitectureModel model = TestModels.importSingleSet(FOLDER).model();

		BranchAction cache = byId(model, "list.cache", BranchAction.class);
		assertEquals(List.of(0.75, 0.25), cache.getBranches().stream()
				.map(transition -> ((ProbabilisticBranchTransition) transition).getProbability()).toList());
		InternalAction query = byId(model, "miss.query", InternalAction.class);
		ParametricResourceDemand demand = query.getResourceDemands().get(0);
		assertEquals("DoublePMF[(0.01;0.5)(0.03;0.5)]", demand.getDemand());
		assertEquals("_oro4gG3fEdy4YaaT-RYrLQ", demand.getRequiredResource().getId());
		assertEquals("CPU", demand.getRequiredResource().getName());
		assertSame(model, EcoreUtil.getRootContainer(demand.getRequiredResource()),
				"the CPU type belongs to the model set");

		ProcessingResourceSpecification cpu = byId(model, "web.cpu", ProcessingResourceSpecification.class);
		assertEquals("1000", cpu.getProcessingRate());
		assertEquals(2, cpu.getNumberOfReplicas());
		assertEquals("ProcessorSharing", cpu.getSchedulingPolicy().getId());
		assertSame(demand.getRequiredResource(), cpu.getResourceType());
	}

	@Test
	void wiresUsageModelToSystem() {
		ArchitectureModel model = TestModels.importSingleSet(FOLDER).model();

		ClosedWorkload workload = (ClosedWorkload) model.getUsageModel().getScenarios().get(0).getWorkload();
		assertEquals(10, workload.getPopulation());
		assertEquals("Exp(0.2)", workload.getThinkTime());
		EntryLevelSystemCall call = byId(model, "browsing.list", EntryLevelSystemCall.class);
		assertSame(model.getSystem().getProvidedRoles().get(0), call.getProvidedRole());
		assertEquals("list", call.getSignature().getName());
		assertSame(model.getSystem(), model.getAllocation().getSystem());
		assertSame(model.getResourceEnvironment(), model.getAllocation().getResourceEnvironment());
	}

	@Test
	void recordsFileAndLineOfEachElement() {
		ArchitectureModel model = TestModels.importSingleSet(FOLDER).model();

		SourceLocation location = SourceLocation.of(byId(model, "hit.lookup", InternalAction.class)).orElseThrow();

		assertEquals(FOLDER.resolve("shop.repository").toString(), location.file());
		assertEquals(11, location.line());
	}
}
