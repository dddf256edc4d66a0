package org.iosim.qpn.simulation.calibration;

import java.util.ArrayList;
import java.util.List;

/**
 * Calibrates the firing weights α (reads) and β (writes) of a QPN scheduler place so that the net's
 * mean read and write response times match measured ones (001 Algorithm 3, after Rostami 2014). The
 * search bisects the relative weight φ = α/β over [α_min/β_max, α_max/β_min]: a prediction that
 * makes reads too fast and writes too slow lowers φ, the opposite raises it, and the search stops when
 * an evaluation does not improve the mean relative error, when the error is acceptable, or when the
 * two errors do not point one way. Weights are integers at precision δ: β = 10^δ, α = ⌊φ·10^δ + 0.5⌋.
 * <p>
 * The algorithm as printed returns the weights it evaluated last, which may be worse than ones it
 * evaluated before (SPEC.md §4); {@link Result#best} is the best evaluated, {@link Result#last} the
 * printed algorithm's answer.
 */
public final class RequestWeights {

	/** The net's prediction of the mean read and write response times for the weights α and β. */
	@FunctionalInterface
	public interface Prediction {
		ResponseTimes predict(long alpha, long beta);
	}

	public record ResponseTimes(double read, double write) {
	}

	/** One evaluation of the search. */
	public record Step(long alpha, long beta, ResponseTimes predicted, double error) {
	}

	/**
	 * @param best  the weights with the smallest mean relative error evaluated
	 * @param last  the weights the printed algorithm returns: the last evaluated
	 * @param steps every evaluation, in order
	 */
	public record Result(Step best, Step last, List<Step> steps) {
		public Result {
			steps = List.copyOf(steps);
		}
	}

	private RequestWeights() {
	}

	/**
	 * @param measured        the mean read and write response times to match, positive
	 * @param alphaRange      {α_min, α_max}, positive
	 * @param betaRange       {β_min, β_max}, positive
	 * @param precision       δ ≥ 0: β = 10^δ
	 * @param acceptableError the mean relative error at which the search may stop, ≥ 0
	 */
	public static Result calibrate(ResponseTimes measured, double[] alphaRange, double[] betaRange, int precision,
			double acceptableError, Prediction prediction) {
		check(measured, alphaRange, betaRange, precision);
		if (!(acceptableError >= 0)) {
			throw new IllegalArgumentException("the acceptable error must be at least 0");
		}
		double lowest = alphaRange[0] / betaRange[1];
		double highest = alphaRange[1] / betaRange[0];
		double phi = (lowest + highest) / 2;
		double current;
		double latest = Double.POSITIVE_INFINITY;
		List<Step> steps = new ArrayList<>();
		Step best = null;
		do {
			long alpha = alpha(phi, precision);
			long beta = beta(precision);
			ResponseTimes predicted = prediction.predict(alpha, beta);
			current = latest;
			latest = (Math.abs((measured.read() - predicted.read()) / measured.read())
					+ Math.abs((measured.write() - predicted.write()) / measured.write())) / 2;
			Step step = new Step(alpha, beta, predicted, latest);
			steps.add(step);
			if (best == null || step.error() < best.error()) {
				best = step;
			}
			if (latest < current) {
				if (measured.read() > predicted.read() && measured.write() < predicted.write()) {
					highest = phi;
					phi = (lowest + highest) / 2;
				} else if (measured.read() < predicted.read() && measured.write() > predicted.write()) {
					lowest = phi;
					phi = (lowest + highest) / 2;
				} else {
					break;
				}
			}
		} while (latest < current && latest > acceptableError);
		return new Result(best, steps.get(steps.size() - 1), steps);
	}

	/**
	 * A bisection of φ that, unlike the printed algorithm, does not stop at the first evaluation that
	 * fails to improve: it halves [φ_min, φ_max] until it is narrower than the weights' precision
	 * 10^−δ, each time towards the side that evens the two relative errors (lower φ when the reads are
	 * predicted relatively faster than the writes, ρ_r^s/ρ_r^m < ρ_w^s/ρ_w^m, higher otherwise). The
	 * predicted read time grows and the write time falls as φ falls, so the balance point is found to
	 * the precision. {@link Result#best} is the best evaluated; {@link Result#last} the last.
	 */
	public static Result bisect(ResponseTimes measured, double[] alphaRange, double[] betaRange, int precision,
			Prediction prediction) {
		check(measured, alphaRange, betaRange, precision);
		double lowest = alphaRange[0] / betaRange[1];
		double highest = alphaRange[1] / betaRange[0];
		List<Step> steps = new ArrayList<>();
		Step best = null;
		long previousAlpha = -1;
		while (true) {
			double phi = (lowest + highest) / 2;
			long alpha = alpha(phi, precision);
			long beta = beta(precision);
			if (alpha == previousAlpha || alpha < 1) {
				break; // the interval is below the precision: the same weights again
			}
			previousAlpha = alpha;
			ResponseTimes predicted = prediction.predict(alpha, beta);
			double error = (Math.abs((measured.read() - predicted.read()) / measured.read())
					+ Math.abs((measured.write() - predicted.write()) / measured.write())) / 2;
			Step step = new Step(alpha, beta, predicted, error);
			steps.add(step);
			if (best == null || step.error() < best.error()) {
				best = step;
			}
			if (predicted.read() / measured.read() < predicted.write() / measured.write()) {
				highest = phi;
			} else {
				lowest = phi;
			}
		}
		return new Result(best, steps.get(steps.size() - 1), steps);
	}

	/** Algorithm 3 line 21: α = ⌊φ·10^δ + 0.5⌋. */
	public static long alpha(double phi, int precision) {
		return (long) Math.floor(phi * Math.pow(10, precision) + 0.5);
	}

	/** Algorithm 3 line 22: β = 10^δ. */
	public static long beta(int precision) {
		return (long) Math.pow(10, precision);
	}

	private static void check(ResponseTimes measured, double[] alphaRange, double[] betaRange, int precision) {
		if (!(measured.read() > 0 && measured.write() > 0)) {
			throw new IllegalArgumentException("measured response times must be positive, got " + measured);
		}
		if (!(alphaRange[0] > 0 && alphaRange[1] >= alphaRange[0] && betaRange[0] > 0 && betaRange[1] >= betaRange[0])) {
			throw new IllegalArgumentException("weight ranges must be positive intervals");
		}
		if (precision < 0 || precision > 15) {
			throw new IllegalArgumentException("the precision must be 0 to 15");
		}
	}
}
