package org.iosim.pcm.validation;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.PcmPackage;
import org.iosim.pcm.io.IoConfiguration;

/**
 * Checks that a model set is complete and consistent enough to simulate: required references set
 * and inside the model set, well-formed behaviours, probabilities summing to one, parseable
 * stochastic expressions, sensible resource values, complete allocation and wiring. Per-class rules
 * live in {@link ValidationRules}, and those of packages that extend the architecture metamodel in their
 * {@link PackageRules} (the I/O extension's in {@code IoRules}); the checks that apply to every element (the references the
 * metamodel declares required are set, references stay inside the model set, stochastic expressions
 * parse) are generic over the metamodel.
 */
public final class ModelValidator {

	/** The rules of the packages extending the architecture metamodel, at most one per package. */
	private static final List<PackageRules> PACKAGE_RULES = new CopyOnWriteArrayList<>(List.of(new IoRules()));

	/**
	 * Adds the rules of a package extending the architecture metamodel to every validation from now on,
	 * replacing rules registered for the same package before; in a workbench where
	 * {@link IosimValidator} is registered with EMF, EMF's validation of the package's elements runs them
	 * too. As EMF's packages register their validators in code, a package's rules are registered by the
	 * code that initializes the package.
	 */
	public static synchronized void register(PackageRules rules) {
		PACKAGE_RULES.removeIf(registered -> registered.ePackage() == rules.ePackage());
		PACKAGE_RULES.add(rules);
		IosimValidator.followRegistration(rules.ePackage());
	}

	/** @return the packages whose rules are registered, besides the architecture package */
	static List<EPackage> extensionPackages() {
		return PACKAGE_RULES.stream().map(PackageRules::ePackage).toList();
	}

	/** @return the problems found, errors and warnings, in model order; empty for a valid model */
	public List<Diagnostic> validate(ArchitectureModel model) {
		return validateTree(model, model);
	}

	/**
	 * Checks one part of a model set, an element and its contents, as {@link #validate(ArchitectureModel)}
	 * checks them where they are: e.g. a copy of a usage scenario's workload with other values, before
	 * a simulation uses it instead of the scenario's own.
	 *
	 * @return the problems found in the part, in order; empty for a valid part
	 */
	public List<Diagnostic> validate(ArchitectureModel model, EObject part) {
		return validateTree(model, part);
	}

	/**
	 * Checks an I/O configuration on its own, as read from its file, before it is applied to a
	 * model: the rules of its elements that need no model.
	 *
	 * @return the problems found, in order; empty for a valid configuration
	 */
	public List<Diagnostic> validate(IoConfiguration configuration) {
		return validateTree(null, configuration);
	}

	private static List<Diagnostic> validateTree(ArchitectureModel model, EObject root) {
		Findings findings = new Findings();
		ValidationRules rules = new ValidationRules(model, findings, PACKAGE_RULES);
		check(rules, model, root, findings);
		for (Iterator<EObject> contents = root.eAllContents(); contents.hasNext();) {
			check(rules, model, contents.next(), findings);
		}
		return findings.diagnostics();
	}

	/**
	 * The problems {@link #validate(ArchitectureModel)} finds when it comes to one element, in the same
	 * order, for {@link IosimValidator}, which EMF's Diagnostician calls element by element in the same
	 * order as {@code validate} visits them. Some of them concern other elements (e.g. a model set's
	 * rules report call cycles on their closing calls).
	 *
	 * @param model   the model set the element is part of, or null for an element of an I/O configuration
	 *                on its own (as {@link #validate(IoConfiguration)} checks it)
	 * @param context the map EMF's Diagnostician passes to every element of one validation, or null: the
	 *                rules are kept in it, so what they derive from the model is derived once per
	 *                validation rather than once per element
	 */
	static Findings validateElement(ArchitectureModel model, EObject element, Map<Object, Object> context) {
		Findings findings = new Findings();
		ValidationRules rules = context == null ? null : (ValidationRules) context.get(ValidationRules.class);
		if (rules == null || rules.model() != model) {
			rules = new ValidationRules(model, findings, PACKAGE_RULES);
			if (context != null) {
				context.put(ValidationRules.class, rules);
			}
		} else {
			rules.reportTo(findings);
		}
		check(rules, model, element, findings);
		return findings;
	}

	private static void check(ValidationRules rules, ArchitectureModel model, EObject element,
			Findings findings) {
		rules.check(element);
		if (model != null) {
			checkReferencesStayInside(model, element, findings);
		}
		checkStochasticExpressions(element, findings);
	}

	private static void checkReferencesStayInside(ArchitectureModel model, EObject element,
			Findings findings) {
		for (EReference reference : element.eClass().getEAllReferences()) {
			if (reference.isContainment() || reference.isContainer() || reference.isDerived()
					|| !element.eIsSet(reference)) {
				continue;
			}
			for (EObject target : targetsOf(element, reference)) {
				if (target.eIsProxy()) {
					findings.error(Rule.UNRESOLVED_REFERENCE, element, "reference '" + reference.getName() + "' points to '"
							+ EcoreUtil.getURI(target) + "', which could not be resolved");
				} else if (EcoreUtil.getRootContainer(target) != model) {
					findings.error(Rule.REFERENCE_OUTSIDE_MODEL_SET, element, "reference '" + reference.getName() + "' points to "
							+ Diagnostic.describe(target) + ", which is not part of this model set");
				}
			}
		}
	}

	private static List<EObject> targetsOf(EObject element, EReference reference) {
		Object value = element.eGet(reference, false);
		if (reference.isMany()) {
			@SuppressWarnings("unchecked")
			List<EObject> targets = (List<EObject>) value;
			return targets;
		}
		return value == null ? List.of() : List.of((EObject) value);
	}

	private static void checkStochasticExpressions(EObject element, Findings findings) {
		for (EAttribute attribute : element.eClass().getEAllAttributes()) {
			if (attribute.getEAttributeType() != PcmPackage.Literals.STO_EX || !element.eIsSet(attribute)) {
				continue;
			}
			String text = (String) element.eGet(attribute);
			if (text == null) {
				continue; // a missing expression is the per-class rules' to report, where one is required
			}
			StochasticExpressions.parseProblem(text).ifPresent(problem -> findings.error(Rule.EXPRESSION_SYNTAX, element,
					"'" + attribute.getName() + "' = \"" + Diagnostic.excerpt(text) + "\" " + problem));
		}
	}
}
