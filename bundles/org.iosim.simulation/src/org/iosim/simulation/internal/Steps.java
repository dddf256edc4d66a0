package org.iosim.simulation.internal;

import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;
import org.iosim.pcm.validation.Diagnostic;
import org.iosim.engine.SimulationException;
import org.iosim.simulation.engine.ActiveResource;
import org.iosim.simulation.engine.Completion;
import org.iosim.simulation.engine.PassiveResource;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.CompiledExpression;
import org.iosim.stoex.CompiledExpression.NumberSampler;
import org.iosim.stoex.StoExEvaluationException;

/** The compiled forms of RDSEFF and usage-model actions. */
final class Steps {

	private Steps() {
	}

	/**
	 * Samples a numeric expression through its sampler (bound once to a stream, as each step binds the
	 * numeric expressions it samples), naming the model element ({@code origin}) when that fails.
	 */
	static double sampleDouble(String origin, String what, CompiledExpression expression, NumberSampler sampler,
			Bindings bindings) {
		try {
			return sampler.sampleDouble(bindings);
		} catch (StoExEvaluationException | ClassCastException failed) {
			throw new SimulationException(origin + ": cannot evaluate " + what + " '" + Diagnostic.excerpt(expression.text()) + "': "
					+ failed.getMessage());
		}
	}

	/** Samples a condition, naming the model element when that fails. */
	static boolean sampleBoolean(String origin, String what, CompiledExpression condition, UniformRandomProvider random,
			Frame frame) {
		try {
			return condition.sampleBoolean(random, frame);
		} catch (StoExEvaluationException | ClassCastException failed) {
			throw new SimulationException(origin + ": cannot evaluate " + what + " '" + Diagnostic.excerpt(condition.text()) + "': "
					+ failed.getMessage());
		}
	}

	/** Samples a demand, delay, size, think time or inter-arrival time, which must be finite and not negative. */
	static double sampleAmount(String origin, String what, CompiledExpression expression, NumberSampler sampler,
			Bindings bindings) {
		double value = sampleDouble(origin, what, expression, sampler, bindings);
		if (!(value >= 0) || Double.isInfinite(value)) {
			throw new SimulationException(origin + ": " + what + " '" + Diagnostic.excerpt(expression.text()) + "' evaluated to "
					+ value + "; it must be finite and not negative");
		}
		return value;
	}

	static long sampleCount(String origin, String what, CompiledExpression expression, NumberSampler sampler,
			Frame frame) {
		double value = sampleDouble(origin, what, expression, sampler, frame);
		if (!(value >= 0) || Double.isInfinite(value) || value != Math.rint(value)) {
			throw new SimulationException(origin + ": " + what + " '" + expression.text()
					+ "' must be a finite whole number of at least 0, but evaluated to " + value);
		}
		return (long) value;
	}

	/** Occupies an active resource for demand / rate time units. */
	static final class Demand extends Step {
		private final ActiveResource resource;
		/** What an error names; made once, since a demand is sampled on every run of the step. */
		private final String what;
		private final CompiledExpression demand;
		private final NumberSampler demands;
		private final double rate;

		Demand(String origin, ActiveResource resource, CompiledExpression demand, double rate,
				UniformRandomProvider random) {
			super(origin);
			this.resource = resource;
			this.what = "resource demand on " + resource.name();
			this.demand = demand;
			this.demands = demand.numberSampler(random);
			this.rate = rate;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			double amount = sampleAmount(origin, what, demand, demands, frame);
			if (amount == 0) {
				return true;
			}
			// most resources process at rate 1: the same time without a division, whose latency the event waits for
			resource.serveFor(rate == 1 ? amount : amount / rate, process);
			return false;
		}
	}

	/** Waits for a sampled time without using a resource (usage-model delays, think times). */
	static final class Delay extends Step {
		private final CompiledExpression time;
		private final NumberSampler times;

		Delay(String origin, CompiledExpression time, UniformRandomProvider random) {
			super(origin);
			this.time = time;
			this.times = time.numberSampler(random);
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			double delay = sampleAmount(origin, "delay", time, times, frame);
			if (delay == 0) {
				return true;
			}
			process.replication().simulator().schedule(delay, process);
			return false;
		}
	}

