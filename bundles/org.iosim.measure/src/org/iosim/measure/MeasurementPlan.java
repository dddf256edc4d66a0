package org.iosim.measure;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.iosim.measure.internal.PlanReader;

/**
 * A design of experiments over the storage workload parameters of 001 §5.3, read from a JSON file
 * (format in docs/measurement.md): which configurations run, how often, how long, and in which order.
 *
 * @param name          the plan's name, shown in progress lines and stored with its runs
 * @param design        how configurations are chosen
 * @param points        configurations a sampling design draws (ignored by the full factorial)
 * @param seed          seeds the sampling, the run order and the workload generator
 * @param repetitions   runs per configuration (with a precision: the runs at least)
 * @param warmupSeconds time each run works before it measures
 * @param runSeconds    time each run measures
 * @param factors       the levels or range of every factor, in {@link Factor} order
 * @param precision     the relative half-width of the 95 % confidence interval of each configuration's
 *                      mean latency that more repetitions aim at, or 0 for exactly {@code repetitions}
 * @param maxRepetitions the most runs a configuration gets while its interval is wider than the precision
 * @param maxOtherLoad  the CPUs other processes may use during a run (on average) before the run counts
 *                      as disturbed and runs again
 */
public record MeasurementPlan(String name, Design design, int points, long seed, int repetitions, double warmupSeconds,
		double runSeconds, List<FactorLevels> factors, double precision, int maxRepetitions, double maxOtherLoad) {

	/** CPUs other processes may use during a run unless a plan says otherwise: a quarter of this machine's two. */
	public static final double DEFAULT_MAX_OTHER_LOAD = 0.5;

	/** How a plan chooses configurations. */
	public enum Design {
		/** Every combination of the factors' levels. */
		FACTORIAL("factorial"),
		/** {@code points} configurations, each factor's range cut into that many strata, each stratum used once. */
		LATIN_HYPERCUBE("latin-hypercube"),
		/** {@code points} configurations drawn independently and uniformly. */
		RANDOM("random");

		private final String id;

		Design(String id) {
			this.id = id;
		}

		public String id() {
			return id;
		}
	}

	/** The storage workload parameters a plan varies, by their names in the plan file. */
	public enum Factor {
		REQUEST_SIZE("requestSize"), READ_RATIO("readRatio"), PATTERN("pattern"), FILE_SET_SIZE("fileSetSize"),
		CONCURRENCY("concurrency"), QUEUE_DEPTH("queueDepth"), IO("io"), THREADS("threads"), SYNC("sync"),
		FILES("files");

		private final String key;

		Factor(String key) {
			this.key = key;
		}

		public String key() {
			return key;
		}
	}

	/**
	 * The values a factor takes: listed levels, or a range that sampling designs draw from
	 * (uniformly, or uniformly in the logarithm). Categories (pattern, io, threads) are levels 0 and 1;
	 * sync's are 0, 1 and 2 (none, fdatasync, osync); files' 0 and 1 (existing, growing).
	 */
	public record FactorLevels(Factor factor, List<Double> levels, double min, double max, boolean logScale) {
		public FactorLevels {
			levels = levels == null ? null : List.copyOf(levels);
		}

		public boolean isRange() {
			return levels == null;
		}

		/** The value at quantile {@code u} in [0, 1) of this factor's values. */
		double at(double u) {
			if (!isRange()) {
				return levels.get(Math.min(levels.size() - 1, (int) (u * levels.size())));
			}
			return logScale ? Math.exp(Math.log(min) + u * (Math.log(max) - Math.log(min))) : min + u * (max - min);
		}
	}

	/** The levels of the {@link Factor#THREADS} factor: threads mixing reads and writes, or separate ones. */
	private static final double MIXED = 0, SEPARATE = 1;

	/** Most configurations times repetitions a plan may have: a mistyped level count must not exhaust memory. */
	public static final int MAX_RUNS = 100_000;

	public MeasurementPlan {
		factors = List.copyOf(factors);
		if (precision < 0 || maxRepetitions < repetitions) {
			throw new IllegalArgumentException("the precision is 0 or positive, and maxRepetitions at least repetitions");
		}
		if (!(maxOtherLoad >= 0)) {
			throw new IllegalArgumentException("maxOtherLoad is 0 or positive");
		}
	}

	/** @return whether configurations get more runs until their latency is known to the precision */
	public boolean isAdaptive() {
		return precision > 0 && maxRepetitions > repetitions;
	}

	/**
	 * The repetition {@code repetition} (beyond the planned ones) of a configuration, as a run: its
	 * generator seed follows the same rule as the planned runs', and its order comes after them.
	 */
	public PlannedRun extraRun(int configuration, int repetition, int order) {
		StorageWorkload workload = configurations().get(configuration);
		return new PlannedRun(order, configuration, repetition, workload, generatorSeed(configuration, repetition));
	}

	private long generatorSeed(int configuration, int repetition) {
		return Math.floorMod(seed * 1_000_003L + configuration * 1_009L + repetition, Long.MAX_VALUE - 1) + 1;
	}

	/**
	 * Reads a plan file.
	 *
	 * @throws PlanException naming the file and the entry when the plan cannot be used
	 */
	public static MeasurementPlan load(java.nio.file.Path file) throws PlanException {
		return PlanReader.read(file);
	}

	/**
	 * @return the configurations of the design, in design order
	 * @throws IllegalArgumentException naming the first configuration that cannot run, and why
	 */
	public List<StorageWorkload> configurations() {
		Random random = new Random(seed);
		List<double[]> points = switch (design) {
		case FACTORIAL -> factorial();
		case LATIN_HYPERCUBE -> latinHypercube(random);
		case RANDOM -> randomPoints(random);
		};
		List<StorageWorkload> configurations = new ArrayList<>(points.size());
		for (double[] point : points) {
			try {
				configurations.add(workload(point));
			} catch (IllegalArgumentException impossible) {
				throw new IllegalArgumentException("configuration " + (configurations.size() + 1) + " cannot run: "
						+ impossible.getMessage(), impossible);
			}
		}
		return configurations;
	}

	/** @return every run, in the randomized order they are measured in */
	public List<PlannedRun> runs() {
		List<StorageWorkload> configurations = configurations();
		List<int[]> pairs = new ArrayList<>();
		for (int configuration = 0; configuration < configurations.size(); configuration++) {
			for (int repetition = 1; repetition <= repetitions; repetition++) {
				pairs.add(new int[] { configuration, repetition });
			}
		}
		// randomized order spreads drift of the machine (cache warmth, background load) over all configurations
		Collections.shuffle(pairs, new Random(seed ^ 0x5DEECE66DL));
		List<PlannedRun> runs = new ArrayList<>(pairs.size());
		for (int order = 0; order < pairs.size(); order++) {
			int configuration = pairs.get(order)[0];
			int repetition = pairs.get(order)[1];
			runs.add(new PlannedRun(order, configuration, repetition, configurations.get(configuration),
					generatorSeed(configuration, repetition)));
		}
		return runs;
	}

	/**
	 * Identifies what the plan measures, whatever its layout in the file: the settings and every
	 * planned run. A database resumes a plan only when the fingerprints match.
	 */
	public String fingerprint() {
		StringBuilder text = new StringBuilder();
		text.append(String.format(Locale.ROOT, "warmup=%s run=%s%n", warmupSeconds, runSeconds));
		if (isAdaptive()) { // plans without a precision keep the fingerprints they had before it existed
			text.append(String.format(Locale.ROOT, "precision=%s maxRepetitions=%d%n", precision, maxRepetitions));
		}
		for (PlannedRun run : runs()) {
			text.append(run).append('\n');
		}
		try {
			return HexFormat.of().formatHex(
					MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8)));
		} catch (NoSuchAlgorithmException absent) {
			throw new IllegalStateException("every Java platform has SHA-256", absent);
		}
	}

	/** @return the expected time the runs take, without the workload generator's start-up */
	public double plannedSeconds(int runs) {
		return runs * (warmupSeconds + runSeconds);
	}

	private List<double[]> factorial() {
		List<double[]> points = new ArrayList<>();
		points.add(new double[factors.size()]);
		for (int factor = 0; factor < factors.size(); factor++) {
			List<double[]> expanded = new ArrayList<>();
			for (double[] point : points) {
				for (double level : factors.get(factor).levels()) {
					double[] copy = point.clone();
					copy[factor] = level;
					expanded.add(copy);
				}
			}
			points = expanded;
		}
		// reads or writes alone are the same workload with separate threads as with mixed ones: measured once
		if (levels(Factor.THREADS).contains(MIXED)) {
			points.removeIf(point -> value(point, Factor.THREADS) == SEPARATE
					&& (readRatio(point) == 0 || readRatio(point) == 1));
		}
		return points;
	}

	private List<double[]> latinHypercube(Random random) {
		List<double[]> points = new ArrayList<>();
		for (int point = 0; point < this.points; point++) {
			points.add(new double[factors.size()]);
		}
		for (int factor = 0; factor < factors.size(); factor++) {
			List<Integer> strata = new ArrayList<>();
			for (int stratum = 0; stratum < this.points; stratum++) {
				strata.add(stratum);
			}
			Collections.shuffle(strata, random);
			for (int point = 0; point < this.points; point++) {
				points.get(point)[factor] = factors.get(factor).at((strata.get(point) + random.nextDouble()) / this.points);
			}
		}
		return points;
	}

	private List<double[]> randomPoints(Random random) {
		List<double[]> points = new ArrayList<>();
		for (int point = 0; point < this.points; point++) {
			double[] values = new double[factors.size()];
			for (int factor = 0; factor < factors.size(); factor++) {
				FactorLevels levels = factors.get(factor);
				// a threads, sync or files factor of one level draws nothing, so random plans written before the
				// factor existed keep their configurations (and their databases recognise them)
				boolean fixed = (levels.factor() == Factor.THREADS || levels.factor() == Factor.SYNC
						|| levels.factor() == Factor.FILES) && levels.levels().size() == 1;
				values[factor] = fixed ? levels.levels().get(0) : levels.at(random.nextDouble());
			}
			points.add(values);
		}
		return points;
	}

	/** Rounds a point to what the workload generator can run: sizes to 512 bytes, whole percent, whole threads. */
	private StorageWorkload workload(double[] point) {
		double requestSize = value(point, Factor.REQUEST_SIZE);
		return new StorageWorkload(sectors(requestSize), readRatio(point), value(point, Factor.PATTERN) >= 0.5,
				sectors(value(point, Factor.FILE_SET_SIZE)), (int) Math.round(value(point, Factor.CONCURRENCY)),
				(int) Math.round(value(point, Factor.QUEUE_DEPTH)), value(point, Factor.IO) >= 0.5,
				value(point, Factor.THREADS) == SEPARATE ? StorageWorkload.Threads.SEPARATE : StorageWorkload.Threads.MIXED,
				StorageWorkload.Sync.values()[(int) Math.round(value(point, Factor.SYNC))],
				StorageWorkload.Files.values()[(int) Math.round(value(point, Factor.FILES))]);
	}

	/** The read ratio a point runs with: whole percent, fio's granularity. */
	private double readRatio(double[] point) {
		return Math.rint(value(point, Factor.READ_RATIO) * 100) / 100;
	}

	private List<Double> levels(Factor factor) {
		return factors.stream().filter(levels -> levels.factor() == factor).findFirst().orElseThrow().levels();
	}

	private double value(double[] point, Factor factor) {
		for (int index = 0; index < factors.size(); index++) {
			if (factors.get(index).factor() == factor) {
				return point[index];
			}
		}
		throw new IllegalStateException("the plan reader gives every factor levels: " + factor.key());
	}

	private static long sectors(double bytes) {
		return Math.max(1, Math.round(bytes / StorageWorkload.SECTOR)) * StorageWorkload.SECTOR;
	}
}
