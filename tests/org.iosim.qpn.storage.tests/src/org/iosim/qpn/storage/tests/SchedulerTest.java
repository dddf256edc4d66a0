package org.iosim.qpn.storage.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.iosim.qpn.simulation.calibration.RequestWeights.ResponseTimes;
import org.iosim.qpn.storage.CalibratedStorage;
import org.iosim.qpn.storage.CalibratedStorage.ClassModel;
import org.iosim.qpn.storage.CalibratedStorage.RaidRouting;
import org.iosim.qpn.storage.MultiVmWeights;
import org.iosim.qpn.storage.SchedulerCalibration;
import org.iosim.qpn.storage.SchedulerModel;
import org.iosim.qpn.storage.SchedulerNets;
import org.iosim.qpn.storage.SchedulerWorkload;
import org.iosim.qpn.storage.SchedulerWorkload.Vm;
import org.iosim.qpn.storage.ServiceTimeCorrection;
import org.iosim.qpn.storage.ServiceTimeModel;
import org.iosim.qpn.storage.ServiceTimeModel.Term;
import org.iosim.qpn.storage.StorageClass;
import org.iosim.qpn.storage.StorageTemplate;
import org.iosim.qpn.storage.Weights;
import org.junit.jupiter.api.Test;

/** The heterogeneous-workload model of 001 §7.5: its net, Algorithms 4 and 5, and its calibration. */
class SchedulerTest {

	private static final double GIB = 1 << 30;

	/** Reads and writes of 1 ms at a single-server cache. */
	private static CalibratedStorage oneMillisecond(int servers) {
		ServiceTimeModel millisecond = new ServiceTimeModel(List.of(Term.CONSTANT), new double[] { 0.001 }, 1, 0);
		return new CalibratedStorage(StorageTemplate.CACHE, Map.of(StorageClass.RANDOM_READ,
				new ClassModel(millisecond, null), StorageClass.RANDOM_WRITE, new ClassModel(millisecond, null)),
				Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, RaidRouting.constant(1), 1, servers);
	}

	private static SchedulerWorkload workload(int... threads) {
		List<Vm> vms = new ArrayList<>();
		for (int index = 0; index < threads.length; index += 2) {
			vms.add(new Vm(threads[index], threads[index + 1]));
		}
		return new SchedulerWorkload(vms, 4096, 4096, GIB);
	}

	@Test
	void weightedSchedulingInSaturationGivesT3() {
		// SPEC.md T3: 30 reads and 10 writes of 1 ms, α:β = 2:1: the permit goes to a read 2 times in 3,
		// so reads complete at 2/3 per ms (R = 30/(2/3) = 45 ms) and writes at 1/3 (R = 30 ms)
		SchedulerWorkload t3 = workload(30, 10);
		ResponseTimes times = SchedulerNets.solve(SchedulerNets.instantiate(oneMillisecond(1), ServiceTimeCorrection.NONE,
				t3, Weights.uniform(1, 2, 1)), t3, 1).get(0);
		assertEquals(0.045, times.read(), 0.045 * 0.015);
		assertEquals(0.030, times.write(), 0.030 * 0.015);
		// Eq. 7.10 with Δ = 1/2 halves the service times and so the response times
		ResponseTimes corrected = SchedulerNets.solve(SchedulerNets.instantiate(oneMillisecond(1),
				new ServiceTimeCorrection(0.5, 0, 0.5, 0), t3, Weights.uniform(1, 2, 1)), t3, 1).get(0);
		assertEquals(0.0225, corrected.read(), 0.0225 * 0.015);
	}

	@Test
	void eachVmsClassesGetTheirShareOfThePermits() {
		// two VMs of 10 read and 10 write threads, weights 3, 1 and 2, 2: shares 3/8, 1/8, 2/8, 2/8 per ms
		SchedulerWorkload two = workload(10, 10, 10, 10);
		List<ResponseTimes> times = SchedulerNets.solve(SchedulerNets.instantiate(oneMillisecond(1),
				ServiceTimeCorrection.NONE, two, new Weights(new double[] { 3, 2 }, new double[] { 1, 2 })), two, 2);
		assertEquals(0.010 * 8 / 3, times.get(0).read(), 0.0267 * 0.02);
		assertEquals(0.080, times.get(0).write(), 0.080 * 0.02);
		assertEquals(0.040, times.get(1).read(), 0.040 * 0.02);
		assertEquals(0.040, times.get(1).write(), 0.040 * 0.02);
	}

	@Test
	void algorithm4RanksClassesByTheirThreads() {
		// threads r1 10, w1 20, r2 30, w2 20: ranks 2, 1, 0, 1, so factors 0.81, 0.9, 1, 0.9
		Weights weights = MultiVmWeights.algorithm4(List.of(new Vm(10, 20), new Vm(30, 20)), 200, 100, 0.1);
		assertArrayEquals(new double[] { 162, 200 }, weights.read(), 1e-9);
		assertArrayEquals(new double[] { 90, 90 }, weights.write(), 1e-9);
		assertEquals(Weights.uniform(2, 200, 100), MultiVmWeights.algorithm4(List.of(new Vm(10, 20), new Vm(30, 20)), 200,
				100, 0));
	}

