package org.iosim.analysis.san;

import java.util.List;
import java.util.Optional;

/**
 * The topology and parameters of a SAN: hosts, the fabric between them and the storage subsystem,
 * the storage subsystem's nodes and RAID ranks, and the logical disks (volumes) the hosts see.
 * {@link SanConfigurationReader} reads it from JSON.
 *
 * @param hosts   the hosts; each volume belongs to one
 * @param fabric  the SAN fabric (ports and channels)
 * @param storage the storage subsystem
 * @param volumes the logical disks, each found by its ASU number
 */
public record SanConfiguration(List<Host> hosts, Fabric fabric, Storage storage, List<Volume> volumes) {

	/**
	 * Bytes the model addresses at most: a volume, the data space of a rank, a cache, an NVS, a
	 * request (2^62, so that an address plus a length stays a number the model can hold).
	 */
	public static final long MAX_BYTES = 1L << 62;
	/** Tracks of a rank's data space at most: the model keys a cached track by its rank above these bits. */
	public static final long MAX_RANK_TRACKS = 1L << 40;
	/** Bytes of a cache track at most (1 GiB). */
	public static final long MAX_TRACK_SIZE = 1L << 30;
	/** Bytes of a stripe unit of a rank, or of a volume's stripe on one rank, at most (1 TiB). */
	public static final long MAX_STRIPE = 1L << 40;

	public SanConfiguration {
		hosts = List.copyOf(hosts);
		volumes = List.copyOf(volumes);
	}

	/**
	 * A host's I/O stack: the logical volume manager (maps a volume's addresses to RAID ranks, splitting
	 * a request at stripe boundaries), the disk driver (may join requests) and its storage adapters.
	 *
	 * @param join the disk driver's join policy, or {@code null} if it joins nothing
	 */
	public record Host(String name, ServiceParameters lvm, ServiceParameters diskDriver, ServiceParameters adapters,
			JoinPolicy join) {
	}

	/**
	 * The SAN fabric: one port per host and one per storage node, and the channels (FCP attachments)
	 * between each host and each node; a request holds each in turn.
	 */
	public record Fabric(ServiceParameters hostPort, ServiceParameters storagePort, ServiceParameters channels) {
	}

	/** How a RAID rank lays out data and parity over its disks. */
	public enum Raid {
		/** striping without redundancy */
		RAID0,
		/** striping with one rotating parity unit per stripe */
		RAID5,
		/** striping over mirrored pairs */
		RAID10
	}

	/** How a volume's addresses are spread over its ranks. */
	public enum Layout {
		/** round robin in units of the stripe size */
		STRIPED,
		/** the first part of the volume on the first rank, the next on the second, ... */
		CONCATENATED
	}

	/**
	 * The storage subsystem: {@code nodes} storage management nodes (each the peer of the next), each
	 * with its own processors, adapters, cache and NVS, all with the same parameters.
	 *
	 * @param cacheSize      bytes of cache per node
	 * @param trackSize      bytes of a cache track, the unit of staging, prestaging and destaging
	 * @param nvsSize        bytes of non-volatile storage per node, holding its peer's written data
	 * @param destageHigh    fraction of the NVS whose use starts destaging
	 * @param destageLow     fraction of the NVS at which destaging stops
	 * @param destages       destage operations a node runs at once
	 * @param prestageAfter  sequential reads in a row of a volume after which it prestages; 0: never
	 * @param prestageTracks tracks prestaged after such a read
	 */
	public record Storage(int nodes, ServiceParameters processor, ServiceParameters hostAdapter,
			ServiceParameters deviceAdapter, ServiceParameters peerAdapter, long cacheSize, long trackSize, long nvsSize,
			double destageHigh, double destageLow, int destages, int prestageAfter, int prestageTracks,
			List<Rank> ranks) {

		public Storage {
			ranks = List.copyOf(ranks);
		}

		/** @return the rank of that name */
		public Optional<Rank> rank(String name) {
			return ranks.stream().filter(rank -> rank.name().equals(name)).findFirst();
		}
	}

	/**
	 * A RAID rank (array) attached to one node's device adapters.
	 *
	 * @param stripeUnit bytes of a stripe unit: consecutive bytes on one disk
	 * @param disk       each disk's parameters (its servers are 1)
	 */
	public record Rank(String name, int node, Raid raid, int disks, long stripeUnit, ServiceParameters disk) {

		/** @return the disks holding data of each stripe */
		public int dataDisks() {
			return switch (raid) {
				case RAID0 -> disks;
				case RAID5 -> disks - 1;
				case RAID10 -> disks / 2;
			};
		}
	}

	/**
	 * A logical disk (volume) of a host.
	 *
	 * @param asu        its number in traces
	 * @param stripeSize bytes per rank before the next for {@link Layout#STRIPED}
	 * @param ranks      names of the ranks it is placed on
	 */
	public record Volume(int asu, String name, String host, long size, Layout layout, long stripeSize,
			List<String> ranks) {

		public Volume {
			ranks = List.copyOf(ranks);
		}

		/**
		 * @return the bytes of each of its ranks the volume takes: an equal share, for a striped volume
		 *         rounded up to whole stripes
		 */
		public long extent() {
			int n = ranks.size();
			long row = stripeSize > Long.MAX_VALUE / n ? Long.MAX_VALUE : stripeSize * n;
			return layout == Layout.STRIPED ? ceil(size, row) * stripeSize : ceil(size, n);
		}
	}

	/** a / b rounded up, for a &gt;= 0 and b &gt; 0. */
	static long ceil(long a, long b) {
		return a / b + (a % b == 0 ? 0 : 1);
	}

	/** @return the volume with that ASU number */
	public Optional<Volume> volume(int asu) {
		return volumes.stream().filter(volume -> volume.asu() == asu).findFirst();
	}

	/** @return the host of that name */
	public Optional<Host> host(String name) {
		return hosts.stream().filter(host -> host.name().equals(name)).findFirst();
	}

	/** @return this configuration with another cache size per node (a what-if) */
	public SanConfiguration withCacheSize(long bytes) {
		Storage s = storage;
		return new SanConfiguration(hosts, fabric, new Storage(s.nodes(), s.processor(), s.hostAdapter(),
				s.deviceAdapter(), s.peerAdapter(), bytes, s.trackSize(), s.nvsSize(), s.destageHigh(), s.destageLow(),
				s.destages(), s.prestageAfter(), s.prestageTracks(), s.ranks()), volumes);
	}

	/** @return this configuration with every volume laid out the given way (a what-if) */
	public SanConfiguration withLayout(Layout layout) {
		return new SanConfiguration(hosts, fabric, storage, volumes.stream()
				.map(v -> new Volume(v.asu(), v.name(), v.host(), v.size(), layout, v.stripeSize(), v.ranks())).toList());
	}

	/** @return this configuration with every host's join policy replaced ({@code null}: no joining) */
	public SanConfiguration withJoin(JoinPolicy join) {
		return new SanConfiguration(hosts.stream()
				.map(h -> new Host(h.name(), h.lvm(), h.diskDriver(), h.adapters(), join)).toList(), fabric, storage,
				volumes);
	}
}
