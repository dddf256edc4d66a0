package org.iosim.simulation.tests.architecture;

/**
 * Exact mean value analysis of a single-class closed product-form network: queueing stations
 * (PS or FCFS with exponential service) and a think time. Test code only: the oracle the simulator
 * is checked against.
 */
final class MeanValueAnalysis {

	/** Response time (think time excluded) and throughput at the population asked for. */
	record Solution(double responseTime, double throughput, double[] utilizations) {
	}

	private MeanValueAnalysis() {
	}

	static Solution closed(double thinkTime, double[] demands, int population) {
		double[] queue = new double[demands.length];
		double responseTime = 0;
		double throughput = 0;
		for (int n = 1; n <= population; n++) {
			double[] residence = new double[demands.length];
			responseTime = 0;
			for (int k = 0; k < demands.length; k++) {
				residence[k] = demands[k] * (1 + queue[k]);
				responseTime += residence[k];
			}
			throughput = n / (thinkTime + responseTime);
			for (int k = 0; k < demands.length; k++) {
				queue[k] = throughput * residence[k];
			}
		}
		double[] utilizations = new double[demands.length];
		for (int k = 0; k < demands.length; k++) {
			utilizations[k] = throughput * demands[k];
		}
		return new Solution(responseTime, throughput, utilizations);
	}
}
