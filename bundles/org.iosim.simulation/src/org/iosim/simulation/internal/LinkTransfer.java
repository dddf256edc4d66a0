package org.iosim.simulation.internal;

import java.util.Map;

import org.iosim.simulation.engine.ActiveResource;
import org.iosim.simulation.engine.Completion;

/**
 * A call between two resource containers joined by a linking resource: the request occupies the
 * link (FCFS) for latency + bytes / throughput, where bytes are the BYTESIZE characterisations of
 * the call's inputs, and the reply likewise with the callee's {@code RETURN.BYTESIZE}.
 */
final class LinkTransfer {

	private final ActiveResource link;
	private final double latency;
	private final double throughput;

	LinkTransfer(ActiveResource link, double latency, double throughput) {
		this.link = link;
		this.latency = latency;
		this.throughput = throughput;
	}

	void transfer(double bytes, Completion then) {
		link.serveFor(latency + bytes / throughput, then);
	}

	void transferReply(Map<String, Object> calleeVariables, Completion then) {
		double bytes = calleeVariables.get("RETURN.BYTESIZE") instanceof Number size ? size.doubleValue() : 0;
		link.serveFor(latency + bytes / throughput, then);
	}
}
