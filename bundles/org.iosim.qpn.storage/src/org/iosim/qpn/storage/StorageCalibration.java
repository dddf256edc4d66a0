package org.iosim.qpn.storage;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.iosim.qpn.storage.CalibratedStorage.ClassModel;
import org.iosim.qpn.storage.CalibratedStorage.RaidRouting;
import org.iosim.qpn.storage.ServiceTimeModel.Term;
import org.iosim.qpn.storage.internal.ClosedMva;
import org.iosim.qpn.storage.internal.LeastSquares;

/**
 * Calibrates a storage template from measured configurations of one class each (001 §7.4).
 * <p>
 * Each row's service time is what makes the template's closed network give the measured mean
 * response time, found by exact mean value analysis: with t threads at one FCFS queue and no think
 * time, μ = ρ/t (Eq. 7.4); for uncached random reads, the cache's service time comes from the cached
 * rows' model and the RAID's is the one that gives ρ. The service times of a class and case are then
 * fitted to the request size s — μ = c₀ + c₁·s in case S₁ (Eq. 7.5) — and in case S₂ also to the
 * logarithm of the file set size f, with the interaction of Eq. 7.7 — and insignificant terms are
 * pruned ({@link LeastSquares}).
 * <p>
 * With m servers at the cache, a single queue gives μ = ρ·min(t, m)/t; uncached random reads use
 * load-dependent MVA.
 * <p>
 * A file-set threshold not given is chosen from the data: among "never uncached" and each measured
 * file set size, the one whose fit has the lowest Akaike information criterion over the relative
 * errors of the predicted response times, so that a split must pay for its extra terms. The cache's
 * servers, if not given, are the power of two up to {@value #MAX_CHOSEN_SERVERS} with the lowest
 * criterion (with its thresholds chosen so).
 */
public final class StorageCalibration {

	static final int MAX_CHOSEN_SERVERS = 256;
	private static final List<Term> CACHED_TERMS = List.of(Term.CONSTANT, Term.SIZE);
	private static final List<Term> UNCACHED_TERMS = List.of(Term.CONSTANT, Term.SIZE, Term.LOG_FILE_SET,
			Term.SIZE_LOG_FILE_SET);

	/**
	 * @param readThreshold  bytes, or {@code null} to choose from the data (cache-RAID only)
	 * @param writeThreshold bytes, or {@code null} to choose from the data (cache-RAID only)
	 * @param cacheServers   servers of the cache queue, or {@code null} to choose from the data
	 */
	public record Settings(StorageTemplate template, Double readThreshold, Double writeThreshold, RaidRouting raidRouting,
			double serviceTimeVariation, Integer cacheServers) {

		/** One cache server, as in 001. */
		public Settings(StorageTemplate template, Double readThreshold, Double writeThreshold, RaidRouting raidRouting,
				double serviceTimeVariation) {
			this(template, readThreshold, writeThreshold, raidRouting, serviceTimeVariation, 1);
		}

		Settings withServers(int servers) {
			return new Settings(template, readThreshold, writeThreshold, raidRouting, serviceTimeVariation, servers);
		}
	}

	/** A row with the template's prediction for it after calibration. */
	public record RowFit(MeasuredRow row, boolean uncached, double predicted) {
		public double relativeError() {
			return Math.abs(predicted - row.responseTime()) / row.responseTime();
		}
	}

	public record Result(CalibratedStorage storage, List<RowFit> rows) {
		public Result {
			rows = List.copyOf(rows);
		}
	}

	private StorageCalibration() {
	}

