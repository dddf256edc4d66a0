package org.iosim.maven;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.maven.plugin.MojoFailureException;
import org.iosim.engine.SimulationResult.ResponseTime;

/**
 * Upper limits on one usage scenario's response time, written in the POM as
 * {@code <bound><scenario>NAME</scenario><maxMean>0.2</maxMean><maxP95>0.5</maxP95></bound>}; either
 * limit may be left out. Maven fills the fields by name.
 */
public class Bound {

	private String scenario;
	private Double maxMean;
	private Double maxP95;

	public String getScenario() {
		return scenario;
	}

	/** Rejects a bound that names no scenario or limits nothing, before any time is spent simulating. */
	void checkConfigured() throws MojoFailureException {
		if (scenario == null || scenario.isBlank()) {
			throw new MojoFailureException("a <bound> needs a <scenario> naming the usage scenario it limits");
		}
		if (maxMean == null && maxP95 == null) {
			throw new MojoFailureException("the <bound> for usage scenario '" + scenario
					+ "' limits nothing: give <maxMean>, <maxP95> or both");
		}
		for (Double limit : new Double[] { maxMean, maxP95 }) {
			if (limit != null && !(limit > 0 && Double.isFinite(limit))) {
				throw new MojoFailureException("the <bound> for usage scenario '" + scenario
						+ "' has a limit of " + limit + "; limits must be positive numbers");
			}
		}
	}

	/** One sentence per limit the measured response time exceeds; empty when the bound holds. */
	List<String> violationsBy(ResponseTime measured) {
		List<String> violations = new ArrayList<>();
		if (maxMean != null && !(measured.mean() <= maxMean)) {
			violations.add(violation("mean", measured.mean(), "maxMean", maxMean));
		}
		if (maxP95 != null && !(measured.p95() <= maxP95)) {
			violations.add(violation("95th percentile", measured.p95(), "maxP95", maxP95));
		}
		return violations;
	}

	/** The limits as written, for the log, e.g. {@code maxMean 0.2, maxP95 0.5}. */
	String limits() {
		List<String> limits = new ArrayList<>();
		if (maxMean != null) {
			limits.add("maxMean " + plain(maxMean));
		}
		if (maxP95 != null) {
			limits.add("maxP95 " + plain(maxP95));
		}
		return String.join(", ", limits);
	}

	private String violation(String statistic, double value, String limitName, double limit) {
		return String.format(Locale.ROOT, "usage scenario '%s': %s response time %.6g exceeds %s %s", scenario,
				statistic, value, limitName, plain(limit));
	}

	/** Writes 0.000001 rather than 1.0E-6, as users write limits in the POM. */
	private static String plain(double number) {
		return BigDecimal.valueOf(number).stripTrailingZeros().toPlainString();
	}
}
