package org.iosim.analysis.san;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.iosim.analysis.san.WorkloadSpecification.VolumeWorkload;

/**
 * Generates a trace from a workload specification: each logical disk an independent stream, seeded from
 * the specification's seed and the disk's ASU so that adding a disk leaves the others' requests alone.
 * A request is sequential with the disk's sequentiality (it starts where the disk's previous request
 * ended, wrapping to 0 at the span) and otherwise starts at a random multiple of the request size.
 */
public final class TraceGenerator {

	private TraceGenerator() {
	}

	/**
	 * @return the requests in time order
	 * @throws SanException if the trace would have more than {@link SpcTrace#maxRequests()} requests
	 *                      ({@link WorkloadSpecification#read} refuses specifications expected to;
	 *                      random inter-arrival times may still go beyond)
	 */
	public static List<IoRequest> generate(WorkloadSpecification specification) throws SanException {
		List<IoRequest> requests = new ArrayList<>();
		long most = SpcTrace.maxRequests();
		for (VolumeWorkload v : specification.volumes()) {
			UniformRandomProvider random = RandomSource.SPLIT_MIX_64
					.create(specification.seed() * 0x9E3779B97F4A7C15L + v.asu());
			long slots = Math.max(1, v.span() / v.size());
			long next = -1;
			double time = 0;
			while (true) {
				time += switch (v.interArrival()) {
					case CONSTANT -> v.meanInterArrival();
					case UNIFORM -> 2 * v.meanInterArrival() * random.nextDouble();
					case EXPONENTIAL -> -v.meanInterArrival() * Math.log(1 - random.nextDouble());
				};
				if (time >= specification.duration()) {
					break;
				}
				boolean sequential = next >= 0 && random.nextDouble() < v.sequentiality();
				long offset = sequential ? (next + v.size() > v.span() ? 0 : next) : random.nextLong(slots) * v.size();
				boolean read = random.nextDouble() < v.readRatio();
				if (requests.size() >= most) {
					throw new SanException("the workload specification makes a trace of " + SpcTrace.beyondMaxRequests());
				}
				requests.add(new IoRequest(v.asu(), offset, v.size(), read, time));
				next = offset + v.size();
			}
		}
		requests.sort(Comparator.comparingDouble(IoRequest::time));
		return requests;
	}
}
