package org.iosim.simulation.engine;

import java.util.Arrays;

/**
 * First-come-first-served resource with {@code servers} identical servers and
 * one FIFO queue.
 * <p>
 * Each server is a reusable departure event, and waiting jobs sit in a ring
 * buffer of primitive arrays, so serving a job allocates nothing.
 */
public final class FcfsResource extends AbstractActiveResource {

	private final Server[] idleServers;
	private int idleCount;

	private double[] waitingServiceTimes = new double[16];
	private double[] waitingArrivalTimes = new double[16];
	private Completion[] waitingCompletions = new Completion[16];
	private int waitingHead;
	private int waitingCount;

	public FcfsResource(Simulator simulator, String name, int servers) {
		super(simulator, name, servers);
		idleServers = new Server[servers];
		// Reversed so that the first server is taken first, which reads
		// naturally when tracing a run.
		for (int i = servers - 1; i >= 0; i--) {
			idleServers[idleCount++] = new Server();
		}
	}

	/** Jobs waiting for a server. */
	public int queueLength() {
		return waitingCount;
	}

	@Override
	protected void admit(double serviceTime, double arrivalTime, Completion then) {
		if (idleCount > 0) {
			idleServers[--idleCount].start(serviceTime, arrivalTime, then);
		} else {
			enqueue(serviceTime, arrivalTime, then);
		}
	}

	private void enqueue(double serviceTime, double arrivalTime, Completion then) {
		if (waitingCount == waitingCompletions.length) {
			growQueue();
		}
		int tail = (waitingHead + waitingCount) & (waitingCompletions.length - 1);
		waitingServiceTimes[tail] = serviceTime;
		waitingArrivalTimes[tail] = arrivalTime;
		waitingCompletions[tail] = then;
		waitingCount++;
	}

	private void growQueue() {
		int capacity = waitingCompletions.length;
		// Unroll the ring so that the head is at index 0 in the larger arrays.
		waitingServiceTimes = unrolled(waitingServiceTimes, capacity);
		waitingArrivalTimes = unrolled(waitingArrivalTimes, capacity);
		Completion[] completions = new Completion[capacity * 2];
		int firstPart = capacity - waitingHead;
		System.arraycopy(waitingCompletions, waitingHead, completions, 0, firstPart);
		System.arraycopy(waitingCompletions, 0, completions, firstPart, waitingHead);
		waitingCompletions = completions;
		waitingHead = 0;
	}

	private double[] unrolled(double[] ring, int capacity) {
		double[] larger = Arrays.copyOfRange(ring, waitingHead, waitingHead + capacity * 2);
		System.arraycopy(ring, 0, larger, capacity - waitingHead, waitingHead);
		return larger;
	}

	private final class Server extends Event {

		private double arrivalTime;
		private Completion then;

		void start(double serviceTime, double jobArrivalTime, Completion jobCompletion) {
			arrivalTime = jobArrivalTime;
			then = jobCompletion;
			simulator.schedule(serviceTime, this);
		}

		@Override
		public void fire() {
			double finishedArrivalTime = arrivalTime;
			Completion finished = then;
			if (waitingCount > 0) {
				int head = waitingHead;
				Completion next = waitingCompletions[head];
				waitingCompletions[head] = null;
				waitingHead = (head + 1) & (waitingCompletions.length - 1);
				waitingCount--;
				start(waitingServiceTimes[head], waitingArrivalTimes[head], next);
			} else {
				then = null;
				idleServers[idleCount++] = this;
			}
			complete(finishedArrivalTime, finished);
		}
	}
}
