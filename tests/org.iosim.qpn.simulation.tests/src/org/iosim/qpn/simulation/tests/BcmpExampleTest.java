package org.iosim.qpn.simulation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.QpeReader;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnResult.Part;
import org.iosim.qpn.simulation.QpnResult.PlaceResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.QpnSimulator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * QPME's two-class BCMP example (shared/qpme-examples/pepsy-bcmp2.qpe) against exact mean value
 * analysis: 10 and 12 users think (IS, mean 10,000), use a PS CPU (means 200 and 250) and, routed by
 * the transitions' weights 4 : 5 : 1 : 10 from the CPU, FCFS disks with 1, 2 and 3 servers (means
 * 1,000, 500 and 20,000) or go back to thinking. Skipped where the shared folder is absent.
 */
class BcmpExampleTest {

	/**
	 * Four times the file's total run length: Disk 3 (three servers at 90 % utilization, 20,000 per
	 * request) has long correlations, and within 1 % of the exact value needs about 600,000 requests.
	 */
	private static final double RUN_LENGTH = 1.28e10;
	private static final String[] STATIONS = { "Terminals", "CPU", "Disk 1", "Disk 2", "Disk 3" };
	private static final int[] SERVERS = { 0, 1, 1, 2, 3 }; // 0: infinite server
	private static final int[] POPULATION = { 10, 12 };
	/** Visits per cycle: the CPU leads back to the terminals with probability 10/20. */
	private static final double[] VISITS = { 1, 2, 2 * 4 / 20.0, 2 * 5 / 20.0, 2 * 1 / 20.0 };
	private static final double[][] SERVICE = { { 10_000, 200, 1_000, 500, 20_000 }, { 10_000, 250, 1_000, 500, 20_000 } };

	@Test
	void residenceTimesPerClassAndPlaceMatchExactMeanValueAnalysis() {
		Optional<Path> net = example();
		Assumptions.assumeTrue(net.isPresent(), "shared/qpme-examples not found");
		QpeReadResult read = new QpeReader().read(net.get());
		assertFalse(read.hasErrors(), read.diagnostics().toString());
		QpnResult result = QpnSimulator.simulate(read.net(), "example_config",
				new QpnRunSettings(1, StoppingRule.ABSOLUTE, RUN_LENGTH, 1.6e7, 0), QpnSimulator.Progress.NONE);
		double[][] exact = meanValueAnalysis();
		for (int station = 0; station < STATIONS.length; station++) {
			for (int type = 0; type < 2; type++) {
				String colour = "class " + (type + 1);
				String name = STATIONS[station];
				PlaceResult measured = result.places().stream()
						.filter(place -> place.place().equals(name) && place.colour().equals(colour)
								&& place.part() == Part.QUEUE)
						.findFirst().orElseThrow();
				double mean = measured.residenceTime().mean();
				double expected = exact[station][type];
				String what = STATIONS[station] + " " + colour + ": simulated " + measured.residenceTime() + ", exact "
						+ expected;
				assertEquals(expected, mean, 0.01 * expected, what);
				assertTrue(Math.abs(mean - expected) <= measured.residenceTime().ci95() + 0.005 * expected, what);
			}
		}
	}

	/**
	 * Exact multi-class MVA with load-dependent (multi-server FCFS) stations through their marginal
	 * queue-length probabilities (Reiser and Lavenberg); the single-server PS CPU and FCFS disk take
	 * the plain arrival theorem. BCMP needs equal FCFS service times for all classes, as here.
	 *
	 * @return residence time per visit, by station and class
	 */
	static double[][] meanValueAnalysis() {
		int stations = STATIONS.length;
		int total = POPULATION[0] + POPULATION[1];
		int[] sizes = { POPULATION[0] + 1, POPULATION[1] + 1 };
		// per population vector: mean queue length per station, and marginal probabilities p[station][j]
		double[][][] queueLength = new double[sizes[0]][sizes[1]][stations];
		double[][][][] marginal = new double[sizes[0]][sizes[1]][stations][total + 1];
		double[][] responsePerVisit = new double[stations][2];
		for (int first = 0; first < sizes[0]; first++) {
			for (int second = 0; second < sizes[1]; second++) {
				int[] population = { first, second };
				int users = first + second;
				double[][] residence = new double[stations][2];
				double[] throughput = new double[2];
				for (int type = 0; type < 2; type++) {
					if (population[type] == 0) {
						continue;
					}
					int[] fewer = population.clone();
					fewer[type]--;
					double cycle = 0;
					for (int station = 0; station < stations; station++) {
						double demand = VISITS[station] * SERVICE[type][station];
						if (SERVERS[station] == 0) {
							residence[station][type] = demand;
						} else if (SERVERS[station] == 1) {
							residence[station][type] = demand * (1 + queueLength[fewer[0]][fewer[1]][station]);
						} else {
							double sum = 0;
							for (int j = 1; j <= users; j++) {
								sum += j / (double) Math.min(j, SERVERS[station])
										* marginal[fewer[0]][fewer[1]][station][j - 1];
							}
							residence[station][type] = demand * sum;
						}
						cycle += residence[station][type];
					}
					throughput[type] = population[type] / cycle;
				}
				for (int station = 0; station < stations; station++) {
					double length = 0;
					for (int type = 0; type < 2; type++) {
						length += throughput[type] * residence[station][type];
					}
					queueLength[first][second][station] = length;
					if (SERVERS[station] > 1) {
						double busy = 0;
						for (int j = 1; j <= users; j++) {
							double probability = 0;
							for (int type = 0; type < 2; type++) {
								if (population[type] > 0) {
									int[] fewer = population.clone();
									fewer[type]--;
									probability += VISITS[station] * SERVICE[type][station] / Math.min(j, SERVERS[station])
											* throughput[type] * marginal[fewer[0]][fewer[1]][station][j - 1];
								}
							}
							marginal[first][second][station][j] = probability;
							busy += probability;
						}
						marginal[first][second][station][0] = 1 - busy;
					}
				}
				if (first == POPULATION[0] && second == POPULATION[1]) {
					for (int station = 0; station < stations; station++) {
						for (int type = 0; type < 2; type++) {
							responsePerVisit[station][type] = residence[station][type] / VISITS[station];
						}
					}
				}
			}
		}
		return responsePerVisit;
	}

	private static Optional<Path> example() {
		for (Path folder = Path.of("").toAbsolutePath(); folder != null; folder = folder.getParent()) {
			Path candidate = folder.resolve("shared/qpme-examples/pepsy-bcmp2.qpe");
			if (Files.isRegularFile(candidate)) {
				return Optional.of(candidate);
			}
		}
		return Optional.empty();
	}
}
