package org.iosim.qpn.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

import org.iosim.des.statistics.StudentT;
import org.iosim.qpn.simulation.QpnResult.Estimate;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnResult.ProbeResult;

/** Pools independent replications of one net (see {@link QpnSimulator#simulate(org.iosim.qpn.Net, String, QpnRunSettings, int, QpnSimulator.Progress)}). */
final class ReplicationPooling {

	private static final double LEVEL = 0.95;

	private ReplicationPooling() {
	}

	/**
	 * @param warmUp the warm-up of every replication: rates and time averages are weighted by the time
	 *               each replication measured, which differs when a stopping rule ends them at different times
	 */
	static QpnResult pool(List<QpnResult> replications, long seed, double warmUp, double wallClockSeconds) {
		QpnResult first = replications.get(0);
		double[] measured = replications.stream().mapToDouble(result -> result.simulatedTime() - warmUp).toArray();
		List<PlaceResult> places = new ArrayList<>();
		for (int index = 0; index < first.places().size(); index++) {
			int entry = index;
			List<PlaceResult> same = replications.stream().map(result -> result.places().get(entry)).toList();
			PlaceResult model = same.get(0);
			places.add(new PlaceResult(model.place(), model.placeId(), model.colour(), model.part(),
					residenceTime(same.stream().map(PlaceResult::residenceTime).toList()),
					average(same, measured, PlaceResult::throughput), average(same, measured, PlaceResult::population),
					average(same, measured, PlaceResult::utilization), model.servers()));
		}
		List<ProbeResult> probes = new ArrayList<>();
		for (int index = 0; index < first.probes().size(); index++) {
			int entry = index;
			List<ProbeResult> same = replications.stream().map(result -> result.probes().get(entry)).toList();
			ProbeResult model = same.get(0);
			probes.add(new ProbeResult(model.probe(), model.probeId(), model.colour(),
					residenceTime(same.stream().map(ProbeResult::residenceTime).toList()),
					average(same, measured, ProbeResult::throughput)));
		}
		return new QpnResult(first.net(), seed, replications.size(), first.stopReason(),
				replications.stream().mapToDouble(QpnResult::simulatedTime).max().orElseThrow(),
				replications.stream().mapToLong(QpnResult::events).sum(), wallClockSeconds, places, probes);
	}

	private static <T> double average(List<T> same, double[] measured, ToDoubleFunction<T> value) {
		double sum = 0;
		double time = 0;
		for (int replication = 0; replication < same.size(); replication++) {
			sum += value.applyAsDouble(same.get(replication)) * measured[replication];
			time += measured[replication];
		}
		return time > 0 ? sum / time : Double.NaN;
	}

	/** Mean over all observations; half-width from the replication means (those with observations). */
	private static Estimate residenceTime(List<Estimate> same) {
		long observations = same.stream().mapToLong(Estimate::observations).sum();
		if (observations == 0) {
			return new Estimate(Double.NaN, Double.POSITIVE_INFINITY, 0);
		}
		double sum = 0;
		double[] means = same.stream().filter(estimate -> estimate.observations() > 0).mapToDouble(Estimate::mean)
				.toArray();
		for (Estimate estimate : same) {
			if (estimate.observations() > 0) {
				sum += estimate.mean() * estimate.observations();
			}
		}
		double halfWidth = Double.POSITIVE_INFINITY;
		if (means.length >= 2) {
			double average = 0;
			for (double mean : means) {
				average += mean / means.length;
			}
			double squares = 0;
			for (double mean : means) {
				squares += (mean - average) * (mean - average);
			}
			double t = StudentT.quantile(means.length - 1, 0.5 + LEVEL / 2);
			halfWidth = t * Math.sqrt(squares / (means.length - 1) / means.length);
		}
		if (same.stream().allMatch(Estimate::hasPercentiles)) {
			// the replications' sketches are gone by now: their percentiles weighted by observations, an
			// approximation that is exact when the replications' distributions are the same
			return new Estimate(sum / observations, halfWidth, observations, weighted(same, Estimate::p50),
					weighted(same, Estimate::p95), weighted(same, Estimate::p99));
		}
		return new Estimate(sum / observations, halfWidth, observations);
	}

	private static double weighted(List<Estimate> same, java.util.function.ToDoubleFunction<Estimate> percentile) {
		double sum = 0;
		long observations = 0;
		for (Estimate estimate : same) {
			if (estimate.observations() > 0) {
				sum += percentile.applyAsDouble(estimate) * estimate.observations();
				observations += estimate.observations();
			}
		}
		return sum / observations;
	}
}
