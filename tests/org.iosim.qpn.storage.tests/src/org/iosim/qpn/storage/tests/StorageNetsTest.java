package org.iosim.qpn.storage.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.iosim.qpn.Net;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.QpeReader;
import org.iosim.qpn.qpe.QpeWriter;
import org.iosim.qpn.qpe.QpnDiagnostic;
import org.iosim.qpn.qpe.QpnValidator;
import org.iosim.qpn.simulation.PreparedNet;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.storage.CalibratedStorage;
import org.iosim.qpn.storage.CalibratedStorage.ClassModel;
import org.iosim.qpn.storage.CalibratedStorage.RaidRouting;
import org.iosim.qpn.storage.MeasuredRow;
import org.iosim.qpn.storage.ServiceTimeModel;
import org.iosim.qpn.storage.ServiceTimeModel.Term;
import org.iosim.qpn.storage.StorageCalibration;
import org.iosim.qpn.storage.StorageClass;
import org.iosim.qpn.storage.StorageNets;
import org.iosim.qpn.storage.StorageTemplate;
import org.iosim.qpn.storage.StorageWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Instantiated templates, simulated, against exact results (SPEC.md T2, T5) and MVA. */
class StorageNetsTest {

	private static final double GIB = 1 << 30;

	private static ServiceTimeModel constant(double seconds) {
		return new ServiceTimeModel(List.of(Term.CONSTANT), new double[] { seconds }, 1, 0);
	}

	/** T5's storage: cache exponential with mean 1, then with p = 0.5 the RAID with mean 5, above 1 GiB. */
	private static CalibratedStorage t5() {
		return new CalibratedStorage(StorageTemplate.CACHE_RAID, Map.of(StorageClass.RANDOM_READ,
				new ClassModel(constant(1), constant(5)), StorageClass.RANDOM_WRITE, new ClassModel(constant(2), null)),
				GIB, Double.POSITIVE_INFINITY, RaidRouting.constant(0.5), 1);
	}

	private static double cycleTime(Net net, StorageClass storageClass, int threads, long seed) {
		PreparedNet prepared = PreparedNet.of(net, StorageNets.CONFIGURATION);
		QpnResult result = prepared.run(QpnRunSettings.of(net.getConfigurations().get(0), seed), Map.of());
		return result.cycleTime(StorageNets.CLIENTS, storageClass.label(), threads);
	}

	@Test
	void uncachedRandomReadsGiveT5() {
		double[] expected = { 3.5, 5.5714, 7.8077 };
		for (int threads = 1; threads <= 3; threads++) {
			Net net = StorageNets.instantiate(t5(), new StorageWorkload(Map.of(StorageClass.RANDOM_READ, threads), 4096,
					4096, 2 * GIB));
			double simulated = cycleTime(net, StorageClass.RANDOM_READ, threads, threads);
			assertEquals(expected[threads - 1], simulated, 0.015 * expected[threads - 1], threads + " threads");
			// and the calibration's own prediction is the same exact MVA
			assertEquals(expected[threads - 1], StorageCalibration.predict(t5(),
					new MeasuredRow(StorageClass.RANDOM_READ, threads, 4096, 2 * GIB, 1, 1)), 1e-4);
		}
	}

	@Test
	void cachedRequestsGiveT2() {
		// T2: one FCFS queue, closed, no think time, t tokens: R = t·μ
		for (int threads : new int[] { 1, 5, 20 }) {
			Net net = StorageNets.instantiate(t5(), new StorageWorkload(Map.of(StorageClass.RANDOM_READ, threads), 4096,
					4096, GIB));
			assertTrue(net.getPlaces().stream().noneMatch(place -> place.getName().equals(StorageNets.RAID)),
					"a cached workload never reaches the RAID");
			assertEquals(threads, cycleTime(net, StorageClass.RANDOM_READ, threads, 3), 0.015 * threads, threads + " threads");
		}
	}

