package org.iosim.analysis.san;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.iosim.analysis.san.Resource.ResourceStatistics;
import org.iosim.analysis.san.SanConfiguration.Host;
import org.iosim.analysis.san.SanConfiguration.Layout;
import org.iosim.analysis.san.SanConfiguration.Rank;
import org.iosim.analysis.san.SanConfiguration.Storage;
import org.iosim.analysis.san.SanConfiguration.Volume;
import org.iosim.des.SimulationClock;

/**
 * The component-based SAN model on a simulation clock: a host request passes the host's LVM (which
 * splits it into pieces, one per stripe of its volume), and each piece the disk driver, a storage
 * adapter, the host's port, a channel, the node's port, a host adapter and a processor of the node
 * owning the piece's RAID rank; there the read algorithm (hit, or staging of the missing tracks through
 * a device adapter from the rank) or the fast-write algorithm (into the cache and, through the peer
 * adapter, the peer's NVS) finishes it. Prestaging and destaging run in the background. See the
 * package documentation for the semantics chosen where the model's source is silent.
 */
public final class SanModel {

	private final SanConfiguration configuration;
	private final SimulationClock clock;
	private final boolean keepResponseTimes;
	private double start;
	private final long trackSize;
	private final Map<String, HostStack> hosts = new LinkedHashMap<>();
	private final Node[] nodes;
	private final Map<String, RankState> ranks = new LinkedHashMap<>();
	private final Map<Integer, VolumeState> volumes = new HashMap<>();
	private final List<Resource> resources = new ArrayList<>();

	private long reads;
	private long writes;
	private long readHits;
	private final DoubleList readTimes = new DoubleList();
	private final DoubleList writeTimes = new DoubleList();
	private long stagedTracks;
	private long prestagedTracks;
	private long destageOperations;
	private long destagedTracks;
	private long nvsWaits;

	private record HostStack(Resource lvm, Resource diskDriver, Resource adapters, Resource port, Resource[] channels) {
	}

	private final class Node {
		final int index;
		final Resource port;
		final Resource hostAdapter;
		final Resource processor;
		final Resource deviceAdapter;
		final Resource peerAdapter;
		final long capacityTracks;
		/** the cache: tracks in LRU order */
		final LinkedHashMap<Long, Boolean> cache = new LinkedHashMap<>(16, 0.75f, true);
		/** tracks being staged, with what waits for them */
		final Map<Long, List<Runnable>> staging = new HashMap<>();
		final LinkedHashSet<Long> dirty = new LinkedHashSet<>();
		final Set<Long> destaging = new HashSet<>();
		final Set<Long> dirtiedAgain = new HashSet<>();
		final ArrayDeque<PendingWrite> nvsQueue = new ArrayDeque<>();
		long nvsUsed;
		int activeDestages;
		boolean destageOn;

		Node(int index) {
			this.index = index;
			Storage s = configuration.storage();
			String name = "node" + index;
			port = resource("fabric.port." + name, "fabric port", configuration.fabric().storagePort());
			hostAdapter = resource(name + ".hostAdapter", "host adapter", s.hostAdapter());
			processor = resource(name + ".processor", "processor", s.processor());
			deviceAdapter = resource(name + ".deviceAdapter", "device adapter", s.deviceAdapter());
			peerAdapter = resource(name + ".peerAdapter", "peer adapter", s.peerAdapter());
			capacityTracks = Math.max(1, s.cacheSize() / trackSize);
		}
	}

	private record PendingWrite(List<Long> tracks, Runnable done) {
	}

	private final class RankState {
		final Rank rank;
		final int index;
		final Node node;
		final Resource[] disks;
		long allocated;

		RankState(Rank rank, int index) {
			this.rank = rank;
			this.index = index;
			this.node = nodes[rank.node()];
			disks = new Resource[rank.disks()];
			for (int i = 0; i < disks.length; i++) {
				disks[i] = resource(rank.name() + ".disk" + i, "disk", rank.disk());
			}
		}

		long key(long track) {
			return ((long) index << 40) | track;
		}
	}

