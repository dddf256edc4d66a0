package org.iosim.analysis.san;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.iosim.analysis.san.SanConfiguration.Fabric;
import org.iosim.analysis.san.SanConfiguration.Host;
import org.iosim.analysis.san.SanConfiguration.Layout;
import org.iosim.analysis.san.SanConfiguration.Raid;
import org.iosim.analysis.san.SanConfiguration.Rank;
import org.iosim.analysis.san.SanConfiguration.Storage;
import org.iosim.analysis.san.SanConfiguration.Volume;
import org.iosim.files.FileProblems;

/**
 * Reads a SAN configuration from JSON. Times are in seconds, sizes in bytes, bandwidths in bytes per
 * second. docs/san.md (its section on the model) shows a complete file; every key is checked, and an
 * unknown key, a missing one or a value out of range is reported with the file and the element's path.
 */
public final class SanConfigurationReader {

	private static final double MAX = Double.MAX_VALUE;
	/** Why sizes are bounded. */
	private static final String BYTES = "(2^62 bytes, the most the model addresses)";
	private static final String STRIPE = "(1 TiB)";
	/**
	 * Servers of one resource (disks of a rank, adapters, processors) at most: each has a queue and a
	 * line in the results. A larger value is refused rather than cut, so the model is the one written.
	 */
	private static final long MAX_SERVERS = 4096;
	/** Why counts are bounded. */
	private static final String MODELLED = "(the most the model simulates)";

	private SanConfigurationReader() {
	}

	/** @throws SanException if the file cannot be read or is not a valid configuration */
	public static SanConfiguration read(Path file) throws SanException {
		return parse(file.toString(), JsonElement.read(file, "SAN configuration"));
	}

	/**
	 * @param file the name to report
	 * @param text the JSON
	 */
	public static SanConfiguration parse(String file, String text) throws SanException {
		JsonElement top = JsonElement.parse(file, text, "SAN configuration");
		top.onlyKeys("hosts", "fabric", "storage", "volumes", "description");
		List<Host> hosts = new ArrayList<>();
		Set<String> hostNames = new HashSet<>();
		for (JsonElement host : top.objects("hosts")) {
			host.onlyKeys("name", "lvm", "diskDriver", "adapters", "join");
			String name = host.string("name", null);
			if (!hostNames.add(name)) {
				throw host.problem(host.path() + ".name", "repeats the host name '" + FileProblems.excerpt(name) + "'");
			}
			JoinPolicy join = null;
			if (host.has("join")) {
				JsonElement j = host.object("join");
				j.onlyKeys("maxBytes", "distance", "window");
				join = new JoinPolicy(j.whole("maxBytes", Long.MIN_VALUE, 1, SanConfiguration.MAX_BYTES, BYTES),
						j.whole("distance", 0, 0, SanConfiguration.MAX_BYTES, BYTES),
						j.number("window", Double.NaN, 0, MAX));
			}
			hosts.add(new Host(name, service(host, "lvm", false), service(host, "diskDriver", false),
					service(host, "adapters", true), join));
		}
		JsonElement fabric = top.optionalObject("fabric");
		fabric.onlyKeys("hostPort", "storagePort", "channels");
		Fabric theFabric = new Fabric(service(fabric, "hostPort", false), service(fabric, "storagePort", false),
				service(fabric, "channels", true));
		Storage storage = storage(top.object("storage"));
		List<Volume> volumes = new ArrayList<>();
		Set<Long> asus = new HashSet<>();
		// tracks of each rank the volumes take, laid out as the model lays them out
		Map<String, Long> rankTracks = new HashMap<>();
		for (JsonElement volume : top.objects("volumes")) {
			volume.onlyKeys("asu", "name", "host", "size", "layout", "stripeSize", "ranks");
			long asu = volume.whole("asu", Long.MIN_VALUE, 0);
			if (asu > Integer.MAX_VALUE) {
				throw volume.problem(volume.path() + ".asu", "must be at most " + Integer.MAX_VALUE + ", got " + asu);
			}
			if (!asus.add(asu)) {
				throw volume.problem(volume.path() + ".asu", "repeats the ASU number " + asu);
			}
			String host = volume.string("host", hosts.get(0).name());
			if (!hostNames.contains(host)) {
				throw volume.problem(volume.path() + ".host",
						"names no host: '" + FileProblems.excerpt(host) + "'; hosts: " + hostNames);
			}
			String layoutText = volume.string("layout", "striped");
			Layout layout;
			try {
				layout = Layout.valueOf(layoutText.toUpperCase(Locale.ROOT));
			} catch (IllegalArgumentException unknown) {
				throw volume.problem(volume.path() + ".layout", "must be \"striped\" or \"concatenated\", got '"
						+ FileProblems.excerpt(layoutText) + "'");
			}
			List<String> ranks = volume.strings("ranks");
			for (int i = 0; i < ranks.size(); i++) {
				if (storage.rank(ranks.get(i)).isEmpty()) {
					throw volume.problem(volume.path() + ".ranks[" + i + "]", "names no rank: '" + FileProblems.excerpt(ranks.get(i))
							+ "'; ranks: " + storage.ranks().stream().map(Rank::name).toList());
				}
			}
			if (new HashSet<>(ranks).size() != ranks.size()) {
				throw volume.problem(volume.path() + ".ranks", "names a rank twice");
			}
			Volume placed = new Volume((int) asu, volume.string("name", "asu" + asu), host,
					volume.whole("size", Long.MIN_VALUE, 512, SanConfiguration.MAX_BYTES, BYTES), layout,
					volume.whole("stripeSize", storage.trackSize(), 512, SanConfiguration.MAX_STRIPE, STRIPE), ranks);
			long tracks = SanConfiguration.ceil(placed.extent(), storage.trackSize());
			for (String rank : ranks) {
				long total = rankTracks.merge(rank, tracks, Long::sum);
				long most = Math.min(SanConfiguration.MAX_RANK_TRACKS, SanConfiguration.MAX_BYTES / storage.trackSize());
				if (total > most) {
					throw volume.problem(volume.path() + ".size", String.format(Locale.ROOT, "puts %,d tracks of %,d"
							+ " bytes on rank '%s'%s, more than a rank holds: at most %,d tracks (2^40) and %,d bytes"
							+ " (2^62), so here %,d tracks; make the volume smaller or spread it over more ranks",
							total, storage.trackSize(), FileProblems.excerpt(rank), total == tracks ? ""
									: " together with the volumes before it there", SanConfiguration.MAX_RANK_TRACKS,
							SanConfiguration.MAX_BYTES, most));
				}
			}
			volumes.add(placed);
		}
		return new SanConfiguration(hosts, theFabric, storage, volumes);
	}

