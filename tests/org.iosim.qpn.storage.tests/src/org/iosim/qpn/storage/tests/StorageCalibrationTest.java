package org.iosim.qpn.storage.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.iosim.qpn.storage.CalibratedStorage;
import org.iosim.qpn.storage.CalibratedStorage.ClassModel;
import org.iosim.qpn.storage.CalibratedStorage.RaidRouting;
import org.iosim.qpn.storage.MeasuredRow;
import org.iosim.qpn.storage.ServiceTimeModel;
import org.iosim.qpn.storage.ServiceTimeModel.Term;
import org.iosim.qpn.storage.StorageCalibration;
import org.iosim.qpn.storage.StorageCalibration.Settings;
import org.iosim.qpn.storage.StorageClass;
import org.iosim.qpn.storage.StorageTemplate;
import org.junit.jupiter.api.Test;

/**
 * The calibration must recover the service-time models that generated the response times: rows are
 * the exact MVA response times of a known calibrated template with a little seeded noise (without
 * any, the p-values of terms whose true coefficient is 0 are rounding noise), so the fitted terms
 * must be the known ones, their coefficients close, and the thresholds chosen the known ones.
 */
class StorageCalibrationTest {

	private static final double KIB = 1024;
	private static final double GIB = KIB * KIB * KIB;
	private static final double[] SIZES = { 4 * KIB, 16 * KIB, 64 * KIB };
	private static final double[] FILE_SETS = { GIB / 16, GIB, 4 * GIB, 16 * GIB };
	private static final int[] THREADS = { 1, 4, 8, 16 };

	static ServiceTimeModel linear(double constant, double perByte) {
		return new ServiceTimeModel(List.of(Term.CONSTANT, Term.SIZE), new double[] { constant, perByte }, 1, 0);
	}

	static ServiceTimeModel logarithmic(double constant, double perByte, double perLogFileSet) {
		return new ServiceTimeModel(List.of(Term.CONSTANT, Term.SIZE, Term.LOG_FILE_SET),
				new double[] { constant, perByte, perLogFileSet }, 1, 0);
	}

	/** A cache-RAID storage: reads uncached above 1 GiB, random writes above 64 MiB. */
	static CalibratedStorage known() {
		return new CalibratedStorage(StorageTemplate.CACHE_RAID, Map.of(
				StorageClass.RANDOM_READ, new ClassModel(linear(50e-6, 2.5e-9), logarithmic(-8e-3, 6e-9, 0.5e-3)),
				StorageClass.SEQUENTIAL_READ, new ClassModel(linear(40e-6, 1.25e-9), logarithmic(-2e-3, 1.5e-9, 0.1e-3)),
				StorageClass.RANDOM_WRITE, new ClassModel(linear(60e-6, 4e-9), logarithmic(-1e-3, 5e-9, 0.06e-3)),
				StorageClass.SEQUENTIAL_WRITE, new ClassModel(linear(55e-6, 3e-9), null)), GIB, GIB / 16,
				new RaidRouting(0.5, 4, 0.9), 1);
	}

	static List<MeasuredRow> rows(CalibratedStorage storage, double noise, long seed) {
		Random random = new Random(seed);
		List<MeasuredRow> rows = new ArrayList<>();
		for (StorageClass storageClass : storage.classes().keySet()) {
			for (int threads : THREADS) {
				for (double size : SIZES) {
					for (double fileSet : FILE_SETS) {
						MeasuredRow row = new MeasuredRow(storageClass, threads, size, fileSet, 1, rows.size() + 2);
						double exact = StorageCalibration.predict(storage, row);
						rows.add(new MeasuredRow(storageClass, threads, size, fileSet,
								exact * (1 + noise * random.nextGaussian()), row.line()));
					}
				}
			}
		}
		return rows;
	}

	private static Settings automatic(StorageTemplate template) {
		return new Settings(template, null, null, new RaidRouting(0.5, 4, 0.9), 1);
	}

	@Test
	void cacheRaidRecoversServiceTimesAndThresholds() {
		CalibratedStorage truth = known();
		StorageCalibration.Result result = StorageCalibration.calibrate(rows(truth, 0.002, 1),
				automatic(StorageTemplate.CACHE_RAID));
		CalibratedStorage fitted = result.storage();
		assertEquals(GIB, fitted.readThreshold(), "the read threshold chosen from the data");
		assertEquals(GIB / 16, fitted.writeThreshold(), "the write threshold chosen from the data");
		for (StorageClass storageClass : StorageClass.values()) {
			assertSame(truth.classes().get(storageClass).cached(), fitted.classes().get(storageClass).cached(),
					storageClass + " cached");
			ServiceTimeModel uncached = truth.classes().get(storageClass).uncached();
			if (uncached == null) {
				assertNull(fitted.classes().get(storageClass).uncached(), storageClass + " has no uncached case");
			} else {
				assertSame(uncached, fitted.classes().get(storageClass).uncached(), storageClass + " uncached");
			}
		}
		for (StorageCalibration.RowFit fit : result.rows()) {
			assertTrue(fit.relativeError() < 0.01, "line " + fit.row().line() + ": " + fit.relativeError());
		}
	}