	private static final class VolumeState {
		Volume volume;
		HostStack host;
		RankState[] ranks;
		long[] bases;
		long extent;
		long lastReadEnd = -1;
		int run;
	}

	/** A piece of a request on one rank: bytes [offset, offset + length) of the rank's data space. */
	private record Piece(RankState rank, long offset, long length) {
	}

	/** @param clock the clock the model schedules its events on; statistics start at its present time */
	public SanModel(SanConfiguration configuration, SimulationClock clock) {
		this(configuration, clock, true);
	}

	/**
	 * @param keepResponseTimes whether to keep every request's response time for the report's
	 *                          percentiles (a replay does; inside a simulation of unbounded length the
	 *                          model keeps only its resources' statistics)
	 */
	public SanModel(SanConfiguration configuration, SimulationClock clock, boolean keepResponseTimes) {
		this.configuration = configuration;
		this.clock = clock;
		this.keepResponseTimes = keepResponseTimes;
		this.start = clock.now();
		this.trackSize = configuration.storage().trackSize();
		nodes = new Node[configuration.storage().nodes()];
		for (int i = 0; i < nodes.length; i++) {
			nodes[i] = new Node(i);
		}
		for (Host host : configuration.hosts()) {
			Resource[] channels = new Resource[nodes.length];
			for (int i = 0; i < nodes.length; i++) {
				channels[i] = resource("fabric.channel." + host.name() + "-node" + i, "fabric channel",
						configuration.fabric().channels());
			}
			hosts.put(host.name(), new HostStack(resource(host.name() + ".lvm", "LVM", host.lvm()),
					resource(host.name() + ".diskDriver", "disk driver", host.diskDriver()),
					resource(host.name() + ".storageAdapter", "storage adapter", host.adapters()),
					resource("fabric.port." + host.name(), "fabric port", configuration.fabric().hostPort()), channels));
		}
		int index = 0;
		for (Rank rank : configuration.storage().ranks()) {
			ranks.put(rank.name(), new RankState(rank, index++));
		}
		for (Volume volume : configuration.volumes()) {
			VolumeState state = new VolumeState();
			state.volume = volume;
			state.host = hosts.get(volume.host());
			int n = volume.ranks().size();
			state.ranks = volume.ranks().stream().map(ranks::get).toArray(RankState[]::new);
			// SanConfigurationReader refuses volumes whose extents do not fit their ranks' tracks
			state.extent = volume.extent();
			state.bases = new long[n];
			for (int i = 0; i < n; i++) {
				// each volume's extent starts at a track boundary of the rank
				RankState rank = state.ranks[i];
				state.bases[i] = rank.allocated;
				rank.allocated += ceil(state.extent, trackSize) * trackSize;
			}
			volumes.put(volume.asu(), state);
		}
	}

	private static long ceil(long a, long b) {
		return (a + b - 1) / b;
	}

	private Resource resource(String name, String type, ServiceParameters parameters) {
		Resource resource = new Resource(name, type, parameters, clock);
		resources.add(resource);
		return resource;
	}

	/** @return whether the volume exists and the request lies inside it; else a reason */
	public String check(IoRequest request) {
		VolumeState volume = volumes.get(request.volume());
		if (volume == null) {
			return "ASU " + request.volume() + " is no volume of the configuration (volumes: "
					+ new TreeMap<>(volumes).keySet() + ")";
		}
		if (request.end() > volume.volume.size()) {
			return "bytes " + request.offset() + " to " + request.end() + " lie beyond the end of volume '"
					+ volume.volume.name() + "' (" + volume.volume.size() + " bytes)";
		}
		return null;
	}

