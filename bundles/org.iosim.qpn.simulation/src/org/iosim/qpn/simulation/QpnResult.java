package org.iosim.qpn.simulation;

import java.util.List;

/**
 * What a QPN simulation measured after its warm-up.
 *
 * @param net              the net's name
 * @param seed             the seed the run started with
 * @param replications     independent replications pooled
 * @param stopReason       "run length" or "precision reached"
 * @param simulatedTime    simulated time at the end of the run (the longest replication's)
 * @param events           service completions and transition firings, warm-up included, of all replications
 * @param wallClockSeconds real time the run took; the only figure that differs between runs with one seed
 * @param places           one entry per place and colour; a queueing place has one for its queue and one for its depository
 * @param probes           one entry per probe and colour it measures, in the net's order
 */
public record QpnResult(String net, long seed, int replications, String stopReason, double simulatedTime, long events,
		double wallClockSeconds, List<PlaceResult> places, List<ProbeResult> probes) {

	public QpnResult {
		places = List.copyOf(places);
		probes = List.copyOf(probes);
	}

	/**
	 * @return tokens of the colour leaving the place (an ordinary place, or a queueing place's
	 *         depository) per time unit; 0 if the place holds no such colour
	 */
	private double departures(String place, String colour) {
		for (PlaceResult result : places) {
			if (result.place().equals(place) && result.colour().equals(colour) && result.part() != Part.QUEUE) {
				return result.throughput();
			}
		}
		return 0;
	}

	/**
	 * Little's law for a closed cycle: the colour's tokens divided by their throughput out of the
	 * place, i.e. the time a token takes from leaving the place to leaving it again; NaN if no such
	 * token left it in the run.
	 */
	public double cycleTime(String place, String colour, int tokens) {
		double departures = departures(place, colour);
		return departures > 0 ? tokens / departures : Double.NaN;
	}

	/** Where in a place tokens were measured. */
	public enum Part {
		/** An ordinary place. */
		PLACE,
		/** The queue of a queueing place: waiting and in service. */
		QUEUE,
		/** The depository of a queueing place: served, waiting for a transition. */
		DEPOSITORY;

		public String label() {
			return name().toLowerCase(java.util.Locale.ROOT);
		}
	}

	/**
	 * A mean with the half-width of its 95 % confidence interval from batch means ({@code Infinity}
	 * with fewer than two batches, {@code NaN} mean without observations), and the median, 95th and
	 * 99th percentiles where the place measures them (statsLevel 4 or more, SimQPN's histogram level;
	 * {@code NaN} otherwise).
	 */
	public record Estimate(double mean, double ci95, long observations, double p50, double p95, double p99) {

		/** Without percentiles. */
		public Estimate(double mean, double ci95, long observations) {
			this(mean, ci95, observations, Double.NaN, Double.NaN, Double.NaN);
		}

		public boolean hasPercentiles() {
			return !Double.isNaN(p50);
		}
	}

	/**
	 * @param place          the place's name
	 * @param placeId        the place's id
	 * @param colour         the colour's name
	 * @param part           where the tokens were measured
	 * @param residenceTime  time a token spent there
	 * @param throughput     tokens leaving per time unit
	 * @param population     mean number of tokens there
	 * @param utilization    for a queue: mean share of busy servers (for IS: mean tokens in service, as
	 *                       there is no fixed number of servers); NaN otherwise
	 * @param servers        for a queue its number of servers, {@link #INFINITE_SERVERS} for an
	 *                       infinite-server (IS) queue; 0 otherwise
	 */
	public record PlaceResult(String place, String placeId, String colour, Part part, Estimate residenceTime,
			double throughput, double population, double utilization, int servers) {

		/** The servers of an infinite-server (IS) queue, which serves every token at once. */
		public static final int INFINITE_SERVERS = Integer.MAX_VALUE;

		/** A place or depository, which has no servers. */
		public PlaceResult(String place, String placeId, String colour, Part part, Estimate residenceTime,
				double throughput, double population) {
			this(place, placeId, colour, part, residenceTime, throughput, population, Double.NaN, 0);
		}

		/** @return whether the place is the queue of an infinite-server (IS) queueing place */
		public boolean hasInfiniteServers() {
			return servers == INFINITE_SERVERS;
		}

		/**
		 * The share of busy servers, what reports call utilization; NaN where there is none: for an
		 * infinite-server queue (its busy servers are not a share of anything), a place or a depository.
		 */
		public double shareOfBusyServers() {
			return hasInfiniteServers() ? Double.NaN : utilization;
		}

		/**
		 * The mean number of busy servers: utilization times the servers, and for an infinite-server queue
		 * the mean tokens in service; NaN for a place or a depository.
		 */
		public double meanBusyServers() {
			if (part != Part.QUEUE) {
				return Double.NaN;
			}
			return hasInfiniteServers() ? utilization : utilization * servers;
		}
	}

	/**
	 * @param probe         the probe's name
	 * @param probeId       the probe's id
	 * @param colour        the colour's name: that of the tokens as they ended their measurement
	 * @param residenceTime time from the start to the end of a measurement (QPME's probe)
	 * @param throughput    measurements ended per time unit
	 */
	public record ProbeResult(String probe, String probeId, String colour, Estimate residenceTime, double throughput) {
	}
}
