package org.iosim.qpn.storage.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.iosim.qpn.storage.CalibratedStorage.RaidRouting;
import org.iosim.qpn.storage.MeasuredRow;
import org.iosim.qpn.storage.StorageCalibration;
import org.iosim.qpn.storage.StorageClass;
import org.iosim.qpn.storage.StorageFiles;
import org.iosim.qpn.storage.StorageTemplate;
import org.iosim.qpn.storage.TemplateCalibrations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The calibration service of 'qpn calibrate --template' reads a measurement export and gives the template's file. */
class TemplateCalibrationsTest {

	@TempDir
	Path folder;

	@Test
	void aStorageTemplateFromAnExportIsTheOneItsRowsCalibrate() throws Exception {
		List<MeasuredRow> rows = StorageCalibrationTest.rows(StorageCalibrationTest.known(), 0.01, 3);
		StringBuilder export = new StringBuilder(
				"concurrency,type,requestSize,readPattern,writePattern,readRatio,fileSetSize,readThreads,delay\n");
		for (MeasuredRow row : rows) {
			boolean reads = row.storageClass() == StorageClass.RANDOM_READ || row.storageClass() == StorageClass.SEQUENTIAL_READ;
			int sequential = row.storageClass() == StorageClass.SEQUENTIAL_READ
					|| row.storageClass() == StorageClass.SEQUENTIAL_WRITE ? 1 : 0;
			export.append(String.format(Locale.ROOT, "%d,%d,%.0f,%d,%d,%d,%.0f,-1,%s%n", row.threads(), reads ? 0 : 1,
					row.size(), reads ? sequential : 0, reads ? 0 : sequential, reads ? 1 : 0, row.fileSetSize(),
					Double.toString(row.responseTime())));
		}
		export.append("8,0,4096,0,0,0.5,1e9,-1,0.003\n");
		Path data = Files.writeString(folder.resolve("export.csv"), export);
		StorageCalibration.Settings settings = new StorageCalibration.Settings(StorageTemplate.CACHE_RAID, null, null,
				new RaidRouting(0.5, 4, 0.9), 1);

		TemplateCalibrations.StorageTemplate calibrated = TemplateCalibrations.storage(data, settings);

		assertEquals(1, calibrated.mixedLeftOut(), "the mixed read/write row");
		assertEquals(rows.size(), calibrated.result().rows().size());
		Path written = Files.writeString(folder.resolve("template.json"), calibrated.text());
		assertEquals(calibrated.result().storage().readThreshold(), StorageFiles.read(written).readThreshold());
	}

	@Test
	void dataThatCannotCalibrateIsRefusedNamingTheFile() throws Exception {
		Path data = Files.writeString(folder.resolve("export.csv"),
				"concurrency,type,requestSize,readPattern,writePattern,readRatio,fileSetSize,readThreads,delay\n"
						+ "8,0,4096,0,0,0.5,1e9,-1,0.003\n");

		TemplateCalibrations.UnusableInputException refused = assertThrows(TemplateCalibrations.UnusableInputException.class,
				() -> TemplateCalibrations.storage(data, new StorageCalibration.Settings(StorageTemplate.CACHE, null, null,
						RaidRouting.constant(1), 1)));

		assertTrue(refused.getMessage().startsWith(data.toString()), refused.getMessage());
	}
}
