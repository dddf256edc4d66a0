package org.iosim.qpn.simulation.internal;

import java.util.Arrays;

import org.iosim.des.statistics.TimeWeighted;
import org.iosim.qpn.simulation.internal.CompiledNet.QueueSpec;

/**
 * The state of one queue during a run: the tokens waiting and in service, the completions it has
 * scheduled, and its busy servers over time. Each strategy is one subclass; tokens are the run's
 * token numbers.
 */
abstract sealed class QueueState {

	final NetRun run;
	final int index;
	final int servers;
	/** Busy servers (for IS: tokens in service) over time. */
	final TimeWeighted busy = new TimeWeighted(0, 0);

	QueueState(NetRun run, int index, int servers) {
		this.run = run;
		this.index = index;
		this.servers = servers;
	}

	static QueueState of(QueueSpec spec, int index, NetRun run) {
		return switch (spec.strategy()) {
		case FCFS -> new Waiting(run, index, spec.servers(), new FifoLine());
		case PRIO -> new Waiting(run, index, spec.servers(), new PriorityLine(run.prioritiesOf(index)));
		case RANDOM -> new Waiting(run, index, spec.servers(), new RandomLine());
		case IS -> new InfiniteServer(run, index);
		case PS -> new ProcessorSharing(run, index, spec.servers());
		};
	}

	abstract void arrive(int token);

	/**
	 * A completion event of this queue fired.
	 *
	 * @param sequence the event's sequence number
	 * @return false if the event was outdated (a processor-sharing queue reschedules its next completion)
	 */
	abstract boolean complete(int token, long sequence);

	void startMeasuring(double time) {
		busy.reset(time);
	}

	/** Mean share of busy servers since measuring began (IS: mean tokens in service). */
	double utilization(double now) {
		return busy.mean(now) / servers;
	}

	/** FCFS, PRIO and RANDOM: servers take the next waiting token as the line says. */
	static final class Waiting extends QueueState {
		private final Line line;
		private int busyServers;

		Waiting(NetRun run, int index, int servers, Line line) {
			super(run, index, servers);
			this.line = line;
		}

		@Override
		void arrive(int token) {
			if (busyServers < servers) {
				start(token);
			} else {
				line.add(token, run);
			}
		}

		private void start(int token) {
			busy.update(run.now(), ++busyServers);
			run.schedule(run.serviceTime(token), index, token);
		}

		@Override
		boolean complete(int token, long sequence) {
			busy.update(run.now(), --busyServers);
			run.served(token);
			if (!line.isEmpty() && busyServers < servers) {
				start(line.next(run));
			}
			return true;
		}
	}

	/** IS: every token is served at once, for its own service time. */
	static final class InfiniteServer extends QueueState {
		private int inService;

		InfiniteServer(NetRun run, int index) {
			super(run, index, 1);
		}

		@Override
		void arrive(int token) {
			busy.update(run.now(), ++inService);
			run.schedule(run.serviceTime(token), index, token);
		}

		@Override
		boolean complete(int token, long sequence) {
			busy.update(run.now(), --inService);
			run.served(token);
			return true;
		}
	}

	/**
	 * PS on {@code servers} servers: n tokens share them, each served at rate min(1, servers/n). A
	 * token's service ends when the queue's <em>virtual time</em> (the work each token has received
	 * since the start) reaches its virtual time at arrival plus its service time; the tokens wait in a
	 * heap by that finish, and only the earliest has a completion event, rescheduled whenever n
	 * changes (older events are recognised by their sequence number and dropped).
	 * <p>
	 * An arrival mostly moves the next completion later. Then the event already in the list stays
	 * there and stands for the completion: when it comes due, it moves to the completion's time
	 * under the sequence number the arrival reserved, so every event fires in the same order as
	 * if the arrival had scheduled a new one, with a tenth fewer events in the list.
	 */
	static final class ProcessorSharing extends QueueState {
		private int[] heap = new int[16];
		private int size;
		private double virtualTime;
		private double lastUpdate;
		/** Sequence number of the one completion event that counts, and its time. */
		private long pending = -1;
		private double pendingTime;
		/**
		 * The event in the list that stands for the next completion, and its time: the pending one, or an
		 * earlier one that moves to the pending time when it comes due; -1 for none.
		 */
		private long listed = -1;
		private double listedTime;

		ProcessorSharing(NetRun run, int index, int servers) {
			super(run, index, servers);
		}

		private double rate() {
			return size <= servers ? 1 : (double) servers / size;
		}

		private void advance() {
			double now = run.now();
			if (size > 0) {
				virtualTime += (now - lastUpdate) * rate();
			}
			lastUpdate = now;
		}

