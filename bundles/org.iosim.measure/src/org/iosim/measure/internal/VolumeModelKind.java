package org.iosim.measure.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.analysis.EmbeddedIoModel.SubModelResource;
import org.iosim.analysis.FileProblems;
import org.iosim.analysis.FcfsQueue;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.SimulationClock;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;
import org.iosim.measure.PlanException;
import org.iosim.measure.Volume;
import org.iosim.pcm.io.IoType;

/**
 * A QoS-limited volume as the kernel's block throttling (and a hypervisor's or a cloud's limit)
 * makes one. Reads and writes each pass a throttle that lets device requests through no faster than
 * the volume's limits allow. A synchronous write's flush adds {@code flushWrites} device writes: the
 * cache flush and any metadata the file system writes for it. A file set whose synchronous writes
 * cost differently (a file server's new files, whose writes grow them, against a database's log
 * written over) has its own {@code flushWrites.NAME}. Buffered writes reach the device in whole
 * pages of {@code pageSize} bytes (default 4 KiB), and each device write a flush adds beyond the
 * first (the metadata) is a page too, so the bandwidth limit counts those bytes. Past the throttle,
 * the device itself takes {@code deviceTime}, in parallel for all requests.
 *
 * How the throttle spends its limit is the parameter {@code window}: Linux counts it in windows of
 * 0.1 s (the default), each window's allowance passing at once in a burst ({@link WindowedThrottle});
 * {@code window} 0 paces every request evenly, first come first served, for max(device requests /
 * IOPS limit, bytes / bandwidth limit), as a smooth rate limiter does.
 *
 * With {@code groupCommit} true, the synchronous writes of one file set are written one at a time,
 * and those that arrive while one is being written are written and flushed together next, as one
 * write of their bytes and one flush: what a database's group commit does with its log.
 */
public final class VolumeModelKind implements IoAnalysisModelKind {

