package org.iosim.simulation;

/** Told of a long run's progress about once a second of real time, from the thread that runs it. */
@FunctionalInterface
public interface ProgressListener {

	ProgressListener NONE = (replication, simulatedTime, measurements, events) -> {
	};

	void progress(int replication, double simulatedTime, long measurements, long events);
}
