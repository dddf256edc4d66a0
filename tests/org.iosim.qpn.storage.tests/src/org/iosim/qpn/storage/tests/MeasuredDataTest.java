package org.iosim.qpn.storage.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.qpn.simulation.calibration.RequestWeights.ResponseTimes;
import org.iosim.qpn.storage.MeasuredData;
import org.iosim.qpn.storage.MeasuredData.UnusableDataException;
import org.iosim.qpn.storage.MeasuredRow;
import org.iosim.qpn.storage.SchedulerCalibration;
import org.iosim.qpn.storage.SchedulerNetCalibration;
import org.iosim.qpn.storage.SchedulerWorkload;
import org.iosim.qpn.storage.StorageClass;
import org.iosim.qpn.storage.StorageTemplate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The calibrations' measured configurations are read from CSV files; what cannot be used is named by file and line. */
class MeasuredDataTest {

	private static final String EXPORT_HEADER = "concurrency,type,requestSize,readPattern,writePattern,readRatio,"
			+ "fileSetSize,readThreads,delay\n";

	@TempDir
	Path folder;

	@Test
	void aStorageTemplateLearnsFromTheSingleClassRowsOfAnExport() throws Exception {
		Path data = write("export.csv", EXPORT_HEADER
				+ "4,0,4096,0,0,1,1e9,-1,0.002\n"
				+ "2,1,65536,0,1,0,1e9,-1,0.004\n"
				+ "8,0,4096,0,0,0.5,1e9,-1,0.003\n");
		MeasuredData.StorageRows read = MeasuredData.storageRows(data, StorageTemplate.CACHE);
		assertEquals(List.of(new MeasuredRow(StorageClass.RANDOM_READ, 4, 4096, 1e9, 0.002, 2),
				new MeasuredRow(StorageClass.SEQUENTIAL_WRITE, 2, 65536, 1e9, 0.004, 3)), read.rows());
		assertEquals(1, read.mixedLeftOut(), "the mixed read/write row");

		assertUnusable(data + ": line 3: 'type' must be 0 (read) or 1 (write), got 2.0", () -> MeasuredData.storageRows(
				write("export.csv", EXPORT_HEADER + "4,0,4096,0,0,1,1e9,-1,0.002\n2,2,4096,0,0,0,1e9,-1,0.004\n"),
				StorageTemplate.CACHE));
		assertUnusable(data + ": line 2: 'concurrency' must be a whole number from 1 to 1,000,000, got 1.5",
				() -> MeasuredData.storageRows(write("export.csv", EXPORT_HEADER + "1.5,0,4096,0,0,1,1e9,-1,0.002\n"),
						StorageTemplate.CACHE));
		assertUnusable(data + ": no single-class configuration (reads at readRatio 1 or writes at readRatio 0) to"
				+ " calibrate the cache-raid template from", () -> MeasuredData.storageRows(write("export.csv",
						EXPORT_HEADER + "8,0,4096,0,0,0.5,1e9,-1,0.003\n"), StorageTemplate.CACHE_RAID));
	}

	@Test
	void theSchedulerJoinsAnExportsReadAndWriteRowsOfOneConfiguration() throws Exception {
		Path data = write("separate.csv", EXPORT_HEADER
				+ "10,0,8192,0,0,0.3,2e9,3,0.010\n"
				+ "10,1,8192,0,0,0.3,2e9,3,0.020\n"
				+ "10,0,8192,0,0,0.3,2e9,-1,0.015\n"
				+ "6,0,8192,0,0,1,2e9,6,0.005\n");
		List<SchedulerCalibration.Row> rows = MeasuredData.schedulerRows(data);
		assertEquals(1, rows.size(), "mixed threads and reads alone have nothing to schedule between: " + rows);
		assertEquals(new SchedulerWorkload(List.of(new SchedulerWorkload.Vm(3, 7)), 8192, 8192, 2e9), rows.get(0).workload());
		assertEquals(List.of(new ResponseTimes(0.010, 0.020)), rows.get(0).measured());
		assertEquals(2, rows.get(0).line());

		Path joint = write("joint.csv", EXPORT_HEADER.replace(",readThreads", "") + "4,0,4096,0,0,1,1e9,0.002\n");
		UnusableDataException unusable = assertThrows(UnusableDataException.class, () -> MeasuredData.schedulerRows(joint));
		assertTrue(unusable.getMessage().startsWith(joint + ": the export has no separate read and write threads"),
				unusable.getMessage());
	}

	@Test
	void theSchedulerReadsAFileWithARowPerVm() throws Exception {
		String header = String.join(",", MeasuredData.VM_COLUMNS) + ",writeResponseTime\n";
		Path data = write("vms.csv", header + "1,2,4,1,4096,8192,1e9,0.02,0.03\n1,1,2,2,4096,8192,1e9,0.01,0.04\n");
		List<SchedulerCalibration.Row> rows = MeasuredData.schedulerRows(data);
		assertEquals(List.of(new SchedulerWorkload.Vm(2, 2), new SchedulerWorkload.Vm(4, 1)), rows.get(0).workload().vms(),
				"in the order of 'vm'");
		assertEquals(List.of(new ResponseTimes(0.01, 0.04), new ResponseTimes(0.02, 0.03)), rows.get(0).measured());

		assertUnusable(data + ": line 3: the VMs of a configuration share its request sizes and file set",
				() -> MeasuredData.schedulerRows(write("vms.csv", header
						+ "1,1,4,1,4096,8192,1e9,0.02,0.03\n1,2,2,2,4096,4096,1e9,0.01,0.04\n")));
	}

	@Test
	void aSchedulerNetIsCalibratedOnWholeThreadCounts() throws Exception {
		String header = "readThreads,writeThreads,readResponseTime,writeResponseTime\n";
		Path data = write("targets.csv", header + "30,10,0.045,0.030\n20,20,0.030,0.060\n");
		assertEquals(List.of(new SchedulerNetCalibration.Configuration(30, 10, new ResponseTimes(0.045, 0.030)),
				new SchedulerNetCalibration.Configuration(20, 20, new ResponseTimes(0.030, 0.060))),
				MeasuredData.schedulerNetConfigurations(data));
		assertUnusable(data + ": row 2: writeThreads must be a whole number from 1 to 1,000,000, got 0.5",
				() -> MeasuredData.schedulerNetConfigurations(write("targets.csv", header
						+ "30,10,0.045,0.030\n20,0.5,0.030,0.060\n")));
	}

	private Path write(String name, String text) throws Exception {
		return Files.writeString(folder.resolve(name), text);
	}

	private static void assertUnusable(String message, org.junit.jupiter.api.function.Executable reading) {
		assertEquals(message, assertThrows(UnusableDataException.class, reading).getMessage());
	}
}
