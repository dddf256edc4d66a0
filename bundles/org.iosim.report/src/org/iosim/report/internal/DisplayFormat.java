package org.iosim.report.internal;

import java.util.Locale;

/**
 * Numbers as a person reads them in the report: four significant digits, independent of the locale,
 * and "n/a" where a figure could not be determined.
 */
final class DisplayFormat {

	static final String NOT_AVAILABLE = "n/a";

	private static final int SIGNIFICANT_DIGITS = 4;
	private static final double SMALLEST_PLAIN = 1e-3;
	private static final double LARGEST_PLAIN = 1e6;

	private DisplayFormat() {
	}

	static String number(double value) {
		if (!Double.isFinite(value)) {
			return NOT_AVAILABLE;
		}
		double magnitude = Math.abs(value);
		if (magnitude == 0) {
			return "0";
		}
		if (magnitude < SMALLEST_PLAIN || magnitude >= LARGEST_PLAIN) {
			return String.format(Locale.ROOT, "%.3e", value);
		}
		return DecimalText.of(value).roundedToPrecision(SIGNIFICANT_DIGITS).toPlainString();
	}

	/** The mean with the half-width of its 95 % confidence interval, or the mean alone when unknown. */
	static String meanWithConfidence(double mean, double ci95) {
		if (Double.isFinite(mean) && Double.isFinite(ci95)) {
			return number(mean) + " ± " + number(ci95);
		}
		return number(mean);
	}

	static String percent(double fraction) {
		if (!Double.isFinite(fraction)) {
			return NOT_AVAILABLE;
		}
		return String.format(Locale.ROOT, "%.1f %%", fraction * 100);
	}

	/** Thousands grouped with commas, as in 1,234,567. */
	static String count(long value) {
		return String.format(Locale.ROOT, "%,d", value);
	}
}
