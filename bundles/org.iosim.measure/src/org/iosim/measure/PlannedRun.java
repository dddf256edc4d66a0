package org.iosim.measure;

/**
 * One run of a plan: a configuration measured once.
 *
 * @param order         position in the plan's randomized run order, from 0
 * @param configuration index of the configuration in the design, from 0
 * @param repetition    which repetition of the configuration, from 1
 * @param workload      what runs
 * @param generatorSeed seed of the workload generator's random offsets for this run
 */
public record PlannedRun(int order, int configuration, int repetition, StorageWorkload workload, long generatorSeed) {
}
