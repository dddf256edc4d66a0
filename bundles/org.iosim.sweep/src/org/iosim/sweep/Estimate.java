package org.iosim.sweep;

import java.util.Arrays;

/**
 * A figure of a point over its replications: their mean, standard deviation and the standard error
 * of the mean, SD/√n, which the report draws as error bars (mean ± SE). With one replication, or
 * when a replication has no value, SD and SE do not exist ({@code NaN}).
 */
public record Estimate(double mean, double standardDeviation, double standardError, int replications) {

	public static Estimate of(double[] values) {
		int n = values.length;
		if (n == 0 || Arrays.stream(values).anyMatch(Double::isNaN)) {
			return new Estimate(n == 0 ? Double.NaN : Arrays.stream(values).filter(v -> !Double.isNaN(v)).average()
					.orElse(Double.NaN), Double.NaN, Double.NaN, n);
		}
		double mean = Arrays.stream(values).sum() / n;
		if (n == 1) {
			return new Estimate(mean, Double.NaN, Double.NaN, 1);
		}
		double squares = Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
		double sd = Math.sqrt(squares / (n - 1));
		return new Estimate(mean, sd, sd / Math.sqrt(n), n);
	}
}