	/** @throws IllegalArgumentException naming the rows when the measurements cannot calibrate the template */
	public static Result calibrate(List<MeasuredRow> rows, Settings settings) {
		if (rows.isEmpty()) {
			throw new IllegalArgumentException("no measured configuration to calibrate from");
		}
		Map<StorageClass, List<MeasuredRow>> byClass = new EnumMap<>(StorageClass.class);
		for (MeasuredRow row : rows) {
			if (!(row.threads() >= 1 && row.size() > 0 && row.fileSetSize() > 0 && row.responseTime() > 0)) {
				throw new IllegalArgumentException("line " + row.line() + ": threads, sizes and the response time must"
						+ " be positive");
			}
			byClass.computeIfAbsent(row.storageClass(), any -> new ArrayList<>()).add(row);
		}
		CalibratedStorage storage;
		if (settings.cacheServers() != null) {
			storage = withThresholds(byClass, settings);
		} else {
			storage = null;
			double best = Double.POSITIVE_INFINITY;
			for (int servers = 1; servers <= MAX_CHOSEN_SERVERS; servers *= 2) {
				CalibratedStorage candidate = withThresholds(byClass, settings.withServers(servers));
				double value = criterion(byClass, candidate);
				if (storage == null || value < best - 1e-9) {
					best = value;
					storage = candidate;
				}
			}
		}
		List<RowFit> fits = new ArrayList<>();
		for (MeasuredRow row : rows) {
			fits.add(new RowFit(row, storage.uncached(row.storageClass(), row.fileSetSize()), predict(storage, row)));
		}
		return new Result(storage, fits);
	}

	private static CalibratedStorage withThresholds(Map<StorageClass, List<MeasuredRow>> byClass, Settings settings) {
		boolean raid = settings.template() == StorageTemplate.CACHE_RAID;
		double readThreshold = !raid ? Double.POSITIVE_INFINITY
				: settings.readThreshold() != null ? settings.readThreshold()
						: bestThreshold(byClass, settings, List.of(StorageClass.RANDOM_READ, StorageClass.SEQUENTIAL_READ), true);
		double writeThreshold = !raid ? Double.POSITIVE_INFINITY
				: settings.writeThreshold() != null ? settings.writeThreshold()
						: bestThreshold(byClass, settings, List.of(StorageClass.RANDOM_WRITE), false);
		return fit(byClass, settings, readThreshold, writeThreshold);
	}

	/** The template's mean response time for the row's configuration (exact MVA of its closed network). */
	public static double predict(CalibratedStorage storage, MeasuredRow row) {
		CalibratedStorage.Service service = storage.service(row.storageClass(), row.size(), row.fileSetSize(),
				row.threads());
		return ClosedMva.responseTime(row.threads(), new int[] { storage.cacheServers(), 1 },
				new double[] { service.cache(), service.raidProbability() * service.raid() });
	}

	private static CalibratedStorage fit(Map<StorageClass, List<MeasuredRow>> byClass, Settings settings,
			double readThreshold, double writeThreshold) {
		int servers = settings.cacheServers();
		CalibratedStorage bounds = new CalibratedStorage(settings.template(), Map.of(), readThreshold, writeThreshold,
				settings.raidRouting(), settings.serviceTimeVariation(), servers);
		Map<StorageClass, ClassModel> models = new EnumMap<>(StorageClass.class);
		for (Map.Entry<StorageClass, List<MeasuredRow>> entry : byClass.entrySet()) {
			StorageClass storageClass = entry.getKey();
			List<MeasuredRow> cached = new ArrayList<>();
			List<MeasuredRow> uncached = new ArrayList<>();
			for (MeasuredRow row : entry.getValue()) {
				(bounds.uncached(storageClass, row.fileSetSize()) ? uncached : cached).add(row);
			}
			if (cached.isEmpty() && storageClass == StorageClass.RANDOM_READ) {
				throw new IllegalArgumentException("random reads above the read threshold need random reads at or below it"
						+ " to calibrate the cache they pass first (line " + uncached.get(0).line() + ")");
			}
			ServiceTimeModel cachedModel = cached.isEmpty() ? null
					: fit(cached, CACHED_TERMS, row -> row.responseTime() * Math.min(row.threads(), servers) / row.threads());
			ServiceTimeModel uncachedModel = null;
			if (!uncached.isEmpty()) {
				uncachedModel = storageClass != StorageClass.RANDOM_READ
						? fit(uncached, UNCACHED_TERMS,
								row -> row.responseTime() * Math.min(row.threads(), servers) / row.threads())
						: fit(uncached, UNCACHED_TERMS, row -> {
							double cache = cachedModel.meanServiceTime(row.size(), row.fileSetSize());
							double p = settings.raidRouting().probability(row.threads());
							return ClosedMva.secondDemand(row.threads(), servers, cache, row.responseTime()) / p;
						});
			}
			// where every row of the class is uncached, its uncached model serves as the cached one too, so that
			// smaller file sets than measured still get a service time
			models.put(storageClass, new ClassModel(cachedModel != null ? cachedModel : uncachedModel, uncachedModel));
		}
		return new CalibratedStorage(settings.template(), models, readThreshold, writeThreshold, settings.raidRouting(),
				settings.serviceTimeVariation(), servers);
	}

