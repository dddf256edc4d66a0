package org.iosim.simulation.internal;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.engine.SimulationException;
import org.iosim.simulation.ArrivalRateProfile;
import org.iosim.simulation.engine.Completion;
import org.iosim.simulation.engine.Event;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.CompiledExpression;
import org.iosim.stoex.CompiledExpression.NumberSampler;

/** Drivers that start usage-scenario runs: a closed population of users, or an open arrival stream. */
final class Workloads {

	private Workloads() {
	}

	/**
	 * A user's scenario runs, one at a time, each measured from its start to its end, on one process
	 * that reuses the frames it has finished, so a run allocates nothing once the process has run.
	 */
	private abstract static class MeasuredRuns implements Completion {
		final Replication replication;
		private final Measurement measurement;
		private final Step[] steps;
		private final SimulatedProcess process;
		private double startedAt;

		MeasuredRuns(Replication replication, Measurement measurement, Step[] steps) {
			this.replication = replication;
			this.measurement = measurement;
			this.steps = steps;
			this.process = new SimulatedProcess(replication, null, this);
		}

		/** Runs the scenario from now on. */
		final void startRun() {
			startedAt = replication.simulator().now();
			process.restart(process.newScope(steps, null, null));
		}

		@Override
		public final void completed() {
			replication.scenarioCompleted(measurement, replication.simulator().now() - startedAt);
			runEnded();
		}

		/** What the user does once a run is over and measured. */
		abstract void runEnded();
	}

	/**
	 * The scenario runs of an open workload's users, each measured, the driver told when one is over. A
	 * finished run's process, with the frames it has finished, serves a later arrival, so arrivals
	 * allocate nothing once as many runs exist as were ever in the system at once.
	 */
	private static final class Runs {
		private final Replication replication;
		private final Measurement measurement;
		private final Step[] steps;
		private final Runnable after;
		/** Finished runs, chained through {@link Run#nextSpare}. */
		private Run spare;

		Runs(Replication replication, Measurement measurement, Step[] steps, Runnable after) {
			this.replication = replication;
			this.measurement = measurement;
			this.steps = steps;
			this.after = after;
		}

		/** A user arrives and runs the scenario from now on. */
		void start() {
			Run run = spare;
			if (run == null) {
				run = new Run();
			} else {
				spare = run.nextSpare;
			}
			run.startRun();
		}

		private final class Run extends MeasuredRuns {
			private Run nextSpare;

			Run() {
				super(Runs.this.replication, Runs.this.measurement, Runs.this.steps);
			}

			@Override
			void runEnded() {
				after.run();
				nextSpare = spare;
				spare = this;
			}
		}
	}

	/**
	 * A closed population: each user runs the scenario, thinks, and runs it again (as Palladio's closed
	 * workload). All users start at time 0; warm-up removes the start-up transient.
	 * <p>
	 * With a load profile the population follows it as SimuLizar evolves it: evaluated at time 0 and then
	 * once per step of the profile's step width ({@link ArrivalRateProfile#population}). When it rises,
	 * the users it gains join at once and start a run; when it falls, the users it loses leave at their
	 * next think: the first users to finish a run do not think but leave (a user that was to leave stays
	 * if the population rises again first). A non-repeating profile ends with population 0, and the
	 * driver stops stepping then. The users in the system over time are the scenario's population
	 * series.
	 */
	static final class Closed {
		private final Replication replication;
		private final Measurement measurement;
		private final Step[] steps;
		private final int population;
		private final CompiledExpression thinkTime;
		private final NumberSampler thinkTimes;
		private final String origin;
		/** The profile the population follows, or null for a fixed population. */
		private final ArrivalRateProfile profile;
		private final long maxUsers;
		/** Users in the system, running or thinking (those about to leave included). */
		private long users;
		/** Users that leave instead of thinking when they next finish a run. */
		private long leaving;
		private long step;