	/**
	 * Takes a host request arriving now.
	 *
	 * @param finished runs once, when the host has the response
	 * @throws IllegalArgumentException if {@link #check} finds a reason
	 */
	public void submit(IoRequest request, Runnable finished) {
		String problem = check(request);
		if (problem != null) {
			throw new IllegalArgumentException(problem);
		}
		VolumeState volume = volumes.get(request.volume());
		double arrival = clock.now();
		boolean sequential = false;
		if (request.read()) {
			volume.run = volume.lastReadEnd == request.offset() ? volume.run + 1 : 1;
			volume.lastReadEnd = request.end();
			sequential = configuration.storage().prestageAfter() > 0
					&& volume.run > configuration.storage().prestageAfter();
		}
		boolean prestage = sequential;
		volume.host.lvm().use(request.size(), () -> {
			List<Piece> pieces = map(volume, request.offset(), request.size());
			boolean[] missed = { false };
			Runnable done = countdown(pieces.size(), () -> {
				double response = clock.now() - arrival;
				if (request.read()) {
					reads++;
					if (keepResponseTimes) {
						readTimes.add(response);
					}
					if (!missed[0]) {
						readHits++;
					}
				} else {
					writes++;
					if (keepResponseTimes) {
						writeTimes.add(response);
					}
				}
				finished.run();
			});
			Runnable atStorage = countdown(pieces.size(), () -> {
				if (prestage) {
					prestage(volume, request.end());
				}
			});
			for (Piece piece : pieces) {
				Node node = piece.rank().node;
				List<Resource> path = List.of(volume.host.diskDriver(), volume.host.adapters(), volume.host.port(),
						volume.host.channels()[node.index], node.port, node.hostAdapter, node.processor);
				chain(path, 0, piece.length(), () -> {
					if (request.read()) {
						read(piece, missed, done);
					} else {
						write(piece, done);
					}
					atStorage.run();
				});
			}
		});
	}

	private void chain(List<Resource> path, int index, double bytes, Runnable then) {
		if (index == path.size()) {
			then.run();
		} else {
			path.get(index).use(bytes, () -> chain(path, index + 1, bytes, then));
		}
	}

	private static Runnable countdown(int count, Runnable then) {
		int[] left = { count };
		return () -> {
			if (--left[0] == 0) {
				then.run();
			}
		};
	}

	private List<Piece> map(VolumeState volume, long offset, long size) {
		List<Piece> pieces = new ArrayList<>();
		int n = volume.ranks.length;
		long end = offset + size;
		for (long position = offset; position < end;) {
			int rank;
			long within;
			long length;
			if (volume.volume.layout() == Layout.STRIPED) {
				long stripe = volume.volume.stripeSize();
				long unit = position / stripe;
				rank = (int) (unit % n);
				long inUnit = position % stripe;
				within = unit / n * stripe + inUnit;
				length = Math.min(stripe - inUnit, end - position);
			} else {
				rank = (int) Math.min(position / volume.extent, n - 1);
				within = position - rank * volume.extent;
				length = Math.min(volume.extent - within, end - position);
			}
			pieces.add(new Piece(volume.ranks[rank], volume.bases[rank] + within, length));
			position += length;
		}
		return pieces;
	}

	// ---- the read algorithm: hits, staging, prestaging

	private void read(Piece piece, boolean[] missed, Runnable done) {
		Node node = piece.rank().node;
		long first = piece.offset() / trackSize;
		long last = (piece.offset() + piece.length() - 1) / trackSize;
		List<Long> missing = new ArrayList<>();
		for (long track = first; track <= last; track++) {
			long key = piece.rank().key(track);
			if (node.cache.get(key) == null) {
				missing.add(track);
			}
		}
		if (missing.isEmpty()) {
			done.run();
			return;
		}
		missed[0] = true;
		Runnable arrived = countdown(missing.size(), done);
		List<Long> toStage = new ArrayList<>();
		for (long track : missing) {
			List<Runnable> waiters = node.staging.get(piece.rank().key(track));
			if (waiters != null) {
				waiters.add(arrived);
			} else {
				toStage.add(track);
			}
		}
		stageRuns(piece.rank(), toStage, arrived);
		stagedTracks += toStage.size();
	}

