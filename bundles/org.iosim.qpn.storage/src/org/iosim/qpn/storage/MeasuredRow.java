package org.iosim.qpn.storage;

/**
 * One measured configuration of one class, as the measurement export gives it: the class's threads
 * (with no other class running), request size and file set size in bytes, and the mean response
 * time in seconds; {@code line} names it in messages.
 */
public record MeasuredRow(StorageClass storageClass, int threads, double size, double fileSetSize, double responseTime,
		int line) {
}
