package org.iosim.qpn.storage;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The storage hardware topologies of 001 §7.4 that {@link StorageCalibration} calibrates and
 * {@link StorageNets} instantiates. Every template is a closed net: the requests' threads wait in
 * the place {@value StorageNets#CLIENTS} without think time and issue to the place
 * {@value StorageNets#CACHE}, a FCFS queue with one server.
 */
public enum StorageTemplate {
	/** The cache resource alone (Fig. 7.5): every class is served by the cache. */
	CACHE("cache"),
	/**
	 * Cache and RAID (Fig. 7.7, 7.9): above the read threshold, random reads go on from the cache to
	 * the place {@value StorageNets#RAID} with probability p₁ and sequential reads take the cache's
	 * prefetching service time; above the write threshold, random writes take its destaging service
	 * time; sequential writes stay with the cache model.
	 */
	CACHE_RAID("cache-raid");

	private final String label;

	StorageTemplate(String label) {
		this.label = label;
	}

	public String label() {
		return label;
	}

	public static Optional<StorageTemplate> byLabel(String label) {
		return Arrays.stream(values()).filter(candidate -> candidate.label.equals(label)).findFirst();
	}

	public static List<String> labels() {
		return Arrays.stream(values()).map(StorageTemplate::label).toList();
	}
}