	/** Runs its body a sampled number of times in the enclosing scope (loops, collection iterators, repeated calls). */
	static final class Repeat extends Step {
		private final CompiledExpression count;
		private final NumberSampler counts;
		private final Step[] body;

		Repeat(String origin, CompiledExpression count, Step[] body, UniformRandomProvider random) {
			super(origin);
			this.count = count;
			this.counts = count.numberSampler(random);
			this.body = body;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			long times = sampleCount(origin, "iteration count", count, counts, frame);
			if (times > 0) {
				Frame loop = process.nested(frame, body);
				loop.repetitionsLeft = times - 1;
				process.push(loop);
			}
			return true;
		}
	}

	/** Picks one body by probability. */
	static final class ProbabilisticBranch extends Step {
		private final double[] cumulative;
		private final Step[][] bodies;
		private final UniformRandomProvider random;

		ProbabilisticBranch(String origin, double[] probabilities, Step[][] bodies, UniformRandomProvider random) {
			super(origin);
			this.cumulative = new double[probabilities.length];
			double sum = 0;
			for (int i = 0; i < probabilities.length; i++) {
				sum += probabilities[i];
				cumulative[i] = sum;
			}
			this.bodies = bodies;
			this.random = random;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			double draw = random.nextDouble() * cumulative[cumulative.length - 1];
			int chosen = 0;
			while (chosen < cumulative.length - 1 && draw >= cumulative[chosen]) {
				chosen++;
			}
			process.push(process.nested(frame, bodies[chosen]));
			return true;
		}
	}

	/** Takes the first body whose condition holds. */
	static final class GuardedBranch extends Step {
		private final CompiledExpression[] conditions;
		private final Step[][] bodies;
		private final UniformRandomProvider random;

		GuardedBranch(String origin, CompiledExpression[] conditions, Step[][] bodies, UniformRandomProvider random) {
			super(origin);
			this.conditions = conditions;
			this.bodies = bodies;
			this.random = random;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			for (int i = 0; i < conditions.length; i++) {
				if (sampleBoolean(origin, "branch condition", conditions[i], random, frame)) {
					process.push(process.nested(frame, bodies[i]));
					return true;
				}
			}
			throw new SimulationException(origin + ": no branch condition holds for the current variables "
					+ frame.variables());
		}
	}

	/**
	 * A call through a required role no connector binds, in a branch the model's parameter values
	 * keep from running (see {@link org.iosim.pcm.wiring.CalledRoles}); should it run after all, the
	 * run stops, naming the call.
	 */
	static final class Unwired extends Step {
		private final String problem;

		Unwired(String origin, String problem) {
			super(origin);
			this.problem = problem;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			throw new SimulationException(origin + ": " + problem + ", but it runs with the variables "
					+ frame.variables());
		}
	}

	/** A characterisation to compute and bind, e.g. {@code file.BYTESIZE = 4096}. */
	record Assignment(String name, CompiledExpression value) {
	}

	static void assign(String origin, Assignment[] assignments, Frame source, Frame target,
			UniformRandomProvider random) {
		// an array, not a List: this runs at every call, which mostly passes nothing, and a List's size
		// was a call on one of two classes each time
		for (Assignment assignment : assignments) {
			try {
				target.set(assignment.name(), assignment.value().sample(random, source));
			} catch (StoExEvaluationException | ClassCastException failed) {
				throw new SimulationException(origin + ": cannot evaluate " + assignment.name() + " = '"
						+ Diagnostic.excerpt(assignment.value().text()) + "': " + failed.getMessage());
			}
		}
	}

	/**
	 * Bytes a call or an event sends: the BYTESIZE characterisations of its inputs (not of component
	 * parameters), as bound in {@code frame}.
	 */
	static double payload(Assignment[] inputs, Frame frame) {
		double bytes = 0;
		for (Assignment input : inputs) {
			if (input.name().endsWith(".BYTESIZE") && frame.lookup(input.name()) instanceof Number size) {
				bytes += size.doubleValue();
			}
		}
		return bytes;
	}

	/** Sets variables in the current scope (Palladio's SetVariableAction, typically {@code RETURN.VALUE}). */
	static final class SetVariables extends Step {
		private final Assignment[] assignments;
		private final UniformRandomProvider random;

