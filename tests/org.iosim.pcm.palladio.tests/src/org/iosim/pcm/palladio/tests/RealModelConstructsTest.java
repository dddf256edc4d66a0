package org.iosim.pcm.palladio.tests;

import static org.iosim.pcm.palladio.tests.TestModels.describe;
import static org.iosim.pcm.palladio.tests.TestModels.errors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.iosim.pcm.palladio.ImportResult;
import org.iosim.pcm.palladio.ModelSet;
import org.iosim.pcm.validation.Diagnostic;
import org.junit.jupiter.api.Test;

/**
 * Constructs of real Palladio models that do not change performance, or whose performance IOSim
 * simulates as SimuCom does, are accepted, and each model simulates with the mean response time
 * derived by hand. All run on one server whose CPU (rate 1000) is a delay resource, so a run takes
 * exactly the sum of its demands / 1000.
 */
class RealModelConstructsTest {

	/** The second replica's role in the guarded-replicas models, which no connector binds. */
	private static final String GUARDED_REPLICAS_SECOND_ROLE = "resources/guarded-replicas/shop.system: line 6:"
			+ " Balancer_1 (AssemblyContext 'Balancer_1', balancer.assembly): required role OperationRequiredRole"
			+ " 'Balancer_IStorage_2' (balancer.second) of component BasicComponent 'Balancer' (balancer) is not"
			+ " connected: no assembly connector or required delegation connector in SoftwareSystem 'Shop'"
			+ " (shop.system) binds it";

	@Test
	void stereotypeAnnotationsBesideTheSystemAreIgnoredWithOneWarning() throws Exception {
		ImportResult imported = TestModels.importResource("annotated");

		assertFalse(imported.hasErrors(), () -> describe(imported.diagnostics()));
		assertEquals(List.of("resources/annotated/shop.system: line 14: stereotype annotations are ignored: 2 applications"
				+ " of ScaledSystem, ReplicatedAssemblyContext, profile 'StaticScaling'; these annotations change"
				+ " performance: SimuLizar applies architectural templates (e.g. replication, load balancing, scaling)"
				+ " to the model before it simulates, IOSim does not, so results describe the model without the"
				+ " templates"), imported.diagnostics().stream().map(Diagnostic::format).toList());
		ModelSet shop = imported.modelSets().get(0);
		assertEquals(List.of(), TestModels.validate(shop.model()), () -> describe(TestModels.validate(shop.model())));
		// the payment's demand 20 at rate 1000
		Simulations.assertMeanResponseTime(20 / 1000.0, shop);
	}

	/**
	 * iObserve's privacy and cloud extensions (as in CoCoME's PCMPrivacy and PlanningExecution models)
	 * annotate connectors and containers with a privacy level, a country and a cloud VM type; the
	 * extended connector is read as an assembly connector, and each annotation is left out with a
	 * warning.
	 */
	@Test
	void privacyAndCloudAnnotationsAreIgnoredWithAWarningEach() throws Exception {
		ImportResult imported = TestModels.importResource("privacy-and-cloud");

		assertEquals(List.of(
				"resources/privacy-and-cloud/orders.system: line 12: Frontend_to_Backend (AssemblyConnector"
						+ " 'Frontend_to_Backend', frontend.to.backend): unsupported: attribute 'PrivacyLevel' (the privacy"
						+ " level of the data the connector carries, iObserve's privacy extension) is ignored; it does not"
						+ " change performance results",
				"resources/privacy-and-cloud/orders.resourceenvironment: line 3: Server (ResourceContainer 'Server',"
						+ " server): unsupported: attribute 'Geolocation' (the country the container is in, iObserve's"
						+ " privacy extension) is ignored; it does not change performance results (2 occurrences in this"
						+ " file; this is the first)",
				"resources/privacy-and-cloud/orders.resourceenvironment: line 9: Server (ResourceContainer 'Server',"
						+ " server): unsupported: element 'instanceType' (the cloud VM type the container instantiates,"
						+ " iObserve's cloud profile for planning and costs; the container's own resources are simulated)"
						+ " is ignored; it does not change performance results"),
				imported.diagnostics().stream().map(Diagnostic::format).toList());
		ModelSet orders = imported.modelSets().get(0);
		assertEquals(List.of(), TestModels.validate(orders.model()), () -> describe(TestModels.validate(orders.model())));
		// the frontend's check (5), then the backend's write (15) over the privacy-annotated connector
		Simulations.assertMeanResponseTime((5 + 15) / 1000.0, orders);
	}

