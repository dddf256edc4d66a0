package org.iosim.analysis.san;

/**
 * One host I/O request as a trace holds it (an SPC record, a generated request, or one the
 * architecture simulation issued).
 *
 * @param volume logical disk (the SPC trace's application specific unit, ASU)
 * @param offset byte address in the logical disk (the SPC LBA times 512)
 * @param size   bytes, at least 1
 * @param read   read or write
 * @param time   arrival time in seconds
 */
public record IoRequest(int volume, long offset, long size, boolean read, double time) {

	public IoRequest {
		if (volume < 0 || offset < 0 || size < 1 || !(time >= 0) || Double.isInfinite(time)) {
			throw new IllegalArgumentException("invalid request: volume " + volume + ", offset " + offset + ", size "
					+ size + ", time " + time);
		}
	}

	/** @return the first byte after the request */
	public long end() {
		return offset + size;
	}
}
