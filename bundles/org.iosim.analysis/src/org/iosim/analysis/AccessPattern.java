package org.iosim.analysis;

/**
 * The access pattern of the reads or writes in a status list. As an analysis model input
 * ({@link WorkloadInput#READ_PATTERN}, {@link WorkloadInput#WRITE_PATTERN}) random is 0 and
 * sequential 1.
 */
public enum AccessPattern {
	RANDOM, SEQUENTIAL
}
