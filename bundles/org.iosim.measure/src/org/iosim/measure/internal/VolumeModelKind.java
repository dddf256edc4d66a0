package org.iosim.measure.internal;

import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.EmbeddedIoModel;
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
 * makes one: reads and writes each pass a first-come-first-served throttle that lets device
 * requests through no faster than the volume's limits allow, so a request holds its throttle for
 * max(device requests / IOPS limit, bytes / bandwidth limit). A synchronous write's flush adds
 * {@code flushWrites} device writes of no data: the journal commit and the cache flush the file
 * system issues for it. Past the throttle, the device itself takes {@code deviceTime}, in parallel
 * for all requests.
 */
public final class VolumeModelKind implements IoAnalysisModelKind {

	public static final String ID = "volume";
	private static final String VOLUME = "volume";
	private static final String FLUSH_WRITES = "flushWrites";
	private static final String DEVICE_TIME = "deviceTime";
	private static final Set<String> PARAMETERS = Set.of(VOLUME, FLUSH_WRITES, DEVICE_TIME);

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "A QoS-limited volume embedded in the simulation: 'volume' names a volume file (as for 'iosim measure"
				+ " --volume'), whose IOPS and bandwidth limits pace reads and writes through two FCFS throttles; a"
				+ " synchronous write adds 'flushWrites' device writes (default 1); 'deviceTime' seconds (default 0) follow"
				+ " the throttle.";
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		for (String parameter : definition.parameters().keySet()) {
			if (!PARAMETERS.contains(parameter)) {
				throw new AnalysisModelException("analysis model '" + definition.name() + "' of kind '" + ID
						+ "': unknown parameter '" + parameter + "' (expected volume, flushWrites, deviceTime)");
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
		return new Throttled(volume, flushWrites, deviceTime, context.clock());
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

	/** One volume per created model: a model instance belongs to one simulation replication. */
	private static final class Throttled implements EmbeddedIoModel {
		private final Volume volume;
		private final double flushWrites;
		private final double deviceTime;
		private final SimulationClock clock;
		// a throttle passes one request at a time, for the request's throttle time
		private final FcfsQueue reads;
		private final FcfsQueue writes;

		Throttled(Volume volume, double flushWrites, double deviceTime, SimulationClock clock) {
			this.volume = volume;
			this.flushWrites = flushWrites;
			this.deviceTime = deviceTime;
			this.clock = clock;
			this.reads = new FcfsQueue(1, clock);
			this.writes = new FcfsQueue(1, clock);
		}

		@Override
		public Set<WorkloadInput> inputs() {
			return Set.of(WorkloadInput.TYPE, WorkloadInput.REQUEST_SIZE, WorkloadInput.SYNCHRONOUS);
		}

		/** Outside a simulation: the time the request holds the throttle, and the device's time. */
		@Override
		public double delay(WorkloadState state) {
			return throttleTime(state.type(), state.requestSize(), state.synchronous()) + deviceTime;
		}

		double throttleTime(IoType type, double bytes, boolean synchronous) {
			boolean read = type == IoType.READ;
			double deviceRequests = 1 + (synchronous ? flushWrites : 0);
			long iops = read ? volume.readIops() : volume.writeIops();
			long bps = read ? volume.readBps() : volume.writeBps();
			return Math.max(iops > 0 ? deviceRequests / iops : 0, bps > 0 ? bytes / bps : 0);
		}

		@Override
		public void submit(WorkloadState state, ArrivingRequest request, Runnable finished) {
			FcfsQueue throttle = request.type() == IoType.READ ? reads : writes;
			Runnable pastTheThrottle = deviceTime > 0 ? () -> clock.schedule(deviceTime, finished) : finished;
			throttle.enter(throttleTime(request.type(), request.size(), request.synchronous()), pastTheThrottle);
		}

		@Override
		public void startMeasuring() {
			reads.startMeasuring();
			writes.startMeasuring();
		}

		@Override
		public List<SubModelResource> resources() {
			return List.of(reads.resource("reads", "throttle"), writes.resource("writes", "throttle"));
		}

		@Override
		public String describe() {
			return String.format(Locale.ROOT, "%s: %s, %s device writes per flush, device time %s s", ID, volume,
					flushWrites, deviceTime);
		}
	}
}
