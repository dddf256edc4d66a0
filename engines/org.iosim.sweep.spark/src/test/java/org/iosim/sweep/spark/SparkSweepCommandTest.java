package org.iosim.sweep.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.iosim.sweep.spark.SweepFolders.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'iosim sweep --engine spark' as a user runs it, with the engine found on the classpath. */
class SparkSweepCommandTest {

	@TempDir
	Path folder;

	private String[] sweep(String out, String... engine) {
		List<String> args = new ArrayList<>(List.of("sweep", SweepFolders.example().toString(), "--io",
				SweepFolders.example().resolve("shop-virtualized.ioconfig").toString(), "--vary", "population=30,90",
				"--replications", "2", "--max-measurements", "500", "--warmup", "100", "--seed", "11", "--out",
				folder.resolve(out).toString()));
		args.addAll(List.of(engine));
		return args.toArray(String[]::new);
	}

	@Test
	void sweepOnSparkWritesWhatTheLocalEngineWrites() throws Exception {
		Run local = SweepFolders.iosim(sweep("local", "--threads", "2"));
		assertEquals(0, local.exitCode(), local.toString());
		Run spark = SweepFolders.iosim(sweep("spark", "--engine", "spark", "--master", "local[2]"));
		assertEquals(0, spark.exitCode(), spark.toString());
		SweepFolders.assertSameFiles(folder.resolve("local"), folder.resolve("spark"));
		assertTrue(spark.err().contains("points: 2 done, 0 left"), spark.toString());
		assertEquals(local.out().replace(folder.resolve("local").toString(), "OUT"),
				spark.out().replace(folder.resolve("spark").toString(), "OUT"));
	}

	@Test
	void aSparkSweepResumesALocalOne() throws Exception {
		Run local = SweepFolders.iosim(sweep("both", "--threads", "2"));
		assertEquals(0, local.exitCode(), local.toString());
		byte[] whole = Files.readAllBytes(folder.resolve("both/sweep.json"));
		Files.delete(folder.resolve("both/points/points-0000002-0000002.json")); // as if the sweep had been killed there
		Files.delete(folder.resolve("both/sweep.json"));
		Run spark = SweepFolders.iosim(sweep("both", "--engine", "spark", "--threads", "2"));
		assertEquals(0, spark.exitCode(), spark.toString());
		assertTrue(spark.err().contains("points: 1 done, 0 left (1 kept from before)"), spark.toString());
		assertEquals(new String(whole), Files.readString(folder.resolve("both/sweep.json")));
	}

	private void assertRefused(String expected, String... engine) {
		Run run = SweepFolders.iosim(sweep("refused", engine));
		assertEquals(2, run.exitCode(), run.toString());
		assertTrue(run.err().contains(expected), run.toString());
		assertEquals(1, run.err().strip().lines().count(), "one line: " + run);
		assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), run.toString());
		assertFalse(Files.exists(folder.resolve("refused")), run.toString());
	}

	@Test
	void aMasterUrlSparkCannotRunOnIsOneLine() {
		assertRefused("--master: 'yarn' is not a Spark master IOSim runs on; give local[N], local[*] or"
				+ " spark://HOST:PORT", "--engine", "spark", "--master", "yarn");
		assertRefused("--master: 'local[0]' is not a Spark master", "--engine", "spark", "--master", "local[0]");
		assertRefused("--master: 'spark://cluster' is not a Spark master", "--engine", "spark", "--master",
				"spark://cluster");
	}

	@Test
	void aStandaloneMasterThatDoesNotAnswerIsOneLine() throws Exception {
		int port;
		try (ServerSocket closed = new ServerSocket(0)) {
			port = closed.getLocalPort();
		}
		assertRefused("--master: cannot reach the Spark master at 127.0.0.1:" + port, "--engine", "spark", "--master",
				"spark://127.0.0.1:" + port);
	}

	@Test
	void threadsAndMasterTogetherAreRefused() {
		assertRefused("give --threads or --master, not both", "--engine", "spark", "--threads", "2", "--master",
				"local[2]");
	}
}
