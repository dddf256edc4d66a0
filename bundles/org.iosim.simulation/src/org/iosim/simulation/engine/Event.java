package org.iosim.simulation.engine;

/**
 * Something that happens at a scheduled instant of simulated time.
 * <p>
 * A class rather than an interface: the event loop calls {@link #fire} on events of many classes, and
 * such a call goes through the class's method table, where through an interface it searches the
 * interface table first (4 % of the architecture bench's time). A lambda or method reference is
 * scheduled as a {@link Runnable} ({@link Simulator#schedule(double, Runnable)}).
 */
public abstract class Event {

	public abstract void fire();
}
