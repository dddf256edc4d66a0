package org.iosim.measure.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.analysis.EmbeddedIoModel.SubModelResource;
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
 * the volume's limits allow. A synchronous write's flush adds {@code flushWrites} device writes of
 * no data: the journal commit and the cache flush the file system issues for it. Past the throttle,
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
	private static final Set<String> PARAMETERS = Set.of(VOLUME, FLUSH_WRITES, DEVICE_TIME, WINDOW, GROUP_COMMIT);

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
				+ " the synchronous writes of one file set that wait for the same flush together.";
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		for (String parameter : definition.parameters().keySet()) {
			if (!PARAMETERS.contains(parameter)) {
				throw new AnalysisModelException("analysis model '" + definition.name() + "' of kind '" + ID
						+ "': unknown parameter '" + parameter
						+ "' (expected volume, flushWrites, deviceTime, window, groupCommit)");
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
		return new Throttled(volume, flushWrites, deviceTime, window, groupCommit, context.clock());
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
		private final double flushWrites;
		private final double deviceTime;
		private final double window;
		private final boolean groupCommit;
		private final SimulationClock clock;
		private final Throttle reads;
		private final Throttle writes;
		private final Map<String, LogWriter> logWriters = new HashMap<>();

		Throttled(Volume volume, double flushWrites, double deviceTime, double window, boolean groupCommit,
				SimulationClock clock) {
			this.volume = volume;
			this.flushWrites = flushWrites;
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
			boolean read = state.type() == IoType.READ;
			return pacedTime(deviceRequests(state.synchronous()), state.requestSize(),
					read ? volume.readIops() : volume.writeIops(), read ? volume.readBps() : volume.writeBps())
					+ deviceTime;
		}

		private double deviceRequests(boolean synchronous) {
			return 1 + (synchronous ? flushWrites : 0);
		}

		@Override
		public void submit(WorkloadState state, ArrivingRequest request, Runnable finished) {
			if (groupCommit && request.synchronous()) {
				LogWriter log = logWriters.computeIfAbsent(request.fileSet(), any -> new LogWriter());
				log.waitingBytes += request.size();
				log.waiting.add(finished);
				if (!log.writing) {
					writeTogether(log);
				}
				return;
			}
			Throttle throttle = request.type() == IoType.READ ? reads : writes;
			throttle.pass(deviceRequests(request.synchronous()), request.size(), onTheDevice(finished));
		}

		/** Writes and flushes everything waiting in the log as one request; then what has gathered meanwhile. */
		private void writeTogether(LogWriter log) {
			List<Runnable> group = List.copyOf(log.waiting);
			double bytes = log.waitingBytes;
			log.waiting.clear();
			log.waitingBytes = 0;
			log.writing = true;
			writes.pass(deviceRequests(true), bytes, onTheDevice(() -> {
				log.writing = false;
				group.forEach(Runnable::run);
				if (!log.writing && !log.waiting.isEmpty()) {
					writeTogether(log);
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
			return String.format(Locale.ROOT, "%s: %s, %s device writes per flush, device time %s s, %s%s", ID, volume,
					flushWrites, deviceTime, window == 0 ? "paced evenly" : "counted in windows of " + window + " s",
					groupCommit ? ", group commit" : "");
		}
	}
}
