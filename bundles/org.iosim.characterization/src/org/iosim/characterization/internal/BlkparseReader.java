package org.iosim.characterization.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

import org.iosim.characterization.IoRecord;
import org.iosim.characterization.TraceReader;
import org.iosim.files.FileProblems;
import org.iosim.pcm.io.IoType;

/**
 * The default text output of {@code blkparse}: one event a line,
 * {@code device cpu sequence seconds.nanoseconds pid action RWBS payload}, followed by a summary
 * that starts with a line {@code CPUn (device):}.
 * <p>
 * A request is a D event (issued to the driver) with a sector and a sector count; the C event
 * (complete) of the same device, sector and count gives its completion time. A C event without an
 * earlier D is a request of its own known only by its completion (issued before tracing began, or
 * its D events were filtered out), so a trace of C events alone is characterized too. Other events
 * (queueing, merges, plugs, messages) are not requests. D and C events without a sector (flushes,
 * SCSI pass-through commands), with a count of 0, or neither reading nor writing (discards) are left
 * out. Sectors are 512 bytes, whatever the device's block size; the device is the requests' file,
 * the process id of a D event their client.
 * <p>
 * Requests are delivered in the order of their D events, each once it has completed. At most 65,536
 * requests wait, which bounds the memory: when more would, the first is delivered without a
 * completion time, as are those still waiting at the end of the trace.
 */
public final class BlkparseReader implements TraceReader {

	/** Requests awaiting completion: far more than a device queue holds, so only lost completions reach it. */
	private static final int PENDING_LIMIT = 1 << 16;

	private static final long SECTOR_BYTES = 512;
	/** The header fields before the payload: device, CPU, sequence, time, pid, action, RWBS. */
	private static final int HEADER_FIELDS = 7;
	private static final Pattern WHITESPACE = Pattern.compile("\\s+");
	private static final Pattern DEVICE = Pattern.compile("\\d+,\\d+");
	private static final Pattern TIME = Pattern.compile("\\d+\\.\\d+");
	/** The first line of the summary, e.g. {@code CPU0 (sda):} or {@code Total (8,0):}. */
	private static final Pattern SUMMARY = Pattern.compile("(CPU\\d+|Total) \\(.*\\):");

	private final TraceLines lines;
	private boolean inSummary;
	/** Requests in the order of their D events, waiting to be delivered. */
	private final ArrayDeque<Request> inIssueOrder = new ArrayDeque<>();
	/** Requests awaiting their C event, by device, sector and count. */
	private final Map<Extent, ArrayDeque<Request>> awaitingCompletion = new HashMap<>();

	private record Extent(String device, long sector, long sectors) {
	}

	private static final class Request {
		final Extent extent;
		final IoType type;
		final String client;
		double issuedAt = Double.NaN;
		double completedAt = Double.NaN;

		Request(Extent extent, IoType type, String client) {
			this.extent = extent;
			this.type = type;
			this.client = client;
		}

		IoRecord record() {
			return new IoRecord(issuedAt, completedAt, type, extent.sector * SECTOR_BYTES,
					extent.sectors * SECTOR_BYTES, client, extent.device);
		}
	}

	public BlkparseReader(Path file) throws IOException {
		this.lines = new TraceLines(file);
	}

	@Override
	public IoRecord next() throws IOException {
		while (true) {
			Request first = inIssueOrder.peekFirst();
			if (first != null && (!Double.isNaN(first.completedAt) || inIssueOrder.size() > PENDING_LIMIT)) {
				return deliverFirst();
			}
			String line = inSummary ? null : lines.next();
			if (line == null) {
				return first == null ? null : deliverFirst();
			}
			readEvent(line);
		}
	}

	private IoRecord deliverFirst() {
		Request first = inIssueOrder.removeFirst();
		if (Double.isNaN(first.completedAt)) {
			ArrayDeque<Request> sameExtent = awaitingCompletion.get(first.extent);
			sameExtent.remove(first);
			if (sameExtent.isEmpty()) {
				awaitingCompletion.remove(first.extent);
			}
		}
		return first.record();
	}

	private void readEvent(String line) throws IOException {
		String[] fields = WHITESPACE.split(line.strip(), HEADER_FIELDS + 5);
		if (!DEVICE.matcher(fields[0]).matches()) {
			if (SUMMARY.matcher(line.strip()).matches()) {
				inSummary = true;
				return;
			}
			throw lines.problem("not a blkparse event: it should start with a device as major,minor");
		}
		if (fields.length < HEADER_FIELDS) {
			throw lines.problem("a blkparse event has at least 7 fields (device, CPU, sequence, time, process id,"
					+ " action, RWBS), this line " + fields.length);
		}
		lines.wholeNumber(fields[1], "the CPU");
		lines.wholeNumber(fields[2], "the sequence number");
		if (!TIME.matcher(fields[3]).matches()) {
			throw lines.problem(
					"the time must be seconds.nanoseconds, not '" + FileProblems.excerpt(fields[3]) + "'");
		}
		String pid = fields[4];
		lines.wholeNumber(pid, "the process id");
		String action = fields[5];
		if (!action.equals("D") && !action.equals("C")) {
			return;
		}
		IoType type = type(fields[6]);
		// a sector and count are "SECTOR + COUNT"; flushes and pass-through commands have neither
		if (type == null || fields.length < HEADER_FIELDS + 3 || !fields[HEADER_FIELDS + 1].equals("+")) {
			return;
		}
		long sector = lines.wholeNumber(fields[HEADER_FIELDS], "the sector");
		long sectors = lines.wholeNumber(fields[HEADER_FIELDS + 2], "the sector count");
		if (sectors == 0) {
			return;
		}
		if (sectors > Long.MAX_VALUE / SECTOR_BYTES || sector > (Long.MAX_VALUE / SECTOR_BYTES) - sectors) {
			throw lines.problem("sector + count exceeds the largest byte offset " + Long.MAX_VALUE);
		}
		double seconds = seconds(fields[3].split("\\."));
		Extent extent = new Extent(fields[0], sector, sectors);
		if (action.equals("D")) {
			Request request = new Request(extent, type, pid);
			request.issuedAt = seconds;
			inIssueOrder.addLast(request);
			awaitingCompletion.computeIfAbsent(extent, key -> new ArrayDeque<>()).addLast(request);
			return;
		}
		ArrayDeque<Request> sameExtent = awaitingCompletion.get(extent);
		if (sameExtent == null) {
			Request completedOnly = new Request(extent, type, null);
			completedOnly.completedAt = seconds;
			inIssueOrder.addLast(completedOnly);
			return;
		}
		Request request = sameExtent.removeFirst();
		if (sameExtent.isEmpty()) {
			awaitingCompletion.remove(extent);
		}
		// blkparse sorts events by time, but the clocks of two CPUs may differ a little
		request.completedAt = Math.max(seconds, request.issuedAt);
	}

	/** @return read or write by the RWBS field ('R' read, 'W' write), null for neither (a discard, say) */
	private static IoType type(String rwbs) {
		if (rwbs.indexOf('R') >= 0) {
			return IoType.READ;
		}
		return rwbs.indexOf('W') >= 0 ? IoType.WRITE : null;
	}

	/** @param parts the whole seconds and the digits after the point */
	private double seconds(String[] parts) throws IOException {
		return lines.wholeNumber(parts[0], "the time") + Double.parseDouble("0." + parts[1]);
	}

	@Override
	public void close() throws IOException {
		lines.close();
	}
}
