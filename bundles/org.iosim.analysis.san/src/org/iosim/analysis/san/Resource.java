package org.iosim.analysis.san;

import java.util.ArrayDeque;

import org.iosim.des.SimulationClock;

/**
 * A component of the SAN model that requests queue for: FCFS with a number of servers, a use taking
 * {@code overhead + bytes / bandwidth}. Keeps its time-weighted statistics.
 */
public final class Resource {

	private record Use(double service, double arrival, Runnable then) {
	}

	private final String name;
	private final String type;
	private final ServiceParameters parameters;
	private final SimulationClock clock;
	private final ArrayDeque<Use> waiting = new ArrayDeque<>();
	private int busy;
	private double lastChange;
	private double busyArea;
	private double waitingArea;
	private double populationArea;
	private long served;
	private double waitSum;

	Resource(String name, String type, ServiceParameters parameters, SimulationClock clock) {
		this.name = name;
		this.type = type;
		this.parameters = parameters;
		this.clock = clock;
		this.lastChange = clock.now();
	}

	public String name() {
		return name;
	}

	/** @return the kind of component, e.g. {@code disk} or {@code host adapter} */
	public String type() {
		return type;
	}

	public ServiceParameters parameters() {
		return parameters;
	}

	/** Uses the resource for a transfer of the bytes, then runs {@code then}. */
	void use(double bytes, Runnable then) {
		account();
		Use use = new Use(parameters.serviceTime(bytes), clock.now(), then);
		if (busy < parameters.servers()) {
			busy++;
			start(use);
		} else {
			waiting.add(use);
		}
	}

	/** @return the requests waiting or in service */
	int population() {
		return busy + waiting.size();
	}

	private void start(Use use) {
		waitSum += clock.now() - use.arrival();
		clock.schedule(use.service(), () -> {
			account();
			served++;
			Use next = waiting.poll();
			if (next != null) {
				start(next);
			} else {
				busy--;
			}
			use.then().run();
		});
	}

	private void account() {
		double now = clock.now();
		busyArea += busy * (now - lastChange);
		waitingArea += waiting.size() * (now - lastChange);
		populationArea += (busy + waiting.size()) * (now - lastChange);
		lastChange = now;
	}

	/** Forgets what was observed so far: statistics count from now on. */
	void restartStatistics() {
		account();
		busyArea = 0;
		waitingArea = 0;
		populationArea = 0;
		served = 0;
		waitSum = 0;
	}

	/**
	 * @param start the start of the observed period
	 * @return the statistics from the start until now
	 */
	ResourceStatistics statistics(double start) {
		account();
		double length = clock.now() - start;
		return new ResourceStatistics(name, parameters.servers(), served,
				length > 0 ? busyArea / (length * parameters.servers()) : 0, length > 0 ? waitingArea / length : 0,
				length > 0 ? populationArea / length : 0, served > 0 ? waitSum / served : 0);
	}

	/**
	 * @param name        the resource, e.g. {@code node0.deviceAdapter}
	 * @param utilization busy server time over the period times the servers, in [0, 1]
	 * @param waiting     mean requests waiting for a server, not in service
	 * @param inSystem    mean requests at the resource, waiting or in service
	 * @param meanWait    mean seconds a use waited for a server
	 */
	public record ResourceStatistics(String name, int servers, long served, double utilization, double waiting,
			double inSystem, double meanWait) {
	}
}