		@Override
		void arrive(int token) {
			advance();
			run.setFinish(token, virtualTime + run.serviceTime(token));
			push(token);
			busy.update(run.now(), Math.min(size, servers));
			reschedule();
		}

		@Override
		boolean complete(int token, long sequence) {
			if (sequence != pending) {
				if (sequence == listed) {
					run.postpone(pendingTime, pending, index, heap[0]);
					listed = pending;
					listedTime = pendingTime;
				}
				return false;
			}
			listed = -1;
			advance();
			int finished = pop();
			busy.update(run.now(), Math.min(size, servers));
			reschedule();
			run.served(finished);
			return true;
		}

		private void reschedule() {
			pending = -1;
			if (size > 0) {
				double remaining = Math.max(0, run.finish(heap[0]) - virtualTime);
				// with no more tokens than servers each is served at full speed: the same delay without a
				// division, whose latency the completion's place in the event list waits for
				double delay = size <= servers ? remaining : remaining / rate();
				double time = run.now() + delay;
				if (listed >= 0 && listedTime <= time && run.mayPostpone()) {
					// the listed event still comes first (its sequence number is the smaller)
					pending = run.reserveSequence();
				} else {
					pending = run.schedule(delay, index, heap[0]);
					listed = pending;
					listedTime = time;
				}
				pendingTime = time;
			}
		}

		private void push(int token) {
			if (size == heap.length) {
				heap = Arrays.copyOf(heap, size * 2);
			}
			double finish = run.finish(token);
			int hole = size++;
			while (hole > 0) {
				int parent = (hole - 1) >>> 1;
				if (run.finish(heap[parent]) <= finish) {
					break;
				}
				heap[hole] = heap[parent];
				hole = parent;
			}
			heap[hole] = token;
		}

		private int pop() {
			int first = heap[0];
			int last = heap[--size];
			if (size > 0) {
				double finish = run.finish(last);
				int hole = 0;
				while (2 * hole + 1 < size) {
					int child = 2 * hole + 1;
					if (child + 1 < size && run.finish(heap[child + 1]) < run.finish(heap[child])) {
						child++;
					}
					if (run.finish(heap[child]) >= finish) {
						break;
					}
					heap[hole] = heap[child];
					hole = child;
				}
				heap[hole] = last;
			}
			return first;
		}
	}

	/** The tokens waiting for a server, in the order a strategy serves them. */
	sealed interface Line {
		void add(int token, NetRun run);

		int next(NetRun run);

		boolean isEmpty();
	}

	/** First come, first served. */
	static final class FifoLine implements Line {
		private final IntRing tokens = new IntRing();

		@Override
		public void add(int token, NetRun run) {
			tokens.add(token);
		}

		@Override
		public int next(NetRun run) {
			return tokens.removeFirst();
		}

		@Override
		public boolean isEmpty() {
			return tokens.isEmpty();
		}
	}

	/** Highest priority first, first come, first served within one priority; no preemption. */
	static final class PriorityLine implements Line {
		private final int[] priorities;
		private final IntRing[] lines;
		private int waiting;

		PriorityLine(int[] prioritiesHighestFirst) {
			priorities = prioritiesHighestFirst;
			lines = new IntRing[priorities.length];
			for (int level = 0; level < lines.length; level++) {
				lines[level] = new IntRing();
			}
		}

		@Override
		public void add(int token, NetRun run) {
			int priority = run.priority(token);
			for (int level = 0; level < priorities.length; level++) {
				if (priorities[level] == priority) {
					lines[level].add(token);
					waiting++;
					return;
				}
			}
			throw new IllegalStateException("no line for priority " + priority);
		}

		@Override
		public int next(NetRun run) {
			for (IntRing line : lines) {
				if (!line.isEmpty()) {
					waiting--;
					return line.removeFirst();
				}
			}
			throw new IllegalStateException("no token waits");
		}

		@Override
		public boolean isEmpty() {
			return waiting == 0;
		}
	}

	/** The next token drawn at random among the waiting ones. */
	static final class RandomLine implements Line {
		private int[] tokens = new int[16];
		private int size;

		@Override
		public void add(int token, NetRun run) {
			if (size == tokens.length) {
				tokens = Arrays.copyOf(tokens, size * 2);
			}
			tokens[size++] = token;
		}

		@Override
		public int next(NetRun run) {
			int drawn = run.random().nextInt(size);
			int token = tokens[drawn];
			tokens[drawn] = tokens[--size];
			return token;
		}

		@Override
		public boolean isEmpty() {
			return size == 0;
		}
	}
}
