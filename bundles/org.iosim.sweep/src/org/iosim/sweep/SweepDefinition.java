package org.iosim.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

import org.iosim.files.FileProblems;
import org.iosim.engine.SimulationConfig;
import org.iosim.run.RunConfiguration;
import org.iosim.sweep.internal.DefinitionJson;
import org.iosim.sweep.internal.ParameterTarget;

/**
 * What a sweep simulates: a model (as a run configuration without output folder), the parameters
 * it varies, the points (combinations of their values) and how many replications each point gets.
 * Paths are kept as text so that the definition means the same on another machine sharing the files.
 *
 * @param model           model folders or files
 * @param modelSet        which model set, or null for the only one
 * @param ioConfiguration the I/O configuration of every point, or null (a parameter {@code io} chooses one per point)
 * @param storedModels    the folder of stored analysis models, or null
 * @param simulation      stop conditions, warm-up and the sweep's seed; its replications count is ignored
 * @param parameters      the names of the parameters varied
 * @param points          the points, each with one value per parameter, in order of their indices; held as
 *                        {@link SweepPoints}
 * @param replications    independent replications per point
 */
public record SweepDefinition(List<String> model, String modelSet, String ioConfiguration, String storedModels,
		SimulationConfig simulation, List<String> parameters, List<SweepPoint> points, int replications) {

	/** More points than this is a typing mistake, not a sweep; grids (--vary) and points files (--points) alike. */
	public static final int MAX_POINTS = 1_000_000;

	/**
	 * Sweeps of up to this many points have every point's model made and checked before any runs;
	 * larger ones have every value of every parameter checked (in the first point holding it), and
	 * each other point as it runs, since checking a million models first would take as long as
	 * simulating them.
	 */
	public static final int CHECKED_POINTS = 10_000;

	/** About how many files a sweep's finished points are written in, at most (one per point below it). */
	private static final int FILES = 1_000;

	/**
	 * Why a sweep of that many points is refused, the same words for every way of giving points.
	 *
	 * @param points e.g. {@code 1,000,000} or {@code more than 100,000}
	 */
	public static String tooManyPoints(String points) {
		return "the sweep has " + points + " points, more than the " + String.format(java.util.Locale.ROOT, "%,d",
				MAX_POINTS) + " a sweep may have; split it into several sweeps, each in a folder of its own";
	}

	public SweepDefinition {
		model = List.copyOf(model);
		parameters = List.copyOf(parameters);
		Objects.requireNonNull(simulation, "simulation");
		if (parameters.isEmpty()) {
			throw new IllegalArgumentException("a sweep varies at least one parameter");
		}
		if (new HashSet<>(parameters).size() != parameters.size()) {
			throw new IllegalArgumentException("a parameter is varied twice: " + String.join(", ", parameters));
		}
		parameters.forEach(ParameterTarget::of);
		if (points.isEmpty()) {
			throw new IllegalArgumentException("a sweep has at least one point");
		}
		if (points.size() > MAX_POINTS) {
			throw new IllegalArgumentException(tooManyPoints(String.format(java.util.Locale.ROOT, "%,d", points.size())));
		}
		if (!(points instanceof SweepPoints)) {
			for (int i = 0; i < points.size(); i++) {
				if (points.get(i).index() != i) {
					throw new IllegalArgumentException("point " + (i + 1) + " has the index " + points.get(i).index());
				}
			}
			points = SweepPoints.table(parameters.size(), points.stream().map(SweepPoint::values).toList());
		} else if (((SweepPoints) points).parameters() != parameters.size()) {
			throw new IllegalArgumentException("the points have " + ((SweepPoints) points).parameters()
					+ " values each for " + parameters.size() + " parameters");
		}
		if (replications < 1 || replications > SimulationConfig.MAX_REPLICATIONS) {
			throw new IllegalArgumentException("replications must be between 1 and " + SimulationConfig.MAX_REPLICATIONS
					+ ", got " + replications);
		}
		if (ioConfiguration != null && parameters.contains(ParameterTarget.IO_CONFIGURATION)) {
			throw new IllegalArgumentException("the I/O configuration is given and varied: drop --io or the parameter 'io'");
		}
	}

	/** Every combination of the parameters' values; the first parameter changes slowest. */
	public static SweepDefinition factorial(RunConfiguration base, List<SweepParameter> varied, int replications) {
		// counted before anything is made: a mistyped grid may have more points than a long holds
		long count = 1;
		List<String> sizes = new ArrayList<>();
		for (SweepParameter parameter : varied) {
			// at most (MAX_POINTS + 1) × MAX_VALUES: no overflow however many parameters there are
			count = Math.min((long) MAX_POINTS + 1, count) * parameter.values().size();
			sizes.add(String.valueOf(parameter.values().size()));
		}
		if (count > MAX_POINTS) {
			throw new IllegalArgumentException(tooManyPoints(String.join(" × ", sizes)));
		}
		return of(base, varied.stream().map(SweepParameter::name).toList(),
				SweepPoints.grid(varied.stream().map(SweepParameter::values).toList()), replications);
	}

	/** The points given, e.g. the rows of a points file. */
	public static SweepDefinition listed(RunConfiguration base, List<String> parameters, List<List<String>> rows,
			int replications) {
		return of(base, parameters, SweepPoints.table(parameters.size(), rows), replications);
	}

	public static SweepDefinition of(RunConfiguration base, List<String> parameters, SweepPoints points,
			int replications) {
		return new SweepDefinition(base.model().stream().map(Path::toString).toList(), base.modelSet(),
				text(base.ioConfiguration()), text(base.storedModels()), base.simulation(), parameters, points,
				replications);
	}

	/** The points, compactly held. */
	public SweepPoints sweepPoints() {
		return (SweepPoints) points;
	}

	/** @return the points whose models are checked before any point runs, ascending (see {@link #CHECKED_POINTS}) */
	public List<Integer> pointsToCheck() {
		if (points.size() <= CHECKED_POINTS) {
			return IntStream.range(0, points.size()).boxed().toList();
		}
		return sweepPoints().representatives();
	}

	/**
	 * How many consecutive points one file of finished points holds: one for sweeps of up to
	 * {@value #FILES} points, so that each is kept as soon as it is done; more for larger sweeps,
	 * which then make about {@value #FILES} files rather than one per point.
	 */
	public int pointsPerFile() {
		return Math.max(1, (points.size() + FILES - 1) / FILES);
	}

	/** @return the files the finished points are written in (see {@link #pointsPerFile()}) */
	public int files() {
		return (points.size() + pointsPerFile() - 1) / pointsPerFile();
	}

	/** @return the index of the first point of a file of finished points */
	public int firstPointOf(int file) {
		return file * pointsPerFile();
	}

	/** @return how many points a file of finished points holds: {@link #pointsPerFile()}, or fewer in the last */
	public int pointsIn(int file) {
		return Math.min(points.size(), firstPointOf(file) + pointsPerFile()) - firstPointOf(file);
	}

	/** @return the file of finished points that holds a point */
	public int fileOf(int point) {
		return point / pointsPerFile();
	}

	private static String text(Path path) {
		return path == null ? null : path.toString();
	}

	public long seed() {
		return simulation.seed();
	}

	/** @return the run configuration of one replication of a point: its I/O configuration, seed, one replication */
	public RunConfiguration runConfiguration(SweepPoint point, long seed) {
		int io = parameters.indexOf(ParameterTarget.IO_CONFIGURATION);
		String ioFile = io >= 0 ? point.values().get(io) : ioConfiguration;
		return RunConfiguration.of(model.stream().map(Path::of).toList()).withModelSet(modelSet)
				.withIoConfiguration(ioFile == null ? null : Path.of(ioFile))
				.withStoredModels(storedModels == null ? null : Path.of(storedModels))
				.withSimulation(simulation.withSeed(seed).withReplications(1));
	}

	/**
	 * The definition's JSON form (as {@code sweep-definition.json} records it, without file digests),
	 * which an engine ships to its workers; {@link #fromJson} reads it back into an equal definition
	 * (the simulation's replications count, which a sweep ignores, reads back as 1).
	 */
	public String toJson() {
		return DefinitionJson.write(this).toString();
	}

	/** @throws IllegalArgumentException if the text is not a sweep definition's JSON form */
	public static SweepDefinition fromJson(String json) {
		try {
			return DefinitionJson.read(new com.fasterxml.jackson.databind.ObjectMapper().readTree(json));
		} catch (com.fasterxml.jackson.core.JsonProcessingException unreadable) {
			throw new IllegalArgumentException("not a sweep definition: " + unreadable.getOriginalMessage());
		}
	}

	/**
	 * The same sweep with every path it reads (model, I/O configuration, stored models, the values of
	 * parameter {@code io}) made absolute against {@code base}, so that it means the same to a worker
	 * started in another folder (a cluster's executor reading the files on a shared path).
	 */
	public SweepDefinition absolute(Path base) {
		int io = parameters.indexOf(ParameterTarget.IO_CONFIGURATION);
		SweepPoints resolved = io < 0 ? sweepPoints() : sweepPoints().withValues(io, path -> absolute(base, path));
		return new SweepDefinition(model.stream().map(path -> absolute(base, path)).toList(), modelSet,
				absolute(base, ioConfiguration), absolute(base, storedModels), simulation, parameters, resolved,
				replications);
	}

	private static String absolute(Path base, String path) {
		return path == null ? null : base.resolve(path).toAbsolutePath().normalize().toString();
	}

	/** @return e.g. {@code population=10, server.CPU.rate=2} */
	public String describe(SweepPoint point) {
		List<String> settings = new ArrayList<>();
		for (int i = 0; i < parameters.size(); i++) {
			// a value from a points file may be thousands of characters: a message quotes an excerpt
			settings.add(parameters.get(i) + "=" + FileProblems.excerpt(String.valueOf(point.values().get(i))));
		}
		return String.join(", ", settings);
	}
}
