package org.iosim.qpn.storage.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.qpn.storage.CalibratedStorage;
import org.iosim.qpn.storage.MeasuredRow;
import org.iosim.qpn.storage.StorageCalibration;
import org.iosim.qpn.storage.StorageFiles;
import org.iosim.qpn.storage.StorageFiles.StorageFileException;
import org.iosim.qpn.storage.StorageTemplate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StorageFilesTest {

	@Test
	void aCalibrationReadsBackToTheSamePredictions(@TempDir Path folder) throws Exception {
		StorageCalibration.Result result = StorageCalibration.calibrate(StorageCalibrationTest.rows(
				StorageCalibrationTest.known(), 0.01, 2), new StorageCalibration.Settings(StorageTemplate.CACHE_RAID, null,
						null, StorageCalibrationTest.known().raidRouting(), 0.7));
		Path file = folder.resolve("storage.json");
		Files.writeString(file, StorageFiles.write(result.storage(), result.rows()));
		CalibratedStorage read = StorageFiles.read(file);
		assertEquals(result.storage().readThreshold(), read.readThreshold());
		assertEquals(result.storage().writeThreshold(), read.writeThreshold());
		assertEquals(result.storage().raidRouting(), read.raidRouting());
		assertEquals(0.7, read.serviceTimeVariation());
		for (StorageCalibration.RowFit fit : result.rows()) {
			MeasuredRow row = fit.row();
			assertEquals(fit.predicted(), StorageCalibration.predict(read, row), 0, "line " + row.line());
		}
		assertEquals(StorageFiles.write(result.storage(), List.of()), StorageFiles.write(read, List.of()));
	}

	@Test
	void badFilesAreNamedByEntry(@TempDir Path folder) throws Exception {
		String valid = """
				{ "format": "iosim-storage-qpn", "version": 1, "template": "cache", "readThreshold": null,
				  "writeThreshold": null, "raidProbability": { "atOrBelow": 1, "threads": 0, "above": 1 },
				  "serviceTimeVariation": 1, "classes": { "rr": { "cached": { "terms": { "1": 0.001 } } } } }
				""";
		Path file = folder.resolve("s.json");
		Files.writeString(file, valid);
		assertEquals(StorageTemplate.CACHE, StorageFiles.read(file).template());
		String[][] cases = {
				{ "\"template\": \"cache\"", "\"template\": \"ssd\"",
						"'template': must be one of [cache, cache-raid], not 'ssd'" },
				{ "\"rr\"", "\"xx\"", "'classes.xx': unknown class (expected rr, rs, wr or ws)" },
				{ "\"1\": 0.001", "\"s^2\": 0.001", "'classes.rr.cached.terms.s^2': unknown term (expected 1, s, ln(f) or s*ln(f))" },
				{ "\"1\": 0.001", "\"1\": \"fast\"", "'classes.rr.cached.terms.1': must be a finite number" },
				{ "\"atOrBelow\": 1", "\"atOrBelow\": 2",
						"'raidProbability': RAID probabilities must be in (0, 1] and the thread limit at least 0" },
				{ "\"version\": 1,", "\"version\": 1, \"secret\": 3,", "'secret': unknown entry (expected one of" },
				{ "\"readThreshold\": null", "\"readThreshold\": -5", "'readThreshold': must be a positive number of bytes or null" },
				{ "iosim-storage-qpn", "something", "'format': not a calibrated storage template" },
		};
		for (String[] bad : cases) {
			Files.writeString(file, valid.replace(bad[0], bad[1]));
			String message = assertThrows(StorageFileException.class, () -> StorageFiles.read(file)).getMessage();
			assertTrue(message.startsWith(file + ": " + bad[2]), message);
		}
		Files.writeString(file, "{ \"format\": ");
		String broken = assertThrows(StorageFileException.class, () -> StorageFiles.read(file)).getMessage();
		assertEquals(file + ": the JSON ends early at line 1, column 13; the file looks truncated", broken);
		String trailing = valid + "\n}";
		Files.writeString(file, trailing);
		String more = assertThrows(StorageFileException.class, () -> StorageFiles.read(file)).getMessage();
		assertTrue(more.startsWith(file + ": more text follows the JSON value at line " + trailing.lines().count()), more);
		String foreignLine = "Loremipsumdolorsitametconsecteturadipiscingelitseddoeiusmodtempor";
		Files.writeString(file, foreignLine + "\n");
		String foreign = assertThrows(StorageFileException.class, () -> StorageFiles.read(file)).getMessage();
		assertTrue(foreign.startsWith(file + ": not valid JSON at line 1, column "), foreign);
		assertFalse(foreign.contains(foreignLine.substring(0, 45)), foreign);
		Path none = folder.resolve("none.json");
		assertEquals(none + ": no such file", assertThrows(StorageFileException.class, () -> StorageFiles.read(none))
				.getMessage());
	}
}
