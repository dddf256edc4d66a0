package org.iosim.analysis.regression.tests;

import org.iosim.files.TextLines;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

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
		assertTrue(message.endsWith("measurements.csv: line 1: no column named 'delay' for the target; the header's 2"
				+ " columns: concurrency, size"), message);
	}

	@Test
	void theFirstLineOfAFileThatIsNoCsvFileIsNotEchoed() throws IOException {
		String firstLine = "root:x:0:0:root:/root:/bin/bash";
		String message = failure(csv("# a comment\n" + firstLine + "\ndaemon:x:1:1::/usr/sbin:/bin/sh\n"), "delay", 2);
		assertTrue(message.endsWith("measurements.csv: line 2: no column named 'delay' for the target; the header has"
				+ " one column: no commas, semicolons or tabs; is this a CSV file with a header row?"), message);
		assertFalse(message.contains("root"), message);
	}

	@Test
	void nonNumericValueNamesRowAndColumn() throws IOException {
		String message = failure(csv("concurrency,delay\n1,0.002\n2,fast\n"), "delay", 2);
		assertTrue(message.contains("measurements.csv: line 3, column 2 ('delay'): 'fast' is not a number"), message);
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
		assertTrue(message.contains("line 3 has 2 values, the header 3"), message);
	}

	@Test
	void dataToPredictMayLackTheTarget() throws Exception {
		Dataset data = DataFiles.readForModel(csv("concurrency,size\n1,2\n"), "delay", List.of("concurrency", "size"), false);
		assertEquals(1, data.size());
		assertTrue(Double.isNaN(data.y()[0]));
	}

	@Test
	void latin1TextNamesTheLineColumnAndByteThatAreNotUtf8() throws IOException {
		Path latin1 = Files.write(folder.resolve("latin1.csv"),
				"concurrency,delay\n1,0.1\ncafé,0.2\n".getBytes(StandardCharsets.ISO_8859_1));
		String message = failure(latin1, "delay", 2);
		// 18 bytes of header, 6 of the first row, then "caf"
		assertEquals(latin1 + ": line 3 is not UTF-8 text (byte 0xE9 at column 4, byte offset 27 in the file);"
				+ " save the file as UTF-8", message);
	}

	@Test
	void aByteOrderMarkBeforeACommentAndEveryKindOfLineEndAreRead() throws Exception {
		// the mark used to stay in front of the '#', which turned the comment into the header
		Dataset data = DataFiles.read(csv("\uFEFF# exported by a spreadsheet\r\nconcurrency;delay\r1;2\r\n2;3\n3;5"),
				"delay", List.of(), 2);
		assertEquals(List.of("concurrency"), data.features());
		assertArrayEquals(new double[] { 2, 3, 5 }, data.y());
	}

	@Test
	void valuesBeyondTheRangeOfNumbersAreNamed() throws IOException {
		String message = failure(csv("concurrency,delay\n1,0.1\n1e999,0.2\n"), "delay", 2);
		assertTrue(message.endsWith("line 3, column 1 ('concurrency'): '1e999' is beyond the range of numbers (about ±1.8e308)"),
				message);
	}

	@Test
	void valuesTooLargeToFitAreRefusedForFittingOnly() throws Exception {
		Path huge = csv("concurrency,delay\n1,0.1\n1e70,0.2\n");
		String message = failure(huge, "delay", 2);
		assertTrue(message.endsWith("line 3, column 1 ('concurrency'): '1e70' is too large to fit: beyond ±1e+60 the"
				+ " techniques' products of values overflow; rescale the column (e.g. to other units)"), message);
		assertEquals(1e70, DataFiles.readForModel(huge, "delay", List.of("concurrency"), true).x()[1][0]);
	}

	@Test
	void aLineLongerThanTheLimitIsRefusedBeforeItIsReadWhole() throws IOException {
		byte[] oneLine = new byte[TextLines.MAX_LINE_BYTES + 1];
		Arrays.fill(oneLine, (byte) '7');
		Path huge = Files.write(folder.resolve("huge.csv"), oneLine);
		String message = failure(huge, "delay", 2);
		assertEquals(huge + ": line 1 is longer than 1,048,576 bytes, the most a line may have; is this the right file?",
				message);
	}

	@Test
	void aBinaryFileIsToldFromText() throws IOException {
		Path binary = Files.write(folder.resolve("image.csv"), new byte[] { 'P', 'K', 3, 4, 0, 0, 8, 0 });
		assertEquals(binary + ": line 1 holds a NUL byte (byte offset 4 in the file), which text never does; is this the"
				+ " right file?", failure(binary, "delay", 2));
	}

	@Test
	void aColumnNamedTwiceIsRefusedWhenItIsUsed() throws Exception {
		Path twice = csv("size,size,delay\n1,2,0.1\n2,3,0.2\n");
		// a duplicated feature column stored a model whose features no longer matched its ranges
		assertTrue(failure(twice, "delay", 2).endsWith("the header names two columns 'size' (columns 1 and 2); rename one"));
		assertTrue(failure(twice, "delay", 2).contains("measurements.csv: line 1: the header names two columns"));
		Path unused = csv("size,note,note,delay\n1,2,3,0.1\n2,3,4,0.2\n");
		assertEquals(List.of("size"), DataFiles.read(unused, "delay", List.of("size"), 2).features());
	}

	@Test
	void aColumnWithoutNameOrAFeatureNamedTwiceIsRefused() throws IOException {
		assertTrue(failure(csv("size,,delay\n1,2,0.1\n2,3,0.2\n"), "delay", 2)
				.endsWith("measurements.csv: line 1, column 2: the header gives this column no name"));
		Path file = csv("size,delay\n1,0.1\n2,0.2\n");
		String twice = assertThrows(DataFormatException.class,
				() -> DataFiles.read(file, "delay", List.of("size", "size"), 2)).getMessage();
		assertTrue(twice.endsWith("feature 'size' is named twice"), twice);
	}

	@Test
	void hugeCellsAndHeadersAreShortenedInMessages() throws IOException {
		String header = IntStream.range(0, 500).mapToObj(column -> "c" + column).collect(Collectors.joining(","));
		String columns = failure(csv(header + "\n"), "delay", 2);
		assertTrue(columns.endsWith("the header's 500 columns: c0, c1, c2, c3, c4, c5, c6, c7, c8, c9,…"), columns);
		String cell = failure(csv("size,delay\n1," + "9".repeat(50_000) + "x\n"), "delay", 2);
		assertTrue(cell.endsWith("'" + "9".repeat(39) + "…' is not a number"), cell);
		String control = failure(csv("size,delay\n1,\u001b[2J\u202eevil\n"), "delay", 2);
		assertTrue(control.endsWith("'?[2J?evil' is not a number"), control);
	}

	@Test
	void aMissingFileIsNamedInWords() {
		String message = failure(folder.resolve("absent.csv"), "delay", 2);
		assertEquals(folder.resolve("absent.csv") + ": cannot read the file: no such file or folder", message);
	}
}