	/**
	 * CoCoME's PCM 3.5 and 4.0 usage models go from Start to Stop without calling the system, so their
	 * mean response time is 0; a scenario that calls nothing is simulated, with a warning saying so.
	 * Here the user only reads for 0.25 time units.
	 */
	@Test
	void usageScenarioThatCallsNothingIsAWarningAndTakesOnlyItsDelays() throws Exception {
		ModelSet orders = TestModels.importSingleSet(TestModels.RESOURCES.resolve("idle-scenario"));

		List<Diagnostic> diagnostics = TestModels.validate(orders.model());

		assertEquals(List.of("resources/idle-scenario/orders.usagemodel: line 3: Browsing (UsageScenario 'Browsing',"
				+ " usage.browsing): the usage scenario makes no entry-level system call, so it uses nothing of the"
				+ " system: its response time is only its delays"), diagnostics.stream().map(Diagnostic::format).toList());
		Simulations.assertMeanResponseTime(0.25, orders);
	}

	@Test
	void recoveryBlockRunsItsPrimaryBehaviour() throws Exception {
		ImportResult imported = TestModels.importResource("recovery");

		assertFalse(imported.hasErrors(), () -> describe(imported.diagnostics()));
		assertTrue(imported.diagnostics().stream().map(Diagnostic::format).anyMatch(text -> text.equals(
				"resources/recovery/shop.repository: line 7: Checkout/pay/charge (BranchAction 'charge', pay.charge):"
						+ " recovery block: its primary behaviour 'by card' is simulated, as SimuCom does while no"
						+ " failure occurs; its alternative behaviour runs only after failures, which IOSim does not"
						+ " simulate")),
				() -> describe(imported.diagnostics()));
		ModelSet shop = imported.modelSets().get(0);
		assertEquals(List.of(), TestModels.validate(shop.model()), () -> describe(TestModels.validate(shop.model())));
		// the primary behaviour's authorization (30), then the receipt (10); the invoice (500) never runs
		Simulations.assertMeanResponseTime((30 + 10) / 1000.0, shop);
	}

	@Test
	void unconnectedRoleNoBehaviourCallsThroughIsAWarningAndTheModelRuns() throws Exception {
		ModelSet orders = TestModels.importSingleSet(TestModels.RESOURCES.resolve("unconnected-role/unused"));

		List<Diagnostic> diagnostics = TestModels.validate(orders.model());

		assertEquals(List.of(), errors(diagnostics), () -> describe(diagnostics));
		assertEquals(1, diagnostics.size(), () -> describe(diagnostics));
		assertTrue(diagnostics.get(0).message().startsWith("required role OperationRequiredRole 'Frontend_IAudit'"
				+ " (frontend.audit) of component BasicComponent 'Frontend' (frontend) is not connected"),
				() -> describe(diagnostics));
		assertTrue(diagnostics.get(0).message().endsWith("no behaviour the usage model reaches calls through it,"
				+ " so the simulation never needs it"), () -> describe(diagnostics));
		// the frontend's check (5), then the backend's write (15)
		Simulations.assertMeanResponseTime((5 + 15) / 1000.0, orders);
	}

	/**
	 * The backend's write demand is a DoublePMF of 10, 20 and 60 with probability 0.33333 each, which
	 * sums to 0.99999 as tools write rounded probabilities (CIPM's TeaStore model). It is scaled to
	 * sum to 1: each value has probability 1/3, so a run takes (5 + 30) / 1000 on average, with a
	 * standard deviation of √((20² + 10² + 30²) / 3) / 1000 ≈ 0.0216; the mean of 2,000 runs lies
	 * within four standard errors (0.0019) of it.
	 */
	@Test
	void probabilitiesThatSumToOneUpToRoundingAreAcceptedAndScaled() throws Exception {
		ModelSet orders = TestModels.importCleanSet(TestModels.RESOURCES.resolve("rounded-probabilities"));

		assertEquals(List.of(), TestModels.validate(orders.model()), () -> describe(TestModels.validate(orders.model())));
		double standardError = Math.sqrt((20 * 20 + 10 * 10 + 30 * 30) / 3.0) / 1000 / Math.sqrt(2_000);
		assertEquals((5 + 30) / 1000.0, Simulations.meanResponseTime(orders), 4 * standardError);
	}

