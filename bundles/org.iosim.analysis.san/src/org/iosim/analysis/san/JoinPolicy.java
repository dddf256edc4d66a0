package org.iosim.analysis.san;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The disk driver's join policy: a request is joined to the one before it on the same volume if it is
 * of the same type, close in space (it starts at most {@code distance} bytes before or after where the
 * joined request ends), close in time (at most {@code window} seconds after the previous request
 * joined) and the joined amount stays at most {@code maxBytes}. The joined request has the address of
 * the first request, the timestamp of the last and the sum of their amounts.
 */
public record JoinPolicy(long maxBytes, long distance, double window) {

	public JoinPolicy {
		if (maxBytes < 1 || distance < 0 || !(window >= 0) || Double.isInfinite(window)) {
			throw new IllegalArgumentException("join policy needs maxBytes >= 1, distance >= 0 and a finite window >= 0");
		}
	}

	/**
	 * @param requests requests in time order
	 * @return the requests after joining, in time order (of their last timestamps)
	 */
	public List<IoRequest> apply(List<IoRequest> requests) {
		List<IoRequest> joined = new ArrayList<>();
		Map<Integer, IoRequest> open = new HashMap<>();
		for (IoRequest next : requests) {
			IoRequest current = open.get(next.volume());
			if (current != null && current.read() == next.read() && Math.abs(next.offset() - current.end()) <= distance
					&& next.time() - current.time() <= window && current.size() + next.size() <= maxBytes) {
				open.put(next.volume(), new IoRequest(current.volume(), current.offset(), current.size() + next.size(),
						current.read(), next.time()));
			} else {
				if (current != null) {
					joined.add(current);
				}
				open.put(next.volume(), next);
			}
		}
		joined.addAll(open.values());
		joined.sort(Comparator.comparingDouble(IoRequest::time));
		return joined;
	}
}