	/** Stages the tracks (contiguous runs as one operation each); {@code arrived} runs once per track. */
	private void stageRuns(RankState rank, List<Long> tracks, Runnable arrived) {
		Node node = rank.node;
		int i = 0;
		while (i < tracks.size()) {
			int j = i;
			while (j + 1 < tracks.size() && tracks.get(j + 1) == tracks.get(j) + 1) {
				j++;
			}
			List<Long> run = new ArrayList<>(tracks.subList(i, j + 1));
			for (long track : run) {
				List<Runnable> waiters = new ArrayList<>(1);
				if (arrived != null) {
					waiters.add(arrived);
				}
				node.staging.put(rank.key(track), waiters);
			}
			long bytes = run.size() * trackSize;
			node.deviceAdapter.use(bytes, () -> rankRead(rank, run.get(0) * trackSize, bytes, () -> {
				for (long track : run) {
					long key = rank.key(track);
					insert(node, key);
					node.staging.remove(key).forEach(Runnable::run);
				}
			}));
			i = j + 1;
		}
	}

	private void prestage(VolumeState volume, long from) {
		long bytes = Math.min(configuration.storage().prestageTracks() * trackSize, volume.volume.size() - from);
		if (bytes <= 0) {
			return;
		}
		for (Piece piece : map(volume, from, bytes)) {
			Node node = piece.rank().node;
			List<Long> tracks = new ArrayList<>();
			for (long track = piece.offset() / trackSize; track <= (piece.offset() + piece.length() - 1)
					/ trackSize; track++) {
				long key = piece.rank().key(track);
				if (!node.cache.containsKey(key) && !node.staging.containsKey(key)) {
					tracks.add(track);
				}
			}
			prestagedTracks += tracks.size();
			stageRuns(piece.rank(), tracks, null);
		}
	}

	private void insert(Node node, long key) {
		node.cache.put(key, Boolean.TRUE);
		if (node.cache.size() > node.capacityTracks) {
			for (Iterator<Long> it = node.cache.keySet().iterator(); it.hasNext() && node.cache.size() > node.capacityTracks;) {
				long candidate = it.next();
				if (!node.dirty.contains(candidate) && !node.destaging.contains(candidate)) {
					it.remove();
				}
			}
		}
	}

	// ---- the fast-write algorithm and destaging

	private void write(Piece piece, Runnable done) {
		Node node = piece.rank().node;
		List<Long> keys = new ArrayList<>();
		for (long track = piece.offset() / trackSize; track <= (piece.offset() + piece.length() - 1)
				/ trackSize; track++) {
			keys.add(piece.rank().key(track));
		}
		node.peerAdapter.use(piece.length(), () -> {
			PendingWrite write = new PendingWrite(keys, done);
			if (node.nvsQueue.isEmpty() && fits(node, write)) {
				admit(node, write);
			} else {
				nvsWaits++;
				node.nvsQueue.add(write);
				destage(node);
			}
		});
	}

	private long newDirtyBytes(Node node, PendingWrite write) {
		long bytes = 0;
		for (long key : write.tracks()) {
			if (!node.dirty.contains(key) && !node.destaging.contains(key)) {
				bytes += trackSize;
			}
		}
		return bytes;
	}

	private boolean fits(Node node, PendingWrite write) {
		return node.nvsUsed == 0 || node.nvsUsed + newDirtyBytes(node, write) <= configuration.storage().nvsSize();
	}

	private void admit(Node node, PendingWrite write) {
		node.nvsUsed += newDirtyBytes(node, write);
		for (long key : write.tracks()) {
			if (node.destaging.contains(key)) {
				node.dirtiedAgain.add(key);
			} else {
				node.dirty.add(key);
			}
			insert(node, key);
		}
		write.done().run();
		destage(node);
	}

