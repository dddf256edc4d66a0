package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.byId;
import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.List;

import org.iosim.pcm.AcquireAction;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.Delay;
import org.iosim.pcm.HddProcessingResourceSpecification;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.Loop;
import org.iosim.pcm.LoopAction;
import org.iosim.pcm.ReleaseAction;
import org.iosim.pcm.ResourceCall;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.validation.ModelStatistics;
import org.junit.jupiter.api.Test;

/**
 * Storage through ResourceCalls on Palladio's HddInterface, inside a loop guarded by a passive
 * resource; the resource environment is wrapped in xmi:XMI and an allocation context names its
 * container in attribute form ({@code file#id}).
 */
class HddResourceCallModelSetTest {

	private static final Path FOLDER = TestModels.RESOURCES.resolve("hdd-calls");

	@Test
	void importsAndValidatesWithoutAnyDiagnostic() {
		ArchitectureModel model = TestModels.importCleanSet(FOLDER).model();

		var diagnostics = TestModels.validate(model);

		assertEquals(List.of(), diagnostics, () -> describe(diagnostics));
		assertEquals(new ModelStatistics(1, 1, 8, 1, 1), ModelStatistics.of(model));
	}

	@Test
	void resourceCallsUseTheBuiltInHddInterface() {
		ArchitectureModel model = TestModels.importSingleSet(FOLDER).model();

		InternalAction persist = byId(model, "chunk.persist", InternalAction.class);
		List<ResourceCall> calls = persist.getResourceCalls();

		assertEquals(2, calls.size());
		assertEquals("HddInterface", calls.get(0).getRole().getRequiredInterface().getName());
		assertEquals(List.of("read", "write"), calls.stream().map(call -> call.getSignature().getName()).toList());
		assertEquals(List.of(1, 2), calls.stream().map(call -> call.getSignature().getResourceServiceId()).toList());
		assertEquals(List.of("IntPMF[(1;0.5)(2;0.5)]", "2"), calls.stream().map(ResourceCall::getNumberOfCalls).toList());
		BasicComponent archive = byId(model, "archive", BasicComponent.class);
		assertSame(archive.getResourceRequiredRoles().get(0), calls.get(1).getRole());
	}

	@Test
	void diskHasReadAndWriteRates() {
		ArchitectureModel model = TestModels.importSingleSet(FOLDER).model();

		HddProcessingResourceSpecification disk = byId(model, "storage.disk", HddProcessingResourceSpecification.class);

		assertEquals("80000000", disk.getReadProcessingRate());
		assertEquals("60000000", disk.getWriteProcessingRate());
		assertEquals("FCFS", disk.getSchedulingPolicy().getId());
		assertEquals("HDD", disk.getResourceType().getName());
		assertSame(byId(model, "storage", ResourceContainer.class), model.getAllocation().getContexts().get(0).getContainer(),
				"attribute-form reference into another file");
	}

	@Test
	void mapsPassiveResourceLoopsAndDelay() {
		ArchitectureModel model = TestModels.importSingleSet(FOLDER).model();

		AcquireAction lock = byId(model, "store.lock", AcquireAction.class);
		ReleaseAction unlock = byId(model, "store.unlock", ReleaseAction.class);
		assertSame(lock.getPassiveResource(), unlock.getPassiveResource());
		assertEquals("2", lock.getPassiveResource().getCapacity());
		LoopAction chunks = byId(model, "store.chunks", LoopAction.class);
		assertEquals("3", chunks.getIterationCount());
		assertEquals(3, chunks.getBody().getSteps().size());
		assertSame(unlock, chunks.getSuccessor());

		Loop files = byId(model, "backup.files", Loop.class);
		assertEquals("2", files.getIterations());
		assertEquals(3, files.getBody().getActions().size());
		Delay pause = assertInstanceOf(Delay.class, files.getSuccessor());
		assertEquals("0.5", pause.getTime());
	}
}
