package org.iosim.report.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.iosim.report.ResultWriter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvFilesTest {

	@TempDir
	Path temp;

	private Path folder;

	@BeforeEach
	void writeSample() throws IOException {
		Locale original = Locale.getDefault();
		try {
			// A locale with a decimal comma must not leak into the files.
			Locale.setDefault(Locale.GERMANY);
			folder = ResultWriter.write(SampleResults.sample(1), temp.resolve("out"), false);
		} finally {
			Locale.setDefault(original);
		}
	}

	@Test
	void scenariosQuoteNamesAndLeaveUnknownFiguresEmpty() throws IOException {
		assertEquals("""
				name,count,meanSeconds,ci95Seconds,p50Seconds,p95Seconds,throughputPerSecond\r
				"<script>alert(""x"")</script> & co",1000,0.25,0.0125,0.2,0.5,2.5\r
				"Browse, ""fast"" path",3,1.75,,1.5,2.5,0.5\r
				""", read(ResultWriter.SCENARIOS_CSV));
	}

	@Test
	void resourcesListEveryFigure() throws IOException {
		assertEquals("""
				id,container,type,schedulingPolicy,servers,utilization,meanWaiting,meanInSystem,throughputPerSecond,meanServiceSeconds,meanResponseSeconds\r
				_cpu,AppServer,CPU,ProcessorSharing,4,0.625,0.5,3,10,0.25,0.3\r
				_hdd,"DB, ""primary""\",HDD,FCFS,1,0.875,3.125,4,5,0.175,0.8\r
				_lan,LAN 1,LAN,FCFS,1,0.125,0,0.125,20,0.00625,0.00625\r
				""", read(ResultWriter.RESOURCES_CSV));
	}

	@Test
	void responseTimeOverTimeHasOneRowPerWindow() throws IOException {
		assertEquals("""
				scenario,windowStartSeconds,windowEndSeconds,count,meanResponseSeconds\r
				"<script>alert(""x"")</script> & co",0,100,400,0.24\r
				"<script>alert(""x"")</script> & co",100,200,0,\r
				"<script>alert(""x"")</script> & co",200,300,600,0.26\r
				"Browse, ""fast"" path",0,150,1,1.25\r
				"Browse, ""fast"" path",150,300,2,2\r
				""", read(ResultWriter.RESPONSE_TIME_OVER_TIME_CSV));
	}

	private String read(String fileName) throws IOException {
		return Files.readString(folder.resolve(fileName), StandardCharsets.UTF_8);
	}

	@Test
	void ioFileListsEveryStorageTypeAndFileSet() throws IOException {
		String io = read(ResultWriter.IO_CSV);
		String[] lines = io.split("\r\n");
		assertEquals("storage,type,fileSet,count,meanDelaySeconds,ci95Seconds,p50Seconds,p95Seconds,throughputBytesPerSecond,meanConcurrency", lines[0]);
		assertEquals("<b>array</b>,read,,800,0.004,0.0002,0.0038,0.007,1600000,3.5", lines[1]);
		assertEquals("<b>array</b>,read,mail,800,0.004,0.0002,0.0038,0.007,1600000,3.5", lines[2]);
		assertEquals("<b>array</b>,write,,200,0.006,,0.0055,0.01,400000,3.5", lines[3]);
	}
}
