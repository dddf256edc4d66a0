package org.iosim.characterization.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.iosim.analysis.AccessPattern;
import org.iosim.characterization.CharacterizationOptions;
import org.iosim.characterization.TraceFormat;
import org.iosim.characterization.TraceFormatException;
import org.iosim.characterization.Traces;
import org.iosim.characterization.WorkloadCharacteristics;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Latency logs written by the installed fio on tiny jobs, read back and characterized. */
class FioLogTest {

	@TempDir
	Path folder;

	/**
	 * Runs fio in the temporary folder, which holds the job's files and logs.
	 *
	 * @param options fio's command-line options after {@code --name=job}
	 */
	private void fio(String... options) throws IOException, InterruptedException {
		Assumptions.assumeTrue(fioInstalled(), "fio is not installed");
		List<String> command = new ArrayList<>(List.of("fio", "--name=job", "--directory=" + folder,
				"--ioengine=psync", "--output=" + folder.resolve("fio-output.txt")));
		command.addAll(List.of(options));
		Process fio = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true)
				.redirectOutput(folder.resolve("fio-messages.txt").toFile()).start();
		assertTrue(fio.waitFor(120, TimeUnit.SECONDS), "fio did not finish within two minutes");
		assertEquals(0, fio.exitValue(), () -> command + " failed:\n" + read("fio-messages.txt"));
	}

	private static boolean fioInstalled() {
		try {
			Process version = new ProcessBuilder("fio", "--version").redirectErrorStream(true).start();
			version.getInputStream().readAllBytes();
			return version.waitFor() == 0;
		} catch (IOException | InterruptedException absent) {
			return false;
		}
	}

	private String read(String file) {
		try {
			return Files.readString(folder.resolve(file), StandardCharsets.UTF_8);
		} catch (IOException unreadable) {
			return "(" + file + " unreadable: " + unreadable.getMessage() + ")";
		}
	}

	private WorkloadCharacteristics characterize(TraceFormat format, String... logs) throws IOException {
		List<Path> files = new ArrayList<>();
		for (String log : logs) {
			files.add(folder.resolve(log));
		}
		return Traces.characterize(files, format, CharacterizationOptions.DEFAULTS);
	}

	@Test
	void sequentialReadsOfTwoJobs() throws Exception {
		fio("--rw=read", "--bs=4k", "--size=64k", "--numjobs=2", "--write_lat_log=seq", "--log_offset=1");
		WorkloadCharacteristics workload = characterize(null, "seq_lat.1.log", "seq_lat.2.log");
		assertEquals(32, workload.requests());
		assertEquals(32, workload.reads());
		assertEquals(32, workload.timedRequests());
		assertEquals(1.0, workload.readRatio());
		assertEquals(4096, workload.meanReadSize());
		assertEquals(0, workload.meanWriteSize());
		// each job reads its 16 blocks in order: one run of 16 per job
		assertEquals(1.0, workload.readSequentiality());
		assertEquals(AccessPattern.SEQUENTIAL, workload.readPattern());
		assertEquals(2, workload.clients());
		assertEquals(2, workload.files());
		assertEquals(2 * 65536, workload.fileSetSize());
		assertEquals(65536, workload.meanFileSize());
		assertTrue(workload.concurrency() > 0, () -> "concurrency " + workload.concurrency());
		assertTrue(workload.arrivalRate() > 0, () -> "arrival rate " + workload.arrivalRate());
	}

	@Test
	void completionLatencyLogsServeAsWell() throws Exception {
		fio("--rw=write", "--bs=8k", "--size=64k", "--write_lat_log=w", "--log_offset=1");
		WorkloadCharacteristics workload = characterize(TraceFormat.FIO, "w_clat.1.log");
		assertEquals(8, workload.writes());
		assertEquals(0, workload.reads());
		assertEquals(8192, workload.meanWriteSize());
		assertEquals(1.0, workload.writeSequentiality());
		assertEquals(AccessPattern.SEQUENTIAL, workload.writePattern());
	}

	@Test
	void randomWritesOnALargerFileAreRandom() throws Exception {
		fio("--rw=randwrite", "--bs=4k", "--size=16m", "--io_size=512k", "--write_lat_log=rnd", "--log_offset=1");
		WorkloadCharacteristics workload = characterize(null, "rnd_lat.1.log");
		assertEquals(128, workload.writes());
		assertEquals(4096, workload.meanWriteSize());
		// 128 distinct blocks out of 4096, in random order: few meet their successor
		assertTrue(workload.writeSequentiality() < 0.2, () -> "write sequentiality " + workload.writeSequentiality());
		assertEquals(AccessPattern.RANDOM, workload.writePattern());
		assertTrue(workload.fileSetSize() <= 16 << 20, () -> "file set " + workload.fileSetSize());
	}

	@Test
	void aLogWithoutOffsetsIsRefusedWithTheOptionToUse() throws Exception {
		fio("--rw=read", "--bs=4k", "--size=16k", "--write_lat_log=plain");
		TraceFormatException problem = assertThrows(TraceFormatException.class,
				() -> characterize(null, "plain_lat.1.log"));
		// fio 3.33 logs 5 values without offsets, older versions 4
		assertTrue(problem.getMessage().startsWith(folder.resolve("plain_lat.1.log") + ": line 1: found "),
				problem.getMessage());
		assertTrue(problem.getMessage().contains("run fio with log_offset=1"), problem.getMessage());
	}

	@Test
	void aJobsTotalAndCompletionLatencyLogsAreNotBothTaken() throws Exception {
		fio("--rw=read", "--bs=4k", "--size=16k", "--write_lat_log=both", "--log_offset=1");
		TraceFormatException problem = assertThrows(TraceFormatException.class,
				() -> characterize(null, "both_lat.1.log", "both_clat.1.log"));
		assertEquals(folder.resolve("both_lat.1.log") + " and " + folder.resolve("both_clat.1.log")
				+ " log the same I/Os of one job; give one of them", problem.getMessage());
		TraceFormatException submission = assertThrows(TraceFormatException.class,
				() -> characterize(null, "both_slat.1.log"));
		assertTrue(submission.getMessage().contains("is a fio slat log"), submission.getMessage());
	}
}
