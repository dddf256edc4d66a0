package org.iosim.analysis.qpn.internal;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

import org.iosim.analysis.AccessPattern;
import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelFailure;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.des.SimulationClock;
import org.iosim.files.FileProblems;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;
import org.iosim.pcm.io.ConcurrencyCounting;
import org.iosim.pcm.io.IoType;
import org.iosim.qpn.Net;
import org.iosim.qpn.SimulatorConfiguration;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.NetFiles;
import org.iosim.qpn.qpe.QpnDiagnostic;
import org.iosim.qpn.simulation.PreparedNet;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.UnsupportedNetException;
import org.iosim.qpn.simulation.calibration.RequestWeights.ResponseTimes;
import org.iosim.qpn.storage.CalibratedStorage;
import org.iosim.qpn.storage.SchedulerModel;
import org.iosim.qpn.storage.SchedulerWorkload;
import org.iosim.qpn.storage.StorageClass;
import org.iosim.qpn.storage.StorageFiles;
import org.iosim.qpn.storage.StorageNets;
import org.iosim.qpn.storage.StorageWorkload;

/**
 * A queueing Petri net as a delay predictor (001 ch. 7; the "delay predictor" way of using a QPN):
 * the storage net is closed, each token one request in service, cycling without think time from an
 * entry place through the storage and back. For the workload state a request meets, the net is
 * solved with as many request tokens as the concurrency, split between reads and writes by the read
 * ratio (and into sequential and random ones by the pattern, where the net has colours for them);
 * the delay is the cycle time of the arriving request's colour, tokens divided by throughput at the
 * entry place (Little's law). Solutions are kept per population, so each state is solved once.
 */
public final class QpnModelKind implements IoAnalysisModelKind {

	public static final String ID = "qpn";

