package org.iosim.characterization.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Pattern;

import org.iosim.characterization.IoRecord;
import org.iosim.characterization.TraceReader;
import org.iosim.files.FileProblems;
import org.iosim.pcm.io.IoType;

/**
 * A per-I/O latency log of fio ({@code write_lat_log=NAME} with {@code log_offset=1}: the files
 * {@code NAME_lat.N.log} or {@code NAME_clat.N.log}, one per job). Each line is
 * {@code time, latency, direction, block size, offset, priority}: the time in milliseconds since
 * the job started, logged when the I/O completed; the latency in nanoseconds; the direction 0 read,
 * 1 write, 2 trim; block size and offset in bytes. The issue time is the completion time less the
 * latency.
 * <p>
 * fio logs each job in a file of its own and, by default, gives each job a file of its own, so a log
 * is one client and its offsets count in one file: both are named after the log.
 */
public final class FioLatencyLogReader implements TraceReader {

	/** Values on a line: time, latency, direction, block size, offset, priority. */
	private static final int VALUES = 6;

	private static final Pattern PRIORITY = Pattern.compile("(0x)?[0-9a-fA-F]+");

	private static final int DIRECTION_READ = 0;
	private static final int DIRECTION_WRITE = 1;
	private static final int DIRECTION_TRIM = 2;

	private final TraceLines lines;
	private final String name;

	public FioLatencyLogReader(Path file) throws IOException {
		this.lines = new TraceLines(file);
		this.name = String.valueOf(file.getFileName());
	}

	@Override
	public IoRecord next() throws IOException {
		for (String line = lines.next(); line != null; line = lines.next()) {
			// one more piece than a line has values tells a longer line without splitting all of it
			String[] values = line.split(",", VALUES + 1);
			checkValueCount(values.length);
			long milliseconds = lines.wholeNumber(values[0], "the time");
			long latencyNanoseconds = lines.wholeNumber(values[1], "the latency");
			long direction = lines.wholeNumber(values[2], "the direction");
			long blockSize = lines.wholeNumber(values[3], "the block size");
			long offset = lines.wholeNumber(values[4], "the offset");
			checkPriority(values[5]);
			if (direction == DIRECTION_TRIM) {
				continue;
			}
			if (direction != DIRECTION_READ && direction != DIRECTION_WRITE) {
				throw lines.problem("the direction must be 0 (read), 1 (write) or 2 (trim), not " + direction);
			}
			if (blockSize == 0) {
				throw lines.problem("the block size is 0, which fio logs when it averages over a window"
						+ " (log_avg_msec); characterization needs one line per I/O (log_avg_msec=0)");
			}
			if (offset > Long.MAX_VALUE - blockSize) {
				throw lines.problem("offset + block size exceeds " + Long.MAX_VALUE);
			}
			double completed = milliseconds / 1e3;
			return new IoRecord(completed - latencyNanoseconds / 1e9, completed,
					direction == DIRECTION_READ ? IoType.READ : IoType.WRITE, offset, blockSize, name, name);
		}
		return null;
	}

	/**
	 * Recent fio (3.33, for one) writes the command priority on every line and the offset only with
	 * {@code log_offset=1}; older versions wrote no priority. Five values are therefore a recent log
	 * without offsets or an old one with them, which cannot be told apart; only six are unambiguous.
	 */
	private void checkValueCount(int count) throws IOException {
		if (count == VALUES - 2 || count == VALUES - 1) {
			throw lines.problem("found " + count + " values, a log without offsets or one from an older fio;"
					+ " run fio with log_offset=1, which logs 6 values (time, latency, direction, block size,"
					+ " offset, priority)");
		}
		if (count != VALUES) {
			throw lines.problem("expected 6 comma-separated values (time, latency, direction, block size, offset,"
					+ " priority) but found " + (count > VALUES ? "more" : count));
		}
	}

	/**
	 * The priority does not enter the characterization, but a line with a malformed one is no line
	 * of fio's. It is a number, hexadecimal with log_prio=1.
	 */
	private void checkPriority(String text) throws IOException {
		if (!PRIORITY.matcher(text.strip()).matches()) {
			throw lines.problem("the priority is neither a whole number nor a hexadecimal one ('"
					+ FileProblems.excerpt(text.strip()) + "')");
		}
	}

	@Override
	public void close() throws IOException {
		lines.close();
	}
}
