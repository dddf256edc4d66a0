package org.iosim.qpn.storage;

import java.util.Arrays;
import java.util.Optional;

/**
 * The four request classes of the homogeneous storage models (001 §7.4.1): random and sequential
 * reads and writes, each a colour of the storage nets named by its label.
 */
public enum StorageClass {
	RANDOM_READ("rr", true, false),
	SEQUENTIAL_READ("rs", true, true),
	RANDOM_WRITE("wr", false, false),
	SEQUENTIAL_WRITE("ws", false, true);

	private final String label;
	private final boolean read;
	private final boolean sequential;

	StorageClass(String label, boolean read, boolean sequential) {
		this.label = label;
		this.read = read;
		this.sequential = sequential;
	}

	/** The colour name in the storage nets and the key in calibration files: rr, rs, wr, ws. */
	public String label() {
		return label;
	}

	public boolean isRead() {
		return read;
	}

	public boolean isSequential() {
		return sequential;
	}

	public static StorageClass of(boolean read, boolean sequential) {
		return read ? (sequential ? SEQUENTIAL_READ : RANDOM_READ) : (sequential ? SEQUENTIAL_WRITE : RANDOM_WRITE);
	}

	public static Optional<StorageClass> byLabel(String label) {
		return Arrays.stream(values()).filter(candidate -> candidate.label.equals(label)).findFirst();
	}
}
