package org.iosim.analysis.san;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.iosim.analysis.san.Resource.ResourceStatistics;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a SAN run observed: host response times, the cache's hit rate and background work, and each
 * resource's utilization and mean requests waiting and in system (waiting or in service).
 *
 * @param duration          seconds observed (from the start until the last event)
 * @param readHits          reads all of whose tracks were in the cache when they reached it
 * @param stagedTracks      tracks staged for read misses
 * @param prestagedTracks   tracks prestaged after sequential runs
 * @param destageOperations destage operations (each writes neighbouring tracks of one RAID stripe)
 * @param nvsWaits          writes that waited for NVS space
 * @param nvsUsedAtEnd      bytes of NVS still holding written data at the end, over all nodes
 */
public record SanReport(double duration, long reads, long writes, long readHits, Times readTimes, Times writeTimes,
		long stagedTracks, long prestagedTracks, long destageOperations, long destagedTracks, long nvsWaits,
		long nvsUsedAtEnd, List<ResourceStatistics> resources) {

	/** Response times in seconds: count, mean, 95th percentile and maximum. */
	public record Times(long count, double mean, double p95, double max) {
	}

	/** @return read hits over reads, 0 without reads */
	public double hitRate() {
		return reads == 0 ? 0 : (double) readHits / reads;
	}

	/** @return the mean response time of all requests */
	public double meanResponseTime() {
		long all = reads + writes;
		return all == 0 ? 0 : (readTimes.mean() * readTimes.count() + writeTimes.mean() * writeTimes.count()) / all;
	}

	/** @return the resource of that name */
	public ResourceStatistics resource(String name) {
		return resources.stream().filter(r -> r.name().equals(name)).findFirst()
				.orElseThrow(() -> new IllegalArgumentException("no resource " + name));
	}

	/** @return the report as lines of text for the command line */
	public List<String> textLines() {
		List<String> lines = new ArrayList<>();
		lines.add(String.format(Locale.ROOT, "%d reads, %d writes in %.3f s", reads, writes, duration));
		lines.add(String.format(Locale.ROOT, "read hit rate %.1f %% (%d of %d)", 100 * hitRate(), readHits, reads));
		lines.add(String.format(Locale.ROOT, "response time read  mean %.3f ms, p95 %.3f ms, max %.3f ms",
				1e3 * readTimes.mean(), 1e3 * readTimes.p95(), 1e3 * readTimes.max()));
		lines.add(String.format(Locale.ROOT, "response time write mean %.3f ms, p95 %.3f ms, max %.3f ms",
				1e3 * writeTimes.mean(), 1e3 * writeTimes.p95(), 1e3 * writeTimes.max()));
		lines.add(String.format(Locale.ROOT, "response time all   mean %.3f ms", 1e3 * meanResponseTime()));
		lines.add(String.format(Locale.ROOT, "staged %d tracks, prestaged %d, destaged %d in %d operations,"
				+ " %d writes waited for NVS", stagedTracks, prestagedTracks, destagedTracks, destageOperations, nvsWaits));
		lines.add("");
		lines.add(String.format(Locale.ROOT, "%-36s %7s %9s %11s %9s %9s %13s", "resource", "servers", "uses",
				"utilization", "waiting", "in system", "mean wait ms"));
		for (ResourceStatistics r : resources) {
			lines.add(String.format(Locale.ROOT, "%-36s %7d %9d %10.1f%% %9.3f %9.3f %13.3f", r.name(), r.servers(),
					r.served(), 100 * r.utilization(), r.waiting(), r.inSystem(), 1e3 * r.meanWait()));
		}
		lines.add("(waiting: mean requests waiting for a server; in system: mean requests waiting or in service)");
		return lines;
	}

	/** @return the report as a JSON object */
	public String toJson() {
		ObjectMapper mapper = new ObjectMapper();
		ObjectNode root = mapper.createObjectNode();
		root.put("duration", duration);
		root.put("reads", reads);
		root.put("writes", writes);
		root.put("readHits", readHits);
		root.put("hitRate", hitRate());
		times(root.putObject("readResponseTime"), readTimes);
		times(root.putObject("writeResponseTime"), writeTimes);
		root.put("meanResponseTime", meanResponseTime());
		root.put("stagedTracks", stagedTracks);
		root.put("prestagedTracks", prestagedTracks);
		root.put("destageOperations", destageOperations);
		root.put("destagedTracks", destagedTracks);
		root.put("nvsWaits", nvsWaits);
		root.put("nvsUsedAtEnd", nvsUsedAtEnd);
		ArrayNode list = root.putArray("resources");
		for (ResourceStatistics r : resources) {
			ObjectNode o = list.addObject();
			o.put("name", r.name());
			o.put("servers", r.servers());
			o.put("uses", r.served());
			o.put("utilization", r.utilization());
			o.put("meanWaiting", r.waiting());
			o.put("meanInSystem", r.inSystem());
			o.put("meanWait", r.meanWait());
		}
		return root.toPrettyString();
	}

	private static void times(ObjectNode node, Times times) {
		node.put("count", times.count());
		node.put("mean", times.mean());
		node.put("p95", times.p95());
		node.put("max", times.max());
	}

	/** @return the resources as CSV with a header line */
	public String resourcesCsv() {
		StringBuilder csv = new StringBuilder(
				"resource,servers,uses,utilization,mean_waiting,mean_in_system,mean_wait_seconds\n");
		for (ResourceStatistics r : resources) {
			csv.append(String.format(Locale.ROOT, "%s,%d,%d,%.6f,%.6f,%.6f,%.9f%n", r.name(), r.servers(), r.served(),
					r.utilization(), r.waiting(), r.inSystem(), r.meanWait()));
		}
		return csv.toString();
	}
}
