package org.iosim.pcm.tests.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.OperationRequiredRole;
import org.iosim.pcm.AssemblyContext;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.OperationInterface;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.PcmPackage;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceEnvironment;
import org.iosim.pcm.StartAction;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.ModelValidator;
import org.junit.jupiter.api.Test;

/** Each rule: breaking a valid model in one place gives exactly the expected diagnostics. */
class ModelValidatorTest {

	private static final PcmFactory PCM = PcmFactory.eINSTANCE;

	private final ValidationFixture fixture = new ValidationFixture();

	private List<String> validate() {
		return validate(fixture.model);
	}

	private static List<String> validate(ArchitectureModel model) {
		return new ModelValidator().validate(model).stream().map(Diagnostic::format).toList();
	}

	@Test
	void validModelHasNoDiagnostics() {
		assertEquals(List.of(), validate());
	}

	@Test
	void missingPartsOfTheModelSetAreNamed() {
		ArchitectureModel empty = PCM.createArchitectureModel();
		empty.setName("empty");

		assertEquals(List.of("(ArchitectureModel 'empty'): the model set has no repository",
				"(ArchitectureModel 'empty'): the model set has no system",
				"(ArchitectureModel 'empty'): the model set has no resource environment",
				"(ArchitectureModel 'empty'): the model set has no allocation",
				"(ArchitectureModel 'empty'): the model set has no usage model"), validate(empty));
	}

	@Test
	void externalCallNeedsRole() {
		fixture.saveCall.setRole(null);

		assertEquals(List.of("Frontend/place/save (ExternalCallAction 'save', place.save): required reference 'role' is not set"),
				validate());
	}

	@Test
	void externalCallSignatureMustBelongToTheRequiredInterface() {
		fixture.saveCall.setSignature(fixture.place);

		assertEquals(List.of("Frontend/place/save (ExternalCallAction 'save', place.save): signature OperationSignature "
				+ "'place' (ordering.place) is not part of interface OperationInterface 'IStorage' (storage), which role "
				+ "OperationRequiredRole 'Frontend_IStorage' (frontend.storage) requires"), validate());
	}

	@Test
	void assemblyContextNeedsComponent() {
		fixture.backendAssembly.setComponent(null);

		assertEquals(List.of("Backend_1 (AssemblyContext 'Backend_1', backend.assembly): required reference 'component' is not set"),
				validate());
	}

	@Test
	void allocationContextNeedsContainer() {
		fixture.backendPlacement.setContainer(null);

		assertEquals(List.of("Backend_on_DatabaseServer (AllocationContext 'Backend_on_DatabaseServer', backend.on.db): "
				+ "required reference 'container' is not set"), validate());
	}

	@Test
	void behaviourNeedsExactlyOneStart() {
		StartAction secondStart = PCM.createStartAction();
		secondStart.setId("place.start2");
		fixture.placeSeff.getSteps().add(secondStart);

		assertEquals(List.of("Frontend/place (ResourceDemandingSeff, frontend.place): the behaviour has 2 StartActions; it needs exactly one"),
				validate());
	}

	@Test
	void behaviourNeedsExactlyOneStop() {
		fixture.saveCall.setSuccessor(null);
		fixture.placeSeff.getSteps().remove(fixture.placeStop);

		assertEquals(List.of("Frontend/place (ResourceDemandingSeff, frontend.place): the behaviour has 0 StopActions; it needs exactly one",
				"Frontend/place/save (ExternalCallAction 'save', place.save): action 'save' has no successor; only the "
						+ "StopAction may end a behaviour"), validate());
	}

	@Test
	void unreachableActionIsNamed() {
		InternalAction orphan = PCM.createInternalAction();
		orphan.setId("place.orphan");
		orphan.setName("orphan");
		fixture.placeSeff.getSteps().add(orphan);

		assertEquals(List.of("Frontend/place/orphan (InternalAction 'orphan', place.orphan): action 'orphan' is not "
				+ "reachable from the StartAction of its behaviour: no chain of successors leads to it"), validate());
	}

	@Test
	void seffBranchProbabilitiesMustSumToOne() {
		fixture.slow.setProbability(0.3);

		assertEquals(List.of("Frontend/place/route (BranchAction 'route', place.route): branch probabilities sum to 0.9 "
				+ "(0.6 + 0.3), not 1"), validate());
	}

	@Test
	void seffBranchProbabilitiesMayDifferFromOneByRounding() {
		fixture.fast.setProbability(0.6 + 5e-7);

		assertEquals(List.of(), validate());
	}

	@Test
	void usageBranchProbabilitiesMustSumToOne() {
		fixture.rarely.setProbability(0.2);

		assertEquals(List.of("Ordering/OrderingBehaviour/choice (Branch 'choice', user.choice): branch probabilities sum to 1.1 "
				+ "(0.9 + 0.2), not 1"), validate());
	}

