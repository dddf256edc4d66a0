package org.iosim.qpn.storage;

import java.util.List;

import org.iosim.analysis.regression.StoredModel;
import org.iosim.qpn.Net;
import org.iosim.qpn.simulation.calibration.RequestWeights;
import org.iosim.qpn.simulation.calibration.RequestWeights.ResponseTimes;

/**
 * A calibrated heterogeneous-workload model (001 §7.5): the calibrated storage whose service times
 * it uses, their Eq. 7.10 correction, the weight model φ (Eq. 7.9, or 7.11 when read and write sizes
 * differed in the calibration) at weight precision δ, and how several VMs get their weights
 * (Algorithm 4 with its descent, or Algorithm 5 with ε and c).
 *
 * @param weightModel φ from the features {@link #THREAD_RATIO} and, if it has it, {@link #SIZE_RATIO}
 */
public record SchedulerModel(CalibratedStorage storage, ServiceTimeCorrection correction, StoredModel weightModel,
		int precision, MultiVm multiVm) implements CalibratedModel {

	public static final String THREAD_RATIO = "readWriteThreadRatio";
	public static final String SIZE_RATIO = "readWriteSizeRatio";

	/** How weights of several VMs are found: Algorithm 4 (our design, calibrated descent) or 5 (as printed). */
	public record MultiVm(int algorithm, double descent, double epsilon, int c) {
		public MultiVm {
			if (algorithm != 4 && algorithm != 5) {
				throw new IllegalArgumentException("the multi-VM algorithm is 4 or 5");
			}
			if (!(descent >= 0 && descent < 1) || !(epsilon > 0 && epsilon < 1) || c < 1) {
				throw new IllegalArgumentException("the descent must be in [0, 1), epsilon in (0, 1) and c at least 1");
			}
		}
	}

	public SchedulerModel {
		if (precision < 0 || precision > 6) {
			throw new IllegalArgumentException("the weight precision must be 0 to 6");
		}
		if (!weightModel.features().contains(THREAD_RATIO)) {
			throw new IllegalArgumentException("the weight model must take the feature '" + THREAD_RATIO + "'");
		}
	}

	/** φ of Eq. 7.9/7.11 for these threads and sizes; a zero thread count counts as 1/2 in the ratio. */
	public double relativeWeight(int readThreads, int writeThreads, double readSize, double writeSize) {
		double[] row = new double[weightModel.features().size()];
		for (int index = 0; index < row.length; index++) {
			row[index] = weightModel.features().get(index).equals(THREAD_RATIO)
					? Math.max(readThreads, 0.5) / Math.max(writeThreads, 0.5)
					: readSize / writeSize;
		}
		// a weight must be positive; the smallest the precision can express
		return Math.max(weightModel.predict(row).value(), Math.pow(10, -precision));
	}

	/** α and β from φ as Algorithm 3 lines 21–22: β = 10^δ, α = ⌊φ·10^δ + 0.5⌋ (at least 1). */
	public double[] alphaBeta(double phi) {
		return new double[] { Math.max(1, RequestWeights.alpha(phi, precision)), RequestWeights.beta(precision) };
	}

	public Weights weights(SchedulerWorkload workload) {
		List<SchedulerWorkload.Vm> vms = workload.vms();
		double[] global = alphaBeta(relativeWeight(workload.totalReadThreads(), workload.totalWriteThreads(),
				workload.readSize(), workload.writeSize()));
		if (vms.size() == 1) {
			return Weights.uniform(1, global[0], global[1]);
		}
		if (multiVm.algorithm() == 4) {
			return MultiVmWeights.algorithm4(vms, global[0], global[1], multiVm.descent());
		}
		double[] localRead = new double[vms.size()];
		double[] localWrite = new double[vms.size()];
		for (int vm = 0; vm < vms.size(); vm++) {
			double[] local = alphaBeta(relativeWeight(vms.get(vm).readThreads(), vms.get(vm).writeThreads(),
					workload.readSize(), workload.writeSize()));
			localRead[vm] = local[0];
			localWrite[vm] = local[1];
		}
		return MultiVmWeights.algorithm5(vms, global[0], global[1], new Weights(localRead, localWrite),
				multiVm.epsilon(), multiVm.c(), workload.readSize(), workload.writeSize());
	}

	public Net net(SchedulerWorkload workload) {
		return net(workload, weights(workload));
	}

	public Net net(SchedulerWorkload workload, Weights weights) {
		return SchedulerNets.instantiate(storage, correction, workload, weights);
	}

	/** Each VM's mean read and write response time (NaN for a type without threads), by simulation. */
	public List<ResponseTimes> predict(SchedulerWorkload workload, Weights weights, long seed) {
		return SchedulerNets.solve(net(workload, weights), workload, seed);
	}
}
