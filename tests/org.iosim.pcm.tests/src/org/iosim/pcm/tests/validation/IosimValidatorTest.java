package org.iosim.pcm.tests.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EValidator;
import org.eclipse.emf.ecore.util.Diagnostician;
import org.iosim.pcm.ExternalCallAction;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.OperationSignature;
import org.iosim.pcm.PcmFactory;
import org.iosim.pcm.PcmPackage;
import org.iosim.pcm.Repository;
import org.iosim.pcm.io.FileSet;
import org.iosim.pcm.io.IoAction;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.IoFactory;
import org.iosim.pcm.io.IoPackage;
import org.iosim.pcm.io.IoRequest;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.pcm.validation.IosimValidator;
import org.iosim.pcm.validation.ModelValidator;
import org.iosim.pcm.validation.Rule;
import org.iosim.pcm.validation.ValidationRule;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * EMF's Diagnostician, with {@link IosimValidator} registered, reports exactly what {@link ModelValidator}
 * reports: same severities, messages and order, each about the element the IOSim diagnostic names.
 */
class IosimValidatorTest {

	private static final PcmFactory PCM = PcmFactory.eINSTANCE;
	private static final IoFactory IO = IoFactory.eINSTANCE;

	/** Registrations before this test class, restored after it: the registry is global. */
	private static final Map<EPackage, Object> previous = new HashMap<>();

	private final ValidationFixture fixture = new ValidationFixture();

	@BeforeAll
	static void register() {
		previous.put(PcmPackage.eINSTANCE, EValidator.Registry.INSTANCE.get(PcmPackage.eINSTANCE));
		previous.put(IoPackage.eINSTANCE, EValidator.Registry.INSTANCE.get(IoPackage.eINSTANCE));
		IosimValidator.register();
	}

	@AfterAll
	static void restore() {
		previous.forEach((ePackage, validator) -> {
			if (validator == null) {
				EValidator.Registry.INSTANCE.remove(ePackage);
			} else {
				EValidator.Registry.INSTANCE.put(ePackage, validator);
			}
		});
	}

	@Test
	void registersForBothPackages() {
		assertSame(IosimValidator.INSTANCE, EValidator.Registry.INSTANCE.getEValidator(PcmPackage.eINSTANCE));
		assertSame(IosimValidator.INSTANCE, EValidator.Registry.INSTANCE.getEValidator(IoPackage.eINSTANCE));
	}

	@Test
	void validModelIsOk() {
		org.eclipse.emf.common.util.Diagnostic result = Diagnostician.INSTANCE.validate(fixture.model);

		assertEquals(org.eclipse.emf.common.util.Diagnostic.OK, result.getSeverity(), result.getChildren()::toString);
		assertEquals(List.of(), result.getChildren());
	}