	@Test
	void stochasticExpressionMustParse() {
		fixture.checkDemand.setDemand("Exp(2.0");

		List<String> diagnostics = validate();

		assertEquals(1, diagnostics.size(), diagnostics::toString);
		Matcher matcher = Pattern.compile(Pattern.quote("Frontend/place/check (ParametricResourceDemand): "
				+ "'demand' = \"Exp(2.0\" is not a valid stochastic expression at column ")
				+ "(\\d+): .+").matcher(diagnostics.get(0));
		assertTrue(matcher.matches(), diagnostics.get(0));
		int column = Integer.parseInt(matcher.group(1));
		assertTrue(column >= 1 && column <= "Exp(2.0".length() + 1, "column " + column);
	}

	@Test
	void processingRateMustBePositive() {
		fixture.appCpu.setProcessingRate("0");

		assertEquals(List.of("AppServer (ProcessingResourceSpecification, app.cpu): processingRate must be greater than 0, "
				+ "but is 0"), validate());
	}

	@Test
	void constantRatesAreJudgedByTheirValue() {
		fixture.appCpu.setProcessingRate("1000 * 0");

		assertEquals(List.of("AppServer (ProcessingResourceSpecification, app.cpu): processingRate must be greater than 0,"
				+ " but is 1000 * 0 = 0"), validate());
	}

	@Test
	void ratesThatDependOnChanceAreLeftToTheSimulation() {
		fixture.appCpu.setProcessingRate("DoublePMF[(0.0;0.5)(1000.0;0.5)]");

		assertEquals(List.of(), validate());
	}

	@Test
	void diskRatesMustBePositive() {
		fixture.dbDisk.setReadProcessingRate("0");
		fixture.dbDisk.setWriteProcessingRate("-5");

		assertEquals(List.of(
				"DatabaseServer (HddProcessingResourceSpecification, db.disk): readProcessingRate must be greater than 0, but is 0",
				"DatabaseServer (HddProcessingResourceSpecification, db.disk): writeProcessingRate must be greater than 0, but is -5"),
				validate());
	}

	@Test
	void linkThroughputMustBePositiveAndLatencyNotNegative() {
		fixture.lan.setThroughput("0");
		fixture.lan.setLatency("-0.5");

		assertEquals(List.of("LAN (LinkingResource 'LAN', lan): throughput must be greater than 0, but is 0",
				"LAN (LinkingResource 'LAN', lan): latency must be at least 0, but is -0.5"), validate());
	}

	@Test
	void populationReplicasAndCapacityMustBeAtLeastOne() {
		fixture.workload.setPopulation(0);
		fixture.appCpu.setNumberOfReplicas(0);
		fixture.connections.setCapacity("0");

		assertEquals(List.of(
				"Backend/connections (PassiveResource 'connections', backend.connections): capacity must be a whole number of"
						+ " at least 1, but is 0",
				"AppServer (ProcessingResourceSpecification, app.cpu): numberOfReplicas must be at least 1, but is 0",
				"Ordering (ClosedWorkload): population must be at least 1, but is 0"), validate());
	}

	@Test
	void everyAssemblyContextIsAllocated() {
		fixture.allocation.getContexts().remove(fixture.backendPlacement);

		assertEquals(List.of("Backend_1 (AssemblyContext 'Backend_1', backend.assembly): the assembly context is not "
				+ "allocated: no allocation context of Allocation 'Deployment' (allocation) places it on a resource container"),
				validate());
	}

	@Test
	void allocatedContainerMustBelongToTheResourceEnvironment() {
		ResourceEnvironment elsewhere = PCM.createResourceEnvironment();
		ResourceContainer remote = PCM.createResourceContainer();
		remote.setId("remote");
		remote.setName("Remote");
		elsewhere.getContainers().add(remote);
		fixture.backendPlacement.setContainer(remote);

		assertEquals(List.of(
				"Backend_on_DatabaseServer (AllocationContext 'Backend_on_DatabaseServer', backend.on.db): it places its "
						+ "assembly context on resource container ResourceContainer 'Remote' (remote), which is not part of "
						+ "the allocation's resource environment ResourceEnvironment 'Hardware' (environment)",
				"Backend_on_DatabaseServer (AllocationContext 'Backend_on_DatabaseServer', backend.on.db): reference "
						+ "'container' points to ResourceContainer 'Remote' (remote), which is not part of this model set"),
				validate());
	}

	@Test
	void requiredRoleOfReachableContextMustBeConnected() {
		fixture.system.getConnectors().remove(fixture.frontendToBackend);

		assertEquals(List.of("Frontend_1 (AssemblyContext 'Frontend_1', frontend.assembly): required role "
				+ "OperationRequiredRole 'Frontend_IStorage' (frontend.storage) of component BasicComponent 'Frontend' "
				+ "(frontend) is not connected: no assembly connector or required delegation connector in "
				+ "SoftwareSystem 'Orders' (system) binds it"), validate());
	}

