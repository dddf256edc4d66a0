package org.iosim.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.Features;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableModelTest {

	@TempDir
	Path folder;

	private final AnalysisModelRegistry registry = new AnalysisModelRegistry();

	private IoAnalysisModel table(String csv) throws IOException, AnalysisModelException {
		Files.writeString(folder.resolve("points.csv"), csv);
		return registry.create(new ModelDefinition("measured", "table", Features.any(),
				Map.of("file", "points.csv"), folder));
	}

	private String error(String csv) {
		return assertThrows(AnalysisModelException.class, () -> table(csv)).getMessage();
	}

	private static WorkloadState concurrency(double value) {
		return WorkloadState.of(Map.of(WorkloadInput.CONCURRENCY, value));
	}

	private static WorkloadState point(double concurrency, double meanReadSize) {
		return WorkloadState.of(Map.of(WorkloadInput.CONCURRENCY, concurrency, WorkloadInput.MEAN_READ_SIZE, meanReadSize));
	}

	@Test
	void oneInputInterpolatesLinearlyBetweenNeighbours() throws Exception {
		IoAnalysisModel model = table("concurrency,delay\n8,0.010\n1,0.002\n4,0.007\n2,0.003\n");
		assertEquals(Set.of(WorkloadInput.CONCURRENCY), model.inputs());
		assertEquals(0.005, model.delay(concurrency(3)), 1e-15);
		assertEquals(0.007, model.delay(concurrency(4)));
		assertEquals(0.0085, model.delay(concurrency(6)), 1e-15);
	}

	@Test
	void oneInputIsClampedAtTheEnds() throws Exception {
		IoAnalysisModel model = table("concurrency,delay\n1,0.002\n2,0.003\n8,0.010\n");
		assertEquals(0.002, model.delay(concurrency(0)));
		assertEquals(0.010, model.delay(concurrency(100)));
	}

	@Test
	void repeatedMeasurementsAreAveraged() throws Exception {
		IoAnalysisModel model = table("concurrency,delay\n1,0.001\n2,0.003\n2,0.005\n");
		assertEquals(0.004, model.delay(concurrency(2)), 1e-15);
	}

	@Test
	void severalInputsReturnAMeasuredPointsDelayExactly() throws Exception {
		IoAnalysisModel model = table("concurrency,meanReadSize,delay\n1,0,1\n3,0,3\n1,100,5\n3,100,7\n");
		assertEquals(Set.of(WorkloadInput.CONCURRENCY, WorkloadInput.MEAN_READ_SIZE), model.inputs());
		assertEquals(7.0, model.delay(point(3, 100)));
		assertEquals(1.0, model.delay(point(1, 0)));
	}

	@Test
	void severalInputsWeighByInverseSquaredScaledDistance() throws Exception {
		IoAnalysisModel model = table("readRatio,meanReadSize,delay\n0,0,1\n1,0,3\n0,100,5\n1,100,7\n");
		WorkloadState query = WorkloadState.of(Map.of(WorkloadInput.READ_RATIO, 0.25, WorkloadInput.MEAN_READ_SIZE, 25));
		// Scaled by the ranges 1 and 100, the squared distances to the four points are 0.125, 0.625, 0.625, 1.125.
		double expected = (1 / 0.125 * 1 + 1 / 0.625 * 3 + 1 / 0.625 * 5 + 1 / 1.125 * 7)
				/ (1 / 0.125 + 1 / 0.625 + 1 / 0.625 + 1 / 1.125);
		assertEquals(expected, model.delay(query), 1e-12);
	}

	@Test
	void onlyTheFourNearestPointsCount() throws Exception {
		IoAnalysisModel model = table("concurrency,meanReadSize,delay\n1,0,1\n3,0,3\n1,100,5\n3,100,7\n19,100,1000\n");
		// The four corners are equally near (2, 50); the fifth point is farther and must not count.
		assertEquals(4.0, model.delay(point(2, 50)), 1e-12);
	}

	@Test
	void anInputWithASingleValueIsLeftOutOfTheDistance() throws Exception {
		IoAnalysisModel model = table("concurrency,fileSetSize,delay\n1,1e9,0.001\n2,1e9,0.002\n4,1e9,0.004\n");
		WorkloadState elsewhere = WorkloadState.of(Map.of(WorkloadInput.CONCURRENCY, 2, WorkloadInput.FILE_SET_SIZE, 5e9));
		assertEquals(0.002, model.delay(elsewhere));
	}

	@Test
	void semicolonsQuotesCommentsAndBlankLinesAreRead() throws Exception {
		IoAnalysisModel model = table("\uFEFF# measured on z/VM\n\"readRatio\"; \"delay\"\n\n0; 0.5\n# all reads\n1;1.5E0\n");
		assertEquals(1.0, model.delay(WorkloadState.of(Map.of(WorkloadInput.READ_RATIO, 0.5))));
	}

	@Test
	void nonNumericValueNamesFileRowAndColumn() {
		assertEquals("analysis model 'measured': " + folder.resolve("points.csv")
				+ ": row 3, column 1 ('concurrency'): 'four' is not a number",
				error("concurrency,delay\n1,0.1\nfour,0.2\n"));
		assertEquals("analysis model 'measured': " + folder.resolve("points.csv")
				+ ": row 2, column 2 ('delay'): 'NaN' is not a number", error("concurrency,delay\n1,NaN\n2,0.2\n"));
		assertEquals("analysis model 'measured': " + folder.resolve("points.csv")
				+ ": row 3, column 2 ('delay'): no value", error("concurrency,delay\n1,0.1\n2,\n"));
	}

	@Test
	void missingDelayColumnIsReported() {
		assertEquals("analysis model 'measured': " + folder.resolve("points.csv") + ": row 1: no 'delay' column; the "
				+ "header must name the inputs and a 'delay' column", error("concurrency,readRatio\n1,0.5\n2,0.5\n"));
	}

	@Test
	void unknownColumnIsReportedWithTheValidNames() {
		assertEquals("analysis model 'measured': " + folder.resolve("points.csv") + ": row 2, column 2: unknown column "
				+ "'threads'; valid names: concurrency, type, meanReadSize, meanWriteSize, readPattern, writePattern, "
				+ "readRatio, fileSetSize, requestSize, readSequentiality, writeSequentiality, synchronous, delay",
				error("# comment\nconcurrency,threads,delay\n1,1,0.1\n2,2,0.2\n"));
	}

	@Test
	void fewerThanTwoRowsAreReported() {
		assertEquals("analysis model 'measured': " + folder.resolve("points.csv")
				+ ": 1 data row; a delay table needs at least 2", error("concurrency,delay\n1,0.1\n"));
		assertEquals("analysis model 'measured': " + folder.resolve("points.csv")
				+ ": empty; expected a header row naming the inputs and 'delay'", error("\n# nothing\n"));
	}

	@Test
	void otherMalformedTablesAreReported() {
		String file = "analysis model 'measured': " + folder.resolve("points.csv");
		assertEquals(file + ": row 3: 3 values but the header has 2 columns", error("concurrency,delay\n1,0.1\n2,0.2,7\n"));
		assertEquals(file + ": row 2, column 2 ('delay'): a delay must not be negative but is -0.1",
				error("concurrency,delay\n1,-0.1\n2,0.2\n"));
		assertEquals(file + ": row 1, column 3: second 'concurrency' column", error("concurrency,delay,concurrency\n"));
		assertEquals(file + ": row 1: no input column; valid names: concurrency, type, meanReadSize, meanWriteSize, "
				+ "readPattern, writePattern, readRatio, fileSetSize, requestSize, readSequentiality, "
				+ "writeSequentiality, synchronous", error("delay\n1\n2\n"));
		assertEquals(file + ": row 2, column 1: the quote at character 1 is not closed",
				error("concurrency,delay\n\"1,0.1\n2,0.2\n"));
		assertEquals(file + ": row 2, column 1 ('concurrency'): 1e999 is out of range",
				error("concurrency,delay\n1e999,0.1\n2,0.2\n"));
	}

	@Test
	void missingFileAndParameterAreReported() {
		AnalysisModelException missingFile = assertThrows(AnalysisModelException.class,
				() -> registry.create(new ModelDefinition("measured", "table", Features.any(),
						Map.of("file", "absent.csv"), folder)));
		assertEquals("analysis model 'measured': " + folder.resolve("absent.csv") + ": cannot be read: no such file"
				+ " or folder", missingFile.getMessage());
		AnalysisModelException missingParameter = assertThrows(AnalysisModelException.class,
				() -> registry.create(new ModelDefinition("measured", "TABLE", Features.any(), Map.of())));
		assertEquals("analysis model 'measured' of kind 'TABLE' needs the parameter 'file'", missingParameter.getMessage());
	}

	@Test
	void aFileThatIsNoTableIsNamedButNotQuoted() throws IOException {
		Path configFolder = Files.createDirectories(folder.resolve("config"));
		Files.writeString(folder.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\nsecret,line\n");

		AnalysisModelException notATable = assertThrows(AnalysisModelException.class,
				() -> registry.create(new ModelDefinition("measured", "table", Features.any(),
						Map.of("file", "../passwd"), configFolder)));

		assertEquals("analysis model 'measured': " + configFolder.resolve("../passwd") + ": not a delay table: its first"
				+ " line does not name the input columns (concurrency, type, meanReadSize, meanWriteSize, readPattern,"
				+ " writePattern, readRatio, fileSetSize, requestSize, readSequentiality, writeSequentiality, synchronous) and"
				+ " 'delay'", notATable.getMessage());
		assertFalse(notATable.getMessage().contains("root"), notATable.getMessage());
	}

	@Test
	void longValuesAreShortenedInMessages() {
		String file = "analysis model 'measured': " + folder.resolve("points.csv");
		assertEquals(file + ": row 2, column 1 ('concurrency'): '" + "x".repeat(39) + "…' is not a number",
				error("concurrency,delay\n" + "x".repeat(5000) + ",0.1\n2,0.2\n"));
	}

	@Test
	void latin1TableSaysItIsNotUtf8AndWhere() throws IOException {
		Files.write(folder.resolve("points.csv"), "concurrency,delay\n1,0.1\n2,0.2 caf\u00e9\n"
				.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
		AnalysisModelException notUtf8 = assertThrows(AnalysisModelException.class,
				() -> registry.create(new ModelDefinition("measured", "table", Features.any(),
						Map.of("file", "points.csv"), folder)));
		assertEquals("analysis model 'measured': " + folder.resolve("points.csv") + ": cannot be read: line 3 is not"
				+ " UTF-8 text (byte 0xE9 at column 10, byte offset 33 in the file); save the file as UTF-8",
				notUtf8.getMessage());
	}
}
