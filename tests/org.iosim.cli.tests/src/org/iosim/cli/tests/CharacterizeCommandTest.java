package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** iosim characterize: measured traces in the analysis models' workload inputs. */
class CharacterizeCommandTest {

	@TempDir
	Path folder;

	/** Two fio jobs, each reading 4 consecutive 4 KiB blocks of its own file, one request at a time (1 ms each). */
	private Path[] twoJobs() throws IOException {
		StringBuilder first = new StringBuilder();
		StringBuilder second = new StringBuilder();
		for (int block = 0; block < 4; block++) {
			first.append(block + 1).append(", 1000000, 0, 4096, ").append(4096 * block).append(", 0\n");
			second.append(block + 1).append(", 1000000, 0, 4096, ").append(4096 * block).append(", 0\n");
		}
		return new Path[] { Files.writeString(folder.resolve("job_lat.1.log"), first),
				Files.writeString(folder.resolve("job_lat.2.log"), second) };
	}

	@Test
	void printsTheWorkloadInputsOfTheTraces() throws IOException {
		Path[] logs = twoJobs();
		CommandLine.Run run = iosim("characterize", logs[0].toString(), logs[1].toString());
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.out().startsWith("Workload of 8 requests in 2 traces\n"), run.out());
		assertTrue(run.out().contains("  concurrency          2 requests in flight\n"), run.out());
		assertTrue(run.out().contains("  meanReadSize         4096 bytes\n"), run.out());
		assertTrue(run.out().contains("  readPattern          1 sequential\n"), run.out());
		assertTrue(run.out().contains("  fileSetSize          32768 bytes\n"), run.out());
	}

	@Test
	void jsonAndOptions() throws IOException {
		Path[] logs = twoJobs();
		CommandLine.Run run = iosim("characterize", "--format", "fio", "--window", "2", "--frequency", "100", "--json",
				logs[0].toString());
		assertEquals(0, run.exitCode(), run.toString());
		JsonNode json = new ObjectMapper().readTree(run.out());
		assertEquals(2, json.get("options").get("windowLength").asInt());
		assertEquals(100, json.get("options").get("samplingFrequency").asDouble());
		assertEquals(4, json.get("metrics").get("reads").asInt());
		assertEquals(1.0, json.get("metrics").get("readSequentiality").asDouble());
	}

	@Test
	void aBadLineIsAnInvalidTraceNamedWithItsLine() throws IOException {
		Path log = Files.writeString(folder.resolve("job_lat.1.log"), "1, 1000000, 0, 4096, 0, 0\n1, x, 0, 4096, 0, 0\n");
		CommandLine.Run run = iosim("characterize", log.toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertEquals("iosim: " + log + ": line 2: the latency is not a whole number at least 0 ('x')\n", run.err());
	}

	@Test
	void usageErrors() throws IOException {
		Path[] logs = twoJobs();
		CommandLine.Run format = iosim("characterize", "--format", "csv", logs[0].toString());
		assertEquals(2, format.exitCode(), format.toString());
		assertTrue(format.err().contains("--format must be fio or blkparse, not 'csv'"), format.err());
		CommandLine.Run window = iosim("characterize", "--window", "0", logs[0].toString());
		assertEquals(2, window.exitCode(), window.toString());
		assertTrue(window.err().contains("the window length must lie in [1, 1048576] but is 0"), window.err());
		CommandLine.Run frequency = iosim("characterize", "--frequency", "0", logs[0].toString());
		assertEquals(2, frequency.exitCode(), frequency.toString());
		assertTrue(frequency.err().contains("the sampling frequency must be above 0 but is 0.0"), frequency.err());
		CommandLine.Run missing = iosim("characterize", folder.resolve("nothing.log").toString());
		assertEquals(2, missing.exitCode(), missing.toString());
		assertTrue(missing.err().contains("no such file or folder"), missing.err());
		CommandLine.Run none = iosim("characterize");
		assertEquals(2, none.exitCode(), none.toString());
	}

	/**
	 * The example traces (a sequential reader and a random writer, made by make-trace.py) print what
	 * examples/characterize/README.md shows, line for line.
	 */
	@Test
	void theExampleTracesPrintWhatTheirReadmeShows() throws IOException {
		Path example = CommandLine.example("characterize");
		CommandLine.Run run = iosim("characterize", example.resolve("reader_lat.1.log").toString(),
				example.resolve("writer_lat.1.log").toString());
		assertEquals(0, run.exitCode(), run.toString());
		String readme = Files.readString(example.resolve("README.md"));
		String shown = readme.substring(readme.indexOf("prints\n\n```\n") + "prints\n\n```\n".length());
		shown = shown.substring(0, shown.indexOf("```"));
		assertEquals(shown, run.out());
		assertTrue(run.out().contains("  readPattern          1 sequential\n"), run.out());
		assertTrue(run.out().contains("  writePattern         0 random\n"), run.out());
	}
}