	@Test
	void unconnectedRoleOfACalledComponentIsOnlyAWarningWhileNoBehaviourCallsThroughIt() {
		OperationRequiredRole audit = PCM.createOperationRequiredRole();
		audit.setId("frontend.audit");
		audit.setName("Frontend_IAudit");
		audit.setRequiredInterface(fixture.storage);
		fixture.frontend.getRequiredRoles().add(audit);

		List<Diagnostic> diagnostics = new ModelValidator().validate(fixture.model);

		assertEquals(1, diagnostics.size(), diagnostics::toString);
		assertEquals(Diagnostic.Severity.WARNING, diagnostics.get(0).severity());
		assertEquals("Frontend_1 (AssemblyContext 'Frontend_1', frontend.assembly): required role OperationRequiredRole "
				+ "'Frontend_IAudit' (frontend.audit) of component BasicComponent 'Frontend' (frontend) is not "
				+ "connected: no assembly connector or required delegation connector in SoftwareSystem 'Orders' (system) "
				+ "binds it; no behaviour the usage model reaches calls through it, so the simulation never needs it",
				diagnostics.get(0).format());

		fixture.saveCall.setRole(audit);
		List<Diagnostic> called = new ModelValidator().validate(fixture.model);

		assertTrue(called.stream().anyMatch(diagnostic -> diagnostic.isError()
				&& diagnostic.message().startsWith("required role OperationRequiredRole 'Frontend_IAudit'")),
				called::toString);
	}

	@Test
	void unconnectedRoleNoReachedBehaviourCallsIsOnlyAWarning() {
		AssemblyContext spare = PCM.createAssemblyContext();
		spare.setId("spare.assembly");
		spare.setName("Frontend_2");
		spare.setComponent(fixture.frontend);
		fixture.system.getAssemblyContexts().add(spare);
		var placement = PCM.createAllocationContext();
		placement.setId("spare.on.app");
		placement.setAssemblyContext(spare);
		placement.setContainer(fixture.app);
		fixture.allocation.getContexts().add(placement);

		List<Diagnostic> diagnostics = new ModelValidator().validate(fixture.model);

		assertEquals(1, diagnostics.size(), diagnostics::toString);
		assertEquals(Diagnostic.Severity.WARNING, diagnostics.get(0).severity());
		assertEquals("Frontend_2 (AssemblyContext 'Frontend_2', spare.assembly): required role OperationRequiredRole "
				+ "'Frontend_IStorage' (frontend.storage) of component BasicComponent 'Frontend' (frontend) is not "
				+ "connected: no assembly connector or required delegation connector in SoftwareSystem 'Orders' (system) "
				+ "binds it; no behaviour the usage model reaches calls through it, so the simulation never needs it",
				diagnostics.get(0).format());
	}

	@Test
	void providedSignatureWithoutSeffIsAWarning() {
		OperationSignature cancel = PCM.createOperationSignature();
		cancel.setId("ordering.cancel");
		cancel.setName("cancel");
		fixture.ordering.getSignatures().add(cancel);

		List<Diagnostic> diagnostics = new ModelValidator().validate(fixture.model);

		assertEquals(1, diagnostics.size(), diagnostics::toString);
		assertEquals(Diagnostic.Severity.WARNING, diagnostics.get(0).severity());
		assertEquals("Frontend (BasicComponent 'Frontend', frontend): provides 'IOrdering.cancel' but has no SEFF for it, "
				+ "so calls to it cannot be simulated", diagnostics.get(0).format());
	}

	@Test
	void entryLevelCallMustUseAProvidedRoleOfTheSystem() {
		fixture.call.setProvidedRole(fixture.frontendOrdering);

		assertEquals(List.of("Ordering/OrderingBehaviour/choice/often/placeOrder (EntryLevelSystemCall 'placeOrder', often.place): "
				+ "role OperationProvidedRole 'Frontend_IOrdering' (frontend.ordering) is not a provided role of the system "
				+ "SoftwareSystem 'Orders' (system)"), validate());
	}

	/**
	 * CoCoME's PCMPrivacy usage model calls roles of components in the repository; such a usage model
	 * goes with no system, and the error says why.
	 */
	@Test
	void entryLevelCallOfAComponentsRoleWithoutASystemIsNamed() {
		fixture.call.setProvidedRole(fixture.frontendOrdering);
		fixture.model.setSystem(null);
		fixture.model.setAllocation(null);

		assertEquals(List.of("(ArchitectureModel 'fixture'): the model set has no system",
				"(ArchitectureModel 'fixture'): the model set has no allocation",
				"Ordering/OrderingBehaviour/choice/often/placeOrder (EntryLevelSystemCall 'placeOrder', often.place): "
						+ "role OperationProvidedRole 'Frontend_IOrdering' (frontend.ordering) belongs to BasicComponent"
						+ " 'Frontend' (frontend), not to a system: a usage model calls the provided roles of a system"),
				validate());
	}