	private static Storage storage(JsonElement storage) throws SanException {
		storage.onlyKeys("nodes", "processor", "hostAdapters", "deviceAdapters", "peerAdapter", "cache", "nvs",
				"prestage", "ranks");
		int nodes = (int) storage.whole("nodes", 2, 1, 64, MODELLED);
		JsonElement cache = storage.object("cache");
		cache.onlyKeys("size", "trackSize");
		long trackSize = cache.whole("trackSize", 32768, 512, SanConfiguration.MAX_TRACK_SIZE, "(1 GiB)");
		long cacheSize = cache.whole("size", Long.MIN_VALUE, trackSize, SanConfiguration.MAX_BYTES, BYTES);
		JsonElement nvs = storage.object("nvs");
		nvs.onlyKeys("size", "destageHigh", "destageLow", "destages");
		long nvsSize = nvs.whole("size", Long.MIN_VALUE, trackSize, SanConfiguration.MAX_BYTES, BYTES);
		double high = nvs.number("destageHigh", 0.8, 0, 1);
		double low = nvs.number("destageLow", 0.5, 0, 1);
		if (low > high) {
			throw storage.problem(nvs.path() + ".destageLow", "must not exceed destageHigh (" + high + "), got " + low);
		}
		int destages = (int) nvs.whole("destages", 4, 1, 1024, MODELLED);
		JsonElement prestage = storage.optionalObject("prestage");
		prestage.onlyKeys("after", "tracks");
		int after = (int) prestage.whole("after", 0, 0, 1 << 20, MODELLED);
		int tracks = (int) prestage.whole("tracks", after > 0 ? 4 : 0, 0, 1 << 20, MODELLED);
		List<Rank> ranks = new ArrayList<>();
		Set<String> names = new HashSet<>();
		for (JsonElement rank : storage.objects("ranks")) {
			rank.onlyKeys("name", "node", "raid", "disks", "stripeUnit", "disk");
			String name = rank.string("name", null);
			if (!names.add(name)) {
				throw rank.problem(rank.path() + ".name", "repeats the rank name '" + FileProblems.excerpt(name) + "'");
			}
			long node = rank.whole("node", 0, 0);
			if (node >= nodes) {
				throw rank.problem(rank.path() + ".node", "must be less than storage.nodes (" + nodes + "), got " + node);
			}
			String raidText = rank.string("raid", "raid5");
			Raid raid;
			try {
				raid = Raid.valueOf(raidText.toUpperCase(Locale.ROOT).replace("-", ""));
			} catch (IllegalArgumentException unknown) {
				throw rank.problem(rank.path() + ".raid", "must be \"raid0\", \"raid5\" or \"raid10\", got '"
						+ FileProblems.excerpt(raidText) + "'");
			}
			long disks = rank.whole("disks", Long.MIN_VALUE, 1, MAX_SERVERS, MODELLED);
			if (raid == Raid.RAID5 && disks < 3 || raid == Raid.RAID10 && (disks < 2 || disks % 2 != 0)) {
				throw rank.problem(rank.path() + ".disks", raid == Raid.RAID5 ? "must be at least 3 for raid5, got " + disks
						: "must be an even number of at least 2 for raid10, got " + disks);
			}
			JsonElement disk = rank.object("disk");
			disk.onlyKeys("overhead", "bandwidth");
			ranks.add(new Rank(name, (int) node, raid, (int) disks,
					rank.whole("stripeUnit", trackSize, 512, SanConfiguration.MAX_STRIPE, STRIPE),
					new ServiceParameters(1, disk.number("overhead", Double.NaN, 0, MAX),
							disk.number("bandwidth", 0, 0, MAX))));
		}
		return new Storage(nodes, service(storage, "processor", true), service(storage, "hostAdapters", true),
				service(storage, "deviceAdapters", true), service(storage, "peerAdapter", false), cacheSize, trackSize,
				nvsSize, high, low, destages, after, tracks, ranks);
	}

	/** An optional resource: {"overhead": s, "bandwidth": B/s} and, where it has several servers, "count". */
	private static ServiceParameters service(JsonElement parent, String key, boolean counted) throws SanException {
		JsonElement element = parent.optionalObject(key);
		if (counted) {
			element.onlyKeys("count", "overhead", "bandwidth");
		} else {
			element.onlyKeys("overhead", "bandwidth");
		}
		return new ServiceParameters(counted ? (int) element.whole("count", 1, 1, MAX_SERVERS, MODELLED) : 1,
				element.number("overhead", 0, 0, MAX), element.number("bandwidth", 0, 0, MAX));
	}
}
