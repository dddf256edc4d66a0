package org.iosim.engine;

/**
 * Watches a run as it happens: what a measurement export, a trace or a live view needs. The
 * engine's own statistics see the same events; an observer adds to them and never changes the run.
 * Each replication calls its observers from its own thread, in simulated-time order; observers of
 * runs with several replications must expect calls from several threads.
 */
public interface SimulationObserver {

	/** What was measured. */
	enum Kind {
		/** A usage-scenario run of one user, from its first action to its last. */
		SCENARIO,
		/** An entry-level system call or an external call, from the call to the reply. */
		CALL,
		/** An I/O request at a virtualized storage, from its arrival to the end of its delay. */
		IO_REQUEST
	}

	/**
	 * Something the model does that has a duration. Only runs after the warm-up are reported.
	 *
	 * @param replication which replication, from 0
	 * @param kind        what finished
	 * @param id          the id of the model element it belongs to (scenario, call action, storage)
	 * @param name        a name for people, e.g. {@code Catalog.find} or the storage's name
	 * @param start       simulated time it began
	 * @param end         simulated time it ended
	 */
	void finished(int replication, Kind kind, String id, String name, double start, double end);
}