	@Test
	void entryLevelCallSignatureMustBelongToTheRolesInterface() {
		fixture.call.setSignature(fixture.save);

		assertEquals(List.of("Ordering/OrderingBehaviour/choice/often/placeOrder (EntryLevelSystemCall 'placeOrder', often.place): "
				+ "signature OperationSignature 'save' (storage.save) is not part of interface OperationInterface "
				+ "'IOrdering' (ordering), which role OperationProvidedRole 'Orders_IOrdering' (system.ordering) provides"),
				validate());
	}

	@Test
	void usageScenarioNeedsWorkload() {
		fixture.scenario.setWorkload(null);

		assertEquals(List.of("Ordering (UsageScenario 'Ordering', scenario): the usage scenario has no workload"), validate());
	}

	/**
	 * The metamodel's multiplicities are the rule: every reference it declares required, unset on any
	 * element of a valid model, is reported on that element, and the rules that need the reference say
	 * nothing more about it (no error mentions a null).
	 */
	@Test
	void everyRequiredReferenceOfTheMetamodelIsReportedWhereItIsUnset() {
		int checked = 0;
		for (TreeIterator<EObject> elements = fixture.model.eAllContents(); elements.hasNext();) {
			EObject element = elements.next();
			for (EReference reference : element.eClass().getEAllReferences()) {
				if (!reference.isRequired() || reference.isMany() || element.eGet(reference) == null) {
					continue;
				}
				EcoreUtil.Copier copier = new EcoreUtil.Copier();
				ArchitectureModel broken = (ArchitectureModel) copier.copy(fixture.model);
				copier.copyReferences();
				EObject copy = copier.get(element);
				copy.eUnset(reference);

				List<Diagnostic> diagnostics = new ModelValidator().validate(broken);
				String where = Diagnostic.where(copy);
				assertTrue(diagnostics.stream().anyMatch(problem -> problem.where().equals(where)
						&& problem.message().equals("required reference '" + reference.getName() + "' is not set")),
						() -> where + " without '" + reference.getName() + "': " + diagnostics);
				assertTrue(diagnostics.stream().noneMatch(problem -> problem.message().contains("null")),
						() -> where + " without '" + reference.getName() + "': " + diagnostics);
				checked++;
			}
		}
		assertTrue(checked >= 20, "required references checked: " + checked);
		assertTrue(PcmPackage.Literals.EXTERNAL_CALL_ACTION__ROLE.isRequired());
		assertTrue(PcmPackage.Literals.ASSEMBLY_CONNECTOR__PROVIDING_CONTEXT.isRequired());
		assertTrue(!PcmPackage.Literals.ALLOCATION_CONTEXT__ASSEMBLY_CONTEXT.isRequired(),
				"an allocation context places an assembly context or an event channel");
	}

	@Test
	void referencesMustStayInsideTheModelSet() {
		OperationInterface foreign = PCM.createOperationInterface();
		OperationSignature elsewhere = PCM.createOperationSignature();
		elsewhere.setId("foreign.place");
		elsewhere.setName("place");
		foreign.getSignatures().add(elsewhere);
		fixture.placeSeff.setDescribedService(elsewhere);

		assertEquals(List.of(
				"Frontend (BasicComponent 'Frontend', frontend): provides 'IOrdering.place' but has no SEFF for it, so "
						+ "calls to it cannot be simulated",
				"Frontend/place (ResourceDemandingSeff, frontend.place): reference 'describedService' points to OperationSignature "
						+ "'place' (foreign.place), which is not part of this model set"),
				validate());
	}

	@Test
	void callCycleThroughAnotherComponentIsNamedWithItsPath() {
		fixture.addBackendCall("callback", fixture.place, 2, fixture.frontendAssembly, fixture.frontendOrdering);

		assertEquals(List.of("Backend/save/callback (ExternalCallAction 'callback', save.callback): the call closes a call"
				+ " cycle, Frontend_1.place → Backend_1.save → Frontend_1.place: a simulated recursion never ends;"
				+ " Palladio models have no recursion (repeat calls with a loop)"), validate());
	}

	@Test
	void componentCallingItselfIsACycle() {
		fixture.addBackendCall("again", fixture.save, 0, fixture.backendAssembly, fixture.backendStorage);

		assertEquals(List.of("Backend/save/again (ExternalCallAction 'again', save.again): the call closes a call cycle,"
				+ " Backend_1.save → Backend_1.save: a simulated recursion never ends; Palladio models have no recursion"
				+ " (repeat calls with a loop)"), validate());
	}
}
