package org.iosim.stoex;

import java.util.Map;

/** Declares the types of variables for type checking and compilation. */
@FunctionalInterface
public interface TypeEnvironment {

	/**
	 * Every variable is {@link StoExType#ANY}: its value is checked when it is sampled. This is the
	 * default because a characterisation such as {@code x.BYTESIZE} may be bound to a whole number
	 * in one model and to a floating-point number in another.
	 */
	TypeEnvironment UNTYPED = variable -> StoExType.ANY;

	/**
	 * @param variable dotted name including the characterisation, e.g. {@code file.BYTESIZE}
	 * @return the declared type, or {@code null} or {@link StoExType#ANY} when unknown
	 */
	StoExType typeOf(String variable);

	/**
	 * @param types declared types by dotted name (copied); variables not listed are {@link StoExType#ANY}
	 * @return an environment answering from the copy
	 */
	static TypeEnvironment of(Map<String, StoExType> types) {
		Map<String, StoExType> copy = Map.copyOf(types);
		return variable -> copy.getOrDefault(variable, StoExType.ANY);
	}
}
