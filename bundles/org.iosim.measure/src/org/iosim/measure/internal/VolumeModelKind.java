package org.iosim.measure.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.analysis.EmbeddedIoModel.SubModelResource;
import org.iosim.analysis.FcfsQueue;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;
import org.iosim.des.SimulationClock;
import org.iosim.measure.PlanException;
import org.iosim.measure.Volume;
import org.iosim.pcm.io.IoType;

/**
 * A QoS-limited volume as the kernel's block throttling (and a hypervisor's or a cloud's limit)
 * makes one. Reads and writes each pass a throttle that lets device requests through no faster than
 * the volume's limits allow. A synchronous write's flush adds {@code flushWrites} device writes: the
 * cache flush and any metadata the file system writes for it. Buffered writes reach the device in whole
 * pages of {@code pageSize} bytes (default 4 KiB), and each device write a flush adds beyond the
 * first (the metadata) is a page too, so the bandwidth limit counts those bytes. A write's device
 * writes pass the throttle one after another, as the file system issues them, each queueing behind
 * what arrived meanwhile, so writers share the limit device write by device write. Past the
 * throttle, the device itself takes {@code deviceTime} (spread over a write's device writes), in
 * parallel for all requests.
 *
 * How the throttle spends its limit is the parameter {@code window}: Linux counts it in windows of
 * 0.1 s (the default), each window's allowance passing at once in a burst ({@link WindowedThrottle});
 * {@code window} 0 paces every request evenly, first come first served, for max(device requests /
 * IOPS limit, bytes / bandwidth limit), as a smooth rate limiter does.
 *
 * With {@code groupCommit} true, the synchronous writes of one file set are written one at a time,
 * and those that arrive while one is being written are written and flushed together next, as one
 * write of their bytes and one flush: what a database's group commit does with its log.
 *
 * Applications that share a volume write their files differently: a database's log is written over
 * and group-committed, a file server's new files grow with each write, which costs a metadata write
 * more. So {@code flushWrites}, {@code deviceTime} and {@code groupCommit} may be given for one file
 * set as {@code flushWrites.NAME} and so on; a file set without its own takes the volume's.
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
	private static final double TOLERANCE = 1e-9;
	/** The page of Linux's page cache: what a buffered write moves to the device at least. */
	private static final double PAGE = 4096;
	private static final Set<String> PARAMETERS = Set.of(VOLUME, FLUSH_WRITES, DEVICE_TIME, WINDOW, GROUP_COMMIT,
			PAGE_SIZE);
	/** The parameters a file set may have its own of, as NAME.FILESET. */
	private static final Set<String> PER_FILE_SET = Set.of(FLUSH_WRITES, DEVICE_TIME, GROUP_COMMIT);

	@Override
	public String id() {
		return ID;
	}

	@Override
	public Set<String> perFileSetParameters() {
		return PER_FILE_SET;
	}

	@Override
	public String description() {
		return "A QoS-limited volume embedded in the simulation: 'volume' names a volume file (as for 'iosim measure"
				+ " --volume'), whose IOPS and bandwidth limits throttle reads and writes, counted in windows of 'window'"
				+ " seconds (default 0.1, as Linux does; 0 paces evenly); a synchronous write adds 'flushWrites' device"
				+ " writes (default 1); 'deviceTime' seconds (default 0) follow the throttle; 'groupCommit' true flushes"
				+ " the synchronous writes of one file set that wait for the same flush together; 'flushWrites.NAME',"
				+ " 'deviceTime.NAME' and 'groupCommit.NAME' set them for file set NAME alone; buffered writes move whole"
				+ " pages of 'pageSize' bytes (default 4096, 0 for exact bytes).";
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		definition.requireOnly(PARAMETERS, PER_FILE_SET);
		// sorted, so that the description lists the file sets in the same order every time
		Set<String> fileSets = new TreeSet<>();
		for (String parameter : definition.parameters().keySet()) {
			ModelDefinition.fileSetNamedBy(parameter, PER_FILE_SET).ifPresent(fileSets::add);
		}
		String file = definition.required(VOLUME, "a volume file");
		Volume volume;
		try {
			volume = Volume.load(definition.resolve(file));
		} catch (PlanException unusable) {
			throw new AnalysisModelException("analysis model '" + definition.name() + "': " + unusable.getMessage());
		}
		FileSetCosts volumeCosts = new FileSetCosts(definition.number(FLUSH_WRITES, 1, 0),
				definition.number(DEVICE_TIME, 0, 0), definition.bool(GROUP_COMMIT, false));
		Map<String, FileSetCosts> byFileSet = new LinkedHashMap<>();
		for (String fileSet : fileSets) {
			byFileSet.put(fileSet, new FileSetCosts(
					definition.number(FLUSH_WRITES + "." + fileSet, volumeCosts.flushWrites(), 0),
					definition.number(DEVICE_TIME + "." + fileSet, volumeCosts.deviceTime(), 0),
					definition.bool(GROUP_COMMIT + "." + fileSet, volumeCosts.groupCommit())));
		}
		double window = definition.number(WINDOW, LINUX_WINDOW, 0);
		double pageSize = definition.number(PAGE_SIZE, PAGE, 0);
		return new Throttled(volume, new Costs(volumeCosts, Collections.unmodifiableMap(byFileSet), pageSize), window,
				context.clock());
	}

	/**
	 * What the requests to one file set cost at the volume.
	 *
	 * @param flushWrites device writes a flush adds to a synchronous write
	 * @param deviceTime  seconds the device takes after the throttle
	 * @param groupCommit whether synchronous writes that wait for the same flush are flushed together
	 */
	record FileSetCosts(double flushWrites, double deviceTime, boolean groupCommit) {
		@Override
		public String toString() {
			return String.format(Locale.ROOT, "%s device writes per flush, device time %s s%s", flushWrites, deviceTime,
					groupCommit ? ", group commit" : "");
		}
	}

	/**
	 * What a request costs at the volume: its device writes with their bytes ({@link #pieces}), its
	 * device time.
	 *
	 * @param volume    the costs of file sets without their own
	 * @param byFileSet the file sets with their own
	 * @param pageSize  the unit buffered writes move in, 0 for exact bytes
	 */
	record Costs(FileSetCosts volume, Map<String, FileSetCosts> byFileSet, double pageSize) {

		FileSetCosts of(String fileSet) {
			return fileSet == null ? volume : byFileSet.getOrDefault(fileSet, volume);
		}

		/**
		 * The device writes of a write of {@code size} bytes, in the order they reach the device: the
		 * data in whole pages; for a synchronous write then the flush, without data, and a page for
		 * each further device write (the metadata). A fraction of flushWrites (a device write some
		 * flushes add) goes with the last of them rather than queueing on its own.
		 */
		List<Piece> pieces(double size, boolean synchronous, String fileSet) {
			List<Piece> pieces = new ArrayList<>();
			pieces.add(new Piece(1, pageSize == 0 ? size : Math.ceil(size / pageSize) * pageSize));
			double more = synchronous ? of(fileSet).flushWrites() : 0;
			int whole = (int) Math.max(1, Math.floor(more + TOLERANCE));
			for (int write = 0; write < whole && more > TOLERANCE; write++) {
				double share = write == whole - 1 ? more - write : 1;
				pieces.add(new Piece(share, write == 0 ? Math.max(0, share - 1) * pageSize : share * pageSize));
			}
			return pieces;
		}
	}

	/** One device write of a request (or a share of one, on average), and its bytes. */
	record Piece(double deviceRequests, double bytes) {
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
		private final Costs costs;
		private final double window;
		private final SimulationClock clock;
		private final Throttle reads;
		private final Throttle writes;
		private final Map<String, LogWriter> logWriters = new HashMap<>();

		Throttled(Volume volume, Costs costs, double window, SimulationClock clock) {
			this.volume = volume;
			this.costs = costs;
			this.window = window;
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
			double deviceTime = costs.volume().deviceTime();
			if (state.type() == IoType.READ) {
				return pacedTime(1, state.requestSize(), volume.readIops(), volume.readBps()) + deviceTime;
			}
			List<Piece> pieces = costs.pieces(state.requestSize(), state.synchronous(), null);
			return pacedTime(pieces.stream().mapToDouble(Piece::deviceRequests).sum(),
					pieces.stream().mapToDouble(Piece::bytes).sum(), volume.writeIops(), volume.writeBps()) + deviceTime;
		}

		@Override
		public void submit(WorkloadState state, ArrivingRequest request, Runnable finished) {
			String fileSet = request.fileSet();
			if (request.synchronous() && costs.of(fileSet).groupCommit()) {
				LogWriter log = logWriters.computeIfAbsent(fileSet, any -> new LogWriter());
				log.waitingBytes += request.size();
				log.waiting.add(finished);
				if (!log.writing) {
					writeTogether(fileSet, log);
				}
				return;
			}
			if (request.type() == IoType.READ) {
				reads.pass(1, request.size(), onTheDevice(costs.of(fileSet).deviceTime(), finished));
			} else {
				passInTurn(costs.pieces(request.size(), request.synchronous(), fileSet), 0,
						costs.of(fileSet).deviceTime(), finished);
			}
		}

		/**
		 * Lets a write's device writes through one after another, each queueing behind what arrived
		 * while the one before was on the device, as the file system issues them: the data, then the
		 * cache flush, then the metadata. A write of several device writes thus shares the throttle
		 * with other writers device write by device write, not as one block. The device time is
		 * spread evenly over them.
		 */
		private void passInTurn(List<Piece> pieces, int next, double deviceTime, Runnable finished) {
			Piece piece = pieces.get(next);
			writes.pass(piece.deviceRequests(), piece.bytes(), onTheDevice(deviceTime / pieces.size(),
					next + 1 == pieces.size() ? finished : () -> passInTurn(pieces, next + 1, deviceTime, finished)));
		}

		/** Writes and flushes everything waiting in the log as one request; then what has gathered meanwhile. */
		private void writeTogether(String fileSet, LogWriter log) {
			List<Runnable> group = List.copyOf(log.waiting);
			double bytes = log.waitingBytes;
			log.waiting.clear();
			log.waitingBytes = 0;
			log.writing = true;
			passInTurn(costs.pieces(bytes, true, fileSet), 0, costs.of(fileSet).deviceTime(), () -> {
				log.writing = false;
				group.forEach(Runnable::run);
				if (!log.writing && !log.waiting.isEmpty()) {
					writeTogether(fileSet, log);
				}
			});
		}

		private Runnable onTheDevice(double deviceTime, Runnable finished) {
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
			StringBuilder fileSets = new StringBuilder();
			costs.byFileSet().forEach((name, own) -> fileSets.append("; file set ").append(name).append(": ").append(own));
			return String.format(Locale.ROOT, "%s: %s, %s, %s%s", ID, volume, costs.volume(),
					window == 0 ? "paced evenly" : "counted in windows of " + window + " s", fileSets);
		}
	}
}
