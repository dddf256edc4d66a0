package org.iosim.pcm.tests;

import static org.iosim.testing.Behaviours.acquire;
import static org.iosim.testing.Behaviours.behaviour;
import static org.iosim.testing.Behaviours.branch;
import static org.iosim.testing.Behaviours.demand;
import static org.iosim.testing.Behaviours.externalCall;
import static org.iosim.testing.Behaviours.fork;
import static org.iosim.testing.Behaviours.guarded;
import static org.iosim.testing.Behaviours.loop;
import static org.iosim.testing.Behaviours.probabilistic;
import static org.iosim.testing.Behaviours.release;
import static org.iosim.testing.Behaviours.setVariable;
import static org.iosim.testing.Behaviours.value;
import static org.iosim.testing.ModelBuilder.signature;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.Entity;
import org.iosim.pcm.HddProcessingResourceSpecification;
import org.iosim.pcm.Identified;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationProvidedRole;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;
import org.iosim.testing.ComponentBuilder;
import org.iosim.testing.ContainerBuilder;
import org.iosim.testing.ModelBuilder;
import org.junit.jupiter.api.Test;

/** The shared model builder gives complete, valid models whose elements all have stable ids and names. */
class ModelBuilderTest {

	/**
	 * A frontend on an application server calls a backend on a database server, using every part the
	 * builder offers.
	 */
	private static ArchitectureModel shop() {
		ModelBuilder model = new ModelBuilder("shop");
		OperationInterface ordering = model.operationInterface("IOrdering", "place");
		OperationInterface storage = model.operationInterface("IStorage", "save");

		ContainerBuilder app = model.container("AppServer").resource(model.cpu(), ModelBuilder.PROCESSOR_SHARING, 2,
				"1000");
		ContainerBuilder db = model.container("DatabaseServer").delay(model.cpu(), "1000")
				.hdd(ModelBuilder.FCFS, "1", "80000000", "60000000");

		ComponentBuilder backend = model.component("Backend").provides(storage);
		PassiveResource connections = backend.passiveResource("connections", "4");
		backend.seff(signature(storage, "save"), acquire(connections), demand(model.hdd(), "4096"), release(connections));
		ComponentBuilder frontend = model.component("Frontend").provides(ordering).requires(storage);
		frontend.seff(signature(ordering, "place"), setVariable(value("items", "3")),
				demand(model.cpu(), "Exp(2.0)"),
				loop("items.VALUE", externalCall(frontend.requiredRole(storage), signature(storage, "save"))),
				branch(probabilistic(0.6, demand(model.cpu(), "1")), probabilistic(0.4)),
				branch(guarded("items.VALUE > 2", demand(model.cpu(), "2")), guarded("items.VALUE <= 2")),
				fork(List.of(behaviour(demand(model.cpu(), "1")), behaviour()), List.of(behaviour(demand(model.cpu(), "5")))));

		AssemblyContext frontendAssembly = model.deploy(frontend, app);
		model.connect(frontendAssembly, model.deploy(backend, db), storage);
		OperationProvidedRole entry = model.systemProvides(ordering, frontendAssembly);
		model.closedScenario("browse", 5, "Exp(0.1)").call(entry, signature(ordering, "place"), value("items", "2"))
				.delay("1");
		model.openScenario("batch", "Exp(2)").call(entry, signature(ordering, "place"));
		return model.build();
	}

	private static List<EObject> elements(ArchitectureModel model) {
		List<EObject> elements = new ArrayList<>(List.of(model));
		model.eAllContents().forEachRemaining(elements::add);
		return elements;
	}

	@Test
	void builtModelIsValid() {
		List<String> diagnostics = new ModelValidator().validate(shop()).stream().map(Diagnostic::format).toList();

		assertEquals(List.of(), diagnostics);
	}

	@Test
	void everyElementHasAUniqueIdAndAName() {
		Set<String> ids = new HashSet<>();
		for (EObject element : elements(shop())) {
			if (element instanceof Identified identified) {
				assertNotNull(identified.getId(), () -> "no id: " + element);
				assertTrue(ids.add(identified.getId()), () -> "id given twice: " + identified.getId());
			}
			if (element instanceof Entity entity) {
				assertFalse(entity.getName() == null || entity.getName().isBlank(), () -> "no name: " + element);
			}
		}
	}

	@Test
	void idsFollowFromKindsAndNamesSoEveryBuildGivesTheSameModel() {
		ArchitectureModel model = shop();

		assertTrue(EcoreUtil.equals(model, shop()), "two builds are equal, ids included");
		List<String> ids = elements(model).stream().filter(Identified.class::isInstance)
				.map(element -> ((Identified) element).getId()).toList();
		// a resource is named by its container and type, a nested action by the path of behaviours it sits in
		assertTrue(ids.contains("container.databaseserver.hdd"), ids::toString);
		assertTrue(ids.contains("seff.frontend.place.loop.body.call-save"), ids::toString);
		assertTrue(ids.contains("role.frontend.istorage"), ids::toString);
		HddProcessingResourceSpecification disk = (HddProcessingResourceSpecification) model.getResourceEnvironment()
				.getContainers().get(1).getProcessingResources().get(1);
		assertEquals("80000000", disk.getReadProcessingRate());
		assertEquals("60000000", disk.getWriteProcessingRate());
	}
}
