package org.iosim.pcm.tests.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EValidator;
import org.eclipse.emf.ecore.util.Diagnostician;
import org.eclipse.emf.ecore.util.Switch;
import org.iosim.pcm.InternalAction;
import org.iosim.pcm.PcmPackage;
import org.iosim.pcm.validation.IosimValidator;
import org.iosim.pcm.validation.ModelValidator;
import org.iosim.pcm.validation.PackageRules;
import org.iosim.pcm.validation.Rule;
import org.iosim.pcm.validation.RuleChecks;
import org.iosim.pcm.validation.ValidationRule;
import org.iosim.testing.SleepExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A metamodel package IOSim does not know ({@link SleepExtension}) brings its own rules, and its
 * elements are also checked by the architecture rules of their supertypes and the generic checks,
 * in the validator and in EMF's validation alike.
 */
class PackageRulesTest {

	private enum SleepRule implements ValidationRule {
		SLEEP_DURATION;

		@Override
		public int number() {
			return 1000;
		}

		@Override
		public String code() {
			return "sleep-duration";
		}

		@Override
		public String summary() {
			return "a sleep action says how long it sleeps";
		}
	}

	private static final PackageRules SLEEP_RULES = new PackageRules() {
		@Override
		public EPackage ePackage() {
			return SleepExtension.PACKAGE;
		}

		@Override
		public Switch<?> rules(RuleChecks checks) {
			return new SleepExtension.SleepSwitch<Object>() {
				@Override
				protected Object caseSleepAction(InternalAction action) {
					String duration = SleepExtension.duration(action);
					if (duration == null) {
						checks.error(SleepRule.SLEEP_DURATION, action, "the sleep action has no duration");
					} else {
						checks.notNegative(action, duration, "duration");
					}
					return null;
				}
			};
		}
	};

	private static Object previousPcmValidator;

	private final ValidationFixture fixture = new ValidationFixture();

	@BeforeAll
	static void register() {
		previousPcmValidator = EValidator.Registry.INSTANCE.get(PcmPackage.eINSTANCE);
		IosimValidator.register();
		ModelValidator.register(SLEEP_RULES);
	}

	@AfterAll
	static void restore() {
		EValidator.Registry.INSTANCE.remove(SleepExtension.PACKAGE);
		if (previousPcmValidator == null) {
			EValidator.Registry.INSTANCE.remove(PcmPackage.eINSTANCE);
		} else {
			EValidator.Registry.INSTANCE.put(PcmPackage.eINSTANCE, previousPcmValidator);
		}
	}

	/** A sleep action after the place SEFF's start. */
	private InternalAction napFirst(String duration) {
		InternalAction nap = SleepExtension.sleep("nap", duration);
		nap.setId("place.nap");
		fixture.placeSeff.getSteps().add(nap);
		nap.setSuccessor(fixture.check);
		nap.setPredecessor(fixture.placeStart);
		return nap;
	}

	private List<String> problems() {
		return new ModelValidator().validate(fixture.model).stream()
				.map(problem -> problem.message() + " [" + problem.rule().code() + "]").toList();
	}

	@Test
	void aWellFormedSleepActionIsValid() {
		napFirst("Exp(2)");

		assertEquals(List.of(), problems());
	}

	@Test
	void thePackagesOwnRuleAndTheSharedChecksReportOnItsAction() {
		InternalAction nap = napFirst(null);

		assertEquals(List.of("the sleep action has no duration [sleep-duration]"), problems());

		nap.eSet(SleepExtension.DURATION, "-2");
		assertEquals(List.of("duration must be at least 0, but is -2 [value-range]"), problems());
	}

	@Test
	void theArchitectureRulesCheckItAsAnActionAndItsExpressionsMustParse() {
		InternalAction nap = napFirst("2 +");
		nap.setPredecessor(null);

		List<String> onTheNap = new ModelValidator().validate(fixture.model).stream()
				.filter(problem -> "nap".equals(problem.elementName())).map(problem -> problem.rule().code()).toList();

		assertTrue(onTheNap.contains(Rule.UNREACHABLE_ACTION.code()), onTheNap::toString);
		assertTrue(onTheNap.contains(Rule.EXPRESSION_SYNTAX.code()), onTheNap::toString);
	}

	@Test
	void emfValidationRunsThePackagesRulesWithTheirCodes() {
		InternalAction nap = napFirst(null);

		org.eclipse.emf.common.util.Diagnostic result = Diagnostician.INSTANCE.validate(fixture.model);

		assertEquals(1, result.getChildren().size(), result.getChildren()::toString);
		org.eclipse.emf.common.util.Diagnostic finding = result.getChildren().get(0);
		assertEquals(1000, finding.getCode());
		assertSame(nap, (EObject) finding.getData().get(0));
		assertSame(IosimValidator.INSTANCE, EValidator.Registry.INSTANCE.get(SleepExtension.PACKAGE));
	}
}