		/** A fixed population. */
		Closed(Replication replication, Measurement measurement, Step[] steps, int population,
				CompiledExpression thinkTime, UniformRandomProvider random, String origin) {
			this(replication, measurement, steps, population, thinkTime, random, origin, null, Long.MAX_VALUE);
		}

		/**
		 * @param profile  the profile the population follows, or null for the fixed {@code population}
		 * @param maxUsers the most users that fit in memory
		 */
		Closed(Replication replication, Measurement measurement, Step[] steps, int population,
				CompiledExpression thinkTime, UniformRandomProvider random, String origin, ArrivalRateProfile profile,
				long maxUsers) {
			this.replication = replication;
			this.measurement = measurement;
			this.steps = steps;
			this.population = population;
			this.thinkTime = thinkTime;
			this.thinkTimes = thinkTime.numberSampler(random);
			this.origin = origin;
			this.profile = profile;
			this.maxUsers = maxUsers;
		}

		void start() {
			if (profile == null) {
				for (int user = 0; user < population; user++) {
					new User().startRun();
				}
				return;
			}
			measurement.trackPopulation(replication.simulator().now(), 0);
			evolve();
		}

		/** The population takes the profile's value of this step; the next step is scheduled. */
		private void evolve() {
			double now = replication.simulator().now();
			long target = profile.population(now);
			long staying = users - leaving;
			if (target > staying) {
				long kept = Math.min(leaving, target - staying);
				leaving -= kept;
				for (long joining = target - staying - kept; joining > 0; joining--) {
					join();
				}
			} else if (target < staying) {
				leaving += staying - target;
			}
			boolean ended = !profile.repeating() && now >= profile.duration();
			if (!ended) {
				step++;
				double next = step * profile.stepWidth();
				replication.simulator().schedule(Math.max(0, next - now), this::evolve);
			}
		}

		private void join() {
			if (users >= maxUsers) {
				throw new SimulationException(String.format(java.util.Locale.ROOT,
						"%s: the load profile asks for %,d users of the closed workload at simulated time %.6g, more"
								+ " than fit in memory (%,d): %s", origin, profile.population(replication.simulator().now()),
						replication.simulator().now(), maxUsers, MemoryBudget.advice()));
			}
			users++;
			measurement.populationChanged(replication.simulator().now(), users);
			new User().startRun();
		}

		/** One member of the population; it lives as long as it stays, so its cycle allocates no callbacks. */
		private final class User extends MeasuredRuns {
			private final Event thinkingOver = new Event() {
				@Override
				public void fire() {
					startRun();
				}
			};

			User() {
				super(Closed.this.replication, Closed.this.measurement, Closed.this.steps);
			}

			/** The run is over: think, or leave when the population has fallen. */
			@Override
			void runEnded() {
				if (leaving > 0) {
					leaving--;
					users--;
					measurement.populationChanged(replication.simulator().now(), users);
					return;
				}
				replication.simulator().schedule(Steps.sampleAmount(origin, "think time", thinkTime, thinkTimes, Bindings.EMPTY),
						thinkingOver);
			}
		}
	}

	/**
	 * Users arrive with sampled inter-arrival times, run the scenario once and leave. When they arrive
	 * faster than the system serves them, their number grows without end; the run stops with that
	 * diagnosis before they fill the memory.
	 */
	static final class Open {
		private final Replication replication;
		private final CompiledExpression interArrivalTime;
		private final NumberSampler interArrivalTimes;
		private final String origin;
		private final long maxInSystem;
		private final Runs runs;
		private final Event arrival = new Event() {
			@Override
			public void fire() {
				arrive();
			}
		};
		private long inSystem;

		Open(Replication replication, Measurement measurement, Step[] steps, CompiledExpression interArrivalTime,
				UniformRandomProvider random, String origin, long maxInSystem) {
			this.replication = replication;
			this.runs = new Runs(replication, measurement, steps, this::left);
			this.interArrivalTime = interArrivalTime;
			this.interArrivalTimes = interArrivalTime.numberSampler(random);
			this.origin = origin;
			this.maxInSystem = maxInSystem;
		}

