package org.iosim.measure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * What the application drivers ({@link PgbenchCampaign}, {@link Dbench}, {@link ColocatedApplications})
 * share: the checks of their settings, the order of their runs, and the volume group they work in.
 */
final class ApplicationRuns {

	/** The most clients an application may be run with. */
	static final int MOST_CLIENTS = 1000;

	/** A run to make: this setting (a client count, a pair of them), this repetition. */
	record Next<S>(S setting, int repetition) {
	}

	private ApplicationRuns() {
	}

	/** @throws IllegalArgumentException naming the setting that is out of range */
	static void requireSettings(List<Integer> clients, int repetitions, int seconds, double maxOtherLoad) {
		if (clients.isEmpty() || clients.stream().anyMatch(count -> count < 1 || count > MOST_CLIENTS)) {
			throw new IllegalArgumentException("client counts must be 1 to 1000");
		}
		requireRepetitions(repetitions, seconds, maxOtherLoad);
	}

	/** @throws IllegalArgumentException naming the setting that is out of range */
	static void requireRepetitions(int repetitions, int seconds, double maxOtherLoad) {
		if (repetitions < 1 || repetitions > 100 || seconds < 1 || seconds > 86_400) {
			throw new IllegalArgumentException("repetitions must be 1 to 100 and seconds 1 to 86,400");
		}
		if (!(maxOtherLoad >= 0)) {
			throw new IllegalArgumentException("the load other processes may put on the CPUs must be 0 or more");
		}
	}

	/**
	 * @return every (setting, repetition) run in an order shuffled with the seed, so that drift of
	 *         the machine spreads over all settings
	 */
	static <S> List<Next<S>> shuffled(List<S> settings, int repetitions, long seed) {
		List<Next<S>> order = new ArrayList<>();
		for (int repetition = 1; repetition <= repetitions; repetition++) {
			for (S setting : settings) {
				order.add(new Next<>(setting, repetition));
			}
		}
		Collections.shuffle(order, new Random(seed));
		return order;
	}

	/**
	 * @return a group with the volume's limits for the disk under {@code folder}, or null when there
	 *         is no volume (the plain device)
	 * @throws MeasurementException if the volume cannot be set up here
	 */
	static BlockThrottle.Group groupFor(Volume volume, Path folder) throws MeasurementException {
		if (volume == null) {
			return null;
		}
		BlockThrottle.Availability throttling = BlockThrottle.detect();
		BlockThrottle throttle = throttling.throttle().orElseThrow(() -> new MeasurementException(
				"cannot limit the volume " + volume.name() + ": " + throttling.reason()));
		return throttle.create(volume, folder);
	}
}
