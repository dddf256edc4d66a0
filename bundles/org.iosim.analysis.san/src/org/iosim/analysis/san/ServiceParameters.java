package org.iosim.analysis.san;

/**
 * A resource's parameters: a use of it takes {@code overhead + bytes / bandwidth} seconds on one of
 * its {@code servers}.
 *
 * @param servers   how many requests it serves at once, at least 1
 * @param overhead  fixed seconds per use, not negative
 * @param bandwidth bytes per second; 0 means the transfer takes no time
 */
public record ServiceParameters(int servers, double overhead, double bandwidth) {

	public static final ServiceParameters FREE = new ServiceParameters(1, 0, 0);

	/** @return the service time of one use transferring the bytes */
	public double serviceTime(double bytes) {
		return overhead + (bandwidth > 0 ? bytes / bandwidth : 0);
	}
}
