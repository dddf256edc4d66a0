package org.iosim.analysis.qpn.internal;

import java.util.HashMap;
import java.util.Map;

/**
 * The solutions a delay predictor found so far, one replication's (so unsynchronised): each state's
 * solution is computed once; beyond {@value #MAX_KEPT} kept, they are forgotten, bounding memory.
 */
final class KeptSolutions<K, V> {

	static final int MAX_KEPT = 100_000;

	@FunctionalInterface
	interface Solver<K, V, X extends Exception> {
		V solve(K key) throws X;
	}

	private final Map<K, V> solutions = new HashMap<>();

	/** @param key an immutable key */
	<X extends Exception> V get(K key, Solver<K, V, X> solver) throws X {
		V solution = solutions.get(key);
		if (solution == null) {
			if (solutions.size() >= MAX_KEPT) {
				solutions.clear();
			}
			solution = solver.solve(key);
			solutions.put(key, solution);
		}
		return solution;
	}
}
