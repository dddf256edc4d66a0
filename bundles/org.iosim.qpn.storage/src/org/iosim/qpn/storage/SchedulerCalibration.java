package org.iosim.qpn.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Folds;
import org.iosim.analysis.regression.ModelSelection;
import org.iosim.analysis.regression.S3Search;
import org.iosim.analysis.regression.StoredModel;
import org.iosim.analysis.regression.Techniques;
import org.iosim.qpn.simulation.calibration.RequestWeights;
import org.iosim.qpn.simulation.calibration.RequestWeights.ResponseTimes;
import org.iosim.qpn.storage.internal.LeastSquares;

/**
 * Calibrates the heterogeneous-workload model (001 §7.5) from measured mixed workloads:
 * <ol>
 * <li>Algorithm 3's bisection of φ for every single-VM configuration, with the calibrated storage's
 * service times, continued to the weights' precision ({@link RequestWeights#bisect}): the printed
 * loop stops at the first step that does not improve, which on exact T3-like data leaves 13 %.
 * <li>Eq. 7.10: where reads and writes are of one size, the share Δ of the service time that the
 * model's total throughput says it overestimates is fitted as Δ(s) = c₀ + c₁·ln(s) (see
 * {@link #correction}); insignificant terms are pruned as for the storage.
 * <li>Algorithm 3 again with the corrected service times; its relative weights φ = α/β are fitted by
 * MARS, tuned by S3, to t_r/t_w (Eq. 7.9) and, when the sizes differed, s_r/s_w with interactions
 * (Eq. 7.11).
 * <li>With multi-VM configurations, the descent of Algorithm 4 that predicts them best, among 0,
 * 0.05, …, 0.5.
 * </ol>
 */
public final class SchedulerCalibration {

	/** One measured configuration: the workload and each VM's mean read and write response time (seconds). */
	public record Row(SchedulerWorkload workload, List<ResponseTimes> measured, int line) {
		public Row {
			measured = List.copyOf(measured);
			if (measured.size() != workload.vms().size()) {
				throw new IllegalArgumentException("line " + line + ": a response time per VM is needed");
			}
		}
	}

	/**
	 * @param multiVm the algorithm for several VMs, ε and c (the descent is calibrated when there are
	 *                multi-VM rows)
	 */
	public record Settings(CalibratedStorage storage, double[] alphaRange, double[] betaRange, int precision, long seed,
			SchedulerModel.MultiVm multiVm) {
	}

	/** What a calibration reports as it goes: the stage, rows done, rows in all. */
	@FunctionalInterface
	public interface Progress {
		void step(String stage, int done, int total);
	}

	/** A single-VM row's weights after the correction, and the error of its prediction with them. */
	public record RowFit(Row row, long alpha, long beta, ResponseTimes predicted, double error) {
	}

	/**
	 * @param fits           Algorithm 3's best weights per single-VM row (after the correction)
	 * @param modelError     mean relative error of the finished model's predictions on the single-VM rows
	 * @param multiVmError   mean relative error on the multi-VM rows (NaN without any)
	 */
	public record Result(SchedulerModel model, List<RowFit> fits, double modelError, double multiVmError) {
		public Result {
			fits = List.copyOf(fits);
		}
	}

	private static final double[] DESCENTS = { 0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5 };

	private SchedulerCalibration() {
	}

	/** @throws IllegalArgumentException naming the rows when the measurements cannot calibrate the model */
	public static Result calibrate(List<Row> rows, Settings settings, Progress progress) {
		List<Row> single = rows.stream().filter(row -> row.workload().vms().size() == 1).toList();
		List<Row> multi = rows.stream().filter(row -> row.workload().vms().size() > 1).toList();
		for (Row row : single) {
			SchedulerWorkload.Vm vm = row.workload().vms().get(0);
			if (vm.readThreads() == 0 || vm.writeThreads() == 0 || !(row.measured().get(0).read() > 0
					&& row.measured().get(0).write() > 0)) {
				throw new IllegalArgumentException("line " + row.line() + ": a single-VM configuration needs read and"
						+ " write threads and positive read and write response times");
			}
		}
		if (single.size() < 2) {
			throw new IllegalArgumentException("at least 2 single-VM configurations (one VM with reads and writes) are"
					+ " needed to calibrate the weights");
		}
		List<RowFit> first = weightsPerRow(single, settings, ServiceTimeCorrection.NONE, "weights", progress);
		ServiceTimeCorrection correction = correction(first);
		List<RowFit> fits = weightsPerRow(single, settings, correction, "weights, corrected", progress);
		StoredModel phi = weightModel(fits, settings.seed());
		SchedulerModel model = new SchedulerModel(settings.storage(), correction, phi, settings.precision(),
				settings.multiVm());
		double modelError = meanError(model, single, settings.seed(), progress, "checking");
		double multiVmError = Double.NaN;
		if (!multi.isEmpty()) {
			double best = Double.POSITIVE_INFINITY;
			SchedulerModel bestModel = model;
			for (double descent : settings.multiVm().algorithm() == 4 ? DESCENTS : new double[] { 0 }) {
				SchedulerModel candidate = new SchedulerModel(settings.storage(), correction, phi, settings.precision(),
						new SchedulerModel.MultiVm(settings.multiVm().algorithm(), descent, settings.multiVm().epsilon(),
								settings.multiVm().c()));
				double error = meanError(candidate, multi, settings.seed(), progress,
						String.format(Locale.ROOT, "multi-VM, descent %.2f", descent));
				if (error < best) {
					best = error;
					bestModel = candidate;
				}
			}
			model = bestModel;
			multiVmError = best;
		}
		return new Result(model, fits, modelError, multiVmError);
	}