	/** Same terms, coefficients within 3 % (exact data: 1e-9). */
	private static void assertSame(ServiceTimeModel expected, ServiceTimeModel actual, String what) {
		assertEquals(expected.terms(), actual.terms(), what + ": " + actual.formula());
		boolean exact = actual.rSquared() == 1;
		for (int index = 0; index < expected.terms().size(); index++) {
			assertEquals(expected.coefficients()[index], actual.coefficients()[index],
					(exact ? 1e-9 : 0.03) * Math.abs(expected.coefficients()[index]), what + ": " + actual.formula());
		}
		assertTrue(actual.rSquared() > 0.99, what + ": R² " + actual.rSquared());
	}

	@Test
	void cacheTemplateGivesEveryFileSetTheSameServiceTime() {
		CalibratedStorage cacheOnly = new CalibratedStorage(StorageTemplate.CACHE, Map.of(StorageClass.RANDOM_WRITE,
				new ClassModel(linear(60e-6, 4e-9), null)), Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
				RaidRouting.constant(1), 1);
		List<MeasuredRow> rows = rows(cacheOnly, 0, 1).stream()
				.filter(row -> row.storageClass() == StorageClass.RANDOM_WRITE).toList();
		// Eq. 7.4: with t threads at one queue, R = t·μ, whatever the file set
		for (MeasuredRow row : rows) {
			assertEquals(row.threads() * (60e-6 + 4e-9 * row.size()), row.responseTime(), 1e-15);
		}
		CalibratedStorage fitted = StorageCalibration.calibrate(rows, automatic(StorageTemplate.CACHE)).storage();
		assertSame(linear(60e-6, 4e-9), fitted.classes().get(StorageClass.RANDOM_WRITE).cached(), "wr");
		assertEquals(Double.POSITIVE_INFINITY, fitted.writeThreshold());
		assertThrows(IllegalArgumentException.class, () -> fitted.service(StorageClass.RANDOM_READ, 4096, GIB, 1),
				"reads were not calibrated");
	}

	@Test
	void insignificantTermsArePrunedAndSignificantOnesKept() {
		// service times that do not depend on the size, measured with 5 % noise: the size term must go
		CalibratedStorage flat = new CalibratedStorage(StorageTemplate.CACHE, Map.of(StorageClass.SEQUENTIAL_READ,
				new ClassModel(linear(100e-6, 0), null), StorageClass.RANDOM_READ, new ClassModel(linear(100e-6, 5e-9),
						null)), Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, RaidRouting.constant(1), 1);
		CalibratedStorage fitted = StorageCalibration.calibrate(rows(flat, 0.05, 3), automatic(StorageTemplate.CACHE))
				.storage();
		ServiceTimeModel sequential = fitted.classes().get(StorageClass.SEQUENTIAL_READ).cached();
		assertEquals(List.of(Term.CONSTANT), sequential.terms(), sequential.formula());
		assertEquals(100e-6, sequential.coefficients()[0], 5e-6);
		ServiceTimeModel random = fitted.classes().get(StorageClass.RANDOM_READ).cached();
		assertEquals(List.of(Term.CONSTANT, Term.SIZE), random.terms(), random.formula());
		assertEquals(5e-9, random.coefficients()[1], 0.5e-9);
	}

	@Test
	void aSplitMustPayForItsTerms() {
		// with noise and no file-set effect, no threshold is chosen
		CalibratedStorage noEffect = new CalibratedStorage(StorageTemplate.CACHE_RAID, Map.of(StorageClass.RANDOM_WRITE,
				new ClassModel(linear(60e-6, 4e-9), null)), Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
				RaidRouting.constant(1), 1);
		List<MeasuredRow> rows = rows(noEffect, 0.03, 5).stream()
				.filter(row -> row.storageClass() == StorageClass.RANDOM_WRITE).toList();
		CalibratedStorage fitted = StorageCalibration.calibrate(rows, automatic(StorageTemplate.CACHE_RAID)).storage();
		assertEquals(Double.POSITIVE_INFINITY, fitted.writeThreshold());
		assertNull(fitted.classes().get(StorageClass.RANDOM_WRITE).uncached());
	}

	@Test
	void unusableMeasurementsAreNamed() {
		assertEquals("no measured configuration to calibrate from", assertThrows(IllegalArgumentException.class,
				() -> StorageCalibration.calibrate(List.of(), automatic(StorageTemplate.CACHE))).getMessage());
		List<MeasuredRow> uncachedOnly = rows(known(), 0, 1).stream()
				.filter(row -> row.storageClass() == StorageClass.RANDOM_READ && row.fileSetSize() > GIB).toList();
		String message = assertThrows(IllegalArgumentException.class, () -> StorageCalibration.calibrate(uncachedOnly,
				new Settings(StorageTemplate.CACHE_RAID, GIB, null, RaidRouting.constant(1), 1))).getMessage();
		assertTrue(message.startsWith("random reads above the read threshold need random reads at or below it"), message);
		String zero = assertThrows(IllegalArgumentException.class, () -> StorageCalibration.calibrate(
				List.of(new MeasuredRow(StorageClass.RANDOM_READ, 1, 4096, GIB, 0, 7)), automatic(StorageTemplate.CACHE)))
				.getMessage();
		assertEquals("line 7: threads, sizes and the response time must be positive", zero);
	}
}
