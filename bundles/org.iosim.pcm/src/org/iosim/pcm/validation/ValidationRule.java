package org.iosim.pcm.validation;

/**
 * A validation rule as its findings name it: IOSim's own ({@link Rule}) or one of the rules a
 * metamodel package contributes ({@link PackageRules}), which number theirs from 1000 on.
 */
public interface ValidationRule {

	/** @return the rule's number, EMF's diagnostic code */
	int number();

	/** @return the rule's name as users see it, e.g. {@code required-reference} */
	String code();

	/** @return what the rule asks of a model, in one line */
	String summary();
}
