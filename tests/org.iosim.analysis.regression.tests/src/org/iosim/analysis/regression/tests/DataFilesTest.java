package org.iosim.analysis.regression.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.analysis.regression.DataFiles;
import org.iosim.analysis.regression.DataFormatException;
import org.iosim.analysis.regression.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataFilesTest {

	@TempDir
	Path folder;

	private Path csv(String text) throws IOException {
		return Files.writeString(folder.resolve("measurements.csv"), text);
	}

	private String failure(Path file, String target, int folds) {
		return assertThrows(DataFormatException.class, () -> DataFiles.read(file, target, List.of(), folds)).getMessage();
	}

	@Test
	void readsFeaturesAndTargetSkippingCommentsAndBlankLines() throws Exception {
		Dataset data = DataFiles.read(csv("# measured on the test array\nconcurrency;size;delay\n1;4096;0.002\n\n2;8192;0.004\n"),
				"delay", List.of(), 2);
		assertEquals(List.of("concurrency", "size"), data.features());
		assertArrayEquals(new double[] { 2, 8192 }, data.x()[1]);
		assertArrayEquals(new double[] { 0.002, 0.004 }, data.y());
	}

	@Test
	void missingTargetColumnIsNamedWithTheColumnsThereAre() throws IOException {
		String message = failure(csv("concurrency,size\n1,2\n2,3\n"), "delay", 2);
		assertTrue(message.contains("measurements.csv: no column named 'delay' for the target (columns: concurrency, size)"),
				message);
	}

	@Test
	void nonNumericValueNamesRowAndColumn() throws IOException {
		String message = failure(csv("concurrency,delay\n1,0.002\n2,fast\n"), "delay", 2);
		assertTrue(message.contains("measurements.csv: row 3, column 2 ('delay'): 'fast' is not a number"), message);
	}

	@Test
	void fewerRowsThanFoldsIsRefused() throws IOException {
		String message = failure(csv("concurrency,delay\n1,0.002\n2,0.003\n3,0.004\n"), "delay", 10);
		assertTrue(message.contains("3 data rows, but at least 10 are needed (one per cross-validation fold)"), message);
	}

	@Test
	void constantTargetIsRefused() throws IOException {
		String message = failure(csv("concurrency,delay\n1,0.002\n2,0.002\n3,0.002\n"), "delay", 2);
		assertTrue(message.contains("the target 'delay' is 0.002 in every row"), message);
	}

	@Test
	void rowWithMissingValuesIsNamed() throws IOException {
		String message = failure(csv("concurrency,size,delay\n1,2,0.1\n2,0.2\n"), "delay", 2);
		assertTrue(message.contains("row 3 has 2 values, the header 3"), message);
	}

	@Test
	void dataToPredictMayLackTheTarget() throws Exception {
		Dataset data = DataFiles.readForModel(csv("concurrency,size\n1,2\n"), "delay", List.of("concurrency", "size"), false);
		assertEquals(1, data.size());
		assertTrue(Double.isNaN(data.y()[0]));
	}
}
