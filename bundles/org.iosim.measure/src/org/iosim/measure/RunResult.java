package org.iosim.measure;

import java.util.Optional;

import org.iosim.pcm.io.IoType;

/**
 * What one run measured.
 *
 * @param reads          the reads' figures, absent when the run issued none
 * @param writes         the writes' figures, absent when the run issued none
 * @param elapsedSeconds wall time of the run, start-up and warm-up included
 * @param rawOutput      the workload generator's own report, stored as it came
 */
public record RunResult(Optional<Latencies> reads, Optional<Latencies> writes, double elapsedSeconds, String rawOutput) {

	/**
	 * Completion figures of one request type over the measured period; latencies in seconds, from
	 * submission to completion.
	 */
	public record Latencies(long requests, double requestsPerSecond, double bytesPerSecond, double mean, double p50,
			double p95, double p99) {
	}

	/** @return "read" or "write": a type as the messages about runs name it */
	public static String word(IoType type) {
		return type == IoType.READ ? "read" : "write";
	}

	/** @return the figures of that type */
	public Optional<Latencies> of(IoType type) {
		return type == IoType.READ ? reads : writes;
	}
}