	/**
	 * The backend's write demand is {@code DoublePDF[(40.0;0.5)(20.0;0.5)]}, its points out of order
	 * as in mRUBiS's measured histograms. Palladio sorts them by their upper ends: half the
	 * probability lies evenly on (0, 20], half on (20, 40], so the demand is uniform on (0, 40] with
	 * mean 20 and standard deviation 40 / √12. A run takes (5 + 20) / 1000 on average; the mean of
	 * 2,000 runs lies within four standard errors of it.
	 */
	@Test
	void densityPointsOutOfOrderAreSortedAsPalladioDoes() throws Exception {
		ModelSet orders = TestModels.importCleanSet(TestModels.RESOURCES.resolve("unordered-histogram"));

		assertEquals(List.of(), TestModels.validate(orders.model()), () -> describe(TestModels.validate(orders.model())));
		double standardError = 40 / Math.sqrt(12) / 1000 / Math.sqrt(2_000);
		assertEquals((5 + 20) / 1000.0, Simulations.meanResponseTime(orders), 4 * standardError);
	}

	/**
	 * The balancer picks a replica by guards on the parameter the usage model passes through the
	 * frontend: {@code replicas.VALUE == 1} calls the first, connected replica, {@code replicas.VALUE >= 1}
	 * the second, whose role no connector binds (as CIPM's TeaStore model does with replicas that
	 * are not deployed). With one replica the first guard holds, so the second is never taken.
	 */
	@Test
	void unconnectedRoleCalledOnlyInAGuardedBranchThatIsNeverTakenIsAWarningAndTheModelRuns() throws Exception {
		ModelSet oneReplica = guardedReplicas("shop+one-replica");

		List<Diagnostic> diagnostics = TestModels.validate(oneReplica.model());

		assertEquals(List.of(GUARDED_REPLICAS_SECOND_ROLE + "; no behaviour the usage model reaches calls through it, so"
				+ " the simulation never needs it"), diagnostics.stream().map(Diagnostic::format).toList());
		// the frontend's check (5), the balancer's pick (2), the first replica's write (15)
		Simulations.assertMeanResponseTime((5 + 2 + 15) / 1000.0, oneReplica);
	}

	/** With two replicas the first guard fails and the second holds: the call needs the unconnected role. */
	@Test
	void unconnectedRoleCalledInAGuardedBranchThatHoldsIsAnError() {
		ModelSet twoReplicas = guardedReplicas("shop+two-replicas");

		List<Diagnostic> diagnostics = TestModels.validate(twoReplicas.model());

		assertEquals(List.of(GUARDED_REPLICAS_SECOND_ROLE), diagnostics.stream().map(Diagnostic::format).toList());
	}

	private static ModelSet guardedReplicas(String name) {
		ImportResult imported = TestModels.importResource("guarded-replicas");
		assertFalse(imported.hasErrors(), () -> describe(imported.diagnostics()));
		return imported.modelSets().stream().filter(set -> set.name().equals(name)).findFirst()
				.orElseThrow(() -> new AssertionError("no model set " + name));
	}

	@Test
	void unconnectedRoleABehaviourCallsThroughIsAnError() {
		ModelSet orders = TestModels.importSingleSet(TestModels.RESOURCES.resolve("unconnected-role/used"));

		List<Diagnostic> diagnostics = TestModels.validate(orders.model());

		assertEquals(List.of("resources/unconnected-role/used/orders.system: line 3: Frontend_1 (AssemblyContext"
				+ " 'Frontend_1', frontend.assembly): required role OperationRequiredRole 'Frontend_IAudit'"
				+ " (frontend.audit) of component BasicComponent 'Frontend' (frontend) is not connected: no assembly"
				+ " connector or required delegation connector in SoftwareSystem 'Orders' (orders.system) binds it"),
				diagnostics.stream().map(Diagnostic::format).toList());
	}
}
