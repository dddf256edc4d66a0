package org.iosim.qpn.storage.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.linear.SingularMatrixException;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;
import org.iosim.qpn.storage.ServiceTimeModel;
import org.iosim.qpn.storage.ServiceTimeModel.Term;

/**
 * Fits a service-time model by least squares on relative errors (each row weighted by 1/yᵢ, since
 * service times of small and large requests differ by orders of magnitude and the models are judged
 * by relative error), then prunes insignificant terms one at a time as 001 §7.4.3.1 does: the term
 * with the largest p-value above {@value #SIGNIFICANCE} goes, the constant stays. Terms that the
 * rows cannot tell apart (a file set size that does not vary, fewer rows than terms) go first.
 */
public final class LeastSquares {

	static final double SIGNIFICANCE = 0.05;

	private LeastSquares() {
	}

	public static ServiceTimeModel fit(double[] sizes, double[] fileSets, double[] serviceTimes, List<Term> candidates) {
		return fit(sizes, fileSets, serviceTimes, candidates, weights(serviceTimes));
	}

	/** The same with every row weighted equally, for values that may be 0 or negative. */
	public static ServiceTimeModel fitAbsolute(double[] sizes, double[] fileSets, double[] values, List<Term> candidates) {
		double[] weights = new double[values.length];
		java.util.Arrays.fill(weights, 1);
		return fit(sizes, fileSets, values, candidates, weights);
	}

	private static ServiceTimeModel fit(double[] sizes, double[] fileSets, double[] serviceTimes, List<Term> candidates,
			double[] weights) {
		int rows = serviceTimes.length;
		if (rows == 0) {
			throw new IllegalArgumentException("no rows to fit");
		}
		List<Term> terms = new ArrayList<>(candidates);
		terms.removeIf(term -> term != Term.CONSTANT && constant(term, sizes, fileSets));
		while (terms.size() >= rows && terms.size() > 1) {
			terms.remove(terms.size() - 1);
		}
		while (true) {
			double[] coefficients;
			double[] errors;
			if (terms.size() == 1) {
				// the constant alone: the weighted mean, which the general solver would also give
				double sum = 0;
				double weightSum = 0;
				for (int row = 0; row < rows; row++) {
					sum += weights[row] * weights[row] * serviceTimes[row];
					weightSum += weights[row] * weights[row];
				}
				return model(terms, new double[] { sum / weightSum }, sizes, fileSets, serviceTimes);
			}
			OLSMultipleLinearRegression regression = new OLSMultipleLinearRegression();
			regression.setNoIntercept(true);
			double[][] x = new double[rows][terms.size()];
			double[] y = new double[rows];
			for (int row = 0; row < rows; row++) {
				for (int column = 0; column < terms.size(); column++) {
					x[row][column] = weights[row] * terms.get(column).value(sizes[row], fileSets[row]);
				}
				y[row] = weights[row] * serviceTimes[row];
			}
			try {
				regression.newSampleData(y, x);
				coefficients = regression.estimateRegressionParameters();
				errors = rows > terms.size() ? regression.estimateRegressionParametersStandardErrors() : null;
			} catch (SingularMatrixException collinear) {
				terms.remove(terms.size() - 1);
				continue;
			}
			int worst = -1;
			double worstP = SIGNIFICANCE;
			if (errors != null) {
				TDistribution t = new TDistribution(rows - terms.size());
				for (int column = 0; column < terms.size(); column++) {
					if (terms.get(column) == Term.CONSTANT) {
						continue;
					}
					double statistic = Math.abs(coefficients[column] / errors[column]);
					double p = Double.isFinite(statistic) ? 2 * (1 - t.cumulativeProbability(statistic)) : 0;
					if (p > worstP) {
						worstP = p;
						worst = column;
					}
				}
			}
			if (worst < 0) {
				return model(terms, coefficients, sizes, fileSets, serviceTimes);
			}
			terms.remove(worst);
		}
	}

	private static double[] weights(double[] values) {
		if (values.length == 0) {
			return values;
		}
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		double floor = Math.max(sorted[sorted.length / 2] * 1e-3, Double.MIN_NORMAL);
		double[] weights = new double[values.length];
		for (int row = 0; row < values.length; row++) {
			weights[row] = 1 / Math.max(values[row], floor);
		}
		return weights;
	}

	private static boolean constant(Term term, double[] sizes, double[] fileSets) {
		double first = term.value(sizes[0], fileSets[0]);
		for (int row = 1; row < sizes.length; row++) {
			if (Math.abs(term.value(sizes[row], fileSets[row]) - first) > 1e-12 * Math.abs(first)) {
				return false;
			}
		}
		return true;
	}

	private static ServiceTimeModel model(List<Term> terms, double[] coefficients, double[] sizes, double[] fileSets,
			double[] serviceTimes) {
		ServiceTimeModel model = new ServiceTimeModel(terms, coefficients, Double.NaN, serviceTimes.length);
		double mean = Arrays.stream(serviceTimes).average().orElse(0);
		double residual = 0;
		double total = 0;
		for (int row = 0; row < serviceTimes.length; row++) {
			double error = serviceTimes[row] - model.meanServiceTime(sizes[row], fileSets[row]);
			residual += error * error;
			total += (serviceTimes[row] - mean) * (serviceTimes[row] - mean);
		}
		return new ServiceTimeModel(terms, coefficients, total > 0 ? 1 - residual / total : residual == 0 ? 1 : 0,
				serviceTimes.length);
	}
}
