package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.byId;
import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.BasicComponent;
import org.iosim.pcm.BranchAction;
import org.iosim.pcm.CollectionDataType;
import org.iosim.pcm.CollectionIteratorAction;
import org.iosim.pcm.ForkAction;
import org.iosim.pcm.GuardedBranchTransition;
import org.iosim.pcm.InternalCallAction;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.PrimitiveDataType;
import org.iosim.pcm.PrimitiveType;
import org.iosim.pcm.Repository;
import org.iosim.pcm.SetVariableAction;
import org.iosim.pcm.VariableCharacterisationType;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelStatistics;
import org.junit.jupiter.api.Test;

/** Internal calls, collection iterators, guarded branches, forks and set-variable actions. */
class ControlFlowMappingTest {

	private final ArchitectureModel model = TestModels
			.importCleanSet(TestModels.RESOURCES.resolve("control-flow/indexer.repository")).model();

	@Test
	void repositoryAloneIsValidExceptForTheMissingParts() {
		List<Diagnostic> diagnostics = TestModels.validate(model).stream()
				.filter(diagnostic -> !diagnostic.message().startsWith("the model set has no ")).toList();

		assertEquals(List.of(), diagnostics, () -> describe(diagnostics));
		assertEquals(new ModelStatistics(1, 1, 23, 0, 0), ModelStatistics.of(model));
	}

	@Test
	void collectionIteratorRefersToTheParameterByPath() {
		CollectionIteratorAction each = byId(model, "index.each", CollectionIteratorAction.class);
		OperationSignature index = byId(model, "indexing.index", OperationSignature.class);

		assertSame(index.getParameters().get(0), each.getParameter());
		assertInstanceOf(CollectionDataType.class, each.getParameter().getDataType());
		assertEquals(3, each.getBody().getSteps().size());
	}

	@Test
	void internalCallRunsTheComponentsInternalBehaviour() {
		InternalCallAction tokenize = byId(model, "each.tokenize", InternalCallAction.class);
		BasicComponent indexer = byId(model, "indexer", BasicComponent.class);

		assertSame(indexer.getInternalBehaviours().get(0), tokenize.getBehaviour());
		assertEquals("tokenize", tokenize.getBehaviour().getName());
		assertEquals("words", tokenize.getInputVariableUsages().get(0).getVariable());
		assertEquals(VariableCharacterisationType.NUMBER_OF_ELEMENTS,
				tokenize.getInputVariableUsages().get(0).getCharacterisations().get(0).getType());
	}

	@Test
	void guardedBranchKeepsConditions() {
		BranchAction size = byId(model, "index.size", BranchAction.class);

		assertEquals(List.of("documents.NUMBER_OF_ELEMENTS > 10", "documents.NUMBER_OF_ELEMENTS <= 10"),
				size.getBranches().stream().map(branch -> ((GuardedBranchTransition) branch).getCondition()).toList());
	}

	@Test
	void forkHasAsynchronousAndSynchronisedBehaviours() {
		ForkAction fork = byId(model, "large.fork", ForkAction.class);

		assertEquals(List.of("fork.log"), fork.getAsynchronousBehaviours().stream().map(b -> b.getId()).toList());
		assertEquals("fork.join", fork.getSynchronisationPoint().getId());
		assertEquals(List.of("fork.left", "fork.right"),
				fork.getSynchronisationPoint().getSynchronousBehaviours().stream().map(b -> b.getId()).toList());
	}

	@Test
	void typePrefixIsIgnored() {
		Repository repository = model.getRepositories().get(0);

		PrimitiveDataType primitive = assertInstanceOf(PrimitiveDataType.class, repository.getDataTypes().get(1),
				"xsi:type=\"pcm.repository:PrimitiveDataType\"");
		assertEquals(PrimitiveType.LONG, primitive.getType());
	}

	@Test
	void setVariableActionKeepsItsUsage() {
		SetVariableAction batch = byId(model, "index.batch", SetVariableAction.class);

		assertEquals("batch", batch.getLocalVariableUsages().get(0).getVariable());
		assertEquals("4", batch.getLocalVariableUsages().get(0).getCharacterisations().get(0).getSpecification());
	}
}