	@Test
	void reportsWhatModelValidatorReportsOnABrokenModel() {
		// Rules of several kinds: on the element itself (a processor's rate, I/O requests), on a child (an
		// unreachable step), on an element elsewhere (the allocation's unallocated assembly context), on a
		// deep descendant (the model set's call cycle), a warning, and rules of the I/O package.
		fixture.appCpu.setProcessingRate("0");
		InternalAction orphan = PCM.createInternalAction();
		orphan.setId("place.orphan");
		orphan.setName("orphan");
		fixture.placeSeff.getSteps().add(orphan);
		fixture.allocation.getContexts().remove(fixture.backendPlacement);
		OperationSignature cancel = PCM.createOperationSignature();
		cancel.setId("ordering.cancel");
		cancel.setName("cancel");
		fixture.ordering.getSignatures().add(cancel);
		ExternalCallAction again = fixture.addBackendCall("again", fixture.save, 0, fixture.backendAssembly, fixture.backendStorage);
		IoRequest request = addIoAction();

		List<Diagnostic> expected = new ModelValidator().validate(fixture.model);
		org.eclipse.emf.common.util.Diagnostic result = Diagnostician.INSTANCE.validate(fixture.model);

		assertTrue(expected.size() >= 8, expected::toString); // the breakages above, so the comparison is not vacuous
		assertTrue(expected.stream().anyMatch(problem -> !problem.isError()), "a warning among them");
		assertEquals(org.eclipse.emf.common.util.Diagnostic.ERROR, result.getSeverity());
		List<org.eclipse.emf.common.util.Diagnostic> reported = result.getChildren();
		assertEquals(describe(expected), describeEmf(reported));
		for (int i = 0; i < expected.size(); i++) {
			org.eclipse.emf.common.util.Diagnostic diagnostic = reported.get(i);
			assertEquals(IosimValidator.DIAGNOSTIC_SOURCE, diagnostic.getSource());
			assertEquals(expected.get(i), diagnostic.getData().get(1), "the IOSim diagnostic travels along");
			EObject subject = (EObject) diagnostic.getData().get(0);
			assertEquals(expected.get(i), Diagnostic.of(expected.get(i).rule(), expected.get(i).severity(), subject,
					expected.get(i).message()), "data[0] is the element the diagnostic names");
			assertEquals(expected.get(i).rule().number(), diagnostic.getCode(), "the code is the rule's number");
		}
		assertEquals(Rule.UNREACHABLE_ACTION, ruleOf(expected, "action 'orphan' is not reachable"));
		assertEquals(Rule.ALLOCATED_ONCE, ruleOf(expected, "the assembly context is not allocated"));
		assertEquals(Rule.CALL_CYCLE, ruleOf(expected, "the call closes a call cycle"));
		assertEquals(Rule.VALUE_RANGE, ruleOf(expected, "processingRate must be greater than 0"));
		assertSame(orphan, subjectOf(reported, "action 'orphan' is not reachable"));
		assertSame(fixture.backendAssembly, subjectOf(reported, "the assembly context is not allocated"));
		assertSame(again, subjectOf(reported, "the call closes a call cycle"));
		assertSame(request, subjectOf(reported, "size must be at least 0"));
		assertSame(fixture.appCpu, subjectOf(reported, "processingRate must be greater than 0"));
	}

	private static ValidationRule ruleOf(List<Diagnostic> diagnostics, String message) {
		return diagnostics.stream().filter(problem -> problem.message().contains(message)).findFirst()
				.orElseThrow(() -> new AssertionError("no '" + message + "' in " + diagnostics)).rule();
	}

	/**
	 * One validation derives which roles are called once for all its elements; the next validation sees
	 * the model as it is then: an unbound role is an error while a call goes through it, a warning after.
	 */
	@Test
	void eachValidationSeesTheModelAsItIsThen() {
		fixture.system.getConnectors().remove(fixture.frontendToBackend);
		org.eclipse.emf.common.util.Diagnostic called = Diagnostician.INSTANCE.validate(fixture.model);
		assertEquals(describe(new ModelValidator().validate(fixture.model)), describeEmf(called.getChildren()));
		assertEquals(org.eclipse.emf.common.util.Diagnostic.ERROR,
				find(called.getChildren(), "OperationRequiredRole 'Frontend_IStorage' (frontend.storage) of component").getSeverity(), called.getChildren()::toString);

		fixture.saveCall.setRole(null);
		org.eclipse.emf.common.util.Diagnostic uncalled = Diagnostician.INSTANCE.validate(fixture.model);
		assertEquals(describe(new ModelValidator().validate(fixture.model)), describeEmf(uncalled.getChildren()));
		assertEquals(org.eclipse.emf.common.util.Diagnostic.WARNING,
				find(uncalled.getChildren(), "OperationRequiredRole 'Frontend_IStorage' (frontend.storage) of component").getSeverity(), uncalled.getChildren()::toString);
	}

	private static org.eclipse.emf.common.util.Diagnostic find(List<org.eclipse.emf.common.util.Diagnostic> reported,
			String text) {
		return reported.stream().filter(diagnostic -> diagnostic.getMessage().contains(text)).findFirst()
				.orElseThrow(() -> new AssertionError("no diagnostic with '" + text + "' in " + reported));
	}

