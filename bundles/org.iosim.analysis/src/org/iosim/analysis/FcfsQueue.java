package org.iosim.analysis;

import java.util.ArrayDeque;

import org.iosim.analysis.EmbeddedIoModel.SubModelResource;
import org.iosim.des.SimulationClock;

/**
 * A first-come-first-served queue with a number of servers on the simulation clock, for
 * {@link EmbeddedIoModel}s: each request holds a server for its own service time, and requests
 * wait for a free one. It keeps the time-weighted statistics since measuring began that the
 * model reports as a {@link SubModelResource}. One queue belongs to one replication.
 */
public final class FcfsQueue {
	private final int servers;
	private final SimulationClock clock;
	private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
	private int busy;
	private double since;
	private double lastChange;
	private double busyArea;
	private double waitingArea;
	private double populationArea;
	private long served;

	/** @param servers requests served at once, at least 1 */
	public FcfsQueue(int servers, SimulationClock clock) {
		if (servers < 1) {
			throw new IllegalArgumentException("a queue needs at least one server");
		}
		this.servers = servers;
		this.clock = clock;
		this.since = clock.now();
		this.lastChange = since;
	}

	/**
	 * Takes a request in: it is served for {@code serviceTime} once a server is free, then
	 * {@code finished} runs, before the next waiting request starts.
	 */
	public void enter(double serviceTime, Runnable finished) {
		account();
		Runnable serve = () -> clock.schedule(serviceTime, () -> {
			account();
			served++;
			finished.run();
			Runnable next = waiting.poll();
			if (next != null) {
				next.run();
			} else {
				busy--;
			}
		});
		if (busy < servers) {
			busy++;
			serve.run();
		} else {
			waiting.add(serve);
		}
	}

	private void account() {
		double now = clock.now();
		busyArea += busy * (now - lastChange);
		waitingArea += waiting.size() * (now - lastChange);
		populationArea += (busy + waiting.size()) * (now - lastChange);
		lastChange = now;
	}

	/** Measuring begins: the statistics count from now on. */
	public void startMeasuring() {
		account();
		since = clock.now();
		busyArea = 0;
		waitingArea = 0;
		populationArea = 0;
		served = 0;
	}

	/** @return the queue as a resource, with its statistics since measuring began */
	public SubModelResource resource(String name, String type) {
		account();
		double length = clock.now() - since;
		return new SubModelResource(name, type, "FCFS", servers, served,
				length > 0 ? busyArea / (length * servers) : 0, length > 0 ? waitingArea / length : 0,
				length > 0 ? populationArea / length : 0);
	}
}
