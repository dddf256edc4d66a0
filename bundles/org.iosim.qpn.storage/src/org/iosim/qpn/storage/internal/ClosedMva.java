package org.iosim.qpn.storage.internal;

/**
 * Exact mean value analysis of a closed single-class network of FCFS stations with one or more
 * servers and no think time (the storage templates with one class running), in its load-dependent
 * form: a station with m servers completes at min(j, m)/D with j requests present, and the marginal
 * probabilities of its queue length are carried from one population to the next.
 */
public final class ClosedMva {

	private ClosedMva() {
	}

	/** The response time of one cycle with {@code threads} customers, these servers and service demands. */
	public static double responseTime(int threads, int[] servers, double[] demands) {
		int stations = demands.length;
		// probability[k][j]: station k holds j customers, at the previous population
		double[][] probability = new double[stations][threads + 1];
		for (int station = 0; station < stations; station++) {
			probability[station][0] = 1;
		}
		double response = 0;
		for (int customers = 1; customers <= threads; customers++) {
			double[] residence = new double[stations];
			response = 0;
			for (int station = 0; station < stations; station++) {
				double sum = 0;
				for (int present = 1; present <= customers; present++) {
					sum += present / (double) Math.min(present, servers[station]) * probability[station][present - 1];
				}
				residence[station] = demands[station] * sum;
				response += residence[station];
			}
			double throughput = customers / response;
			for (int station = 0; station < stations; station++) {
				double[] next = new double[threads + 1];
				double busy = 0;
				for (int present = customers; present >= 1; present--) {
					next[present] = demands[station] * throughput / Math.min(present, servers[station])
							* probability[station][present - 1];
					busy += next[present];
				}
				next[0] = Math.max(0, 1 - busy);
				probability[station] = next;
			}
		}
		return response;
	}

	/**
	 * The demand at the second (single-server) station that makes the response time {@code target},
	 * given the first station's servers and demand; 0 when even a demand of 0 is too slow.
	 */
	public static double secondDemand(int threads, int firstServers, double firstDemand, double target) {
		int[] servers = { firstServers, 1 };
		if (responseTime(threads, servers, new double[] { firstDemand, 0 }) >= target) {
			return 0;
		}
		double low = 0;
		double high = target; // R ≥ the second station's demand, so this is too slow
		for (int step = 0; step < 200 && high - low > 1e-15 * high; step++) {
			double middle = (low + high) / 2;
			if (responseTime(threads, servers, new double[] { firstDemand, middle }) < target) {
				low = middle;
			} else {
				high = middle;
			}
		}
		return (low + high) / 2;
	}
}
