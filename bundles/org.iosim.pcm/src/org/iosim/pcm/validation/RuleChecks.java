package org.iosim.pcm.validation;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.ArchitectureModel;

/**
 * What the rules of a metamodel package ({@link PackageRules}) report through, with the checks every
 * package's rules share, worded as the architecture rules word them.
 */
public interface RuleChecks {

	/** @return the model set being validated, or null for an I/O configuration validated on its own */
	ArchitectureModel model();

	void error(ValidationRule rule, EObject element, String message);

	void warning(ValidationRule rule, EObject element, String message);

	/** @return whether the stochastic expression is set; reports an error if not */
	boolean requireText(EObject element, String text, String feature);

	/** Reports a constant expression below 0. */
	void notNegative(EObject element, String text, String feature);

	/** Reports a constant expression outside 0..1; nothing if the expression is not set. */
	void probability(EObject element, String text, String feature);

	/** Reports a constant expression that is not a whole number of at least {@code minimum}. */
	void wholeNumberAtLeast(EObject element, String text, String feature, long minimum);
}
