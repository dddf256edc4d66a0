package org.iosim.qpn.storage;

import java.util.EnumMap;
import java.util.Map;

/**
 * A workload to instantiate a storage template for: the threads of each class, issuing one request
 * after another without think time, the read and write request sizes and the file set size (bytes).
 */
public record StorageWorkload(Map<StorageClass, Integer> threads, double readSize, double writeSize,
		double fileSetSize) {

	public StorageWorkload {
		EnumMap<StorageClass, Integer> all = new EnumMap<>(StorageClass.class);
		for (StorageClass storageClass : StorageClass.values()) {
			int count = threads.getOrDefault(storageClass, 0);
			if (count < 0 || count > 1_000_000) {
				throw new IllegalArgumentException("threads of class '" + storageClass.label() + "' must be 0 to 1,000,000");
			}
			all.put(storageClass, count);
		}
		threads = Map.copyOf(all);
		if (all.values().stream().mapToInt(Integer::intValue).sum() == 0) {
			throw new IllegalArgumentException("the workload has no threads");
		}
		if (!(readSize > 0 && writeSize > 0 && fileSetSize > 0) || !Double.isFinite(readSize + writeSize + fileSetSize)) {
			throw new IllegalArgumentException("request sizes and the file set size must be positive numbers of bytes");
		}
	}

	public int threads(StorageClass storageClass) {
		return threads.get(storageClass);
	}

	public double size(StorageClass storageClass) {
		return storageClass.isRead() ? readSize : writeSize;
	}

	public int totalThreads() {
		return threads.values().stream().mapToInt(Integer::intValue).sum();
	}
}
