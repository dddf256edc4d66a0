package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.byId;
import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.SimulationConfig;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.pcm.AllocationContext;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.AssemblyEventConnector;
import org.iosim.pcm.EmitEventAction;
import org.iosim.pcm.EventChannel;
import org.iosim.pcm.EventChannelSinkConnector;
import org.iosim.pcm.EventChannelSourceConnector;
import org.iosim.pcm.EventGroup;
import org.iosim.pcm.EventType;
import org.iosim.pcm.SinkRole;
import org.iosim.pcm.SourceRole;
import org.iosim.pcm.VariableCharacterisationType;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.palladio.PalladioImporter;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.simulation.ArchitectureSimulation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PCM events, delivered asynchronously: an emitted event runs the handler SEFF of every sink it
 * reaches as a process of its own, on the sink's container, and the emitter does not wait.
 *
 * <p>The repository has a Store (its {@code order}: demand 10, then it emits {@code OrderEvents.placed}
 * with {@code order.BYTESIZE = 4} through its source role), a Billing sink (demand
 * {@code order.BYTESIZE * 5} = 20, from the event's parameter), a Shipping sink (demand 30) and an
 * Audit sink without a handler. The Store runs on Front (CPU rate 1000), Billing on BackA and Shipping
 * on BackB (CPU rate 100 each); every CPU is FCFS with one server. An order arrives every time unit
 * exactly, and every service ends before the next arrival at its CPU, so nothing ever waits and every
 * figure below is exact:
 * <ul>
 * <li>an order's response time is the Store's demand alone, 10 / 1000 = 0.01; waiting for the
 * handlers would add 0.2 (Billing) or 0.3 (Shipping);</li>
 * <li>each event takes 20 / 100 = 0.2 of BackA's CPU and 30 / 100 = 0.3 of BackB's;</li>
 * <li>utilization = arrival rate × service time = 1 × 0.2 = 0.2 at BackA and 1 × 0.3 = 0.3 at BackB.
 * The measured span runs from the end of the 100th order (warm-up) to the end of the 2,100th, 2,000
 * time units holding the 2,000 handler runs of orders 100 to 2,099 whole (the last order's handlers
 * start as the run stops).</li>
 * </ul>
 */
class EventsTest {

	private static final Path FOLDER = TestModels.RESOURCES.resolve("events");
	private static final double ORDER = 10 / 1000.0;
	private static final double BILLING = 20 / 100.0;
	private static final double SHIPPING = 30 / 100.0;
	private static final double ARRIVAL_RATE = 1;
	/** 2,000 orders measured after 100 of warm-up. */
	private static final SimulationConfig CONFIG = SimulationConfig.defaults().withSeed(1).withMaxMeasurements(2_000)
			.withWarmupMeasurements(100);
	private static final String AUDIT_WITHOUT_HANDLER = FOLDER.resolve("events.repository")
			+ ": line 61: Audit (BasicComponent 'Audit', audit): sink role SinkRole 'Audit_OrderEvents' (audit.orders)"
			+ " receives event type 'OrderEvents.placed', but the component has no SEFF handling it (a SEFF whose"
			+ " described service is the event type)";

	private static Map<String, ModelSet> modelSets;

	@TempDir
	Path folder;

	@BeforeAll
	static void importAll() {
		ImportResult imported = new PalladioImporter().importPath(FOLDER);
		assertEquals(List.of(), imported.diagnostics(), () -> describe(imported.diagnostics()));
		modelSets = imported.modelSets().stream()
				.collect(Collectors.toMap(ModelSet::name, Function.identity(), (a, b) -> a, TreeMap::new));
		assertEquals(List.of("channel", "direct", "unhandled"), List.copyOf(modelSets.keySet()));
	}

	@Test
	void importReadsEventGroupsRolesEmittingActionsChannelsAndTheirAllocation() {
		ArchitectureModel model = modelSets.get("channel").model();
		// the repository's Audit is no part of this system: its missing handler is only a warning here
		assertEquals(List.of(AUDIT_WITHOUT_HANDLER + "; no connector leads events to the sink role, so it never"
				+ " receives one"), TestModels.validate(model).stream().map(Diagnostic::format).toList());

		EventGroup orders = byId(model, "orders", EventGroup.class);
		EventType placed = byId(model, "orders.placed", EventType.class);
		assertEquals(List.of(placed), orders.getEventTypes());
		assertEquals("order", placed.getParameters().get(0).getName());
		assertSame(orders, byId(model, "store.orders", SourceRole.class).getEventGroup());
		assertSame(orders, byId(model, "billing.orders", SinkRole.class).getEventGroup());

		EmitEventAction announce = byId(model, "order.announce", EmitEventAction.class);
		assertSame(placed, announce.getEventType());
		assertSame(byId(model, "store.orders", SourceRole.class), announce.getSourceRole());
		assertEquals("order", announce.getInputVariableUsages().get(0).getVariable());
		assertEquals(VariableCharacterisationType.BYTESIZE,
				announce.getInputVariableUsages().get(0).getCharacterisations().get(0).getType());
		assertEquals("4", announce.getInputVariableUsages().get(0).getCharacterisations().get(0).getSpecification());

		EventChannel channel = byId(model, "channel.orders", EventChannel.class);
		assertEquals(List.of(channel), model.getSystem().getEventChannels());
		assertSame(orders, channel.getEventGroup());
		EventChannelSourceConnector source = byId(model, "channel.from.store", EventChannelSourceConnector.class);
		assertSame(channel, source.getEventChannel());
		assertEquals("Store", source.getAssemblyContext().getName());
		assertSame(announce.getSourceRole(), source.getSourceRole());
		EventChannelSinkConnector toShipping = byId(model, "channel.to.shipping", EventChannelSinkConnector.class);
		assertSame(channel, toShipping.getEventChannel());
		assertEquals("Shipping", toShipping.getAssemblyContext().getName());
		assertSame(byId(model, "shipping.orders", SinkRole.class), toShipping.getSinkRole());
		AllocationContext channelPlacement = byId(model, "orders.on.front", AllocationContext.class);
		assertSame(channel, channelPlacement.getEventChannel());
		assertEquals("Front", channelPlacement.getContainer().getName());

		AssemblyEventConnector direct = byId(modelSets.get("direct").model(), "direct.store.to.billing",
				AssemblyEventConnector.class);
		assertEquals("Store", direct.getSourceContext().getName());
		assertEquals("Billing_OrderEvents", direct.getSinkRole().getName());
		assertEquals("Billing", direct.getSinkContext().getName());
		assertEquals("Store_OrderEvents", direct.getSourceRole().getName());
	}

	@Test
	void channelRunsBothSinksHandlersOnTheirContainersWhileTheEmitterGoesOn() throws Exception {
		SimulationResult result = simulate(modelSets.get("channel"));

		assertEquals(ORDER, result.scenarios().get(0).responseTime().mean(), 1e-12, "the handlers are not waited for");
		assertHandled(result, "BackA", BILLING);
		assertHandled(result, "BackB", SHIPPING);
		assertEquals(ARRIVAL_RATE * ORDER, resource(result, "Front").utilization(), 1e-9,
				"the channel, placed on Front, adds nothing to Front's CPU");
	}

	@Test
	void assemblyEventConnectorRunsItsOneSinksHandler() throws Exception {
		SimulationResult result = simulate(modelSets.get("direct"));

		assertEquals(ORDER, result.scenarios().get(0).responseTime().mean(), 1e-12);
		assertHandled(result, "BackA", BILLING);
		assertEquals(0, resource(result, "BackB").utilization(), "nothing runs on BackB");
	}

	/**
	 * With the network simulated, an event to another container first occupies the link between them
	 * for latency + bytes / throughput = 0.05 + 4 / 100 = 0.09 (order.BYTESIZE = 4); the emitter waits
	 * for that no more than for the handler. The last measured event's transfer and handler end at
	 * 2,099.01 + 0.09 + 0.2, before the run stops at 2,100.01, so the figures stay exact.
	 */
	@Test
	void eventToAnotherContainerCrossesTheLinkWithoutTheEmitterWaiting() throws Exception {
		TestModels.copy(FOLDER, folder);
		Path environment = folder.resolve("events.resourceenvironment");
		Files.writeString(environment, Files.readString(environment).replace("</resourceenvironment:ResourceEnvironment>",
				"""
				  <linkingResources__ResourceEnvironment id="lan" entityName="LAN" connectedResourceContainers_LinkingResource="front back.a">
				    <communicationLinkResourceSpecifications_LinkingResource id="lan.specification">
				      <communicationLinkResourceType_CommunicationLinkResourceSpecification href="pathmap://PCM_MODELS/Palladio.resourcetype#_o3sScH2AEdyH8uerKnHYug"/>
				      <latency_CommunicationLinkResourceSpecification specification="0.05"/>
				      <throughput_CommunicationLinkResourceSpecification specification="100"/>
				    </communicationLinkResourceSpecifications_LinkingResource>
				  </linkingResources__ResourceEnvironment>
				</resourceenvironment:ResourceEnvironment>"""));
		ModelSet direct = new PalladioImporter().importPath(folder).modelSets().stream()
				.filter(set -> set.name().equals("direct")).findFirst().orElseThrow();

		SimulationResult result = ArchitectureSimulation.of(direct.model()).run(CONFIG.withLinkingResources(true),
				ProgressMonitor.NONE);

		assertEquals(ORDER, result.scenarios().get(0).responseTime().mean(), 1e-12, "the transfer is not waited for");
		double transfer = 0.05 + 4 / 100.0;
		ResourceResult link = resource(result, "LAN");
		assertEquals(transfer, link.meanServiceTime(), 1e-12);
		assertEquals(ARRIVAL_RATE * transfer, link.utilization(), 1e-9);
		assertHandled(result, "BackA", BILLING);
	}

	@Test
	void eventOfAnUnconnectedSourceRoleReachesNoSinkWithAWarning() throws Exception {
		TestModels.copy(FOLDER, folder);
		Path system = folder.resolve("direct.system");
		String text = Files.readString(system);
		Files.writeString(system, text.substring(0, text.indexOf("  <connectors__ComposedStructure xsi:type=\"composition:AssemblyEventConnector\""))
				+ text.substring(text.indexOf("  <providedRoles_InterfaceProvidingEntity")));
		ModelSet direct = new PalladioImporter().importPath(folder).modelSets().stream()
				.filter(set -> set.name().equals("direct")).findFirst().orElseThrow();

		List<Diagnostic> problems = TestModels.validate(direct.model());
		SimulationResult result = simulate(direct);

		// besides the repository's unconnected Audit (see the import test)
		assertEquals(List.of(system + ": line 3: Store (AssemblyContext 'Store', direct.store): source role SourceRole"
				+ " 'Store_OrderEvents' (store.orders) of component BasicComponent 'Store' (store) is not connected: no event"
				+ " channel source connector or assembly event connector in SoftwareSystem 'Direct' (direct.system)"
				+ " connects it, so the events emitted through it reach no sink"),
				problems.stream().filter(problem -> !problem.message().contains("Audit")).map(Diagnostic::format).toList());
		assertEquals(ORDER, result.scenarios().get(0).responseTime().mean(), 1e-12);
		assertEquals(0, resource(result, "BackA").utilization(), "Billing receives nothing");
	}

	@Test
	void connectedSinkWithoutAHandlerIsAnError() {
		List<Diagnostic> problems = TestModels.validate(modelSets.get("unhandled").model());

		assertEquals(List.of(AUDIT_WITHOUT_HANDLER), TestModels.errors(problems).stream().map(Diagnostic::format).toList());
	}

	@Test
	void eventsSurviveSavingAndLoading() throws Exception {
		Path saved = folder.resolve("channel.iosim");
		ArchitectureFiles.save(modelSets.get("channel").model(), saved);

		ImportResult loaded = new PalladioImporter().importPath(saved);

		assertFalse(loaded.hasErrors(), () -> describe(loaded.diagnostics()));
		SimulationResult result = simulate(loaded.modelSets().get(0));
		assertEquals(ORDER, result.scenarios().get(0).responseTime().mean(), 1e-12);
		assertHandled(result, "BackA", BILLING);
		assertHandled(result, "BackB", SHIPPING);
	}

	/** The channel's model set with a filter condition on the sink connector to Billing. */
	private ModelSet withBillingFilter(String condition) throws Exception {
		Path copy = Files.createTempDirectory(folder, "filtered");
		TestModels.copy(FOLDER, copy);
		Path system = copy.resolve("channel.system");
		Files.writeString(system, Files.readString(system).replace(
				"<sinkRole__EventChannelSinkConnector href=\"events.repository#billing.orders\"/>",
				"<sinkRole__EventChannelSinkConnector href=\"events.repository#billing.orders\"/>"
						+ "<filterCondition__EventChannelSinkConnector specification=\"" + condition + "\"/>"));
		ImportResult imported = new PalladioImporter().importPath(copy);
		assertFalse(imported.hasErrors(), () -> describe(imported.diagnostics()));
		return imported.modelSets().stream().filter(set -> set.name().equals("channel")).findFirst().orElseThrow();
	}

	/** Each order's event has order.BYTESIZE = 4: a filter it meets changes nothing, one it fails stops every event. */
	@Test
	void filterConditionOnTheEventsParametersLetsOnlyMatchingEventsThrough() throws Exception {
		SimulationResult passing = simulate(withBillingFilter("order.BYTESIZE &gt; 2"));
		assertHandled(passing, "BackA", BILLING);
		assertHandled(passing, "BackB", SHIPPING);

		SimulationResult failing = simulate(withBillingFilter("order.BYTESIZE &gt; 5"));
		assertEquals(0, resource(failing, "BackA").utilization(), "no event meets the filter to Billing");
		assertHandled(failing, "BackB", SHIPPING);
		assertEquals(ORDER, failing.scenarios().get(0).responseTime().mean(), 1e-12);
	}

	/**
	 * A BoolPMF filter lets each event through with its probability: a quarter of the 2,000 measured
	 * events reach Billing, so BackA is busy 0.25 × 0.2 = 0.05, within 4 standard deviations of a
	 * binomial count (√(0.25 · 0.75 / 2000) · 0.2 = 0.0019 each).
	 */
	@Test
	void probabilisticFilterConditionLetsThatShareOfEventsThrough() throws Exception {
		SimulationResult result = simulate(withBillingFilter("BoolPMF[(true;0.25)(false;0.75)]"));

		assertEquals(0.25 * BILLING, resource(result, "BackA").utilization(), 4 * 0.0019);
		assertHandled(result, "BackB", SHIPPING);
	}

	@Test
	void filterConditionSurvivesExport() throws Exception {
		ModelSet filtered = withBillingFilter("order.BYTESIZE &gt; 5");
		Path exported = Files.createDirectories(folder.resolve("exported"));

		org.iosim.pcm.palladio.export.PalladioExporter.export(filtered.model(), exported, "channel");

		ModelSet again = new PalladioImporter().importPath(exported).modelSets().get(0);
		assertEquals("order.BYTESIZE > 5",
				byId(again.model(), "channel.to.billing", EventChannelSinkConnector.class).getFilterCondition());
	}

	/**
	 * Billing's handler emits the event again, into the channel that reaches Billing: an event cycle.
	 * It is a warning (nobody waits for an event, so the run ends), naming the cycle; simulated,
	 * Billing's CPU saturates.
	 */
	@Test
	void anEventCycleIsAWarningNamingTheCycle() throws Exception {
		TestModels.copy(FOLDER, folder);
		Path repository = folder.resolve("events.repository");
		Files.writeString(repository, Files.readString(repository)
				.replace("<providedRoles_InterfaceProvidingEntity xsi:type=\"repository:SinkRole\" id=\"billing.orders\""
						+ " entityName=\"Billing_OrderEvents\" eventGroup__SinkRole=\"orders\"/>",
						"<providedRoles_InterfaceProvidingEntity xsi:type=\"repository:SinkRole\" id=\"billing.orders\""
								+ " entityName=\"Billing_OrderEvents\" eventGroup__SinkRole=\"orders\"/>"
								+ "<requiredRoles_InterfaceRequiringEntity xsi:type=\"repository:SourceRole\" id=\"billing.again\""
								+ " entityName=\"Billing_again\" eventGroup__SourceRole=\"orders\"/>")
				.replace("predecessor_AbstractAction=\"bill.start\" successor_AbstractAction=\"bill.stop\"",
						"predecessor_AbstractAction=\"bill.start\" successor_AbstractAction=\"bill.again\"")
				.replace("<steps_Behaviour xsi:type=\"seff:StopAction\" id=\"bill.stop\" predecessor_AbstractAction=\"bill.invoice\"/>",
						"<steps_Behaviour xsi:type=\"seff:EmitEventAction\" id=\"bill.again\" entityName=\"again\""
								+ " predecessor_AbstractAction=\"bill.invoice\" successor_AbstractAction=\"bill.stop\""
								+ " eventType__EmitEventAction=\"orders.placed\" sourceRole__EmitEventAction=\"billing.again\">"
								+ "<inputVariableUsages__CallAction><variableCharacterisation_VariableUsage type=\"BYTESIZE\">"
								+ "<specification_VariableCharacterisation specification=\"order.BYTESIZE\"/>"
								+ "</variableCharacterisation_VariableUsage>"
								+ "<namedReference__VariableUsage xsi:type=\"stoex:VariableReference\" referenceName=\"order\"/>"
								+ "</inputVariableUsages__CallAction></steps_Behaviour>"
								+ "<steps_Behaviour xsi:type=\"seff:StopAction\" id=\"bill.stop\" predecessor_AbstractAction=\"bill.again\"/>"));
		Path system = folder.resolve("channel.system");
		Files.writeString(system, Files.readString(system).replace("<eventChannel__ComposedStructure",
				"<connectors__ComposedStructure xsi:type=\"composition:EventChannelSourceConnector\" id=\"channel.from.billing\""
						+ " entityName=\"Billing_to_Orders\" assemblyContext__EventChannelSourceConnector=\"channel.billing\""
						+ " eventChannel__EventChannelSourceConnector=\"channel.orders\">"
						+ "<sourceRole__EventChannelSourceRole href=\"events.repository#billing.again\"/></connectors__ComposedStructure>"
						+ "<eventChannel__ComposedStructure"));
		ModelSet channel = new PalladioImporter().importPath(folder).modelSets().stream()
				.filter(set -> set.name().equals("channel")).findFirst().orElseThrow();

		List<String> warnings = TestModels.validate(channel.model()).stream().filter(problem -> !problem.isError())
				.map(Diagnostic::message).filter(message -> message.contains("event cycle")).toList();

		assertEquals(List.of("the event closes an event cycle, Billing.placed → Billing.placed: unless a branch or"
				+ " filter condition breaks it, every event causes another for ever and the load they make grows until"
				+ " a resource saturates"), warnings);
		assertEquals(1, resource(simulate(channel), "BackA").utilization(), 1e-6, "Billing's CPU saturates");
	}

	/** A handler's every run is served alone: its response time is its service time, its load arrival rate × that. */
	private static void assertHandled(SimulationResult result, String container, double serviceTime) {
		ResourceResult cpu = resource(result, container);
		assertEquals(serviceTime, cpu.meanServiceTime(), 1e-12, container);
		assertEquals(serviceTime, cpu.meanResponseTime(), 1e-12, container + ": no event waits");
		assertEquals(ARRIVAL_RATE * serviceTime, cpu.utilization(), 1e-9, container);
	}

	private static ResourceResult resource(SimulationResult result, String container) {
		return result.resources().stream().filter(resource -> resource.container().equals(container)).findFirst()
				.orElseThrow(() -> new AssertionError("no resource of " + container + " in " + result.resources()));
	}

	private static SimulationResult simulate(ModelSet modelSet) throws Exception {
		return ArchitectureSimulation.of(modelSet.model()).run(CONFIG, ProgressMonitor.NONE);
	}
}
