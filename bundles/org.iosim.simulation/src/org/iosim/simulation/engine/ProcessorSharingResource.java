package org.iosim.simulation.engine;

import java.util.Arrays;

import org.iosim.des.events.LongEventHeap;

/**
 * Processor-sharing resource: with n jobs present and c servers, every job is
 * served at {@code min(1, c/n)} of full speed.
 * <p>
 * Instead of reducing the remaining work of every job at each arrival and
 * departure (linear in n), the resource keeps a virtual time V: the service,
 * in time-at-full-speed, that each present job has received since the
 * resource was last empty. Between events V advances at {@code min(1, c/n)}
 * per unit of real time. A job arriving with service time s gets the finish
 * tag {@code V + s} and completes when V reaches it, so the jobs wait in a
 * heap ordered by finish tag and every arrival or departure costs O(log n):
 * advance V, update the heap, reschedule the single departure event.
 * <p>
 * A job is a slot of two arrays (its arrival time and what to continue when it completes), which
 * the heap names, and a departed job's slot is taken by the next to arrive: serving a job allocates
 * nothing.
 */
public final class ProcessorSharingResource extends AbstractActiveResource {

	/** The jobs present by finish tag; each entry's payload is the job's slot. */
	private final LongEventHeap jobsByFinishTag = new LongEventHeap();
	private double[] arrivalTimes = new double[16];
	private Completion[] completions = new Completion[16];
	/** Slots of departed jobs, taken again first; the slots from {@link #slotsUsed} on were never used. */
	private int[] freeSlots = new int[16];
	private int freeCount;
	private int slotsUsed;
	private final Event departure = new Event() {
		@Override
		public void fire() {
			departureDue();
		}
	};
	private double virtualTime;
	private double virtualTimeUpdatedAt;
	// The one pending departure, in primitive fields rather than an EventHandle: it is rescheduled at
	// every arrival and departure, so a handle would be an allocation per job.
	private boolean departureScheduled;
	private double departureTime;
	private long departureSequence;
	// The departure event in the simulator's list. An arrival mostly moves the departure later; the
	// event then stays where it is, and moves to the departure's time when it comes due.
	private double queuedTime;
	private long queuedSequence;

	public ProcessorSharingResource(Simulator simulator, String name, int servers) {
		super(simulator, name, servers);
	}

	@Override
	protected void admit(double serviceTime, double arrivalTime, Completion then) {
		advanceVirtualTime();
		int slot = freeCount > 0 ? freeSlots[--freeCount] : newSlot();
		arrivalTimes[slot] = arrivalTime;
		completions[slot] = then;
		jobsByFinishTag.add(virtualTime + serviceTime, slot);
		rescheduleDeparture();
	}

	private int newSlot() {
		if (slotsUsed == completions.length) {
			arrivalTimes = Arrays.copyOf(arrivalTimes, 2 * slotsUsed);
			completions = Arrays.copyOf(completions, 2 * slotsUsed);
			freeSlots = Arrays.copyOf(freeSlots, 2 * slotsUsed);
		}
		return slotsUsed++;
	}

	private void departureDue() {
		if (queuedSequence != departureSequence) {
			simulator.postponeFiring(departureTime, departureSequence);
			queuedTime = departureTime;
			queuedSequence = departureSequence;
			return;
		}
		departureScheduled = false;
		int slot = (int) jobsByFinishTag.firstPayload();
		double arrivalTime = arrivalTimes[slot];
		Completion then = completions[slot];
		completions[slot] = null;
		freeSlots[freeCount++] = slot;
		// Taking the tag itself rather than integrating the rate keeps V free
		// of rounding drift at the moments that matter.
		virtualTime = jobsByFinishTag.firstTime();
		virtualTimeUpdatedAt = simulator.now();
		jobsByFinishTag.removeFirst();
		if (jobsByFinishTag.isEmpty()) {
			// Restarting V whenever the resource empties keeps tags small and precise.
			virtualTime = 0;
		}
		rescheduleDeparture();
		complete(arrivalTime, then);
	}

	/** Service per job per unit of real time, in time-at-full-speed. */
	private double shareOfEachJob(int jobs) {
		int servers = servers();
		return jobs <= servers ? 1 : (double) servers / jobs;
	}

	private void advanceVirtualTime() {
		double now = simulator.now();
		int jobs = jobsByFinishTag.size();
		if (jobs > 0) {
			virtualTime += (now - virtualTimeUpdatedAt) * shareOfEachJob(jobs);
		}
		virtualTimeUpdatedAt = now;
	}

	/** Called after every arrival and departure; the resource only empties at a departure. */
	private void rescheduleDeparture() {
		if (jobsByFinishTag.isEmpty()) {
			return;
		}
		// Rounding may put V a hair past the smallest tag; that job is due now.
		double remaining = Math.max(0, jobsByFinishTag.firstTime() - virtualTime);
		int jobs = jobsByFinishTag.size();
		// with no more jobs than servers each is served at full speed: the same time without a division,
		// whose latency the departure's place in the event list waits for
		double due = simulator.now() + (jobs <= servers() ? remaining : remaining / shareOfEachJob(jobs));
		if (departureScheduled) {
			if (departureTime == due) {
				return;
			}
			if (due >= queuedTime) {
				departureTime = due;
				departureSequence = simulator.reserveSequence();
				return;
			}
			simulator.cancel(queuedSequence);
		}
		departureTime = due;
		departureSequence = simulator.enqueue(due, departure);
		queuedTime = due;
		queuedSequence = departureSequence;
		departureScheduled = true;
	}
}
