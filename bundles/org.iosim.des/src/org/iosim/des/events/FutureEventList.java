package org.iosim.des.events;

/**
 * The pending events of a discrete-event simulation in the order they are due: by time, and events due
 * at the same time in the order they were added. The list numbers the events it is given itself (its
 * sequence numbers count up from 0) and breaks ties of time by that number, so that a seeded run fires
 * the same events in the same order whatever the list's inner layout, and a caller can tell an event
 * from a later one by its number.
 * <p>
 * Only what every list has in common is here. Adding an event and reading its payload belong to the
 * implementations, because each keeps its payloads in an array of their own type: a primitive payload
 * is not boxed, and a hot loop that holds the concrete list calls it without dispatch.
 */
public interface FutureEventList {

	/** Number of events in the list. */
	int size();

	boolean isEmpty();

	/** Time of the first event; the list must not be empty. */
	double firstTime();

	/** Sequence number of the first event, which the list gave it when it was added; the list must not be empty. */
	long firstSequence();

	/** Removes the first event, which is read with the {@code first…} methods before; the list must not be empty. */
	void removeFirst();
}
