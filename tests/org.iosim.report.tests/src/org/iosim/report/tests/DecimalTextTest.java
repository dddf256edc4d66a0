package org.iosim.report.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.iosim.report.internal.DecimalText;
import org.junit.jupiter.api.Test;

/**
 * The report's numbers are written without BigDecimal but must read exactly as BigDecimal writes them:
 * every operation is compared with BigDecimal's on numbers chosen to be hard (ties of the shortest digits,
 * ties of the exact binary value, carries into a new digit, neighbours of powers of ten, the largest and
 * smallest doubles) and on many random ones.
 */
class DecimalTextTest {

	private static final MathContext[] PRECISIONS = { new MathContext(1, RoundingMode.HALF_EVEN),
			new MathContext(2, RoundingMode.HALF_EVEN), new MathContext(4, RoundingMode.HALF_EVEN),
			new MathContext(7, RoundingMode.HALF_EVEN), new MathContext(17, RoundingMode.HALF_EVEN) };

	private static List<Double> numbers() {
		List<Double> numbers = new ArrayList<>(List.of(0.0, -0.0, 1.0, -1.0, 0.5, 2.5, 3.5, 0.125, 0.375, 9.9995,
				9.99951, 9.99949, 0.00015, 0.0005, 1.0005, 1.00005, 0.15, 0.25, 0.35, 1e-3, 1e-7, 1e6, 999999.5,
				999.95, 1234.5, 1e21, 1e22, 1e23, 9007199254740993.0, 123456789012345678.0, Double.MIN_VALUE,
				Double.MIN_NORMAL, Double.MAX_VALUE, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 100.0, 1500000.0, 2e-5));
		for (int power = -30; power <= 30; power++) {
			double ten = Math.pow(10, power);
			numbers.add(ten);
			numbers.add(Math.nextUp(ten));
			numbers.add(Math.nextDown(ten));
			for (int digit = 1; digit <= 9; digit += 2) {
				numbers.add(digit * 5 * ten); // ties after one, two ... digits
				numbers.add((1000 + digit * 10 + 5) * ten);
			}
		}
		SplittableRandom random = new SplittableRandom(42);
		for (int i = 0; i < 20_000; i++) {
			numbers.add(Double.longBitsToDouble(random.nextLong())); // any double, NaN and infinities left out below
			numbers.add(random.nextDouble(-1e7, 1e7));
			numbers.add(random.nextLong(-100_000, 100_000) / 1000.0); // short decimals, many of them ties
			numbers.add(Math.scalb(random.nextDouble(), random.nextInt(-40, 40)));
		}
		numbers.removeIf(number -> !Double.isFinite(number));
		return numbers;
	}

	@Test
	void shortestDigitsInPlainNotationAreBigDecimalsText() {
		for (double number : numbers()) {
			assertEquals(BigDecimal.valueOf(number).stripTrailingZeros().toPlainString(),
					DecimalText.of(number).toPlainString(), () -> "of " + number);
		}
	}

	@Test
	void roundingToSignificantDigitsRoundsTheExactBinaryValueAsBigDecimalDoes() {
		for (double number : numbers()) {
			for (MathContext precision : PRECISIONS) {
				BigDecimal expected = new BigDecimal(number).round(precision).stripTrailingZeros();
				DecimalText rounded = DecimalText.of(number).roundedToPrecision(precision.getPrecision());
				assertEquals(expected.toPlainString(), rounded.toPlainString(),
						() -> number + " to " + precision.getPrecision() + " digits");
				assertEquals(expected.precision(), rounded.precision(), () -> "precision of " + number);
				assertEquals(expected.scale(), rounded.scale(), () -> "scale of " + number);
			}
		}
	}

	@Test
	void roundingToDecimalsRoundsTheExactBinaryValueAsBigDecimalDoes() {
		for (double number : numbers()) {
			if (Math.abs(number) > 1e30 || (number != 0 && Math.abs(number) < 1e-30)) {
				continue; // BigDecimal's exact text of these runs to hundreds of digits; covered by precision above
			}
			for (int decimals = -3; decimals <= 8; decimals++) {
				int scale = decimals;
				BigDecimal expected = new BigDecimal(number).setScale(scale, RoundingMode.HALF_EVEN).stripTrailingZeros();
				DecimalText rounded = DecimalText.of(number).roundedToScale(scale);
				assertEquals(expected.toPlainString(), rounded.toPlainString(), () -> number + " to " + scale + " decimals");
				assertEquals(expected.signum() == 0, rounded.isZero());
				if (expected.signum() != 0) {
					int exponent = expected.precision() - expected.scale() - 1;
					assertEquals(exponent, rounded.exponent(), () -> "exponent of " + number);
					assertEquals(expected.movePointLeft(exponent).toPlainString(),
							rounded.movePointLeft(exponent).toPlainString(), () -> "mantissa of " + number);
				}
			}
		}
	}

	@Test
	void scaledWholeNumbersAreExactAndTiesGoToTheEvenNeighbour() {
		SplittableRandom random = new SplittableRandom(7);
		List<Long> unscaled = new ArrayList<>(List.of(0L, 5L, -5L, 15L, 25L, 100L, -100L, 12_345L, 99_995L,
				Long.MAX_VALUE, Long.MIN_VALUE));
		for (int i = 0; i < 10_000; i++) {
			unscaled.add(random.nextLong(-10_000_000, 10_000_000));
		}
		for (long value : unscaled) {
			for (int scale = -2; scale <= 4; scale++) {
				int valueScale = scale;
				BigDecimal exact = BigDecimal.valueOf(value, valueScale);
				DecimalText text = DecimalText.ofScaled(value, valueScale);
				assertEquals(exact.stripTrailingZeros().toPlainString(), text.toPlainString(), () -> value + "e-" + valueScale);
				assertEquals(exact.setScale(1, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString(),
						text.roundedToScale(1).toPlainString(), () -> value + "e-" + valueScale + " to 1 decimal");
			}
		}
	}

	@Test
	void onlyFiniteNumbersHaveDigits() {
		assertThrows(IllegalArgumentException.class, () -> DecimalText.of(Double.NaN));
		assertThrows(IllegalArgumentException.class, () -> DecimalText.of(Double.NEGATIVE_INFINITY));
	}
}
