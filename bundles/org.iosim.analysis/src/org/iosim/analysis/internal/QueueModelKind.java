package org.iosim.analysis.internal;

import java.util.List;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.analysis.FcfsQueue;
import org.iosim.des.SimulationClock;
import org.iosim.files.FileProblems;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.IoAnalysisModelKind;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.analysis.ModelContext;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;

/**
 * An FCFS queue with a number of servers, embedded in the simulation: each request's service time
 * comes from a formula over the workload inputs, and requests wait for a free server, so they
 * contend dynamically rather than with a delay fixed at arrival.
 */
public final class QueueModelKind implements IoAnalysisModelKind {

	public static final String ID = "queue";
	private static final String SERVICE_TIME = "serviceTime";
	private static final String SERVERS = "servers";

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String description() {
		return "FCFS queue embedded in the simulation: requests wait for one of 'servers' (default 1) and are"
				+ " served for 'serviceTime', a formula over the workload inputs (e.g. 0.0005 + requestSize / 2e8)."
				+ " Outside a simulation its prediction is the service time alone.";
	}

	@Override
	public IoAnalysisModel create(ModelDefinition definition, ModelContext context) throws AnalysisModelException {
		definition.requireOnly(Set.of(SERVICE_TIME, SERVERS));
		String formula = definition.required(SERVICE_TIME);
		int servers = definition.wholeNumber(SERVERS, 1, 1);
		return new Queue(DelayFormula.parse(definition, SERVICE_TIME, formula), servers, context.clock());
	}

	/** One queue per created model: a model instance belongs to one simulation replication. */
	private static final class Queue implements EmbeddedIoModel {
		private final DelayFormula serviceTime;
		private final int servers;
		private final FcfsQueue queue;

		Queue(DelayFormula serviceTime, int servers, SimulationClock clock) {
			this.serviceTime = serviceTime;
			this.servers = servers;
			this.queue = new FcfsQueue(servers, clock);
		}

		@Override
		public Set<WorkloadInput> inputs() {
			return serviceTime.inputs();
		}

		@Override
		public double delay(WorkloadState state) throws AnalysisModelException {
			return serviceTime.delay(state);
		}

		@Override
		public void submit(WorkloadState state, ArrivingRequest request, Runnable finished) throws AnalysisModelException {
			double service = serviceTime.delay(state);
			if (!(service >= 0) || Double.isInfinite(service)) {
				throw new AnalysisModelException("queue model: service time '" + FileProblems.excerpt(serviceTime.text()) + "' is " + service
						+ " for " + state + "; it must be finite and not negative");
			}
			queue.enter(service, finished);
		}

		@Override
		public void startMeasuring() {
			queue.startMeasuring();
		}

		@Override
		public List<SubModelResource> resources() {
			return List.of(queue.resource("queue", "queue"));
		}

		@Override
		public String describe() {
			return ID + ": " + servers + " server(s), service time = " + serviceTime.text();
		}
	}
}
