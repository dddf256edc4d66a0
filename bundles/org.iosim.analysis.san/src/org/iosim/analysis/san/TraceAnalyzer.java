package org.iosim.analysis.san;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.iosim.analysis.san.WorkloadSpecification.Distribution;
import org.iosim.analysis.san.WorkloadSpecification.VolumeWorkload;

/**
 * Extracts the parameters of a trace per logical disk: requests, read ratio, sequentiality (the share
 * of the disk's requests after its first that start where its previous request ended), mean size,
 * mean and coefficient of variation of the inter-arrival times, and the span of addresses. As a
 * {@link WorkloadSpecification} the inter-arrival distribution is the one of the three whose
 * coefficient of variation (0, 1/sqrt 3, 1) is nearest the trace's, and the size the mean size rounded
 * to 512 bytes, so the generator can produce traces like it.
 */
public final class TraceAnalyzer {

	/** One logical disk's parameters. */
	public record VolumeAnalysis(int asu, long requests, double readRatio, double sequentiality, double meanSize,
			double meanInterArrival, double interArrivalCv, long span) {
	}

	/** @param duration seconds from the first to the last request */
	public record Analysis(long requests, double duration, List<VolumeAnalysis> volumes) {

		/** @return a specification the generator turns into a trace like the analysed one */
		public WorkloadSpecification toSpecification(long seed) {
			List<VolumeWorkload> workloads = new ArrayList<>();
			for (VolumeAnalysis v : volumes) {
				double cv = v.interArrivalCv();
				Distribution d = cv < 0.29 ? Distribution.CONSTANT : cv < 0.79 ? Distribution.UNIFORM
						: Distribution.EXPONENTIAL;
				long size = Math.max(SpcTrace.BLOCK, Math.round(v.meanSize() / SpcTrace.BLOCK) * SpcTrace.BLOCK);
				workloads.add(new VolumeWorkload(v.asu(), v.readRatio(), v.sequentiality(), size, d,
						v.meanInterArrival() > 0 ? v.meanInterArrival() : Math.max(duration, 1), Math.max(v.span(), size)));
			}
			return new WorkloadSpecification(seed, Math.max(duration, 1e-9), workloads);
		}

		public List<String> textLines() {
			List<String> lines = new ArrayList<>();
			lines.add(String.format(Locale.ROOT, "%d requests over %.3f s on %d logical disks", requests, duration,
					volumes.size()));
			lines.add(String.format(Locale.ROOT, "%5s %9s %10s %13s %12s %18s %15s %14s", "ASU", "requests",
					"read ratio", "sequentiality", "mean size", "mean interarrival", "interarrival cv", "span bytes"));
			for (VolumeAnalysis v : volumes) {
				lines.add(String.format(Locale.ROOT, "%5d %9d %10.3f %13.3f %12.0f %16.6f s %15.3f %14d", v.asu(),
						v.requests(), v.readRatio(), v.sequentiality(), v.meanSize(), v.meanInterArrival(),
						v.interArrivalCv(), v.span()));
			}
			return lines;
		}
	}

	private TraceAnalyzer() {
	}

	/** @param requests in time order */
	public static Analysis analyze(List<IoRequest> requests) {
		Map<Integer, List<IoRequest>> byVolume = new TreeMap<>();
		for (IoRequest r : requests) {
			byVolume.computeIfAbsent(r.volume(), v -> new ArrayList<>()).add(r);
		}
		List<VolumeAnalysis> volumes = new ArrayList<>();
		for (Map.Entry<Integer, List<IoRequest>> entry : byVolume.entrySet()) {
			List<IoRequest> list = entry.getValue();
			long reads = 0;
			long sequential = 0;
			double bytes = 0;
			long span = 0;
			double gapSum = 0;
			double gapSquares = 0;
			for (int i = 0; i < list.size(); i++) {
				IoRequest r = list.get(i);
				reads += r.read() ? 1 : 0;
				bytes += r.size();
				span = Math.max(span, r.end());
				if (i > 0) {
					IoRequest previous = list.get(i - 1);
					sequential += r.offset() == previous.end() ? 1 : 0;
					double gap = r.time() - previous.time();
					gapSum += gap;
					gapSquares += gap * gap;
				}
			}
			int n = list.size();
			double meanGap = n > 1 ? gapSum / (n - 1) : 0;
			double variance = n > 1 ? Math.max(0, gapSquares / (n - 1) - meanGap * meanGap) : 0;
			volumes.add(new VolumeAnalysis(entry.getKey(), n, (double) reads / n, n > 1 ? (double) sequential / (n - 1) : 0,
					bytes / n, meanGap, meanGap > 0 ? Math.sqrt(variance) / meanGap : 0, span));
		}
		double duration = requests.isEmpty() ? 0 : requests.get(requests.size() - 1).time() - requests.get(0).time();
		return new Analysis(requests.size(), duration, volumes);
	}
}