		SetVariables(String origin, List<Assignment> assignments, UniformRandomProvider random) {
			super(origin);
			this.assignments = assignments.toArray(Assignment[]::new);
			this.random = random;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			assign(origin, assignments, frame, frame, random);
			return true;
		}
	}

	/**
	 * Calls a behaviour in a fresh scope: inputs are evaluated in the caller's scope, component
	 * parameters are added, and on return the caller's return assignments are evaluated in the
	 * callee's scope. A call between containers joined by a linking resource first occupies the link.
	 */
	static final class Call extends Step implements Frame.FrameExit {
		private final CallTarget target;
		private final Assignment[] inputs;
		private final Assignment[] returns;
		private final Measurement measurement;
		private final LinkTransfer link;
		private final UniformRandomProvider random;

		Call(String origin, CallTarget target, List<Assignment> inputs, List<Assignment> returns,
				Measurement measurement, LinkTransfer link, UniformRandomProvider random) {
			super(origin);
			this.target = target;
			this.inputs = inputs.toArray(Assignment[]::new);
			this.returns = returns.toArray(Assignment[]::new);
			this.measurement = measurement;
			this.link = link;
			this.random = random;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			Frame callee = process.newScope(target.steps(), frame, this);
			assign(origin, target.componentParameters(), callee, callee, random);
			assign(origin, inputs, frame, callee, random);
			callee.enteredAt = process.replication().simulator().now();
			process.push(callee);
			if (link != null) {
				link.transfer(payload(inputs, callee), process);
				return false;
			}
			return true;
		}

		/**
		 * The call's behaviour has run: bind the return values, measure, and send the reply over the link
		 * (whose step holds the frame until the reply has arrived).
		 */
		@Override
		public boolean exited(SimulatedProcess process, Frame callee) {
			assign(origin, returns, callee, callee.caller, random);
			if (link != null) {
				process.push(callee.caller.nested(new Step[] { new LinkReply(this, callee) }, null));
				return false;
			}
			measure(process, callee);
			return true;
		}

		/** Records the call's response time, once its reply (if any) has arrived. */
		void measure(SimulatedProcess process, Frame callee) {
			if (measurement != null) {
				Replication replication = process.replication();
				replication.record(measurement, replication.simulator().now() - callee.enteredAt);
			}
		}
	}

	/** The reply of a call crossing a linking resource; the call is measured when it has arrived. */
	private static final class LinkReply extends Step {
		private final Call call;
		private final Frame callee;

		LinkReply(Call call, Frame callee) {
			super(call.origin);
			this.call = call;
			this.callee = callee;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			call.link.transferReply(callee.variables(), () -> {
				call.measure(process, callee);
				process.resume();
			});
			return false;
		}
	}

	/**
	 * Starts forked behaviours, each with a copy of the current variables: asynchronous ones run on
	 * their own, the synchronised ones are waited for.
	 */
	static final class Fork extends Step {
		private final Step[][] asynchronous;
		private final Step[][] synchronous;

		Fork(String origin, Step[][] asynchronous, Step[][] synchronous) {
			super(origin);
			this.asynchronous = asynchronous;
			this.synchronous = synchronous;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			Replication replication = process.replication();
			for (Step[] behaviour : asynchronous) {
				start(replication, behaviour, frame, () -> {
				});
			}
			if (synchronous.length == 0) {
				return true;
			}
			Completion join = new Completion() {
				private int running = synchronous.length;

				@Override
				public void completed() {
					if (--running == 0) {
						process.resume();
					}
				}
			};
			for (Step[] behaviour : synchronous) {
				start(replication, behaviour, frame, join);
			}
			return false;
		}

		private static void start(Replication replication, Step[] behaviour, Frame parent, Completion finished) {
			Frame forked = Frame.copyOf(parent, behaviour);
			new SimulatedProcess(replication, forked, finished).resume();
		}
	}

	/**
	 * A sink an emitted event reaches: the handler to run, the link the event crosses first (null when
	 * emitter and sink share a container or the network is not simulated), and the filter conditions on
	 * the way, which the event's parameters must all meet.
	 */
	record Delivery(CallTarget handler, LinkTransfer link, CompiledExpression[] filters) {
	}

	/**
	 * Emits an event: its characterisations are evaluated once, in the emitter's scope, and each sink
	 * runs its handler as a process of its own with them as input parameters (and its component
	 * parameters), as an external call passes them. The emitter goes on at once and nobody waits for
	 * the handlers, like an asynchronous fork that is never joined, so they are outside the emitting
	 * scenario's response time but load the sinks' resources.
	 */
	static final class Emit extends Step {

