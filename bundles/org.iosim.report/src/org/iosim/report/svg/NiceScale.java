package org.iosim.report.svg;

import org.iosim.report.internal.DecimalText;

/**
 * The range of a chart axis with evenly spaced ticks at "nice" values: the step is 1, 2 or 5 times a
 * power of ten, and both ends of the range are ticks.
 *
 * @param firstTick the lower end of the range, in steps
 * @param lastTick  the upper end of the range, in steps
 * @param step      the distance between neighbouring ticks
 */
public record NiceScale(long firstTick, long lastTick, double step) {

	/** Absorbs the rounding error of a division that should give a whole number. */
	private static final double ROUNDING_TOLERANCE = 1e-9;

	/** Plain labels grow long for steps below this (0.00002) and for values from this on (1500000). */
	private static final double SMALLEST_PLAIN_STEP = 1e-4;
	private static final double LARGEST_PLAIN_VALUE = 1e6;

	/**
	 * The scale with the largest nice step that divides {@code [low, high]} into at most about
	 * {@code intervals} parts, widened to the neighbouring ticks. A range of a single value becomes
	 * the range from it to twice it (or to 1, for zero), so that there is something to divide.
	 */
	public static NiceScale covering(double low, double high, int intervals) {
		if (!(low < high)) {
			high = low == 0 ? 1 : low + Math.abs(low);
		}
		double roughStep = (high - low) / Math.max(1, intervals);
		double powerOfTen = Math.pow(10, Math.floor(Math.log10(roughStep)));
		double multiple = roughStep / powerOfTen;
		double step = powerOfTen * (multiple <= 1 + ROUNDING_TOLERANCE ? 1
				: multiple <= 2 + ROUNDING_TOLERANCE ? 2 : multiple <= 5 + ROUNDING_TOLERANCE ? 5 : 10);
		return new NiceScale((long) Math.floor(low / step + ROUNDING_TOLERANCE),
				(long) Math.ceil(high / step - ROUNDING_TOLERANCE), step);
	}

	public double min() {
		return firstTick * step;
	}

	public double max() {
		return lastTick * step;
	}

	public int intervals() {
		return (int) (lastTick - firstTick);
	}

	/** The tick values from the lower end up, each computed afresh so that rounding errors do not add up. */
	public double[] ticks() {
		double[] ticks = new double[intervals() + 1];
		for (int i = 0; i < ticks.length; i++) {
			ticks[i] = (firstTick + i) * step;
		}
		return ticks;
	}

	/** Where {@code value} lies on an axis drawn from {@code minPixel} (the range's min) to {@code maxPixel}. */
	public double pixel(double value, double minPixel, double maxPixel) {
		return minPixel + (value - min()) / (max() - min()) * (maxPixel - minPixel);
	}

	/**
	 * A tick's label with as many decimals as the step needs ({@code 0.2}, {@code 15}), or in E notation
	 * ({@code 1.5e6}, {@code 2e-5}) for values whose plain labels would be long.
	 */
	public String label(double tick) {
		int decimals = Math.max(0, -(int) Math.floor(Math.log10(step) + ROUNDING_TOLERANCE));
		DecimalText rounded = DecimalText.of(tick).roundedToScale(decimals);
		boolean plain = step >= SMALLEST_PLAIN_STEP
				&& Math.max(Math.abs(min()), Math.abs(max())) < LARGEST_PLAIN_VALUE;
		if (plain || rounded.isZero()) {
			return rounded.toPlainString();
		}
		int exponent = rounded.exponent();
		return rounded.movePointLeft(exponent).toPlainString() + "e" + exponent;
	}
}
