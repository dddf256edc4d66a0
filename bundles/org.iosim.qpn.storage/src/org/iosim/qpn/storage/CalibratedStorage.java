package org.iosim.qpn.storage;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * A storage template with its calibrated parameters (001 §7.4): per request class the mean service
 * time of the cached case S₁ and, for the cache-RAID template, of the uncached case S₂; the file-set
 * thresholds that choose the case; the probability p₁ that an uncached random read goes on to the
 * RAID; and the coefficient of variation of the service times (1: exponential; otherwise gamma with
 * shape 1/cv², Eq. 7.6 with σ = cv·μ); and the servers of the cache queue (001 has one: response
 * times there grow linearly with the threads, Eq. 7.1; storage that serves requests in parallel,
 * such as an SSD or a virtual disk, needs more).
 *
 * @param readThreshold  file set size in bytes above which reads are uncached; infinite: never
 * @param writeThreshold file set size in bytes above which random writes are uncached; infinite: never
 */
public record CalibratedStorage(StorageTemplate template, Map<StorageClass, ClassModel> classes, double readThreshold,
		double writeThreshold, RaidRouting raidRouting, double serviceTimeVariation, int cacheServers)
		implements CalibratedModel {

	/** With one cache server, as in 001. */
	public CalibratedStorage(StorageTemplate template, Map<StorageClass, ClassModel> classes, double readThreshold,
			double writeThreshold, RaidRouting raidRouting, double serviceTimeVariation) {
		this(template, classes, readThreshold, writeThreshold, raidRouting, serviceTimeVariation, 1);
	}

	/**
	 * @param cached   the service time in case S₁ (at the cache)
	 * @param uncached the service time in case S₂: at the RAID for random reads, at the cache for sequential
	 *                 reads and random writes; {@code null} where the class has no case S₂ or no row measured it
	 */
	public record ClassModel(ServiceTimeModel cached, ServiceTimeModel uncached) {
	}

	/**
	 * p₁ of uncached random reads, which 001 §7.4.3.1 found to change with the load: {@code atOrBelow}
	 * up to {@code threads} threads, {@code above} beyond (there 48.32 % and 99.91 % around 30 threads).
	 */
	public record RaidRouting(double atOrBelow, int threads, double above) {
		public RaidRouting {
			if (!(atOrBelow > 0 && atOrBelow <= 1 && above > 0 && above <= 1) || threads < 0) {
				throw new IllegalArgumentException("RAID probabilities must be in (0, 1] and the thread limit at least 0");
			}
		}

		public double probability(int threadCount) {
			return threadCount <= threads ? atOrBelow : above;
		}

		/** The same probability at every load. */
		public static RaidRouting constant(double probability) {
			return new RaidRouting(probability, 0, probability);
		}
	}

	/** How one class is served: mean time at the cache, mean time at the RAID and the probability of going there. */
	public record Service(double cache, double raid, double raidProbability) {
		/** Mean demand of one request: time at the cache plus the expected time at the RAID. */
		public double demand() {
			return cache + raidProbability * raid;
		}
	}

	public CalibratedStorage {
		EnumMap<StorageClass, ClassModel> copy = new EnumMap<>(StorageClass.class);
		copy.putAll(classes);
		classes = java.util.Collections.unmodifiableMap(copy);
		if (!(readThreshold > 0 && writeThreshold > 0)) {
			throw new IllegalArgumentException("file-set thresholds must be positive");
		}
		if (cacheServers < 1 || cacheServers > MAX_SERVERS) {
			throw new IllegalArgumentException("the cache's servers must be 1 to " + MAX_SERVERS);
		}
		if (!(serviceTimeVariation > 0 && serviceTimeVariation <= 10)) {
			throw new IllegalArgumentException("the service times' coefficient of variation must be in (0, 10]");
		}
	}

	public static final int MAX_SERVERS = 1024;

	/** Whether the class is in its uncached case S₂ at this file set size. */
	public boolean uncached(StorageClass storageClass, double fileSetSize) {
		if (template != StorageTemplate.CACHE_RAID) {
			return false;
		}
		return switch (storageClass) {
		case RANDOM_READ, SEQUENTIAL_READ -> fileSetSize > readThreshold;
		case RANDOM_WRITE -> fileSetSize > writeThreshold;
		case SEQUENTIAL_WRITE -> false;
		};
	}

	/**
	 * @throws IllegalArgumentException if the class was not calibrated, or the calibrated service time at
	 *                                  this size and file set is not positive (far outside the measured ones)
	 */
	public Service service(StorageClass storageClass, double size, double fileSetSize, int threads) {
		ClassModel model = classes.get(storageClass);
		if (model == null) {
			throw new IllegalArgumentException("class '" + storageClass.label() + "' was not calibrated: the"
					+ " measurements had no " + describe(storageClass));
		}
		Service service;
		if (!uncached(storageClass, fileSetSize)) {
			service = new Service(model.cached().meanServiceTime(size, fileSetSize), 0, 0);
		} else if (model.uncached() == null) {
			throw new IllegalArgumentException("class '" + storageClass.label() + "' has no calibrated uncached case: the"
					+ " measurements had no " + describe(storageClass) + " with a file set above the threshold");
		} else if (storageClass == StorageClass.RANDOM_READ) {
			service = new Service(model.cached().meanServiceTime(size, fileSetSize),
					model.uncached().meanServiceTime(size, fileSetSize), raidRouting.probability(threads));
		} else {
			service = new Service(model.uncached().meanServiceTime(size, fileSetSize), 0, 0);
		}
		if (!(service.cache() > 0 && service.raid() >= 0)) {
			throw new IllegalArgumentException(String.format(Locale.ROOT, "the calibrated service time of class '%s' at"
					+ " %.0f-byte requests and a %.0f-byte file set is not positive (cache %.4g s, RAID %.4g s): the size or"
					+ " file set is too far from the measured ones", storageClass.label(), size, fileSetSize, service.cache(),
					service.raid()));
		}
		return service;
	}

	private static String describe(StorageClass storageClass) {
		return (storageClass.isSequential() ? "sequential " : "random ") + (storageClass.isRead() ? "reads" : "writes");
	}
}
