package org.iosim.stoex;

import java.util.Map;
import java.util.Objects;

/**
 * Values of the variables an expression refers to, looked up by dotted name including the
 * characterisation, e.g. {@code file.BYTESIZE} or {@code request.INNER.VALUE}, or, for a formula
 * (see {@link StoEx#parseFormula}), by bare name, e.g. {@code concurrency}.
 * <p>
 * A value is a {@link Number} ({@link Byte}, {@link Short}, {@link Integer} and {@link Long} count
 * as INT, every other number as DOUBLE), a {@link Boolean} or a {@link String}.
 */
@FunctionalInterface
public interface Bindings {

	/** Binds nothing: evaluating a variable fails. */
	Bindings EMPTY = dottedName -> null;

	/**
	 * @param dottedName the variable, e.g. {@code file.BYTESIZE}
	 * @return its value, or {@code null} when unbound (evaluation then fails naming the variable)
	 */
	Object lookup(String dottedName);

	/**
	 * @param values values by dotted name; a view, so later changes to the map are seen, which lets
	 *               a simulator reuse one map for many evaluations
	 * @return bindings answering from the map
	 */
	static Bindings of(Map<String, ?> values) {
		Objects.requireNonNull(values, "values");
		return values::get;
	}
}