	@Test
	void algorithm5AsPrinted() {
		// by hand: β^max 120 (VM 2), α^max = 2·120 = 240, δ_r = (240 − 120)/(3 distinct t_r · c 2) = 20;
		// t* = 20, 30, 40: VM 1 gets 240 + 20, VM 3 240 − 20; all t* differ (κ = v) and VM 2 (30) has a
		// higher β than VM 3 (40), so in descending t* the β shrink by 0.7, 0.7, then 0.85
		List<Vm> three = List.of(new Vm(10, 10), new Vm(20, 10), new Vm(30, 10));
		Weights weights = MultiVmWeights.algorithm5(three, 200, 100,
				new Weights(new double[] { 1, 1, 1 }, new double[] { 100, 120, 110 }), 0.3, 2, 4096, 4096);
		assertArrayEquals(new double[] { 260, 240, 220 }, weights.read(), 1e-9);
		assertArrayEquals(new double[] { 85, 84, 77 }, weights.write(), 1e-9);
		// κ = 2 and a single VM with the fewest threads: its β grows by ε; α^max for all (β^l all equal)
		List<Vm> single = List.of(new Vm(20, 10), new Vm(20, 10), new Vm(10, 10));
		Weights equal = new Weights(new double[] { 1, 1, 1 }, new double[] { 100, 100, 100 });
		Weights grown = MultiVmWeights.algorithm5(single, 150, 100, equal, 0.3, 2, 4096, 4096);
		assertArrayEquals(new double[] { 150, 150, 150 }, grown.read(), 1e-9);
		assertArrayEquals(new double[] { 100, 100, 130 }, grown.write(), 1e-9);
		// reads four times the writes' size: the VM with the fewest read threads has its weights swapped
		Weights inverted = MultiVmWeights.algorithm5(single, 150, 100, equal, 0.3, 2, 16384, 4096);
		assertArrayEquals(new double[] { 150, 150, 130 }, inverted.read(), 1e-9);
		assertArrayEquals(new double[] { 100, 100, 150 }, inverted.write(), 1e-9);
		assertThrows(IllegalArgumentException.class, () -> MultiVmWeights.algorithm5(single, 150, 100, equal, 1.5, 2,
				4096, 4096));
	}

	/**
	 * Measurements made by the model itself with known weights φ = 1 + t_r/t_w (2 servers): the
	 * calibration must find weights that predict them within the simulation's noise, no correction to
	 * speak of, and, from 2-VM rows made with Algorithm 4's descent 0.2, that descent.
	 */
	@Test
	void calibrationRecoversTheWeightsThatMadeTheMeasurements() {
		CalibratedStorage storage = oneMillisecond(2);
		List<SchedulerCalibration.Row> rows = new ArrayList<>();
		int line = 2;
		for (int reads : new int[] { 10, 20, 40 }) {
			for (int writes : new int[] { 10, 20, 40 }) {
				SchedulerWorkload workload = workload(reads, writes);
				double phi = 1 + (double) reads / writes;
				rows.add(new SchedulerCalibration.Row(workload, SchedulerNets.solve(SchedulerNets.instantiate(storage,
						ServiceTimeCorrection.NONE, workload, Weights.uniform(1, Math.floor(phi * 100 + 0.5), 100)),
						workload, 99), line++));
			}
		}
		for (int[] threads : new int[][] { { 10, 20, 30, 20 }, { 20, 10, 10, 30 }, { 30, 30, 10, 10 } }) {
			SchedulerWorkload workload = workload(threads);
			double phi = 1 + (double) workload.totalReadThreads() / workload.totalWriteThreads();
			Weights known = MultiVmWeights.algorithm4(workload.vms(), Math.floor(phi * 100 + 0.5), 100, 0.2);
			rows.add(new SchedulerCalibration.Row(workload, SchedulerNets.solve(SchedulerNets.instantiate(storage,
					ServiceTimeCorrection.NONE, workload, known), workload, 99), line++));
		}
		List<String> stages = new ArrayList<>();
		SchedulerCalibration.Result result = SchedulerCalibration.calibrate(rows, new SchedulerCalibration.Settings(
				storage, new double[] { 1, 10 }, new double[] { 1, 10 }, 2, 1,
				new SchedulerModel.MultiVm(4, 0, 0.3, 2)), (stage, done, total) -> stages.add(stage));
		assertTrue(result.modelError() < 0.03, "single-VM error " + result.modelError());
		assertTrue(result.multiVmError() < 0.05, "multi-VM error " + result.multiVmError());
		assertEquals(0.2, result.model().multiVm().descent(), 0.051);
		SchedulerModel model = result.model();
		assertEquals(2, model.relativeWeight(20, 20, 4096, 4096), 0.2);
		assertEquals(0, 1 - model.correction().read(4096), 0.03, "no correction to speak of");
		assertTrue(stages.contains("weights") && stages.contains("weights, corrected") && stages.contains("checking"),
				stages.toString());
	}
}