	@Test
	void classesContendAtTheSharedCache() {
		// 2 random reads (mean 1 at the cache, then the RAID) and 2 random writes (mean 2 at the cache): the
		// writes wait behind reads at the cache, so their cycle is longer than 2 writes alone (R = 4)
		Net net = StorageNets.instantiate(t5(), new StorageWorkload(Map.of(StorageClass.RANDOM_READ, 2,
				StorageClass.RANDOM_WRITE, 2), 4096, 4096, 2 * GIB));
		double writes = cycleTime(net, StorageClass.RANDOM_WRITE, 2, 9);
		double alone = cycleTime(StorageNets.instantiate(t5(), new StorageWorkload(Map.of(StorageClass.RANDOM_WRITE, 2),
				4096, 4096, 2 * GIB)), StorageClass.RANDOM_WRITE, 2, 9);
		assertEquals(4, alone, 0.06);
		assertTrue(writes > alone * 1.2, writes + " with reads, " + alone + " alone");
	}

	@Test
	void gammaServiceTimesFollowEquation76() {
		CalibratedStorage storage = new CalibratedStorage(StorageTemplate.CACHE, Map.of(StorageClass.SEQUENTIAL_WRITE,
				new ClassModel(constant(0.004), null)), Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
				RaidRouting.constant(1), 0.5);
		Net net = StorageNets.instantiate(storage, new StorageWorkload(Map.of(StorageClass.SEQUENTIAL_WRITE, 3), 4096,
				4096, GIB));
		var served = ((QueueingPlace) net.getPlaces().stream().filter(place -> place.getName().equals(StorageNets.CACHE))
				.findFirst().orElseThrow()).getColourReferences().stream()
				.filter(reference -> reference.getColour().getName().equals("ws")).findFirst().orElseThrow();
		var distribution = ((org.iosim.qpn.QueueingColourReference) served).getServiceTime();
		assertEquals("Gamma", distribution.getFunction());
		// k = (μ/σ)² = 4, rate = k/μ = 1000
		assertEquals(4, Double.parseDouble(distribution.getParameters().get(0).getValue()), 1e-12);
		assertEquals(1000, Double.parseDouble(distribution.getParameters().get(1).getValue()), 1e-9);
		assertEquals(0.012, cycleTime(net, StorageClass.SEQUENTIAL_WRITE, 3, 4), 0.012 * 0.015);
	}

	@Test
	void instancesAreValidQpmeNets(@TempDir Path folder) throws Exception {
		Net net = StorageNets.instantiate(t5(), new StorageWorkload(Map.of(StorageClass.RANDOM_READ, 3,
				StorageClass.RANDOM_WRITE, 1), 4096, 8192, 2 * GIB));
		assertEquals(List.of(), new QpnValidator().validate(net).stream().filter(QpnDiagnostic::isError).toList());
		Path file = folder.resolve("storage.qpe");
		new QpeWriter().write(net, file);
		QpeReadResult read = new QpeReader().read(file);
		assertEquals(List.of(), read.errors());
		StringWriter again = new StringWriter();
		new QpeWriter().write(read.net(), again);
		assertEquals(Files.readString(file), again.toString(), "written, read and written again: the same file");
		assertEquals(cycleTime(net, StorageClass.RANDOM_READ, 3, 2), cycleTime(read.net(),
				StorageClass.RANDOM_READ, 3, 2), 1e-12, "the same seed gives the same run");
	}

	@Test
	void unusableWorkloadsAreNamed() {
		String missing = assertThrows(IllegalArgumentException.class, () -> StorageNets.instantiate(t5(),
				new StorageWorkload(Map.of(StorageClass.SEQUENTIAL_READ, 1), 4096, 4096, GIB))).getMessage();
		assertEquals("class 'rs' was not calibrated: the measurements had no sequential reads", missing);
		CalibratedStorage shrinking = new CalibratedStorage(StorageTemplate.CACHE, Map.of(StorageClass.RANDOM_READ,
				new ClassModel(new ServiceTimeModel(List.of(Term.CONSTANT, Term.SIZE), new double[] { 1e-3, -1e-8 }, 1, 0),
						null)), Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, RaidRouting.constant(1), 1);
		String negative = assertThrows(IllegalArgumentException.class, () -> StorageNets.instantiate(shrinking,
				new StorageWorkload(Map.of(StorageClass.RANDOM_READ, 1), 1 << 20, 4096, GIB))).getMessage();
		assertTrue(negative.startsWith("the calibrated service time of class 'rr' at 1048576-byte requests"), negative);
		assertThrows(IllegalArgumentException.class, () -> new StorageWorkload(Map.of(), 4096, 4096, GIB));
	}
}
