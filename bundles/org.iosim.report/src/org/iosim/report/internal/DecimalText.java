package org.iosim.report.internal;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * A decimal number as the report writes it, giving exactly the text that {@link BigDecimal} gives
 * ({@code stripTrailingZeros().toPlainString()} after rounding the double's exact binary value
 * half-even), but from the shortest digits of the double ({@link Double#toString}) wherever they decide
 * the rounding. JDK 25's {@code BigDecimal} takes 18 ms to initialise when the first one is made, a
 * twentieth of a small simulation's whole command, so results are written without it; it is made only
 * where the shortest digits cannot decide: a tie in them (the exact value may lie on either side) or a
 * rounding step not far above the double's spacing.
 * <p>
 * Why the shortest digits S decide every other case: the exact value X and S lie within half a spacing of
 * each other, and a tie point T (a decimal one digit longer than the rounding keeps) strictly between them
 * would itself read back as the double and be no longer than S, or as long and closer to X; so S would
 * be T. Hence X and S round alike unless S is T.
 */
public final class DecimalText {

	/** The double the digits stand for, NaN for digits that are exact in themselves. */
	private final double approximated;
	private final boolean negative;
	/** The unscaled value without leading or trailing zeros; "0" for zero. */
	private final String digits;
	/** The value is {@code digits × 10^-scale}. */
	private final int scale;

	private DecimalText(double approximated, boolean negative, String digits, int scale) {
		int end = digits.length();
		while (end > 1 && digits.charAt(end - 1) == '0') {
			end--;
			scale--;
		}
		int start = 0;
		while (start < end - 1 && digits.charAt(start) == '0') {
			start++;
		}
		this.digits = digits.substring(start, end);
		this.negative = negative && !this.digits.equals("0");
		this.scale = this.digits.equals("0") ? 0 : scale;
		this.approximated = approximated;
	}

	/** The shortest digits that read back as {@code value}, which must be finite. */
	public static DecimalText of(double value) {
		if (!Double.isFinite(value)) {
			throw new IllegalArgumentException("not a finite number: " + value);
		}
		String text = Double.toString(Math.abs(value));
		int exponentAt = text.indexOf('E');
		String mantissa = exponentAt < 0 ? text : text.substring(0, exponentAt);
		int exponent = exponentAt < 0 ? 0 : Integer.parseInt(text.substring(exponentAt + 1));
		int point = mantissa.indexOf('.');
		String fraction = mantissa.substring(point + 1);
		return new DecimalText(value, value < 0, mantissa.substring(0, point) + fraction, fraction.length() - exponent);
	}

	/** {@code unscaled × 10^-scale}, exactly. */
	public static DecimalText ofScaled(long unscaled, int scale) {
		String text = Long.toString(unscaled);
		return new DecimalText(Double.NaN, unscaled < 0, unscaled < 0 ? text.substring(1) : text, scale);
	}

	private static DecimalText of(BigDecimal exact) {
		return new DecimalText(Double.NaN, exact.signum() < 0, exact.unscaledValue().abs().toString(), exact.scale());
	}

	/** Rounded half-even to {@code decimals} digits after the point (negative: to tens, hundreds, ...). */
	public DecimalText roundedToScale(int decimals) {
		DecimalText rounded = decidedRounding(decimals);
		return rounded != null ? rounded : of(new BigDecimal(approximated).setScale(decimals, RoundingMode.HALF_EVEN));
	}

	/** Rounded half-even to {@code significantDigits} significant digits. */
	public DecimalText roundedToPrecision(int significantDigits) {
		if (isZero()) {
			return this;
		}
		DecimalText rounded = decidedRounding(significantDigits - 1 - exponent());
		return rounded != null ? rounded
				: of(new BigDecimal(approximated).round(new MathContext(significantDigits, RoundingMode.HALF_EVEN)));
	}

	/** @return this number rounded half-even to {@code decimals}, or null if the shortest digits do not decide it */
	private DecimalText decidedRounding(int decimals) {
		boolean approximation = !Double.isNaN(approximated);
		if (approximation && !(4 * Math.ulp(approximated) < Math.pow(10, -decimals))) {
			return null;
		}
		int dropped = scale - decimals;
		if (dropped <= 0) {
			return approximation ? new DecimalText(Double.NaN, negative, digits, scale) : this;
		}
		int kept = Math.max(0, digits.length() - dropped);
		// when more digits are dropped than there are, the first ones dropped are leading zeros
		char first = dropped > digits.length() ? '0' : digits.charAt(kept);
		boolean moreAfterFirst = dropped > digits.length() || kept + 1 < digits.length();
		String keptDigits = kept == 0 ? "0" : digits.substring(0, kept);
		boolean up;
		if (first != '5') {
			up = first > '5';
		} else if (moreAfterFirst) {
			up = true; // the digits never end in a zero, so what follows the 5 is more than nothing
		} else if (approximation) {
			return null;
		} else {
			up = (keptDigits.charAt(keptDigits.length() - 1) - '0') % 2 == 1;
		}
		return new DecimalText(Double.NaN, negative, up ? incremented(keptDigits) : keptDigits, decimals);
	}

	/** This number divided by {@code 10^places}. */
	public DecimalText movePointLeft(int places) {
		return new DecimalText(Double.NaN, negative, digits, scale + places);
	}

	/** Number of digits, as {@link BigDecimal#precision()} of the number without trailing zeros. */
	public int precision() {
		return digits.length();
	}

	/** As {@link BigDecimal#scale()} of the number without trailing zeros. */
	public int scale() {
		return scale;
	}

	/** The power of ten of the first digit: 0 for 1.5, 2 for 150, -2 for 0.015. */
	public int exponent() {
		return digits.length() - scale - 1;
	}

	public boolean isZero() {
		return digits.equals("0");
	}

	/** Plain notation without trailing zeros, as {@code stripTrailingZeros().toPlainString()}. */
	public String toPlainString() {
		StringBuilder text = new StringBuilder(negative ? "-" : "");
		if (scale <= 0) {
			text.append(digits).append("0".repeat(-scale));
		} else if (digits.length() > scale) {
			text.append(digits, 0, digits.length() - scale).append('.').append(digits, digits.length() - scale,
					digits.length());
		} else {
			text.append("0.").append("0".repeat(scale - digits.length())).append(digits);
		}
		return text.toString();
	}

	@Override
	public String toString() {
		return toPlainString();
	}

	private static String incremented(String digits) {
		char[] result = digits.toCharArray();
		for (int i = result.length - 1; i >= 0; i--) {
			if (result[i] != '9') {
				result[i]++;
				return new String(result);
			}
			result[i] = '0';
		}
		return "1" + new String(result);
	}
}