	private static final List<String> PARAMETERS = List.of("net", "place", "read", "write", "sequentialRead",
			"sequentialWrite", "runLength", "warmUp", "seed", "mode", "exit");
	private static final List<String> STORAGE_PARAMETERS = List.of("storage", "seed");
	private static final List<String> MODES = List.of("delay", "embedded");

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "Queueing Petri net (QPME .qpe or IOSim .qpn) solved for the request populations of each workload"
				+ " state: 'net' (file), 'place' (where request tokens start and end a cycle), 'read' and 'write'"
				+ " (their colours), optionally 'sequentialRead' and 'sequentialWrite', 'runLength' and 'warmUp'"
				+ " (default: the net's first simulator configuration, its stopping rule included), 'seed' (default: from"
				+ " the run's random stream); 'mode' 'embedded' runs the"
				+ " net in the simulation instead, each request a token from 'place' to 'exit' (default: 'place')."
				+ " Or 'storage': a calibrated storage template (iosim qpn calibrate --template cache|cache-raid) or"
				+ " scheduler model (--template scheduler), instantiated and solved for each state's threads per"
				+ " class, request sizes and file set.";
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		String model = "analysis model '" + definition.name() + "'";
		if (definition.parameter("storage").isPresent()) {
			for (String parameter : definition.parameters().keySet()) {
				if (!STORAGE_PARAMETERS.contains(parameter)) {
					throw new AnalysisModelException(model + ": parameter '" + FileProblems.excerpt(parameter)
							+ "' does not go with 'storage'; a"
							+ " storage template takes " + STORAGE_PARAMETERS + " (for 'mode' 'embedded', write its net with"
							+ " 'iosim qpn instantiate' and give it as 'net')");
				}
			}
			Path file = definition.resolve(definition.required("storage"));
			long seed = definition.parameter("seed").isPresent()
					? (long) definition.number("seed", 1, Double.NEGATIVE_INFINITY)
					: context.random().nextLong();
			try {
				String name = file.getFileName().toString();
				return switch (StorageFiles.readModel(file)) {
				case SchedulerModel scheduler -> new SolvedScheduler(definition.name(), name, scheduler, seed,
						countsArriving(context));
				case CalibratedStorage storage -> new SolvedStorage(definition.name(), name, storage, seed,
						countsArriving(context));
				};
			} catch (StorageFiles.StorageFileException unusable) {
				throw new AnalysisModelException(model + ": " + unusable.getMessage());
			}
		}
		for (String parameter : definition.parameters().keySet()) {
			if (!PARAMETERS.contains(parameter)) {
				throw new AnalysisModelException(model + ": unknown parameter '" + FileProblems.excerpt(parameter)
						+ "'; kind 'qpn' takes "
						+ PARAMETERS);
			}
		}
		Path file = definition.resolve(definition.required("net"));
		Net net = read(model, file);
		SimulatorConfiguration configuration = net.getConfigurations().isEmpty() ? null : net.getConfigurations().get(0);
		// without a seed of its own, a model draws one from its replication's stream: replications differ,
		// and a run's seed still reproduces every solution
		long seed = definition.parameter("seed").isPresent()
				? (long) definition.number("seed", 1, Double.NEGATIVE_INFINITY)
				: context.random().nextLong();
		QpnRunSettings settings;
		try {
			if (definition.parameter("runLength").isPresent() || configuration == null) {
				double runLength = definition.number("runLength", Double.NaN, Double.NEGATIVE_INFINITY);
				double warmUp = definition.number("warmUp", configuration == null ? 0 : configuration.getRampUpLength(),
						Double.NEGATIVE_INFINITY);
				settings = new QpnRunSettings(seed, StoppingRule.ABSOLUTE, runLength, warmUp, 0);
			} else {
				// the net's own configuration, stopping rule included: a RELPRC net stops once precise
				QpnRunSettings own = QpnRunSettings.of(configuration, seed);
				settings = new QpnRunSettings(seed, own.stoppingRule(), own.runLength(),
						definition.number("warmUp", own.warmUp(), Double.NEGATIVE_INFINITY), own.timeBetweenStopChecks());
			}
		} catch (IllegalArgumentException invalid) {
			throw new AnalysisModelException(model + ": " + invalid.getMessage()
					+ (configuration == null ? " (the net has no simulator configuration; give 'runLength')" : ""));
		}
		PreparedNet prepared;
		try {
			prepared = PreparedNet.of(net, configuration == null ? null : configuration.getName());
		} catch (UnsupportedNetException unsupported) {
			throw new AnalysisModelException(model + ": " + file.getFileName() + ": " + unsupported.getMessage());
		}
		String place = definition.required("place");
		Map<IoType, Classes> classes = new LinkedHashMap<>();
		classes.put(IoType.READ, new Classes(colour(model, prepared, place, definition.required("read")),
				optionalColour(model, prepared, place, definition, "sequentialRead")));
		classes.put(IoType.WRITE, new Classes(colour(model, prepared, place, definition.required("write")),
				optionalColour(model, prepared, place, definition, "sequentialWrite")));
		SolvedNet solved = new SolvedNet(definition.name(), file.getFileName().toString(), prepared, place, settings,
				classes, countsArriving(context));
		String mode = definition.parameter("mode").orElse("delay");
		if (!MODES.contains(mode)) {
			throw new AnalysisModelException(model + ": parameter 'mode' must be one of " + MODES + ", not '"
					+ FileProblems.excerpt(mode) + "'");
		}
		if (mode.equals("delay")) {
			return solved;
		}
		String exit = definition.parameter("exit").orElse(place);
		// requests leave by the exit as tokens of their colours, so the exit must hold them
		colour(model, prepared, exit, definition.required("read"));
		colour(model, prepared, exit, definition.required("write"));
		return new EmbeddedNet(solved, classes, exit, context);
	}

	/**
	 * The net inside the simulation: each request enters as a token of its colour at the entry place
	 * and is followed through the net until its token reaches the exit, having contended with every
	 * request in the net meanwhile, including those that came after it. The net starts with the
	 * request colours empty, at the first request.
	 */
	private static final class EmbeddedNet implements EmbeddedIoModel {
		private final SolvedNet solved;
		private final Map<IoType, Classes> entries;
		private final String exitPlace;
		private final ModelContext context;
		private PreparedNet.Embedded running;

		EmbeddedNet(SolvedNet solved, Map<IoType, Classes> entries, String exitPlace, ModelContext context) {
			this.solved = solved;
			this.entries = entries;
			this.exitPlace = exitPlace;
			this.context = context;
		}

		@Override
		public Set<WorkloadInput> inputs() {
			return solved.inputs();
		}

		/** The prediction for where no simulation runs the net: the delay predictor's. */
		@Override
		public double delay(WorkloadState state) throws AnalysisModelException {
			return solved.delay(state);
		}

		@Override
		public void submit(WorkloadState state, ArrivingRequest request, Runnable finished) throws AnalysisModelException {
			AccessPattern pattern = request.sequentiality() >= 0.5 ? AccessPattern.SEQUENTIAL : AccessPattern.RANDOM;
			Colour entry = entries.get(request.type()).of(pattern);
			try {
				if (running == null) {
					Map<Integer, Integer> empty = new HashMap<>();
					for (Classes type : entries.values()) {
						empty.put(type.random().slot(), 0);
						if (type.sequential() != null) {
							empty.put(type.sequential().slot(), 0);
						}
					}
					SimulationClock clock = context.clock();
					running = solved.net.embed(context.random().nextLong(), empty, exitPlace, new SimulationClock() {
						@Override
						public double now() {
							return clock.now();
						}

						@Override
						public Scheduled schedule(double delay, Runnable action) {
							return clock.schedule(delay, () -> {
								try {
									action.run();
								} catch (UnsupportedNetException unsolvable) {
									throw new AnalysisModelFailure(failure(unsolvable));
								}
							});
						}
					});
				}
				running.submit(entry.slot(), finished);
			} catch (UnsupportedNetException | IllegalArgumentException unsolvable) {
				throw new AnalysisModelException(failure(unsolvable));
			}
		}

		private String failure(RuntimeException unsolvable) {
			return "analysis model '" + solved.name + "': " + solved.file + ": " + unsolvable.getMessage();
		}

		/** The net starts measuring when the first request starts it; this restarts it after the warm-up. */
		@Override
		public void startMeasuring() {
			if (running != null) {
				running.restartMeasuring();
			}
		}

		/** The net's queues (with a number of servers); idle until the first request starts the net. */
		@Override
		public List<SubModelResource> resources() {
			List<PreparedNet.QueueFigures> queues = running == null ? solved.net.idleQueues() : running.queues();
			// the net's queues are work-conserving: the tokens beyond the busy servers are waiting
			return queues.stream().map(queue -> SubModelResource.workConserving(queue.queue(), "queue",
					queue.strategy(), queue.servers(), queue.completions(), queue.utilization(), queue.population()))
					.toList();
		}

		@Override
		public String describe() {
			return ID + " (embedded): " + solved.file + ", requests from '" + solved.place + "' to '" + exitPlace + "'";
		}
	}

	/** The colours of one request type: for random access, and for sequential access if the net has one. */
	private record Classes(Colour random, Colour sequential) {
		Colour of(AccessPattern pattern) {
			return pattern == AccessPattern.SEQUENTIAL && sequential != null ? sequential : random;
		}
	}

	private record Colour(String name, int slot) {
	}

	private static Net read(String model, Path file) throws AnalysisModelException {
		QpeReadResult read = NetFiles.readValidated(file);
		List<String> errors = read.errors().stream().map(QpnDiagnostic::message).toList();
		if (!errors.isEmpty()) {
			throw new AnalysisModelException(model + ": " + String.join("; ", errors));
		}
		return read.net();
	}

	private static Colour colour(String model, PreparedNet net, String place, String colour)
			throws AnalysisModelException {
		OptionalInt slot = net.colourOfPlace(place, colour);
		if (slot.isEmpty()) {
			throw new AnalysisModelException(model + ": the net has no colour '" + colour + "' in place '" + place + "'");
		}
		return new Colour(colour, slot.getAsInt());
	}

	private static Colour optionalColour(String model, PreparedNet net, String place, ModelDefinition definition,
			String parameter) throws AnalysisModelException {
		String colour = definition.parameter(parameter).orElse(null);
		return colour == null ? null : colour(model, net, place, colour);
	}

	/**
	 * A calibrated storage template as a delay predictor: for the state a request meets, the template is
	 * instantiated with the concurrency split into the classes of the list's reads and writes (as for a
	 * net: by the read ratio, the arriving request among them) at the list's mean request sizes and the
	 * file set size, and solved; the delay is the arriving class's cycle time. Sizes and file sets are
	 * rounded to 1/32 of an octave (about 1 %) so that nearby states share a solution.
	 */
	private static final class SolvedStorage implements IoAnalysisModel {
		private final String name;
		private final String file;
		private final CalibratedStorage storage;
		private final long seed;
		private final boolean countsArriving;
		private final KeptSolutions<StorageWorkload, QpnResult> solutions = new KeptSolutions<>();

		SolvedStorage(String name, String file, CalibratedStorage storage, long seed, boolean countsArriving) {
			this.name = name;
			this.file = file;
			this.storage = storage;
			this.seed = seed;
			this.countsArriving = countsArriving;
		}

		@Override
		public Set<WorkloadInput> inputs() {
			return EnumSet.of(WorkloadInput.CONCURRENCY, WorkloadInput.TYPE, WorkloadInput.READ_RATIO,
					WorkloadInput.READ_PATTERN, WorkloadInput.WRITE_PATTERN, WorkloadInput.MEAN_READ_SIZE,
					WorkloadInput.MEAN_WRITE_SIZE, WorkloadInput.FILE_SET_SIZE, WorkloadInput.REQUEST_SIZE);
		}

		@Override
		public double delay(WorkloadState state) throws AnalysisModelException {
			int requests = requestsInService(state, countsArriving);
			int reads = readTokens(state, requests);
			StorageClass readClass = StorageClass.of(true, state.readPattern() == AccessPattern.SEQUENTIAL);
			StorageClass writeClass = StorageClass.of(false, state.writePattern() == AccessPattern.SEQUENTIAL);
			StorageClass arriving = state.type() == IoType.READ ? readClass : writeClass;
			StorageWorkload workload;
			try {
				workload = new StorageWorkload(Map.of(readClass, reads, writeClass, requests - reads),
						readSize(state), writeSize(state), rounded(state.fileSetSize()));
			} catch (IllegalArgumentException unusable) {
				throw new AnalysisModelException("analysis model '" + name + "': " + file + ": " + unusable.getMessage());
			}
			QpnResult solution = solutions.get(workload, key -> {
				try {
					Net net = StorageNets.instantiate(storage, key);
					return PreparedNet.of(net, StorageNets.CONFIGURATION)
							.run(QpnRunSettings.of(net.getConfigurations().get(0), seed), Map.of());
				} catch (IllegalArgumentException | UnsupportedNetException unsolvable) {
					throw new AnalysisModelException("analysis model '" + name + "': " + file + ": "
							+ unsolvable.getMessage());
				}
			});
			double cycle = solution.cycleTime(StorageNets.CLIENTS, arriving.label(), workload.threads(arriving));
			if (Double.isNaN(cycle)) {
				throw new AnalysisModelException("analysis model '" + name + "': " + file + ": the storage net completed no"
						+ " request of class '" + arriving.label() + "'");
			}
			return cycle;
		}

		@Override
		public String describe() {
			return ID + ": " + file + ", " + storage.template().label() + " storage template";
		}
	}

	/**
	 * A calibrated scheduler model (001 §7.5) as a delay predictor: the state's requests, split into
	 * read and write threads by the read ratio (the arriving request among them), are one VM's
	 * workload at the state's mean sizes; its weights come from the model's weight model, and the
	 * delay is the arriving type's response time in the solved net. Solutions are kept per workload,
	 * with sizes and file sets rounded as for a storage template.
	 */
	private static final class SolvedScheduler implements IoAnalysisModel {
		private final String name;
		private final String file;
		private final SchedulerModel model;
		private final long seed;
		private final boolean countsArriving;
		private final KeptSolutions<SchedulerWorkload, ResponseTimes> solutions = new KeptSolutions<>();

		SolvedScheduler(String name, String file, SchedulerModel model, long seed, boolean countsArriving) {
			this.name = name;
			this.file = file;
			this.model = model;
			this.seed = seed;
			this.countsArriving = countsArriving;
		}

		@Override
		public Set<WorkloadInput> inputs() {
			return EnumSet.of(WorkloadInput.CONCURRENCY, WorkloadInput.TYPE, WorkloadInput.READ_RATIO,
					WorkloadInput.MEAN_READ_SIZE, WorkloadInput.MEAN_WRITE_SIZE, WorkloadInput.FILE_SET_SIZE,
					WorkloadInput.REQUEST_SIZE);
		}

		@Override
		public double delay(WorkloadState state) throws AnalysisModelException {
			int requests = requestsInService(state, countsArriving);
			int reads = readTokens(state, requests);
			try {
				SchedulerWorkload workload = new SchedulerWorkload(List.of(new SchedulerWorkload.Vm(reads,
						requests - reads)), readSize(state), writeSize(state), rounded(state.fileSetSize()));
				ResponseTimes times = solutions.get(workload, key -> model.predict(key, model.weights(key), seed).get(0));
				return state.type() == IoType.READ ? times.read() : times.write();
			} catch (IllegalArgumentException | UnsupportedNetException unsolvable) {
				throw new AnalysisModelException("analysis model '" + name + "': " + file + ": " + unsolvable.getMessage());
			}
		}

		@Override
		public String describe() {
			return ID + ": " + file + ", heterogeneous-workload scheduler model";
		}
	}

	/** The reads' mean size in the state, or the arriving request's where the list holds no reads; rounded. */
	private static double readSize(WorkloadState state) {
		return rounded(state.meanReadSize() > 0 ? state.meanReadSize() : state.requestSize());
	}

	/** The writes' mean size in the state, or the arriving request's where the list holds no writes; rounded. */
	private static double writeSize(WorkloadState state) {
		return rounded(state.meanWriteSize() > 0 ? state.meanWriteSize() : state.requestSize());
	}

	/** 2^(k/32) nearest to the value (positive): sizes about 1 % apart share a solution. */
	private static double rounded(double value) {
		return value > 0 ? Math.pow(2, Math.rint(32 * Math.log(value) / Math.log(2)) / 32) : value;
	}

	private static boolean countsArriving(ModelContext context) {
		return context.workload().concurrencyCounting() == ConcurrencyCounting.INCLUDING_ARRIVING;
	}

	/**
	 * The requests in service that a state describes, the arriving one among them: the concurrency, plus
	 * the arriving request where the storage counts only those already in service.
	 */
	private static int requestsInService(WorkloadState state, boolean countsArriving) {
		return Math.max(1, state.concurrency() + (countsArriving ? 0 : 1));
	}

	/** Reads among the requests of a state, the arriving request one of them. */
	private static int readTokens(WorkloadState state, int requests) {
		int reads = (int) Math.round(requests * state.readRatio());
		return state.type() == IoType.READ ? Math.max(1, reads) : Math.min(requests - 1, reads);
	}

	/** One model: the prepared net and the solutions found so far (one replication's, so unsynchronised). */
	private static final class SolvedNet implements IoAnalysisModel {
		private final String name;
		private final String file;
		private final PreparedNet net;
		private final String place;
		private final QpnRunSettings settings;
		private final Map<IoType, Classes> classes;
		private final boolean countsArriving;
		private final KeptSolutions<Map<Integer, Integer>, QpnResult> solutions = new KeptSolutions<>();

		SolvedNet(String name, String file, PreparedNet net, String place, QpnRunSettings settings,
				Map<IoType, Classes> classes, boolean countsArriving) {
			this.name = name;
			this.file = file;
			this.net = net;
			this.place = place;
			this.settings = settings;
			this.classes = classes;
			this.countsArriving = countsArriving;
		}

		@Override
		public Set<WorkloadInput> inputs() {
			Set<WorkloadInput> inputs = EnumSet.of(WorkloadInput.CONCURRENCY, WorkloadInput.TYPE, WorkloadInput.READ_RATIO);
			if (classes.get(IoType.READ).sequential() != null) {
				inputs.add(WorkloadInput.READ_PATTERN);
			}
			if (classes.get(IoType.WRITE).sequential() != null) {
				inputs.add(WorkloadInput.WRITE_PATTERN);
			}
			return inputs;
		}

		@Override
		public double delay(WorkloadState state) throws AnalysisModelException {
			int requests = requestsInService(state, countsArriving);
			int reads = readTokens(state, requests);
			Colour readColour = classes.get(IoType.READ).of(state.readPattern());
			Colour writeColour = classes.get(IoType.WRITE).of(state.writePattern());
			Map<Integer, Integer> populations = new HashMap<>();
			for (Classes type : classes.values()) {
				populations.put(type.random().slot(), 0);
				if (type.sequential() != null) {
					populations.put(type.sequential().slot(), 0);
				}
			}
			populations.merge(readColour.slot(), reads, Integer::sum);
			populations.merge(writeColour.slot(), requests - reads, Integer::sum);
			QpnResult solution = solutions.get(Map.copyOf(populations), key -> {
				try {
					return net.run(settings, key);
				} catch (UnsupportedNetException unsolvable) {
					throw new AnalysisModelException("analysis model '" + name + "': " + file + ": "
							+ unsolvable.getMessage());
				}
			});
			Colour arriving = state.type() == IoType.READ ? readColour : writeColour;
			double cycle = solution.cycleTime(place, arriving.name(), populations.get(arriving.slot()));
			if (Double.isNaN(cycle)) {
				throw new AnalysisModelException(String.format(Locale.ROOT, "analysis model '%s': %s completed no request"
						+ " of colour '%s' at place '%s' in a run of %.6g time units with %d reads and %d writes; raise"
						+ " 'runLength'", name, file, arriving.name(), place, settings.runLength(), reads, requests - reads));
			}
			return cycle;
		}

		@Override
		public String describe() {
			return ID + ": " + file + ", requests cycling from '" + place + "'";
		}
	}
}
