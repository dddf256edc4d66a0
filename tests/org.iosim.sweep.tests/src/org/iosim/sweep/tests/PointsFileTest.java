package org.iosim.sweep.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.run.RunFailure;
import org.iosim.sweep.PointsFile;
import org.iosim.sweep.SweepPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The points CSV of 'iosim sweep --points': as spreadsheets write it, and the files it is confused with. */
class PointsFileTest {

	@TempDir
	Path folder;

	private Path file(String text) throws IOException {
		return Files.writeString(folder.resolve("points.csv"), text, StandardCharsets.UTF_8);
	}

	private static String refusal(Path file) {
		RunFailure failure = assertThrows(RunFailure.class, () -> PointsFile.read(file));
		assertEquals(RunFailure.Kind.USAGE, failure.kind());
		return failure.getMessage();
	}

	@Test
	void aByteOrderMarkAndTheLineEndsOfASpreadsheetAreRead() throws Exception {
		PointsFile points = PointsFile.read(file("\uFEFFpopulation, thinkTime\r\n1,2\r\n\r\n5,2\r\n"));
		assertEquals(List.of("population", "thinkTime"), points.parameters());
		assertEquals(List.of(List.of("1", "2"), List.of("5", "2")), points.points().stream().map(SweepPoint::values).toList());
	}

	@Test
	void cellsInDoubleQuotesAsSpreadsheetsQuoteTextAreTheirText() throws Exception {
		PointsFile points = PointsFile.read(file("\"population\",\"io\"\n5,\"a \"\"quoted\"\" name.ioconfig\"\n"));
		assertEquals(List.of("population", "io"), points.parameters());
		assertEquals(List.of(List.of("5", "a \"quoted\" name.ioconfig")), points.points().stream().map(SweepPoint::values).toList());
	}

	@Test
	void aBinaryFileIsNotATextCsvFile() throws IOException {
		Path image = Files.write(folder.resolve("points.csv"), new byte[] { (byte) 0x89, 'P', 'N', 'G', '\r', '\n' });
		assertEquals(image + ": not a text CSV file: line 1 is not UTF-8 text (byte 0x89 at column 1, byte offset 0 in"
				+ " the file); save the file as UTF-8", refusal(image));
		Path zeros = Files.write(folder.resolve("zeros.csv"), new byte[] { 'p', 0, 'o', 0 });
		assertEquals(zeros + ": not a text CSV file: line 1 holds a NUL byte (byte offset 1 in the file), which text"
				+ " never does; is this the right file?", refusal(zeros));
	}

	@Test
	void theFirstLineOfAnotherFileIsNotEchoed() throws IOException {
		Path passwd = file("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n");
		String message = refusal(passwd);
		assertTrue(message.startsWith(passwd + ": line 1: the header's only column names no parameter; is this a points"
				+ " CSV file?"), message);
		assertFalse(message.contains("root"), message);
	}

	@Test
	void anUnknownParameterIsNamedByLineAndColumnInAShortExcerpt() throws IOException {
		Path file = file("\n\npopulation," + "\u001b[2J".repeat(30) + "\n1,2\n");
		assertTrue(refusal(file).startsWith(file + ": line 3, column 2: unknown parameter '" + "?[2J".repeat(9) + "?[2…';"
				+ " the forms are: "), refusal(file));
	}

	@Test
	void rowsAndNamesThatDoNotFitAreNamedByLine() throws IOException {
		Path uneven = file("population,thinkTime\n1,2\n3\n");
		assertEquals(uneven + ": line 3 has 1 values for 2 parameters", refusal(uneven));
		Path twice = file("population,thinkTime,population\n1,2,3\n");
		assertEquals(twice + ": line 1, column 3: parameter 'population' is named twice (also column 1)", refusal(twice));
		Path headerOnly = file("population\n\n");
		assertEquals(headerOnly + ": no points: after the header naming the parameters comes one row per point",
				refusal(headerOnly));
		Path empty = file("");
		assertEquals(empty + ": the file is empty; it needs a header naming the parameters and at least one row",
				refusal(empty));
	}
}