		private final List<Delivery> deliveries;
		private final Assignment[] inputs;
		private final UniformRandomProvider random;

		Emit(String origin, List<Delivery> deliveries, List<Assignment> inputs, UniformRandomProvider random) {
			super(origin);
			this.deliveries = List.copyOf(deliveries);
			this.inputs = inputs.toArray(Assignment[]::new);
			this.random = random;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			if (deliveries.isEmpty()) {
				return true;
			}
			Frame event = Frame.newScope(new Step[0], null, null);
			assign(origin, inputs, frame, event, random);
			Replication replication = process.replication();
			for (Delivery delivery : deliveries) {
				if (!passes(delivery, event)) {
					continue;
				}
				Frame handler = Frame.newScope(delivery.handler().steps(), null, null);
				assign(origin, delivery.handler().componentParameters(), handler, handler, random);
				event.variables().forEach(handler::set);
				replication.eventHandlerStarts(origin);
				SimulatedProcess sink = new SimulatedProcess(replication, handler, replication::eventHandlerEnds);
				if (delivery.link() == null) {
					sink.resume();
				} else {
					delivery.link().transfer(payload(inputs, event), sink);
				}
			}
			return true;
		}

		/** Whether the event, with its parameters in {@code event}, meets every filter condition on its way to the sink. */
		private boolean passes(Delivery delivery, Frame event) {
			for (CompiledExpression filter : delivery.filters()) {
				if (!sampleBoolean(origin, "filter condition", filter, random, event)) {
					return false;
				}
			}
			return true;
		}
	}

	/** Issues one I/O request on a virtualized storage and waits for its predicted delay. */
	static final class IoRequestStep extends Step {
		private final VirtualizedStorageScheduler storage;
		private final org.iosim.pcm.io.IoType type;
		private final CompiledExpression size;
		private final NumberSampler sizes;
		private final CompiledExpression sequentiality;
		private final NumberSampler sequentialities;
		private final String fileSet;
		private final double fileSetSize;
		private final boolean synchronous;
		private final ActiveResource processor;

		/** @param processor the resource processing the delay as work, null when the request only waits */
		IoRequestStep(String origin, VirtualizedStorageScheduler storage, org.iosim.pcm.io.IoType type,
				CompiledExpression size, CompiledExpression sequentiality, String fileSet, double fileSetSize,
				boolean synchronous, UniformRandomProvider random, ActiveResource processor) {
			super(origin);
			this.synchronous = synchronous;
			this.processor = processor;
			this.storage = storage;
			this.type = type;
			this.size = size;
			this.sequentiality = sequentiality;
			// both from the step's one stream, the size drawn first
			this.sizes = size.numberSampler(random);
			this.sequentialities = sequentiality.numberSampler(random);
			this.fileSet = fileSet;
			this.fileSetSize = fileSetSize;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			double bytes = sampleAmount(origin, "I/O request size", size, sizes, frame);
			double probability = sampleDouble(origin, "sequentiality", sequentiality, sequentialities, frame);
			if (!(probability >= 0 && probability <= 1)) {
				throw new SimulationException(origin + ": sequentiality '" + Diagnostic.excerpt(sequentiality.text()) + "' evaluated to "
						+ probability + "; it must lie between 0 and 1");
			}
			storage.request(origin, new org.iosim.analysis.ArrivingRequest(type, bytes, probability, fileSet, fileSetSize,
					synchronous),
					process, processor);
			return false;
		}
	}

	static final class Acquire extends Step {
		private final PassiveResource resource;

		Acquire(String origin, PassiveResource resource) {
			super(origin);
			this.resource = resource;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			resource.acquire(process);
			return false;
		}
	}

	static final class Release extends Step {
		private final PassiveResource resource;

		Release(String origin, PassiveResource resource) {
			super(origin);
			this.resource = resource;
		}

		@Override
		boolean run(SimulatedProcess process, Frame frame) {
			if (resource.available() >= resource.capacity()) {
				throw new SimulationException(origin + ": releases passive resource '" + resource.name()
						+ "' more often than it was acquired");
			}
			resource.release();
			return true;
		}
	}
}
