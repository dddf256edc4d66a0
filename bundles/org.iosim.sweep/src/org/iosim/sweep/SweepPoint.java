package org.iosim.sweep;

import java.util.List;

/**
 * One combination of parameter values a sweep simulates.
 *
 * @param index  its place in the sweep, from 0
 * @param values one value per parameter of the sweep, in the order of {@link SweepDefinition#parameters()}
 */
public record SweepPoint(int index, List<String> values) implements java.io.Serializable {

	private static final long serialVersionUID = 1L;

	public SweepPoint {
		values = List.copyOf(values);
	}
}
