package org.iosim.qpn.storage;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Scheduler weights of several VMs sharing a storage (001 §7.5.3–7.5.4): Algorithm 4, which 001
 * describes but does not print (our design below), and Algorithm 5 as printed, with its garbled and
 * undefined parts resolved as documented on {@link #algorithm5}.
 */
public final class MultiVmWeights {

	private MultiVmWeights() {
	}

	/**
	 * Algorithm 4 (our design of what 001 §7.5.3 describes): every class starts with the global
	 * weights from the single-VM weight model at the summed threads (α for reads, β for writes); the
	 * classes are ranked by their threads, most first, equal threads sharing a rank; a class of rank k
	 * gets its start weight times (1 − d)^k. So classes with more clients get higher weights, and the
	 * descent is proportional to the start weights. The descent d ∈ [0, 1) is calibrated on multi-VM
	 * measurements (see {@link SchedulerCalibration}).
	 */
	public static Weights algorithm4(List<SchedulerWorkload.Vm> vms, double alpha, double beta, double descent) {
		if (!(descent >= 0 && descent < 1)) {
			throw new IllegalArgumentException("the descent must be in [0, 1)");
		}
		int[] threads = new int[2 * vms.size()];
		for (int vm = 0; vm < vms.size(); vm++) {
			threads[2 * vm] = vms.get(vm).readThreads();
			threads[2 * vm + 1] = vms.get(vm).writeThreads();
		}
		int[] distinctDescending = Arrays.stream(threads).distinct().boxed().sorted(Comparator.reverseOrder())
				.mapToInt(Integer::intValue).toArray();
		double[] read = new double[vms.size()];
		double[] write = new double[vms.size()];
		for (int vm = 0; vm < vms.size(); vm++) {
			read[vm] = alpha * Math.pow(1 - descent, rank(distinctDescending, threads[2 * vm]));
			write[vm] = beta * Math.pow(1 - descent, rank(distinctDescending, threads[2 * vm + 1]));
		}
		return new Weights(read, write);
	}

	private static int rank(int[] distinctDescending, int value) {
		for (int index = 0; index < distinctDescending.length; index++) {
			if (distinctDescending[index] == value) {
				return index;
			}
		}
		throw new IllegalStateException("value not ranked");
	}

	/**
	 * Algorithm 5 of 001 (after Rostami 2014), as printed, for v VMs:
	 * <ol>
	 * <li>β ← β^l; γ ← α^g/β^g; the VMs I^β with the largest local write weight β^max get α^max = γ·β^max.
	 * <li>δ_r ← (α^max − β^max)/(c·|distinct t_r|).
	 * <li>In ascending order of the VMs' total threads t* = t_r + t_w, read weights step away from
	 * I^β: each VM below gets its upper neighbour's weight plus δ_r, each above its lower neighbour's
	 * minus δ_r, a neighbour with the same t* the same weight.
	 * <li>With κ the number of distinct t*: if κ = v and some VM with fewer threads has a write weight
	 * at least that of one with more, the write weights are multiplied, in descending order of t*, by
	 * (1 − ε), the factor's ε shrinking by (κ − 2)/(κ − 1) after each VM from the second on;
	 * otherwise, if κ = 2 and a single VM has the fewest threads, its write weight is multiplied by
	 * (1 + ε).
	 * <li>Priority inversion (§7.5.4): if reads are at least four times as large as writes, the VM
	 * with the fewest read threads has its read and write weights swapped.
	 * </ol>
	 * Resolved where the printed text is undefined: κ (never defined) is the number of distinct t*,
	 * as the text's "the sum of the clients differ in all VMs" says; when I^β is not contiguous in
	 * the order of t*, every VM between its first and last gets α^max (the printed loops would leave
	 * them at 0); the second write case follows the text ("a single VM with a low number of clients")
	 * rather than the printed condition on β; and a read weight that the steps make smaller than
	 * α^max/100 is kept at α^max/100, since a weight must be positive.
	 *
	 * @param local   α^l_j, β^l_j: the weight model at each VM's own threads
	 * @param epsilon ε ∈ (0, 1) (001 uses 0.3)
	 * @param c       c ≥ 1 (001 uses 2)
	 */
	public static Weights algorithm5(List<SchedulerWorkload.Vm> vms, double globalAlpha, double globalBeta,
			Weights local, double epsilon, int c, double readSize, double writeSize) {
		int v = vms.size();
		if (local.read().length != v || local.write().length != v) {
			throw new IllegalArgumentException(v + " VMs need as many local weights");
		}
		if (!(epsilon > 0 && epsilon < 1) || c < 1) {
			throw new IllegalArgumentException("epsilon must be in (0, 1) and c at least 1");
		}
		double[] beta = local.write().clone();
		double gamma = globalAlpha / globalBeta;
		double betaMax = Arrays.stream(beta).max().orElseThrow();
		double alphaMax = gamma * betaMax;
		long distinctReadThreads = vms.stream().mapToInt(SchedulerWorkload.Vm::readThreads).distinct().count();
		double step = (alphaMax - betaMax) / (distinctReadThreads * c);
		int[] threads = vms.stream().mapToInt(SchedulerWorkload.Vm::threads).toArray();
		// VMs in ascending order of their threads (ties by index): the sorting permutation π_a
		int[] ascending = IntStream.range(0, v).boxed().sorted(Comparator.comparingInt((Integer vm) -> threads[vm]))
				.mapToInt(Integer::intValue).toArray();
		int first = -1;
		int last = -1;
		for (int position = 0; position < v; position++) {
			if (beta[ascending[position]] == betaMax) {
				first = first < 0 ? position : first;
				last = position;
			}
		}
		double[] alpha = new double[v];
		for (int position = first; position <= last; position++) {
			alpha[ascending[position]] = alphaMax;
		}
		for (int position = first - 1; position >= 0; position--) {
			int vm = ascending[position];
			int above = ascending[position + 1];
			alpha[vm] = threads[vm] == threads[above] ? alpha[above] : alpha[above] + step;
		}
		for (int position = last + 1; position < v; position++) {
			int vm = ascending[position];
			int below = ascending[position - 1];
			alpha[vm] = threads[vm] == threads[below] ? alpha[below] : alpha[below] - step;
		}
		double floor = alphaMax / 100;
		for (int vm = 0; vm < v; vm++) {
			alpha[vm] = Math.max(alpha[vm], floor);
		}
		long kappa = Arrays.stream(threads).distinct().count();
		boolean outOfOrder = false;
		for (int i = 0; i < v; i++) {
			for (int j = 0; j < v; j++) {
				outOfOrder |= i != j && threads[i] < threads[j] && beta[i] >= beta[j];
			}
		}
		if (kappa == v && outOfOrder) {
			double shrink = epsilon;
			for (int position = v - 1, order = 1; position >= 0; position--, order++) {
				int vm = ascending[position];
				beta[vm] *= 1 - shrink;
				if (order > 1) {
					shrink *= (kappa - 2) / (double) (kappa - 1);
				}
			}
		} else if (kappa == 2) {
			int fewest = Arrays.stream(threads).min().orElseThrow();
			if (Arrays.stream(threads).filter(count -> count == fewest).count() == 1) {
				beta[ascending[0]] *= 1 + epsilon;
			}
		}
		if (readSize >= 4 * writeSize) {
			int fewestReads = IntStream.range(0, v).boxed()
					.min(Comparator.comparingInt((Integer vm) -> vms.get(vm).readThreads())).orElseThrow();
			double swapped = alpha[fewestReads];
			alpha[fewestReads] = beta[fewestReads];
			beta[fewestReads] = swapped;
		}
		return new Weights(alpha, beta);
	}
}
