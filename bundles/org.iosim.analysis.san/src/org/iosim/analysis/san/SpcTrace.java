package org.iosim.analysis.san;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.iosim.files.FileProblems;
import org.iosim.files.TextLines;

/**
 * Block traces in the Storage Performance Council's trace format: one request a line, comma-separated
 * fields {@code ASU,LBA,Size,Opcode,Timestamp} (white space around a field allowed), optional fields
 * after them ignored. ASU: a whole number naming the application specific unit (here: a volume). LBA:
 * the address in blocks of 512 bytes. Size: bytes. Opcode: {@code r}/{@code R} read, {@code w}/{@code W}
 * write. Timestamp: seconds since the trace began. Blank lines are skipped; the text is UTF-8 (or ASCII),
 * a byte order mark before the first line is dropped.
 */
public final class SpcTrace {

	/** Bytes of a block that LBAs count. */
	public static final long BLOCK = 512;
	/**
	 * Memory a request of a trace takes at most while it is read or generated and then replayed: the
	 * request, its places in the replay's lists and its arrival event.
	 */
	static final long BYTES_PER_REQUEST = 256;

	/**
	 * @return the most requests a trace may have in this JVM: half its heap, at
	 *         {@value #BYTES_PER_REQUEST} bytes a request, so that reading or generating a trace
	 *         never ends with the heap exhausted
	 */
	public static long maxRequests() {
		return Math.max(1, Runtime.getRuntime().maxMemory() / 2 / BYTES_PER_REQUEST);
	}

	/** e.g. {@code more than the 4,194,304 requests a trace may have in this JVM (...)} */
	static String beyondMaxRequests() {
		return String.format(Locale.ROOT, "more than the %,d requests a trace may have in this JVM (half its heap of %,d"
				+ " MB, at %d bytes a request; give Java more memory, e.g. IOSIM_JAVA_OPTS=-Xmx16g)", maxRequests(),
				Runtime.getRuntime().maxMemory() / (1024 * 1024), BYTES_PER_REQUEST);
	}

	private SpcTrace() {
	}

	/**
	 * @return the requests, sorted by time (a trace is in time order; ties keep the file's order)
	 * @throws SanException naming the file, the line and the field that is wrong
	 */
	public static List<IoRequest> read(Path file) throws SanException {
		List<IoRequest> requests = new ArrayList<>();
		long most = maxRequests();
		try (TextLines lines = new TextLines(file)) {
			for (String line = lines.next(); line != null; line = lines.next()) {
				if (!line.isBlank()) {
					if (requests.size() >= most) {
						throw new SanException(file + ": line " + lines.number() + ": the trace has " + beyondMaxRequests());
					}
					requests.add(parse(file + ": line " + lines.number(), line));
				}
			}
		} catch (FileProblems.TextProblem notText) {
			throw new SanException(file + ": not a text trace: " + notText.getMessage() + "; an SPC trace has lines"
					+ " such as 0,303567,3584,w,0.0");
		} catch (IOException unreadable) {
			throw new SanException(file + ": cannot read the trace: " + FileProblems.reason(unreadable));
		}
		if (requests.isEmpty()) {
			throw new SanException(file + ": the trace holds no requests");
		}
		// stable: ties keep the file's order
		requests.sort(java.util.Comparator.comparingDouble(IoRequest::time));
		return requests;
	}

	/** @param where e.g. {@code trace.spc: line 7}, for the message */
	static IoRequest parse(String where, String line) throws SanException {
		String[] fields = line.split(",", -1);
		if (fields.length < 5) {
			throw new SanException(where + ": has " + fields.length + " field" + (fields.length == 1 ? "" : "s")
					+ " but an SPC record needs 5: ASU,LBA,Size,Opcode,Timestamp");
		}
		long asu = whole(where, "ASU", fields[0], 0);
		if (asu > Integer.MAX_VALUE) {
			throw new SanException(where + ": field ASU is too large: " + FileProblems.excerpt(fields[0].strip()));
		}
		long lba = whole(where, "LBA", fields[1], 0);
		long size = whole(where, "Size", fields[2], 1);
		if (lba > Long.MAX_VALUE / BLOCK - size) {
			throw new SanException(where + ": field LBA is too large: " + FileProblems.excerpt(fields[1].strip()));
		}
		String opcode = fields[3].strip();
		boolean read;
		if (opcode.equalsIgnoreCase("r")) {
			read = true;
		} else if (opcode.equalsIgnoreCase("w")) {
			read = false;
		} else {
			throw new SanException(where + ": field Opcode must be r or w, got '" + FileProblems.excerpt(opcode) + "'");
		}
		double time;
		try {
			time = Double.parseDouble(fields[4].strip());
		} catch (NumberFormatException notANumber) {
			time = Double.NaN;
		}
		if (!(time >= 0) || Double.isInfinite(time)) {
			throw new SanException(where + ": field Timestamp must be seconds (a number not negative), got '"
					+ FileProblems.excerpt(fields[4].strip()) + "'");
		}
		return new IoRequest((int) asu, lba * BLOCK, size, read, time);
	}

	private static long whole(String where, String field, String text, long min) throws SanException {
		long value;
		try {
			value = Long.parseLong(text.strip());
		} catch (NumberFormatException notANumber) {
			throw new SanException(where + ": field " + field + " must be a whole number, got '"
					+ FileProblems.excerpt(text.strip()) + "'");
		}
		if (value < min) {
			throw new SanException(where + ": field " + field + " must be at least " + min + ", got " + value);
		}
		return value;
	}

	/** Writes requests as an SPC trace (offsets rounded down to blocks). */
	public static void write(Path file, List<IoRequest> requests) throws IOException {
		try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
			for (IoRequest r : requests) {
				writer.write(String.format(Locale.ROOT, "%d,%d,%d,%s,%.6f%n", r.volume(), r.offset() / BLOCK, r.size(),
						r.read() ? "r" : "w", r.time()));
			}
		}
	}
}
