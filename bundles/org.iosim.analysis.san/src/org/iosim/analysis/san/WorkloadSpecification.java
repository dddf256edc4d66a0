package org.iosim.analysis.san;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.iosim.files.FileProblems;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What {@link TraceGenerator} generates and {@link TraceAnalyzer} finds: per logical disk the read
 * ratio, the sequentiality, the request size, the inter-arrival distribution and the address span.
 *
 * @param seed     seed of the generator's random stream
 * @param duration seconds of trace to generate
 * @param volumes  per logical disk
 */
public record WorkloadSpecification(long seed, double duration, List<VolumeWorkload> volumes) {

	public WorkloadSpecification {
		volumes = List.copyOf(volumes);
	}

	/** Inter-arrival time distributions. */
	public enum Distribution {
		/** every inter-arrival time is the mean */
		CONSTANT,
		/** uniform on [0, 2 mean] (coefficient of variation 1/sqrt 3) */
		UNIFORM,
		/** exponential (Poisson arrivals, coefficient of variation 1) */
		EXPONENTIAL
	}

	/**
	 * @param asu           the logical disk
	 * @param readRatio     probability a request is a read
	 * @param sequentiality probability a request starts where the disk's previous request ended
	 * @param size          bytes per request, a multiple of 512
	 * @param interArrival  the distribution of the times between the disk's requests
	 * @param meanInterArrival its mean in seconds
	 * @param span          bytes of the disk the requests address
	 */
	public record VolumeWorkload(int asu, double readRatio, double sequentiality, long size, Distribution interArrival,
			double meanInterArrival, long span) {
	}

	/** @throws SanException naming the file and the element if it is not a valid specification */
	public static WorkloadSpecification read(Path file) throws SanException {
		JsonElement top = JsonElement.parse(file.toString(), JsonElement.read(file, "workload specification"),
				"workload specification");
		top.onlyKeys("seed", "duration", "volumes", "description");
		long seed = top.whole("seed", 1, Long.MIN_VALUE + 1);
		double duration = top.number("duration", Double.NaN, 1e-9, 1e9);
		List<VolumeWorkload> volumes = new ArrayList<>();
		Set<Long> asus = new HashSet<>();
		double expected = 0;
		for (JsonElement v : top.objects("volumes")) {
			v.onlyKeys("asu", "readRatio", "sequentiality", "size", "interArrival", "meanInterArrival", "span");
			long asu = v.whole("asu", Long.MIN_VALUE, 0);
			if (asu > Integer.MAX_VALUE || !asus.add(asu)) {
				throw v.problem(v.path() + ".asu", "must be a new ASU number up to " + Integer.MAX_VALUE + ", got " + asu);
			}
			long size = v.whole("size", Long.MIN_VALUE, SpcTrace.BLOCK, SanConfiguration.MAX_BYTES,
					"(2^62 bytes, the most the model addresses)");
			if (size % SpcTrace.BLOCK != 0) {
				throw v.problem(v.path() + ".size", "must be a multiple of 512 bytes, got " + size);
			}
			String distribution = v.string("interArrival", "exponential");
			Distribution d;
			try {
				d = Distribution.valueOf(distribution.toUpperCase(Locale.ROOT));
			} catch (IllegalArgumentException unknown) {
				throw v.problem(v.path() + ".interArrival", "must be \"constant\", \"uniform\" or \"exponential\", got '"
						+ FileProblems.excerpt(distribution) + "'");
			}
			long span = v.whole("span", Long.MIN_VALUE, size, SanConfiguration.MAX_BYTES,
					"(2^62 bytes, the most the model addresses)");
			double meanInterArrival = v.number("meanInterArrival", Double.NaN, 1e-9, 1e9);
			// refused before a request is made: generating what cannot be held would end with the heap exhausted
			expected += duration / meanInterArrival;
			if (expected > SpcTrace.maxRequests()) {
				throw v.problem(v.path() + ".meanInterArrival", String.format(Locale.ROOT, "(one request every %s s for"
						+ " 'duration' %s s) makes the trace about %.3g requests long%s, %s; ask for a shorter"
						+ " 'duration' or fewer requests", meanInterArrival, duration, expected,
						asus.size() > 1 ? " with the volumes before it" : "", SpcTrace.beyondMaxRequests()));
			}
			volumes.add(new VolumeWorkload((int) asu, v.number("readRatio", Double.NaN, 0, 1),
					v.number("sequentiality", 0, 0, 1), size, d, meanInterArrival, span));
		}
		return new WorkloadSpecification(seed, duration, volumes);
	}

	/** @return the specification as JSON, as {@link #read} reads it */
	public String toJson() {
		ObjectNode root = new ObjectMapper().createObjectNode();
		root.put("seed", seed);
		root.put("duration", duration);
		ArrayNode list = root.putArray("volumes");
		for (VolumeWorkload v : volumes) {
			ObjectNode o = list.addObject();
			o.put("asu", v.asu());
			o.put("readRatio", v.readRatio());
			o.put("sequentiality", v.sequentiality());
			o.put("size", v.size());
			o.put("interArrival", v.interArrival().name().toLowerCase(Locale.ROOT));
			o.put("meanInterArrival", v.meanInterArrival());
			o.put("span", v.span());
		}
		return root.toPrettyString();
	}
}
