package org.iosim.analysis.san;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.HashMap;

import org.iosim.analysis.san.SanConfiguration.Host;
import org.iosim.des.EventLoop;

/**
 * Replays a trace on a SAN configuration: each request arrives at its timestamp (after the disk
 * driver's join policy, per host, where the host has one) and the run ends when the last response
 * and the background work it started are done.
 */
public final class SanReplay {

	/**
	 * @param report         the statistics
	 * @param traceRequests  requests in the trace
	 * @param issuedRequests requests after joining, the ones the storage served
	 */
	public record Result(SanReport report, int traceRequests, int issuedRequests) {
	}

	private SanReplay() {
	}

	/**
	 * @param traceName the trace's file, for messages
	 * @throws SanException naming the trace and the request if a request lies outside the volumes
	 */
	public static Result run(SanConfiguration configuration, List<IoRequest> trace, String traceName)
			throws SanException {
		EventLoop clock = new EventLoop();
		SanModel model = new SanModel(configuration, clock);
		for (int i = 0; i < trace.size(); i++) {
			String problem = model.check(trace.get(i));
			if (problem != null) {
				IoRequest r = trace.get(i);
				throw new SanException(traceName + ": request " + (i + 1) + " in time order (ASU " + r.volume() + ", LBA "
						+ r.offset() / SpcTrace.BLOCK + ", " + r.size() + " bytes): " + problem);
			}
		}
		List<IoRequest> issued = join(configuration, trace);
		double first = issued.isEmpty() ? 0 : issued.get(0).time();
		for (IoRequest request : issued) {
			// the clock starts at the first request, so utilizations cover the trace's span
			clock.schedule(request.time() - first, () -> model.submit(request, () -> {
			}));
		}
		clock.run();
		return new Result(model.report(), trace.size(), issued.size());
	}

	private static List<IoRequest> join(SanConfiguration configuration, List<IoRequest> trace) {
		Map<String, List<IoRequest>> byHost = new HashMap<>();
		for (IoRequest request : trace) {
			String host = configuration.volume(request.volume()).orElseThrow().host();
			byHost.computeIfAbsent(host, h -> new ArrayList<>()).add(request);
		}
		List<IoRequest> issued = new ArrayList<>();
		for (Host host : configuration.hosts()) {
			List<IoRequest> requests = byHost.getOrDefault(host.name(), List.of());
			issued.addAll(host.join() == null ? requests : host.join().apply(requests));
		}
		issued.sort(java.util.Comparator.comparingDouble(IoRequest::time));
		// a joined request keeps the first address and adds the amounts: it may reach past the volume's end
		return issued.stream().map(r -> {
			long size = configuration.volume(r.volume()).orElseThrow().size();
			return r.end() <= size ? r : new IoRequest(r.volume(), r.offset(), size - r.offset(), r.read(), r.time());
		}).toList();
	}
}
