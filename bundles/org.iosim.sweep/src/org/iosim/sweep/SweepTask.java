package org.iosim.sweep;

/**
 * The unit of work of a sweep: one replication of one point, fully described so that any engine
 * (a thread pool here, a cluster elsewhere) can run it from the {@link SweepDefinition} alone.
 *
 * @param point       the point's index
 * @param replication which replication of the point, from 0
 * @param seed        the seed of all its random streams (see {@link SweepPlan#taskSeed})
 */
public record SweepTask(int point, int replication, long seed) implements java.io.Serializable {

	private static final long serialVersionUID = 1L;
}