	@Test
	void validatesAnIoConfigurationOnItsOwnAsModelValidatorDoes() {
		IoConfiguration configuration = IO.createIoConfiguration();
		FileSet data = IO.createFileSet();
		data.setName("data");
		data.setSize(-1);
		configuration.getFileSets().add(data);
		configuration.getFileSets().add(IO.createFileSet());
		configuration.getStorages().add(IO.createVirtualizedStorage());

		List<Diagnostic> expected = new ModelValidator().validate(configuration);
		org.eclipse.emf.common.util.Diagnostic result = Diagnostician.INSTANCE.validate(configuration);

		assertTrue(expected.size() >= 4, expected::toString);
		assertEquals(describe(expected), describeEmf(result.getChildren()));
	}

	/** 'synchronous' marks a write that waits for stable storage; on a read it is an error, on a write none. */
	@Test
	void onlyAWriteMayBeSynchronous() {
		IoRequest request = addIoAction();
		request.setSynchronous(true);
		request.setType(org.iosim.pcm.io.IoType.READ);
		String synchronousRead = "a read cannot be synchronous";
		org.eclipse.emf.common.util.Diagnostic result = Diagnostician.INSTANCE.validate(fixture.model);
		assertSame(request, subjectOf(result.getChildren(), synchronousRead));

		request.setType(org.iosim.pcm.io.IoType.WRITE);
		assertTrue(new ModelValidator().validate(fixture.model).stream()
				.noneMatch(problem -> problem.message().startsWith(synchronousRead)));
	}

	/** Documented: the rules need a model set or an I/O configuration around an element. */
	@Test
	void elementsOutsideAModelSetOrConfigurationPass() {
		Repository lone = PCM.createRepository();
		var component = PCM.createBasicComponent();
		component.getSeffs().add(PCM.createResourceDemandingSeff()); // no described service: an error in a model set
		lone.getComponents().add(component);

		assertEquals(org.eclipse.emf.common.util.Diagnostic.OK, Diagnostician.INSTANCE.validate(lone).getSeverity());
	}


	/**
	 * An I/O action between the frontend's check and route, whose request has a negative size and a file
	 * set the I/O configuration lacks; the configuration's one file set has a negative size.
	 */
	private IoRequest addIoAction() {
		IoConfiguration configuration = IO.createIoConfiguration();
		FileSet data = IO.createFileSet();
		data.setName("data");
		data.setSize(-1);
		configuration.getFileSets().add(data);
		fixture.model.getExtensions().add(configuration);
		IoAction log = IO.createIoAction();
		log.setId("place.log");
		log.setName("log");
		IoRequest request = IO.createIoRequest();
		request.setSize("-5");
		request.setFileSet("logs");
		log.getRequests().add(request);
		log.setSuccessor(fixture.check.getSuccessor());
		fixture.check.setSuccessor(log);
		fixture.placeSeff.getSteps().add(log);
		return request;
	}

	private static List<String> describe(List<Diagnostic> diagnostics) {
		return diagnostics.stream().map(problem -> problem.severity() + " " + problem.message()).toList();
	}

	private static List<String> describeEmf(List<org.eclipse.emf.common.util.Diagnostic> diagnostics) {
		List<String> described = new ArrayList<>();
		for (org.eclipse.emf.common.util.Diagnostic diagnostic : diagnostics) {
			String severity = switch (diagnostic.getSeverity()) {
			case org.eclipse.emf.common.util.Diagnostic.ERROR -> "ERROR";
			case org.eclipse.emf.common.util.Diagnostic.WARNING -> "WARNING";
			default -> "severity " + diagnostic.getSeverity();
			};
			described.add(severity + " " + diagnostic.getMessage());
		}
		return described;
	}

	private static EObject subjectOf(List<org.eclipse.emf.common.util.Diagnostic> diagnostics, String messageStart) {
		List<EObject> subjects = diagnostics.stream()
				.filter(diagnostic -> diagnostic.getMessage().startsWith(messageStart))
				.map(diagnostic -> (EObject) diagnostic.getData().get(0)).toList();
		assertEquals(1, subjects.size(), () -> "one diagnostic starting '" + messageStart + "' in " + diagnostics);
		return subjects.get(0);
	}
}