		void start() {
			scheduleNext();
		}

		private void scheduleNext() {
			double gap = Steps.sampleAmount(origin, "inter-arrival time", interArrivalTime, interArrivalTimes, Bindings.EMPTY);
			replication.simulator().schedule(gap, arrival);
		}

		private void arrive() {
			if (++inSystem > maxInSystem) {
				throw new SimulationException(String.format(java.util.Locale.ROOT,
						"%s: %,d users of the open workload are in the system at simulated time %.6g and no more fit in"
								+ " memory: they arrive faster than the system serves them, so some resource is"
								+ " saturated (see the utilizations of a shorter run); lengthen the inter-arrival time '%s'"
								+ " or add capacity",
						origin, inSystem - 1, replication.simulator().now(), interArrivalTime.text()));
			}
			runs.start();
			scheduleNext();
		}

		private void left() {
			inSystem--;
		}
	}

	/**
	 * Users arrive as a non-homogeneous Poisson process whose rate follows a load profile over
	 * simulated time, drawn exactly by thinning: candidates arrive at the rate's bound in the current
	 * segment of the profile, and each is kept with probability rate / bound. Where a segment ends
	 * before the next candidate, drawing starts again at its end with the next segment's bound (the
	 * exponential distribution has no memory). After a bounded number of rejected candidates the
	 * driver yields to the event loop, so that a long stretch without arrivals cannot hold the run.
	 */
	static final class Profiled {
		private static final int CANDIDATES_PER_EVENT = 10_000;

		private final Replication replication;
		private final ArrivalRateProfile profile;
		private final UniformRandomProvider random;
		private final String origin;
		private final long maxInSystem;
		private final Runs runs;
		private final Event arrival = new Event() {
			@Override
			public void fire() {
				arrive();
			}
		};
		private ArrivalRateProfile.Segment segment;
		private long inSystem;

		Profiled(Replication replication, Measurement measurement, Step[] steps,
				ArrivalRateProfile profile, UniformRandomProvider random, String origin,
				long maxInSystem) {
			this.replication = replication;
			this.runs = new Runs(replication, measurement, steps, this::left);
			this.profile = profile;
			this.random = random;
			this.origin = origin;
			this.maxInSystem = maxInSystem;
		}

		void start() {
			scheduleNext();
		}

		/** Draws the next arrival from now on and schedules it, or a later continuation of the search. */
		private void scheduleNext() {
			double now = replication.simulator().now();
			double time = now;
			for (int candidate = 0; candidate < CANDIDATES_PER_EVENT; candidate++) {
				if (segment == null || !(time < segment.end()) || time < segment.start()) {
					segment = profile.segment(time);
				}
				double bound = segment.bound();
				if (!(bound > 0)) {
					if (segment.end() == Double.POSITIVE_INFINITY) {
						return; // the profile has ended: no more arrivals
					}
					time = segment.end();
					continue;
				}
				time += -Math.log1p(-random.nextDouble()) / bound;
				if (!(time < segment.end())) {
					time = segment.end();
					continue;
				}
				if (random.nextDouble() * bound <= profile.rate(time)) {
					replication.simulator().schedule(time - now, arrival);
					return;
				}
			}
			replication.simulator().schedule(time - now, this::scheduleNext);
		}

		private void arrive() {
			if (++inSystem > maxInSystem) {
				throw new SimulationException(String.format(java.util.Locale.ROOT,
						"%s: %,d users of the open workload are in the system at simulated time %.6g and no more fit in"
								+ " memory: they arrive faster than the system serves them (the load profile's rate"
								+ " there is %.6g), so some resource is saturated; lower the profile or add capacity",
						origin, inSystem - 1, replication.simulator().now(), profile.rate(replication.simulator().now())));
			}
			runs.start();
			scheduleNext();
		}

		private void left() {
			inSystem--;
		}
	}
}
