package org.iosim.analysis.internal;

/**
 * A running sum that values are added to and removed from indefinitely without drifting. Each
 * operation keeps the rounding error it made (Knuth's two-sum, which is exact) in a separate
 * compensation term, so the value stays within about one rounding of the exact sum however many
 * operations preceded it, whereas a plain running sum accumulates one rounding per operation.
 */
public final class CompensatedSum {

	private double sum;
	private double compensation;

	public void add(double value) {
		double total = sum + value;
		double addendPart = total - sum;
		double error = (sum - (total - addendPart)) + (value - addendPart);
		sum = total;
		compensation += error;
	}

	public void subtract(double value) {
		add(-value);
	}

	public double value() {
		return sum + compensation;
	}

	/** Starts again from exactly 0, e.g. when the last value was removed. */
	public void reset() {
		sum = 0;
		compensation = 0;
	}
}