	/** Starts destage operations while the NVS is above its thresholds (or writes wait for it). */
	private void destage(Node node) {
		Storage s = configuration.storage();
		if (node.nvsUsed >= s.destageHigh() * s.nvsSize() || !node.nvsQueue.isEmpty()) {
			node.destageOn = true;
		}
		while (node.destageOn && node.activeDestages < s.destages() && !node.dirty.isEmpty()) {
			long inFlight = node.destaging.size() * trackSize;
			if (node.nvsQueue.isEmpty() && node.nvsUsed - inFlight <= s.destageLow() * s.nvsSize()) {
				node.destageOn = false;
				break;
			}
			long firstKey = node.dirty.iterator().next();
			RankState rank = rankOf(firstKey);
			long track = firstKey & ((1L << 40) - 1);
			// with it, the dirty tracks next to it in the same stripe of the rank: one operation
			long row = rank.rank.dataDisks() * rank.rank.stripeUnit();
			long low = track;
			while (low > 0 && (low - 1) * trackSize / row == track * trackSize / row
					&& node.dirty.contains(rank.key(low - 1))) {
				low--;
			}
			long high = track;
			while ((high + 1) * trackSize / row == track * trackSize / row && node.dirty.contains(rank.key(high + 1))) {
				high++;
			}
			List<Long> group = new ArrayList<>();
			for (long t = low; t <= high; t++) {
				long key = rank.key(t);
				node.dirty.remove(key);
				node.destaging.add(key);
				group.add(key);
			}
			node.activeDestages++;
			destageOperations++;
			destagedTracks += group.size();
			long bytes = group.size() * trackSize;
			long from = low * trackSize;
			node.deviceAdapter.use(bytes, () -> rankWrite(rank, from, bytes, () -> {
				node.activeDestages--;
				for (long key : group) {
					node.destaging.remove(key);
					if (node.dirtiedAgain.remove(key)) {
						node.dirty.add(key);
					} else {
						node.nvsUsed -= trackSize;
					}
				}
				while (!node.nvsQueue.isEmpty() && fits(node, node.nvsQueue.peek())) {
					admit(node, node.nvsQueue.poll());
				}
				destage(node);
			}));
		}
	}

	private RankState rankOf(long key) {
		int index = (int) (key >>> 40);
		return ranks.values().stream().filter(rank -> rank.index == index).findFirst().orElseThrow();
	}

	// ---- RAID ranks

	/** Reads bytes [offset, offset + length) of the rank's data space: one access per disk holding some. */
	private void rankRead(RankState rank, long offset, long length, Runnable done) {
		long[] perDisk = new long[rank.disks.length];
		Rank r = rank.rank;
		forUnits(r, offset, length, (unit, bytes) -> {
			int disk = switch (r.raid()) {
				case RAID0 -> (int) (unit % r.disks());
				case RAID5 -> raid5DataDisk(r, unit);
				case RAID10 -> {
					int pair = (int) (unit % (r.disks() / 2));
					yield rank.disks[2 * pair + 1].population() < rank.disks[2 * pair].population() ? 2 * pair + 1
							: 2 * pair;
				}
			};
			perDisk[disk] += bytes;
		});
		access(rank, perDisk, done);
	}

	/** Writes bytes [offset, offset + length) of the rank's data space with its RAID level's redundancy. */
	private void rankWrite(RankState rank, long offset, long length, Runnable done) {
		Rank r = rank.rank;
		long[] writes = new long[rank.disks.length];
		long[] reads = new long[rank.disks.length];
		switch (r.raid()) {
			case RAID0 -> forUnits(r, offset, length, (unit, bytes) -> writes[(int) (unit % r.disks())] += bytes);
			case RAID10 -> forUnits(r, offset, length, (unit, bytes) -> {
				int pair = (int) (unit % (r.disks() / 2));
				writes[2 * pair] += bytes;
				writes[2 * pair + 1] += bytes;
			});
			case RAID5 -> {
				// per stripe: a full stripe is written with its new parity; a partial one is read, modified and
				// written (old data and old parity read, new data and parity written)
				long rowBytes = (long) r.dataDisks() * r.stripeUnit();
				long end = offset + length;
				for (long stripeStart = offset / rowBytes * rowBytes; stripeStart < end; stripeStart += rowBytes) {
					long from = Math.max(offset, stripeStart);
					long to = Math.min(end, stripeStart + rowBytes);
					int parity = (int) ((stripeStart / rowBytes) % r.disks());
					long[] touched = new long[rank.disks.length];
					forUnits(r, from, to - from, (unit, bytes) -> touched[raid5DataDisk(r, unit)] += bytes);
					long largest = Arrays.stream(touched).max().orElse(0);
					boolean full = to - from == rowBytes;
					for (int d = 0; d < touched.length; d++) {
						writes[d] += touched[d];
						if (!full) {
							reads[d] += touched[d];
						}
					}
					writes[parity] += full ? r.stripeUnit() : largest;
					if (!full) {
						reads[parity] += largest;
					}
				}
			}
		}
		if (Arrays.stream(reads).anyMatch(bytes -> bytes > 0)) {
			access(rank, reads, () -> access(rank, writes, done));
		} else {
			access(rank, writes, done);
		}
	}