	public static final String ID = "volume";
	/** The window of Linux's block throttling (its slice), in seconds. */
	public static final double LINUX_WINDOW = 0.1;
	private static final String VOLUME = "volume";
	private static final String FLUSH_WRITES = "flushWrites";
	private static final String DEVICE_TIME = "deviceTime";
	private static final String WINDOW = "window";
	private static final String GROUP_COMMIT = "groupCommit";
	private static final String PAGE_SIZE = "pageSize";
	/** The page of Linux's page cache: what a buffered write moves to the device at least. */
	private static final double PAGE = 4096;
	private static final Set<String> PARAMETERS = Set.of(VOLUME, FLUSH_WRITES, DEVICE_TIME, WINDOW, GROUP_COMMIT,
			PAGE_SIZE);

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "A QoS-limited volume embedded in the simulation: 'volume' names a volume file (as for 'iosim measure"
				+ " --volume'), whose IOPS and bandwidth limits throttle reads and writes, counted in windows of 'window'"
				+ " seconds (default 0.1, as Linux does; 0 paces evenly); a synchronous write adds 'flushWrites' device"
				+ " writes (default 1); 'deviceTime' seconds (default 0) follow the throttle; 'groupCommit' true flushes"
				+ " the synchronous writes of one file set that wait for the same flush together; 'flushWrites.NAME' sets"
				+ " the flush's device writes of file set NAME; buffered writes move whole pages of 'pageSize' bytes"
				+ " (default 4096, 0 for exact bytes).";
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		Map<String, Double> fileSetFlushWrites = new HashMap<>();
		for (String parameter : definition.parameters().keySet()) {
			if (parameter.startsWith(FLUSH_WRITES + ".") && parameter.length() > FLUSH_WRITES.length() + 1) {
				fileSetFlushWrites.put(parameter.substring(FLUSH_WRITES.length() + 1), number(definition, parameter, 1));
			} else if (!PARAMETERS.contains(parameter)) {
				throw new AnalysisModelException("analysis model '" + definition.name() + "' of kind '" + ID
						+ "': unknown parameter '" + FileProblems.excerpt(parameter)
						+ "' (expected volume, flushWrites, flushWrites.FILESET, deviceTime, window, groupCommit, pageSize)");
			}
		}
		String file = definition.parameter(VOLUME).orElseThrow(() -> new AnalysisModelException("analysis model '"
				+ definition.name() + "' of kind '" + ID + "' needs the parameter '" + VOLUME + "', a volume file"));
		Volume volume;
		try {
			volume = Volume.load(definition.resolve(file));
		} catch (PlanException unusable) {
			throw new AnalysisModelException("analysis model '" + definition.name() + "': " + unusable.getMessage());
		}
		double flushWrites = number(definition, FLUSH_WRITES, 1);
		double deviceTime = number(definition, DEVICE_TIME, 0);
		double window = number(definition, WINDOW, LINUX_WINDOW);
		boolean groupCommit = bool(definition, GROUP_COMMIT);
		double pageSize = number(definition, PAGE_SIZE, PAGE);
		// sorted, so that the description lists the file sets in the same order every time
		WriteCost cost = new WriteCost(flushWrites, Collections.unmodifiableSortedMap(new TreeMap<>(fileSetFlushWrites)),
				pageSize);
		return new Throttled(volume, cost, deviceTime, window, groupCommit, context.clock());
	}

	private static double number(ModelDefinition definition, String parameter, double otherwise)
			throws AnalysisModelException {
		String text = definition.parameter(parameter).orElse(null);
		if (text == null) {
			return otherwise;
		}
		double value;
		try {
			value = Double.parseDouble(text.trim());
		} catch (NumberFormatException notANumber) {
			value = Double.NaN;
		}
		if (!(value >= 0) || Double.isInfinite(value)) {
			throw new AnalysisModelException("analysis model '" + definition.name() + "': '" + parameter
					+ "' must be a finite number of at least 0");
		}
		return value;
	}

	private static boolean bool(ModelDefinition definition, String parameter) throws AnalysisModelException {
		String text = definition.parameter(parameter).orElse("false").trim();
		if (!text.equals("true") && !text.equals("false")) {
			throw new AnalysisModelException(
					"analysis model '" + definition.name() + "': '" + parameter + "' must be true or false");
		}
		return text.equals("true");
	}

	/**
	 * What a write costs at the volume: its device writes and bytes.
	 *
	 * @param flushWrites          device writes a flush adds, unless its file set has its own
	 * @param fileSetFlushWrites   by file set name, where they differ
	 * @param pageSize             the unit buffered writes move in, 0 for exact bytes
	 */
	record WriteCost(double flushWrites, Map<String, Double> fileSetFlushWrites, double pageSize) {

		double flushWrites(String fileSet) {
			return fileSet == null ? flushWrites : fileSetFlushWrites.getOrDefault(fileSet, flushWrites);
		}

		double deviceRequests(boolean synchronous, String fileSet) {
			return 1 + (synchronous ? flushWrites(fileSet) : 0);
		}

		/** The bytes of a write of {@code size} bytes: whole pages, and a page per metadata write of its flush. */
		double bytes(double size, boolean synchronous, String fileSet) {
			if (pageSize == 0) {
				return size;
			}
			double pages = Math.ceil(size / pageSize) * pageSize;
			return pages + (synchronous ? Math.max(0, flushWrites(fileSet) - 1) * pageSize : 0);
		}
	}

	/** How a throttle lets requests through on simulated time. */
	interface Throttle {
		void pass(double deviceRequests, double bytes, Runnable through);

		void startMeasuring();

		SubModelResource resource(String name);
	}

	/** Every request for its own share of the limit, one after the other. */
	private static final class PacedThrottle implements Throttle {
		private final long iops;
		private final long bps;
		private final FcfsQueue queue;

		PacedThrottle(long iops, long bps, SimulationClock clock) {
			this.iops = iops;
			this.bps = bps;
			this.queue = new FcfsQueue(1, clock);
		}

		@Override
		public void pass(double deviceRequests, double bytes, Runnable through) {
			queue.enter(pacedTime(deviceRequests, bytes, iops, bps), through);
		}

		@Override
		public void startMeasuring() {
			queue.startMeasuring();
		}

		@Override
		public SubModelResource resource(String name) {
			return queue.resource(name, "throttle");
		}
	}

	private static double pacedTime(double deviceRequests, double bytes, long iops, long bps) {
		return Math.max(iops > 0 ? deviceRequests / iops : 0, bps > 0 ? bytes / bps : 0);
	}

	private static Throttle throttle(long iops, long bps, double window, SimulationClock clock) {
		if (window == 0) {
			return new PacedThrottle(iops, bps, clock);
		}
		return new WindowedThrottle(iops, bps, window, clock);
	}

	/** The synchronous writes of one file set under group commit: the one being written and those waiting for the next. */
	private static final class LogWriter {
		boolean writing;
		double waitingBytes;
		final List<Runnable> waiting = new ArrayList<>();
	}

	/** One volume per created model: a model instance belongs to one simulation replication. */
	private static final class Throttled implements EmbeddedIoModel {
		private final Volume volume;
		private final WriteCost cost;
		private final double deviceTime;
		private final double window;
		private final boolean groupCommit;
		private final SimulationClock clock;
		private final Throttle reads;
		private final Throttle writes;
		private final Map<String, LogWriter> logWriters = new HashMap<>();

		Throttled(Volume volume, WriteCost cost, double deviceTime, double window, boolean groupCommit,
				SimulationClock clock) {
			this.volume = volume;
			this.cost = cost;
			this.deviceTime = deviceTime;
			this.window = window;
			this.groupCommit = groupCommit;
			this.clock = clock;
			this.reads = throttle(volume.readIops(), volume.readBps(), window, clock);
			this.writes = throttle(volume.writeIops(), volume.writeBps(), window, clock);
		}

		@Override
		public Set<WorkloadInput> inputs() {
			return Set.of(WorkloadInput.TYPE, WorkloadInput.REQUEST_SIZE, WorkloadInput.SYNCHRONOUS);
		}

		/**
		 * Outside a simulation, where no request waits for another: the share of the limit the request
		 * uses, and the device's time.
		 */
		@Override
		public double delay(WorkloadState state) {
			if (state.type() == IoType.READ) {
				return pacedTime(1, state.requestSize(), volume.readIops(), volume.readBps()) + deviceTime;
			}
			return pacedTime(cost.deviceRequests(state.synchronous(), null),
					cost.bytes(state.requestSize(), state.synchronous(), null), volume.writeIops(), volume.writeBps())
					+ deviceTime;
		}

		@Override
		public void submit(WorkloadState state, ArrivingRequest request, Runnable finished) {
			if (groupCommit && request.synchronous()) {
				LogWriter log = logWriters.computeIfAbsent(request.fileSet(), any -> new LogWriter());
				log.waitingBytes += request.size();
				log.waiting.add(finished);
				if (!log.writing) {
					writeTogether(request.fileSet(), log);
				}
				return;
			}
			if (request.type() == IoType.READ) {
				reads.pass(1, request.size(), onTheDevice(finished));
			} else {
				writes.pass(cost.deviceRequests(request.synchronous(), request.fileSet()),
						cost.bytes(request.size(), request.synchronous(), request.fileSet()), onTheDevice(finished));
			}
		}

		/** Writes and flushes everything waiting in the log as one request; then what has gathered meanwhile. */
		private void writeTogether(String fileSet, LogWriter log) {
			List<Runnable> group = List.copyOf(log.waiting);
			double bytes = log.waitingBytes;
			log.waiting.clear();
			log.waitingBytes = 0;
			log.writing = true;
			writes.pass(cost.deviceRequests(true, fileSet), cost.bytes(bytes, true, fileSet), onTheDevice(() -> {
				log.writing = false;
				group.forEach(Runnable::run);
				if (!log.writing && !log.waiting.isEmpty()) {
					writeTogether(fileSet, log);
				}
			}));
		}

		private Runnable onTheDevice(Runnable finished) {
			return deviceTime > 0 ? () -> clock.schedule(deviceTime, finished) : finished;
		}

		@Override
		public void startMeasuring() {
			reads.startMeasuring();
			writes.startMeasuring();
		}

		@Override
		public List<SubModelResource> resources() {
			return List.of(reads.resource("reads"), writes.resource("writes"));
		}

		@Override
		public String describe() {
			return String.format(Locale.ROOT, "%s: %s, %s device writes per flush%s, device time %s s, %s%s", ID, volume,
					cost.flushWrites(), cost.fileSetFlushWrites().isEmpty() ? "" : " (" + cost.fileSetFlushWrites() + ")",
					deviceTime, window == 0 ? "paced evenly" : "counted in windows of " + window + " s",
					groupCommit ? ", group commit" : "");
		}
	}
}
