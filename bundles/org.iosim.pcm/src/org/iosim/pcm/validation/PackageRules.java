package org.iosim.pcm.validation;

import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.util.Switch;

/**
 * The validation rules of one metamodel package's classes, registered with
 * {@link ModelValidator#register}, so that a package extending the architecture metamodel (IOSim's
 * I/O extension is the first) brings its rules without changing the validator. Every element is
 * handed to the architecture rules and to each package's rules; an EMF switch hands an element of
 * another package to the cases of its nearest supertype in its own package, so an action of an
 * extension is checked both as an action and by its own package's rules.
 */
public interface PackageRules {

	/** @return the package whose classes the rules check */
	EPackage ePackage();

	/**
	 * @param checks where the rules report, for one validation
	 * @return a switch of the package's classes (typically a subclass of its generated switch) whose cases
	 *         report through {@code checks} and return null, so that the cases of supertypes run too
	 */
	Switch<?> rules(RuleChecks checks);
}