	private static int raid5DataDisk(Rank r, long unit) {
		long stripe = unit / r.dataDisks();
		int parity = (int) (stripe % r.disks());
		return (int) ((parity + 1 + unit % r.dataDisks()) % r.disks());
	}

	private interface UnitBytes {
		void accept(long unit, long bytes);
	}

	private static void forUnits(Rank r, long offset, long length, UnitBytes action) {
		long end = offset + length;
		for (long position = offset; position < end;) {
			long unit = position / r.stripeUnit();
			long bytes = Math.min((unit + 1) * r.stripeUnit(), end) - position;
			action.accept(unit, bytes);
			position += bytes;
		}
	}

	private static void access(RankState rank, long[] perDisk, Runnable done) {
		int used = (int) Arrays.stream(perDisk).filter(bytes -> bytes > 0).count();
		if (used == 0) {
			done.run();
			return;
		}
		Runnable each = countdown(used, done);
		for (int d = 0; d < perDisk.length; d++) {
			if (perDisk[d] > 0) {
				rank.disks[d].use(perDisk[d], each);
			}
		}
	}

	// ---- statistics

	/** @return the model's resources, in the order of the report */
	public List<Resource> resources() {
		return List.copyOf(resources);
	}

	/** @return each resource's statistics since the model's creation or {@link #restartStatistics} */
	public List<ResourceStatistics> resourceStatistics() {
		return resources.stream().map(resource -> resource.statistics(start)).toList();
	}

	/** Forgets the resources' statistics so far (a simulation's warm-up): they count from now on. */
	public void restartStatistics() {
		start = clock.now();
		resources.forEach(Resource::restartStatistics);
	}

	/** @return the statistics from the model's creation until now */
	public SanReport report() {
		List<ResourceStatistics> statistics = resourceStatistics();
		long nvsUsed = Arrays.stream(nodes).mapToLong(node -> node.nvsUsed).sum();
		return new SanReport(clock.now() - start, reads, writes, readHits, readTimes.summary(), writeTimes.summary(),
				stagedTracks, prestagedTracks, destageOperations, destagedTracks, nvsWaits, nvsUsed, statistics);
	}

	/** @return the unloaded response time of a request (reads as misses), for a prediction outside a simulation */
	public double unloadedResponseTime(int asu, long size, boolean read) {
		VolumeState volume = volumes.get(asu);
		double time = volume.host.lvm().parameters().serviceTime(size);
		double slowest = 0;
		for (Piece piece : map(volume, 0, Math.min(size, volume.volume.size()))) {
			Node node = piece.rank().node;
			double t = 0;
			for (Resource resource : List.of(volume.host.diskDriver(), volume.host.adapters(), volume.host.port(),
					volume.host.channels()[node.index], node.port, node.hostAdapter, node.processor)) {
				t += resource.parameters().serviceTime(piece.length());
			}
			if (read) {
				long bytes = ceil(piece.length(), trackSize) * trackSize;
				t += node.deviceAdapter.parameters().serviceTime(bytes)
						+ piece.rank().rank.disk().serviceTime(Math.min(bytes, piece.rank().rank.stripeUnit()));
			} else {
				t += node.peerAdapter.parameters().serviceTime(piece.length());
			}
			slowest = Math.max(slowest, t);
		}
		return time + slowest;
	}
}
