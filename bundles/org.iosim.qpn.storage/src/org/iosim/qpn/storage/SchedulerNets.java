package org.iosim.qpn.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Net;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.simulation.PreparedNet;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.calibration.RequestWeights.ResponseTimes;
import org.iosim.qpn.storage.internal.NetBuilder;

/**
 * The heterogeneous-workload model of 001 §7.5 (Fig. 7.12, 7.14, 7.16) for one or more VMs: each
 * VM j's read and write threads are tokens of colours {@code r<j>} and {@code w<j>} in the place
 * {@value #WAITING}; the place {@value #SCHEDULER} holds one permit per server of the storage; the
 * transition {@value #SCHEDULE} takes a waiting request and a permit into the FCFS queueing place
 * {@value #STORAGE}, choosing among the waiting classes by their mode weights (α_j for VM j's
 * reads, β_j for its writes), and {@value #DONE} returns the request and the permit after service.
 * With one server this is the dissertation's one-token scheduler; with m, the m servers a calibrated
 * storage found. Service times are the calibrated storage's cached random reads and writes at the
 * workload's sizes, corrected by Eq. 7.10: μ* = μ·(1 − Δ(s)).
 */
public final class SchedulerNets {

	public static final String WAITING = "Waiting";
	public static final String SCHEDULER = "Scheduler";
	public static final String STORAGE = "Storage";
	public static final String SCHEDULE = "schedule";
	public static final String DONE = "done";
	public static final String CONFIGURATION = NetBuilder.CONFIGURATION;

	private SchedulerNets() {
	}

	/** VM j's (from 1) read colour. */
	public static String readColour(int vm) {
		return "r" + vm;
	}

	/** VM j's (from 1) write colour. */
	public static String writeColour(int vm) {
		return "w" + vm;
	}

	/**
	 * @param weights α_j and β_j per VM, positive
	 * @throws IllegalArgumentException if the storage has no calibrated random reads or writes, or a weight or
	 *                                  service time is not positive
	 */
	public static Net instantiate(CalibratedStorage storage, ServiceTimeCorrection correction, SchedulerWorkload workload,
			Weights weights) {
		if (weights.read().length != workload.vms().size() || weights.write().length != workload.vms().size()) {
			throw new IllegalArgumentException(workload.vms().size() + " VMs need as many read and write weights");
		}
		double read = correction.read(workload.readSize()) * storage.service(StorageClass.RANDOM_READ,
				workload.readSize(), workload.fileSetSize(), workload.totalReadThreads()).cache();
		double write = correction.write(workload.writeSize()) * storage.service(StorageClass.RANDOM_WRITE,
				workload.writeSize(), workload.fileSetSize(), workload.totalWriteThreads()).cache();
		if (!(read > 0 && write > 0)) {
			throw new IllegalArgumentException(String.format(Locale.ROOT, "the corrected service times (read %.4g s,"
					+ " write %.4g s) must be positive: Eq. 7.10's correction is too large at these sizes", read, write));
		}
		int servers = storage.cacheServers();
		NetBuilder builder = new NetBuilder(String.format(Locale.ROOT, "scheduler, %d VM%s, reads %.0f B, writes %.0f B",
				workload.vms().size(), workload.vms().size() == 1 ? "" : "s", workload.readSize(), workload.writeSize()));
		OrdinaryPlace waiting = builder.ordinaryPlace(WAITING);
		OrdinaryPlace scheduler = builder.ordinaryPlace(SCHEDULER);
		QueueingPlace disk = builder.fcfsPlace(STORAGE, servers);
		ImmediateTransition schedule = builder.transition(SCHEDULE);
		ImmediateTransition done = builder.transition(DONE);
		List<Colour> colours = new java.util.ArrayList<>();
		for (int vm = 1; vm <= workload.vms().size(); vm++) {
			colours.add(builder.colour(readColour(vm)));
			colours.add(builder.colour(writeColour(vm)));
		}
		Colour permitColour = builder.colour("permit");
		ColourReference permit = builder.hold(scheduler, permitColour, servers);
		double demands = 0;
		for (int index = 0; index < colours.size(); index++) {
			int vm = index / 2;
			boolean reads = index % 2 == 0;
			SchedulerWorkload.Vm load = workload.vms().get(vm);
			int threads = reads ? load.readThreads() : load.writeThreads();
			double weight = reads ? weights.read()[vm] : weights.write()[vm];
			double service = reads ? read : write;
			demands += threads * service;
			ColourReference waits = builder.hold(waiting, colours.get(index), threads);
			QueueingColourReference served = builder.serve(disk, colours.get(index), service,
					storage.serviceTimeVariation());
			builder.mode(schedule, weight, List.of(waits, permit), List.of(served));
			builder.mode(done, 1, List.of(served), List.of(waits, permit));
		}
		int threads = workload.vms().stream().mapToInt(SchedulerWorkload.Vm::threads).sum();
		return builder.finish(StorageNets.COMPLETIONS, demands / threads / Math.min(servers, threads));
	}

	/**
	 * Each VM's mean read and write response time in an instance (NaN for a type without threads):
	 * a class's threads divided by its throughput out of {@value #WAITING}, by one simulation.
	 *
	 * @throws IllegalArgumentException if a class with threads completed no request in the run
	 */
	public static List<ResponseTimes> solve(Net net, SchedulerWorkload workload, long seed) {
		QpnResult result = PreparedNet.of(net, CONFIGURATION).run(QpnRunSettings.of(net.getConfigurations().get(0), seed),
				Map.of());
		List<ResponseTimes> times = new ArrayList<>();
		for (int vm = 1; vm <= workload.vms().size(); vm++) {
			SchedulerWorkload.Vm load = workload.vms().get(vm - 1);
			times.add(new ResponseTimes(cycle(result, readColour(vm), load.readThreads()),
					cycle(result, writeColour(vm), load.writeThreads())));
		}
		return times;
	}

	private static double cycle(QpnResult result, String colour, int threads) {
		if (threads == 0) {
			return Double.NaN;
		}
		double cycle = result.cycleTime(WAITING, colour, threads);
		if (Double.isNaN(cycle)) {
			throw new IllegalArgumentException("no request of colour '" + colour + "' completed in the run");
		}
		return cycle;
	}
}
