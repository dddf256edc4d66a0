package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.byId;
import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyEventConnector;
import org.iosim.pcm.EventChannel;
import org.iosim.pcm.EventChannelSinkConnector;
import org.iosim.pcm.EventChannelSourceConnector;
import org.iosim.pcm.SourceRole;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.simulation.ArchitectureSimulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Events inside and through subsystems ({@code subsystem-events}). The subsystem Shop holds a Store
 * (demand 10, then it emits {@code OrderEvents.placed}) and a Billing sink (demand 20), connected by
 * an event channel inside Shop; a source delegation connector also leads the Store's events out of
 * Shop. Shipping (demand 30) handles them outside, directly or inside the subsystem Fulfilment
 * through its sink delegation connector. Containers One and Two have CPUs of rate 1000, Back one of
 * rate 100, all FCFS; an order arrives every time unit exactly and every service ends before the next
 * arrival at its CPU, so nothing waits and the figures are exact:
 * <ul>
 * <li>{@code twice}: Shop used twice (First on One, Second on Two), an order calls both; only First's
 * source role is connected, to Shipping on Back. Response time 0.01 + 0.01; each Shop's CPU does its
 * Store's 10 and its own Billing's 20 per order: utilization 0.03 (each instance has its own channel,
 * so neither Billing hears the other Store); Back 30 / 100 = 0.3 (Second's orders never leave it);</li>
 * <li>{@code delegated}: Shop on One, its orders through a channel of the system to Fulfilment on Back:
 * response time 0.01, One 0.03, Back 0.3.</li>
 * </ul>
 */
class SubsystemEventsTest {

	private static final Path FOLDER = TestModels.RESOURCES.resolve("subsystem-events");
	private static final SimulationConfig CONFIG = SimulationConfig.defaults().withSeed(1).withMaxMeasurements(2_000)
			.withWarmupMeasurements(100);

	@TempDir
	Path folder;

	private static ModelSet modelSet(Path folder, String name) {
		ImportResult imported = new PalladioImporter().importPath(folder);
		assertEquals(List.of(), imported.diagnostics(), () -> describe(imported.diagnostics()));
		return imported.modelSets().stream().filter(set -> set.name().equals(name)).findFirst().orElseThrow();
	}

	@Test
	void eachInstanceOfASubsystemHasItsOwnChannelAndItsSourceDelegationLeadsOut() {
		ArchitectureModel model = modelSet(FOLDER, "twice").model();

		assertEquals(List.of(), TestModels.validate(model), () -> describe(TestModels.validate(model)));
		List<String> channels = model.getSystem().getEventChannels().stream().map(EventChannel::getName).toList();
		assertEquals(List.of("First/Orders", "Second/Orders"), channels);
		EventChannelSinkConnector secondBilling = byId(model, "second/shop.to.billing", EventChannelSinkConnector.class);
		assertEquals("Second/billing", secondBilling.getAssemblyContext().getName());
		assertSame(byId(model, "second/shop.orders", EventChannel.class), secondBilling.getEventChannel());
		EventChannelSourceConnector firstStore = byId(model, "first/shop.from.store", EventChannelSourceConnector.class);
		assertEquals("First/store", firstStore.getAssemblyContext().getName());
		AssemblyEventConnector out = byId(model, "first.to.shipping", AssemblyEventConnector.class);
		assertEquals("First/store", out.getSourceContext().getName());
		assertSame(byId(model, "store.orders", SourceRole.class), out.getSourceRole());
		assertEquals("Shipping", out.getSinkContext().getName());
	}

	@Test
	void twoInstancesHandleTheirOwnEventsAndOnlyTheConnectedOneReachesShipping() throws Exception {
		SimulationResult result = simulate(modelSet(FOLDER, "twice"));

		assertEquals(0.02, result.scenarios().get(0).responseTime().mean(), 1e-12, "the handlers are not waited for");
		assertEquals(0.03, resource(result, "One").utilization(), 1e-9);
		assertEquals(0.03, resource(result, "Two").utilization(), 1e-9);
		assertEquals(0.3, resource(result, "Back").utilization(), 1e-9);
	}

	@Test
	void sourceAndSinkDelegationLeadEventsThroughAChannelOfTheSystem() throws Exception {
		SimulationResult result = simulate(modelSet(FOLDER, "delegated"));

		assertEquals(0.01, result.scenarios().get(0).responseTime().mean(), 1e-12);
		assertEquals(0.03, resource(result, "One").utilization(), 1e-9);
		assertEquals(0.3, resource(result, "Back").utilization(), 1e-9);
	}

	/**
	 * The same models with composite components instead of subsystems: they are not flattened, and the
	 * simulation follows the delegation connectors itself, with the same figures.
	 */
	@Test
	void compositeComponentsLeadEventsThroughTheirDelegationsToo() throws Exception {
		TestModels.copy(FOLDER, folder);
		for (String file : List.of("events.repository", "twice.system", "delegated.system")) {
			Path path = folder.resolve(file);
			Files.writeString(path, Files.readString(path).replace("xsi:type=\"subsystem:SubSystem\"",
					"xsi:type=\"repository:CompositeComponent\""));
		}

		SimulationResult twice = simulate(modelSet(folder, "twice"));
		SimulationResult delegated = simulate(modelSet(folder, "delegated"));

		assertEquals(0.02, twice.scenarios().get(0).responseTime().mean(), 1e-12);
		assertEquals(0.03, resource(twice, "One").utilization(), 1e-9);
		assertEquals(0.03, resource(twice, "Two").utilization(), 1e-9);
		assertEquals(0.3, resource(twice, "Back").utilization(), 1e-9);
		assertEquals(0.01, delegated.scenarios().get(0).responseTime().mean(), 1e-12);
		assertEquals(0.3, resource(delegated, "Back").utilization(), 1e-9);
	}

	@Test
	void aSinkRoleDelegatedNowhereLosesTheEventsWithAWarning() throws Exception {
		TestModels.copy(FOLDER, folder);
		Path repository = folder.resolve("events.repository");
		String text = Files.readString(repository);
		Files.writeString(repository, text.replaceAll("\\s*<connectors__ComposedStructure xsi:type=\"composition:"
				+ "SinkDelegationConnector\"[^>]*/>", ""));

		ImportResult imported = new PalladioImporter().importPath(folder);

		ModelSet delegated = imported.modelSets().stream().filter(set -> set.name().equals("delegated")).findFirst()
				.orElseThrow();
		assertEquals(List.of(folder.resolve("delegated.system") + ": line 17: Dispatch_to_Fulfilment"
				+ " (EventChannelSinkConnector 'Dispatch_to_Fulfilment', d.to.fulfilment): it leads events to sink role"
				+ " SinkRole 'Fulfilment_OrderEvents' (fulfilment.orders) of subsystem 'Fulfilment' (fulfilment)"
				+ " (assembly context AssemblyContext 'Fulfilment' (d.fulfilment)), which no sink delegation connector"
				+ " of the subsystem leads to a component inside; the events reach no sink there"),
				imported.diagnostics().stream().map(Diagnostic::format).toList());
		assertEquals(0, resource(simulate(delegated), "Back").utilization(), 0);
	}

	private static ResourceResult resource(SimulationResult result, String container) {
		return result.resources().stream().filter(resource -> resource.container().equals(container)).findFirst()
				.orElseThrow(() -> new AssertionError("no resource of " + container + " in " + result.resources()));
	}

	private static SimulationResult simulate(ModelSet modelSet) throws Exception {
		return ArchitectureSimulation.of(modelSet.model()).run(CONFIG, ProgressMonitor.NONE);
	}
}
