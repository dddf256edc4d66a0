package org.iosim.simulation.internal;

import org.iosim.simulation.engine.Completion;
import org.iosim.simulation.engine.Event;

/**
 * A thread of control in the simulated system (a user's scenario run, a forked behaviour). It runs
 * steps until one makes it wait, and is resumed by the completion of what it waits for. Resuming is
 * a trampoline: a completion that arrives while the process is running (a passive resource granted
 * at once) does not recurse.
 */
final class SimulatedProcess extends Event implements Completion {

	private final Replication replication;
	private final Completion finished;
	private Frame top;
	/** Frames this process has finished, chained through their callers, for its next calls, loops and branches. */
	private Frame spareFrames;
	private boolean running;
	private boolean resumeRequested;

	SimulatedProcess(Replication replication, Frame start, Completion finished) {
		this.replication = replication;
		this.top = start;
		this.finished = finished;
	}

	/** Runs another behaviour from the start; only for a process that has finished (closed-workload users reuse theirs). */
	void restart(Frame start) {
		top = start;
		resume();
	}

	Replication replication() {
		return replication;
	}

	void push(Frame frame) {
		top = frame;
	}

	/** A frame with a scope of its own: one this process finished, or a new one. */
	Frame newScope(Step[] steps, Frame caller, Frame.FrameExit exit) {
		Frame spare = takeSpareFrame();
		return spare == null ? Frame.newScope(steps, caller, exit) : spare.reuseAsScope(steps, caller, exit);
	}

	/** A frame sharing the variables of {@code enclosing} (loop and branch bodies): one this process finished, or a new one. */
	Frame nested(Frame enclosing, Step[] body) {
		Frame spare = takeSpareFrame();
		return spare == null ? enclosing.nested(body, null) : spare.reuseAsNested(enclosing, body, null);
	}

	/** @return a frame this process finished, taken off the chain of spares, or null if there is none */
	private Frame takeSpareFrame() {
		Frame spare = spareFrames;
		if (spare != null) {
			spareFrames = spare.caller;
		}
		return spare;
	}

	/** Called by whatever the process waited for. */
	@Override
	public void completed() {
		resume();
	}

	/** A delay the process waited for is over (scheduling the process itself allocates nothing). */
	@Override
	public void fire() {
		resume();
	}

	void resume() {
		if (running) {
			resumeRequested = true;
			return;
		}
		running = true;
		try {
			while (top != null) {
				Frame frame = top;
				if (frame.next < frame.steps.length) {
					Step step = frame.steps[frame.next++];
					if (!step.run(this, frame)) {
						if (!resumeRequested) {
							return;
						}
						resumeRequested = false;
					}
				} else if (frame.repetitionsLeft > 0) {
					frame.repetitionsLeft--;
					frame.next = 0;
				} else {
					top = frame.caller;
					if (frame.exit == null || frame.exit.exited(this, frame)) {
						spareFrames = frame.releasedBefore(spareFrames);
					}
				}
			}
		} finally {
			running = false;
		}
		finished.completed();
	}
}
