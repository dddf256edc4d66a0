package org.iosim.qpn.storage;

import java.util.List;
import java.util.Locale;

import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Net;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.storage.internal.NetBuilder;

/**
 * Instantiates a calibrated storage template for one workload as a QPME-compatible net: the place
 * {@value #CLIENTS} holds each class's threads as tokens of its colour (rr, rs, wr, ws; every class
 * is a colour, with no tokens if it has no threads); transition {@value #ISSUE} moves a token to the
 * FCFS queueing place {@value #CACHE} (with the calibrated servers); after service, {@value #SERVED}
 * returns it, or, for uncached random reads of the cache-RAID template, passes it with probability p₁
 * (a mode weight) to the FCFS
 * queueing place {@value #RAID}, from which {@value #STAGED} returns it. All classes share the cache,
 * so a workload of several classes contends there. The net's configuration {@value #CONFIGURATION}
 * runs long enough for about {@value #COMPLETIONS} requests.
 */
public final class StorageNets {

	public static final String CLIENTS = "Clients";
	public static final String CACHE = "Cache";
	public static final String RAID = "RAID";
	public static final String ISSUE = "issue";
	public static final String SERVED = "served";
	public static final String STAGED = "staged";
	public static final String CONFIGURATION = NetBuilder.CONFIGURATION;
	/** Requests a run completes: enough for a mean within about 1 % in the cases tried. */
	public static final int COMPLETIONS = 50_000;

	private StorageNets() {
	}

	/** @throws IllegalArgumentException if a class with threads is not calibrated or gets no positive service time */
	public static Net instantiate(CalibratedStorage storage, StorageWorkload workload) {
		NetBuilder builder = new NetBuilder(String.format(Locale.ROOT, "%s storage, %s", storage.template().label(),
				describe(workload)));
		OrdinaryPlace clients = builder.ordinaryPlace(CLIENTS);
		QueueingPlace cache = builder.fcfsPlace(CACHE, storage.cacheServers());
		QueueingPlace raid = null;
		ImmediateTransition issue = builder.transition(ISSUE);
		ImmediateTransition served = builder.transition(SERVED);
		ImmediateTransition staged = null;
		double demands = 0;
		for (StorageClass storageClass : StorageClass.values()) {
			int threads = workload.threads(storageClass);
			CalibratedStorage.Service service;
			try {
				service = storage.service(storageClass, workload.size(storageClass), workload.fileSetSize(), threads);
			} catch (IllegalArgumentException uncalibrated) {
				if (threads > 0) {
					throw uncalibrated;
				}
				// a class without threads still gets its colour, so that every instance has the same colours;
				// its service time is never drawn
				service = new CalibratedStorage.Service(1, 0, 0);
			}
			demands += threads * service.demand();
			Colour colour = builder.colour(storageClass.label());
			ColourReference waiting = builder.hold(clients, colour, threads);
			QueueingColourReference atCache = builder.serve(cache, colour, service.cache(), storage.serviceTimeVariation());
			builder.mode(issue, 1, List.of(waiting), List.of(atCache));
			if (service.raidProbability() > 0) {
				if (raid == null) {
					raid = builder.fcfsPlace(RAID, 1);
					staged = builder.transition(STAGED);
				}
				QueueingColourReference atRaid = builder.serve(raid, colour, service.raid(), storage.serviceTimeVariation());
				builder.mode(served, service.raidProbability(), List.of(atCache), List.of(atRaid));
				builder.mode(staged, 1, List.of(atRaid), List.of(waiting));
			}
			if (service.raidProbability() < 1) {
				builder.mode(served, 1 - service.raidProbability(), List.of(atCache), List.of(waiting));
			}
		}
		// with every thread busy, requests complete at about one per mean demand (per server, where there are more)
		return builder.finish(COMPLETIONS, demands / workload.totalThreads()
				/ Math.min(storage.cacheServers(), workload.totalThreads()));
	}

	private static String describe(StorageWorkload workload) {
		StringBuilder text = new StringBuilder();
		for (StorageClass storageClass : StorageClass.values()) {
			if (workload.threads(storageClass) > 0) {
				text.append(storageClass.label()).append(' ').append(workload.threads(storageClass)).append(", ");
			}
		}
		return text.append(String.format(Locale.ROOT, "reads %.0f B, writes %.0f B, file set %.0f B",
				workload.readSize(), workload.writeSize(), workload.fileSetSize())).toString();
	}
}