	private static List<RowFit> weightsPerRow(List<Row> rows, Settings settings, ServiceTimeCorrection correction,
			String stage, Progress progress) {
		List<RowFit> fits = new ArrayList<>();
		for (Row row : rows) {
			ResponseTimes measured = row.measured().get(0);
			RequestWeights.Result result = RequestWeights.bisect(measured, settings.alphaRange(), settings.betaRange(),
					settings.precision(), (alpha, beta) -> SchedulerNets.solve(
							SchedulerNets.instantiate(settings.storage(), correction, row.workload(),
									Weights.uniform(1, alpha, beta)), row.workload(), settings.seed()).get(0));
			RequestWeights.Step best = result.best();
			fits.add(new RowFit(row, best.alpha(), best.beta(), best.predicted(), best.error()));
			progress.step(stage, fits.size(), rows.size());
		}
		return fits;
	}

	/**
	 * Eq. 7.10 from the rows with equal read and write sizes; none if fewer than 2 such rows. One Δ(s)
	 * serves both types: per type it cannot be told apart from the weights (a weight trades read time
	 * for write time), but the total throughput, t_r/R_r + t_w/R_w, does not depend on the weights
	 * while the storage is busy, so Δ = 1 − X_predicted/X_measured makes the predicted one match.
	 */
	private static ServiceTimeCorrection correction(List<RowFit> fits) {
		List<double[]> points = new ArrayList<>();
		for (RowFit fit : fits) {
			SchedulerWorkload workload = fit.row().workload();
			if (workload.readSize() != workload.writeSize()) {
				continue;
			}
			SchedulerWorkload.Vm vm = workload.vms().get(0);
			ResponseTimes measured = fit.row().measured().get(0);
			ResponseTimes predicted = fit.predicted();
			double measuredThroughput = vm.readThreads() / measured.read() + vm.writeThreads() / measured.write();
			double predictedThroughput = vm.readThreads() / predicted.read() + vm.writeThreads() / predicted.write();
			points.add(new double[] { workload.readSize(), 1 - predictedThroughput / measuredThroughput });
		}
		if (points.size() < 2) {
			return ServiceTimeCorrection.NONE;
		}
		double[] delta = logFit(points);
		return new ServiceTimeCorrection(delta[0], delta[1], delta[0], delta[1]);
	}

	/** {c₀, c₁} of Δ = c₀ + c₁·ln(s), pruned like the storage's service times. */
	private static double[] logFit(List<double[]> points) {
		double[] sizes = points.stream().mapToDouble(point -> point[0]).toArray();
		double[] shares = points.stream().mapToDouble(point -> point[1]).toArray();
		// LeastSquares fits terms in s and ln(f); passing the size as the "file set" gives ln(s)
		var model = LeastSquares.fitAbsolute(sizes, sizes, shares,
				List.of(ServiceTimeModel.Term.CONSTANT, ServiceTimeModel.Term.LOG_FILE_SET));
		double constant = 0;
		double perLog = 0;
		for (int index = 0; index < model.terms().size(); index++) {
			if (model.terms().get(index) == ServiceTimeModel.Term.CONSTANT) {
				constant = model.coefficients()[index];
			} else {
				perLog = model.coefficients()[index];
			}
		}
		return new double[] { constant, perLog };
	}

	private static StoredModel weightModel(List<RowFit> fits, long seed) {
		boolean sizesVary = fits.stream().map(fit -> fit.row().workload())
				.anyMatch(workload -> workload.readSize() != workload.writeSize());
		List<String> features = sizesVary ? List.of(SchedulerModel.THREAD_RATIO, SchedulerModel.SIZE_RATIO)
				: List.of(SchedulerModel.THREAD_RATIO);
		double[][] x = new double[fits.size()][];
		double[] y = new double[fits.size()];
		for (int index = 0; index < fits.size(); index++) {
			RowFit fit = fits.get(index);
			SchedulerWorkload workload = fit.row().workload();
			SchedulerWorkload.Vm vm = workload.vms().get(0);
			double ratio = (double) vm.readThreads() / vm.writeThreads();
			x[index] = sizesVary ? new double[] { ratio, workload.readSize() / workload.writeSize() } : new double[] { ratio };
			y[index] = (double) fit.alpha() / fit.beta();
		}
		Dataset data = new Dataset("scheduler calibration", features, "relativeWeight", x, y);
		var technique = Techniques.byId(sizesVary ? "mars-ia" : "mars");
		var tuned = ModelSelection.tune(technique, data, Folds.of(data.size(), Math.min(10, data.size()), seed),
				S3Search.defaults(), org.iosim.analysis.regression.Optimizer.Listener.NONE);
		return tuned.refit(data);
	}

	private static double meanError(SchedulerModel model, List<Row> rows, long seed, Progress progress, String stage) {
		double sum = 0;
		int count = 0;
		for (int index = 0; index < rows.size(); index++) {
			Row row = rows.get(index);
			List<ResponseTimes> predicted = model.predict(row.workload(), model.weights(row.workload()), seed);
			for (int vm = 0; vm < predicted.size(); vm++) {
				ResponseTimes measured = row.measured().get(vm);
				if (row.workload().vms().get(vm).readThreads() > 0) {
					sum += Math.abs(predicted.get(vm).read() - measured.read()) / measured.read();
					count++;
				}
				if (row.workload().vms().get(vm).writeThreads() > 0) {
					sum += Math.abs(predicted.get(vm).write() - measured.write()) / measured.write();
					count++;
				}
			}
			progress.step(stage, index + 1, rows.size());
		}
		return sum / count;
	}
}
