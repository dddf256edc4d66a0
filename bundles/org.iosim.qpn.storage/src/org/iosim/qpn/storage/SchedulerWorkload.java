package org.iosim.qpn.storage;

import java.util.List;

/**
 * A mixed workload of one or more VMs sharing a storage (001 §7.5): per VM its read and write
 * threads, issuing one request after another without think time, and the read and write request
 * sizes and file set size (bytes) all VMs use.
 */
public record SchedulerWorkload(List<Vm> vms, double readSize, double writeSize, double fileSetSize) {

	/** One VM's read threads t_r and write threads t_w. */
	public record Vm(int readThreads, int writeThreads) {
		public Vm {
			if (readThreads < 0 || writeThreads < 0 || readThreads > 1_000_000 || writeThreads > 1_000_000) {
				throw new IllegalArgumentException("threads must be 0 to 1,000,000");
			}
		}

		public int threads() {
			return readThreads + writeThreads;
		}
	}

	public SchedulerWorkload {
		vms = List.copyOf(vms);
		if (vms.isEmpty() || vms.size() > 64) {
			throw new IllegalArgumentException("a workload has 1 to 64 VMs");
		}
		if (vms.stream().mapToInt(Vm::threads).sum() == 0) {
			throw new IllegalArgumentException("the workload has no threads");
		}
		if (!(readSize > 0 && writeSize > 0 && fileSetSize > 0) || !Double.isFinite(readSize + writeSize + fileSetSize)) {
			throw new IllegalArgumentException("request sizes and the file set size must be positive numbers of bytes");
		}
	}

	public int totalReadThreads() {
		return vms.stream().mapToInt(Vm::readThreads).sum();
	}

	public int totalWriteThreads() {
		return vms.stream().mapToInt(Vm::writeThreads).sum();
	}
}
