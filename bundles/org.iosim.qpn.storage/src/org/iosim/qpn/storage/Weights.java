package org.iosim.qpn.storage;

import java.util.Arrays;

/** The scheduler's mode weights per VM: α_j for VM j's reads, β_j for its writes (001 §7.5). */
public record Weights(double[] read, double[] write) {

	public Weights {
		read = read.clone();
		write = write.clone();
		for (double weight : read) {
			positive(weight);
		}
		for (double weight : write) {
			positive(weight);
		}
	}

	/** The same α and β for each of {@code vms} VMs. */
	public static Weights uniform(int vms, double alpha, double beta) {
		double[] read = new double[vms];
		double[] write = new double[vms];
		Arrays.fill(read, alpha);
		Arrays.fill(write, beta);
		return new Weights(read, write);
	}

	private static void positive(double weight) {
		if (!(weight > 0) || Double.isInfinite(weight)) {
			throw new IllegalArgumentException("weights must be positive, got " + weight);
		}
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof Weights that && Arrays.equals(read, that.read) && Arrays.equals(write, that.write);
	}

	@Override
	public int hashCode() {
		return 31 * Arrays.hashCode(read) + Arrays.hashCode(write);
	}

	@Override
	public String toString() {
		return "α " + Arrays.toString(read) + ", β " + Arrays.toString(write);
	}
}
