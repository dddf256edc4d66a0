package org.iosim.stoex;

/** Static type of an expression or of a variable, as inferred by {@link Expression#type(TypeEnvironment)}. */
public enum StoExType {
	/** Whole number; sampled as {@link Long}. */
	INT,
	/** Floating-point number; sampled as {@link Double}. */
	DOUBLE,
	/** {@code true} or {@code false}; sampled as {@link Boolean}. */
	BOOL,
	/** String literal; sampled as {@link String}. */
	STRING,
	/** Value of an {@code EnumPMF}; sampled as {@link String}. */
	ENUM,
	/** Not known before evaluation, e.g. a variable without declared type; checked when sampled. */
	ANY;

	/** @return whether values of this type may be used where a number is expected (ANY included) */
	public boolean isNumeric() {
		return this == INT || this == DOUBLE || this == ANY;
	}
}
