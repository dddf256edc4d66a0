package org.iosim.characterization;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

import org.iosim.characterization.internal.BlkparseReader;
import org.iosim.characterization.internal.FioLatencyLogReader;
import org.iosim.characterization.internal.TraceLines;

/** The kinds of trace files IOSim characterizes. */
public enum TraceFormat {

	/**
	 * fio's per-I/O latency logs, written with {@code write_lat_log=NAME} and {@code log_offset=1}
	 * (and without {@code log_avg_msec}): {@code NAME_lat.N.log} (or {@code NAME_clat.N.log}), one
	 * file per job, each job a client with a file of its own.
	 */
	FIO,
	/**
	 * The default text output of {@code blkparse}: requests are the D (issue) events, timed by
	 * their C (complete) events; a device is a file.
	 */
	BLKPARSE;

	/** A blkparse event line starts with the device, e.g. {@code   8,0    3  1  0.000000000  697  D  WS ...}. */
	private static final Pattern BLKPARSE_LINE = Pattern.compile("\\s*\\d+,\\d+\\s+\\d+\\s.*");
	/** A fio log line is comma-separated numbers, e.g. {@code 0, 490142, 0, 4096, 0, 0}. */
	private static final Pattern FIO_LINE = Pattern.compile("\\s*\\d+\\s*,\\s*\\d+\\s*,.*");

	/** @return the name on the command line, e.g. {@code fio} */
	public String formatName() {
		return name().toLowerCase(Locale.ROOT);
	}

	/** @return the format of this name ({@link #formatName()}), or empty if there is none */
	public static Optional<TraceFormat> named(String name) {
		for (TraceFormat format : values()) {
			if (format.formatName().equals(name)) {
				return Optional.of(format);
			}
		}
		return Optional.empty();
	}

	/**
	 * @param file a trace file of this format
	 * @return its requests; nothing is read before the first call of {@link TraceReader#next()}
	 * @throws TraceFormatException if the file cannot be opened
	 */
	public TraceReader open(Path file) throws IOException {
		return switch (this) {
		case FIO -> new FioLatencyLogReader(file);
		case BLKPARSE -> new BlkparseReader(file);
		};
	}

	/**
	 * Tells the format from the first line that is not blank.
	 *
	 * @return the format, or empty if the file holds no such line
	 * @throws TraceFormatException if the line is of neither format, or the file cannot be read
	 */
	public static Optional<TraceFormat> detect(Path file) throws IOException {
		try (TraceLines lines = new TraceLines(file)) {
			String first = lines.next();
			if (first == null) {
				return Optional.empty();
			}
			if (BLKPARSE_LINE.matcher(first).matches()) {
				return Optional.of(BLKPARSE);
			}
			if (FIO_LINE.matcher(first).matches()) {
				return Optional.of(FIO);
			}
			throw lines.problem("neither a fio latency log nor a blkparse event, so the trace format cannot be"
					+ " told; name it (fio or blkparse)");
		}
	}
}
