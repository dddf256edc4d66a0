package org.iosim.qpn.storage;

import java.util.List;

/**
 * A mean service time in seconds as a linear function of the request size s (bytes) and the
 * logarithm of the file set size f (bytes): Σ cᵢ·termᵢ(s, f), the forms of 001 Eq. 7.5, 7.7 and
 * 7.8 after insignificant terms are pruned.
 *
 * @param terms        the terms kept, each with its coefficient
 * @param coefficients one per term
 * @param rSquared     the fit's coefficient of determination on the service times it was fitted to
 * @param rows         the measured configurations it was fitted to
 */
public record ServiceTimeModel(List<Term> terms, double[] coefficients, double rSquared, int rows) {

	public enum Term {
		CONSTANT("1"),
		SIZE("s"),
		LOG_FILE_SET("ln(f)"),
		SIZE_LOG_FILE_SET("s*ln(f)");

		private final String label;

		Term(String label) {
			this.label = label;
		}

		public String label() {
			return label;
		}

		public double value(double size, double fileSet) {
			return switch (this) {
			case CONSTANT -> 1;
			case SIZE -> size;
			case LOG_FILE_SET -> Math.log(fileSet);
			case SIZE_LOG_FILE_SET -> size * Math.log(fileSet);
			};
		}

		public static java.util.Optional<Term> byLabel(String label) {
			return java.util.Arrays.stream(values()).filter(term -> term.label.equals(label)).findFirst();
		}
	}

	public ServiceTimeModel {
		terms = List.copyOf(terms);
		coefficients = coefficients.clone();
		if (terms.size() != coefficients.length) {
			throw new IllegalArgumentException(terms.size() + " terms but " + coefficients.length + " coefficients");
		}
	}

	public double meanServiceTime(double size, double fileSet) {
		double sum = 0;
		for (int index = 0; index < terms.size(); index++) {
			sum += coefficients[index] * terms.get(index).value(size, fileSet);
		}
		return sum;
	}

	/** The formula, e.g. {@code 1.2e-05 + 3.1e-09*s}. */
	public String formula() {
		StringBuilder text = new StringBuilder();
		for (int index = 0; index < terms.size(); index++) {
			if (index > 0) {
				text.append(coefficients[index] < 0 ? " - " : " + ");
			} else if (coefficients[index] < 0) {
				text.append('-');
			}
			text.append(String.format(java.util.Locale.ROOT, "%.4g", Math.abs(coefficients[index])));
			if (terms.get(index) != Term.CONSTANT) {
				text.append('*').append(terms.get(index).label());
			}
		}
		return text.toString();
	}
}