	private interface ServiceTimeOfRow {
		double of(MeasuredRow row);
	}

	private static ServiceTimeModel fit(List<MeasuredRow> rows, List<Term> terms, ServiceTimeOfRow serviceTime) {
		double[] sizes = new double[rows.size()];
		double[] fileSets = new double[rows.size()];
		double[] times = new double[rows.size()];
		for (int index = 0; index < rows.size(); index++) {
			sizes[index] = rows.get(index).size();
			fileSets[index] = rows.get(index).fileSetSize();
			times[index] = serviceTime.of(rows.get(index));
		}
		return LeastSquares.fit(sizes, fileSets, times, terms);
	}

	/** The threshold (a measured file set size, or none) with the lowest AIC over the classes it splits. */
	private static double bestThreshold(Map<StorageClass, List<MeasuredRow>> byClass, Settings settings,
			List<StorageClass> classes, boolean reads) {
		TreeSet<Double> sizes = new TreeSet<>();
		Map<StorageClass, List<MeasuredRow>> relevant = new EnumMap<>(StorageClass.class);
		for (StorageClass storageClass : classes) {
			List<MeasuredRow> rows = byClass.get(storageClass);
			if (rows != null) {
				relevant.put(storageClass, rows);
				rows.forEach(row -> sizes.add(row.fileSetSize()));
			}
		}
		double best = Double.POSITIVE_INFINITY;
		if (sizes.size() < 2) {
			return best;
		}
		double bestCriterion = criterion(relevant, settings, best, reads);
		for (double candidate : sizes.headSet(sizes.last())) {
			double value = criterion(relevant, settings, candidate, reads);
			if (value < bestCriterion - 1e-9) {
				bestCriterion = value;
				best = candidate;
			}
		}
		return best;
	}

	/** The criterion of a threshold: the classes' fit with it. */
	private static double criterion(Map<StorageClass, List<MeasuredRow>> rows, Settings settings, double threshold,
			boolean reads) {
		double inf = Double.POSITIVE_INFINITY;
		try {
			return criterion(rows, fit(rows, settings, reads ? threshold : inf, reads ? inf : threshold));
		} catch (IllegalArgumentException impossible) {
			return inf; // e.g. uncached random reads with no cached ones to calibrate the cache from
		}
	}

	/** n·ln(SSE/n) + 2k over the relative errors of the classes' predicted response times. */
	private static double criterion(Map<StorageClass, List<MeasuredRow>> rows, CalibratedStorage storage) {
		double squares = 0;
		int count = 0;
		int parameters = 0;
		for (Map.Entry<StorageClass, List<MeasuredRow>> entry : rows.entrySet()) {
			ClassModel model = storage.classes().get(entry.getKey());
			parameters += model.cached().terms().size();
			if (model.uncached() != null && model.uncached() != model.cached()) {
				parameters += model.uncached().terms().size();
			}
			for (MeasuredRow row : entry.getValue()) {
				double error;
				try {
					error = (predict(storage, row) - row.responseTime()) / row.responseTime();
				} catch (IllegalArgumentException notPositive) {
					error = 1; // a fit that predicts no positive service time for a measured row is a poor one
				}
				squares += error * error;
				count++;
			}
		}
		return count * Math.log(Math.max(squares, 1e-300) / count) + 2 * parameters;
	}
}
