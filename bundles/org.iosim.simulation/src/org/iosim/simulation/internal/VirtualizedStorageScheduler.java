package org.iosim.simulation.internal;

import java.util.List;
import java.util.Map;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.EmbeddedIoModel;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.ArrivingRequest;
import org.iosim.des.statistics.TimeWeighted;
import org.iosim.pcm.io.IoType;
import org.iosim.analysis.StatusList;
import org.iosim.analysis.WorkloadState;
import org.iosim.engine.SimulationException;
import org.iosim.engine.SimulationObserver;
import org.iosim.simulation.engine.ActiveResource;
import org.iosim.simulation.engine.Completion;
import org.iosim.simulation.engine.Event;
import org.iosim.simulation.engine.Simulator;

/**
 * The virtualized-storage scheduler of dissertation 001, §8.3.3: I/O requests of every component
 * and container sharing the storage arrive here (step I), are added to the status list of the last
 * n requests (step II), from which the workload state is computed (step III); the analysis model
 * predicts the request's delay from that state (step IV), and the request is delayed by it (step V).
 * The delay is fixed when the request arrives; contention enters through the number of concurrent
 * requests in the state. An {@link EmbeddedIoModel} instead takes the request into its own
 * sub-model on the simulation's clock, where it contends with the requests after it.
 */
final class VirtualizedStorageScheduler {

	/** Delays and bytes of one request type on one file set (or on all file sets: fileSet null). */
	static final class Traffic {
		final IoType type;
		final String fileSet;
		final Measurement delays;
		double bytes;

		Traffic(String storage, IoType type, String fileSet) {
			this.type = type;
			this.fileSet = fileSet;
			this.delays = Measurement.ofCall(storage, storage, null);
		}

		void reset(double now) {
			delays.reset(now);
			bytes = 0;
		}
	}

	final String name;
	private final Replication replication;
	private final Simulator simulator;
	private final StatusList statusList;
	private final IoAnalysisModel model;
	private final String modelName;
	private int inService;
	private final TimeWeighted concurrency;
	private boolean measuring;
	/** Simulated time at which measuring began (after warm-up); traffic first seen later counts from here. */
	private double measuringSince;
	/** In the order results list them ({@link #key}). */
	final Map<String, Traffic> traffic = new java.util.TreeMap<>();
	/**
	 * The same traffic by type and file set (null for all file sets), for the lookups at every
	 * request's departure, which would otherwise build the sorting key each time.
	 */
	private final Map<IoType, Map<String, Traffic>> trafficByType = new java.util.EnumMap<>(IoType.class);

	VirtualizedStorageScheduler(String name, Replication replication, StatusList statusList, IoAnalysisModel model,
			String modelName, boolean measuring) {
		this.name = name;
		this.replication = replication;
		this.simulator = replication.simulator();
		this.statusList = statusList;
		this.model = model;
		this.modelName = modelName;
		this.measuring = measuring;
		this.concurrency = new TimeWeighted(0, 0);
		for (IoType type : IoType.values()) {
			traffic(type, null);
		}
	}

	/** @return whether the analysis model simulates the request itself, so no resource can process its delay */
	boolean embedded() {
		return model instanceof EmbeddedIoModel;
	}

	/**
	 * @param processor the resource that processes the delay as work (the storage's {@code processedBy}),
	 *                  or null when the request only waits
	 */
	void request(String origin, ArrivingRequest request, Completion then, ActiveResource processor) {
		WorkloadState state = statusList.arrive(request, inService);
		inService++;
		concurrency.update(simulator.now(), inService);
		Departure departure = new Departure(request, simulator.now(), then);
		try {
			if (model instanceof EmbeddedIoModel embedded) {
				embedded.submit(state, request, departure);
			} else if (processor != null) {
				processor.serveFor(model.delay(state), departure);
			} else {
				simulator.schedule(model.delay(state), (Event) departure);
			}
		} catch (AnalysisModelException failed) {
			throw new SimulationException(origin + ": the I/O analysis model '" + modelName + "' of storage '"
					+ name + "' failed: " + failed.getMessage());
		}
	}

	/**
	 * A request in service, which leaves when its delay is over, whichever way the delay passes: as an
	 * event, as the completion of a resource's work, or as an embedded model's callback. One object for
	 * all three, since a request makes one.
	 */
	private final class Departure extends Event implements Completion, Runnable {
		private final ArrivingRequest request;
		private final double arrival;
		private final Completion then;

		Departure(ArrivingRequest request, double arrival, Completion then) {
			this.request = request;
			this.arrival = arrival;
			this.then = then;
		}

		@Override
		public void fire() {
			leave(request, arrival, then);
		}

		@Override
		public void completed() {
			fire();
		}

		@Override
		public void run() {
			fire();
		}
	}

	/** A request's delay is over: measured at departure, so embedded sub-models are measured alike. */
	private void leave(ArrivingRequest request, double arrival, Completion then) {
		inService--;
		double now = simulator.now();
		concurrency.update(now, inService);
		if (measuring) {
			Traffic ofType = traffic(request.type(), null);
			count(ofType, request, arrival, now);
			count(traffic(request.type(), request.fileSet()), request, arrival, now);
			replication.notify(SimulationObserver.Kind.IO_REQUEST, ofType.delays, arrival, now);
		}
		then.completed();
	}

	private static void count(Traffic counted, ArrivingRequest request, double arrival, double now) {
		counted.delays.add(now, now - arrival);
		counted.bytes += request.size();
	}

	private Traffic traffic(IoType type, String fileSet) {
		// a HashMap, whose null key stands for all file sets
		Map<String, Traffic> ofType = trafficByType.computeIfAbsent(type, unseen -> new java.util.HashMap<>());
		Traffic known = ofType.get(fileSet);
		if (known != null) {
			return known;
		}
		Traffic created = new Traffic(name, type, fileSet);
		created.reset(measuringSince);
		traffic.put(key(type, fileSet), created);
		ofType.put(fileSet, created);
		return created;
	}

	/** Sorts by type, then all file sets before each file set by name, so results read the same in every run. */
	static String key(IoType type, String fileSet) {
		return type.ordinal() + "/" + (fileSet == null ? "" : "/" + fileSet);
	}

	/** Mean number of requests being delayed at once, since measuring began. */
	double meanConcurrency() {
		return concurrency.mean(simulator.now());
	}

	/** @return the resources of an embedded sub-model with their statistics since measuring began; none otherwise */
	List<EmbeddedIoModel.SubModelResource> subModelResources() {
		return model instanceof EmbeddedIoModel embedded ? embedded.resources() : List.of();
	}

	/** @return simulated time since measuring began */
	double measuredTime() {
		return simulator.now() - measuringSince;
	}

	void startMeasuring(double now) {
		if (model instanceof EmbeddedIoModel embedded) {
			embedded.startMeasuring();
		}
		measuring = true;
		measuringSince = now;
		traffic.values().forEach(counted -> counted.reset(now));
		concurrency.reset(now);
	}
}
