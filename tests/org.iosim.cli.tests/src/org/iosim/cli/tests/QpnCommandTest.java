package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class QpnCommandTest {

	/** Two jobs alternate between an FCFS disk (mean 0.5) and an IS think place (mean 1). */
	private static final String NET = """
			<?xml version="1.0" encoding="UTF-8"?>
			<net xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" qpme-version="2.1.0">
			  <colors><color id="job" name="job" real-color="#336699"/></colors>
			  <queues>
			    <queue id="q-think" name="think" number-of-servers="1" strategy="IS"/>
			    <queue id="q-disk" name="disk" number-of-servers="1" strategy="FCFS"/>
			  </queues>
			  <places>
			    <place departure-discipline="NORMAL" id="think" name="Think" queue-ref="q-think" xsi:type="queueing-place">
			      <color-refs>
			        <color-ref color-id="job" distribution-function="Exponential" id="think-job" initial-population="2" lambda="1" maximum-capacity="0" priority="0" ranking="0" xsi:type="queueing-color-reference"/>
			      </color-refs>
			    </place>
			    <place departure-discipline="NORMAL" id="disk" name="Disk" queue-ref="q-disk" xsi:type="queueing-place">
			      <color-refs>
			        <color-ref color-id="job" distribution-function="Exponential" id="disk-job" initial-population="0" lambda="2" maximum-capacity="0" priority="0" ranking="0" xsi:type="queueing-color-reference"/>
			      </color-refs>
			    </place>
			  </places>
			  <transitions>
			    <transition id="go" name="go" priority="0" weight="1" xsi:type="immediate-transition">
			      <modes><mode firing-weight="1" id="go-1" name="go" real-color="#000000"/></modes>
			      <connections>
			        <connection count="1" id="go-in" source-id="think-job" target-id="go-1"/>
			        <connection count="1" id="go-out" source-id="go-1" target-id="disk-job"/>
			      </connections>
			    </transition>
			    <transition id="back" name="back" priority="0" weight="1" xsi:type="immediate-transition">
			      <modes><mode firing-weight="1" id="back-1" name="back" real-color="#000000"/></modes>
			      <connections>
			        <connection count="1" id="back-in" source-id="disk-job" target-id="back-1"/>
			        <connection count="1" id="back-out" source-id="back-1" target-id="think-job"/>
			      </connections>
			    </transition>
			  </transitions>
			  <connections>
			    <connection id="a1" source-id="think" target-id="go"/>
			    <connection id="a2" source-id="go" target-id="disk"/>
			    <connection id="a3" source-id="disk" target-id="back"/>
			    <connection id="a4" source-id="back" target-id="think"/>
			  </connections>
			  <meta-attributes>
			    <meta-attribute configuration-name="short" id="config" output-directory="." ramp-up-length="100" scenario="1" seconds-between-heart-beats="60" seconds-between-stop-checks="0" stopping-rule="FIXEDLEN" time-before-initial-heart-beat="1000" time-between-stop-checks="1000" total-run-length="20000" verbosity-level="0" xsi:type="simqpn-configuration"/>
			  </meta-attributes>
			</net>
			""";

	@TempDir
	Path folder;

	private Path net(String text) throws IOException {
		return Files.writeString(folder.resolve("two-jobs.qpe"), text);
	}

	/**
	 * The bench measures the simulator on the net; SimQPN is compared only where the repository's
	 * launcher names its benchmarks folder and SimQPN is built there, which a run inside the tests is not.
	 */
	@Test
	void benchMeasuresTheNetAndSaysWhySimQpnIsNotCompared() throws IOException {
		Path net = net(NET);
		CommandLine.Run bench = iosim("qpn", "bench", net.toString(), "--run-length", "2000", "--quiet");

		assertEquals(0, bench.exitCode(), bench.toString());
		assertTrue(bench.out().contains("simulator ") && bench.out().contains("M events/s (best of 3)"), bench.out());
		assertTrue(bench.out().strip().endsWith("SimQPN: no comparison (run from the repository's ./iosim to compare"
				+ " with SimQPN)"), bench.out());
		CommandLine.Run none = iosim("qpn", "bench", net.toString(), "--run-length", "2000", "--quiet",
				"--simqpn-runs", "0");
		assertFalse(none.out().contains("SimQPN"), none.out());
		CommandLine.Run wrong = iosim("qpn", "bench", net.toString(), "--simqpn-runs", "-1");
		assertEquals(2, wrong.exitCode(), wrong.toString());
		assertTrue(wrong.err().contains("--simqpn-runs must be 0 to 100, got -1"), wrong.err());
	}

	@Test
	void simulateWritesEachPlaceAndColourAndASeedReproducesTheRun() throws IOException {
		Path net = net(NET);
		CommandLine.Run first = iosim("qpn", "simulate", net.toString(), "--seed", "3", "--quiet", "--out",
				folder.resolve("first").toString());
		assertEquals(0, first.exitCode(), first.toString());
		assertTrue(first.out().contains("two-jobs: run length after 20000"), first.out());
		CommandLine.Run again = iosim("qpn", "simulate", net.toString(), "--seed", "3", "--quiet", "--out",
				folder.resolve("again").toString());
		assertEquals(0, again.exitCode(), again.toString());
		ObjectMapper mapper = new ObjectMapper();
		JsonNode results = mapper.readTree(folder.resolve("first/results.json").toFile());
		JsonNode repeated = mapper.readTree(folder.resolve("again/results.json").toFile());
		assertEquals(results.get("places"), repeated.get("places"), "one seed, one run");
		assertEquals(results.get("events"), repeated.get("events"));
		assertEquals("short", results.get("configuration").asText());
		JsonNode disk = results.get("places").get(1);
		assertEquals("Disk", disk.get("place").asText());
		assertEquals("job", disk.get("colour").asText());
		assertEquals("queueing place", disk.get("kind").asText());
		double utilization = disk.get("utilization").asDouble();
		double throughput = disk.get("throughput").asDouble();
		assertEquals(throughput * 0.5, utilization, 0.02, "utilization law");
		assertTrue(disk.get("residenceTime").get("ci95").asDouble() < 0.05, disk.toString());
		assertTrue(disk.has("depository"), disk.toString());
	}

	/**
	 * An infinite-server queue has no utilization: its busy servers (tokens in service, here about
	 * 1.4 of the two jobs) were reported as "utilization 1.4". They are its mean busy servers, by
	 * Little's law its throughput times its mean service time; a one-server queue's busy servers are
	 * its utilization.
	 */
	@Test
	void anInfiniteServerQueueReportsItsMeanBusyServersNotAUtilization() throws IOException {
		Path out = folder.resolve("busy");
		CommandLine.Run run = iosim("qpn", "simulate", net(NET).toString(), "--seed", "3", "--out", out.toString());
		assertEquals(0, run.exitCode(), run.toString());
		JsonNode places = new ObjectMapper().readTree(out.resolve("results.json").toFile()).get("places");
		JsonNode think = places.get(0);
		assertEquals("Think", think.get("place").asText());
		assertTrue(think.get("utilization").isNull(), think.toString());
		assertEquals(think.get("throughput").asDouble() * 1.0, think.get("meanBusyServers").asDouble(), 0.05,
				"busy servers of IS = X · S");
		JsonNode disk = places.get(1);
		assertEquals(disk.get("utilization").asDouble(), disk.get("meanBusyServers").asDouble(), 1e-12);

		String table = run.out().lines().filter(line -> line.startsWith("place")).findFirst().orElseThrow();
		assertTrue(table.contains("utilization") && table.contains("busy servers"), run.out());
		assertTrue(table.contains("residence time (tu)") && table.contains("throughput (1/tu)"), table);
		assertTrue(run.out().contains("(tu: the net's time unit"), "the unit is explained: " + run.out());
		String thinkRow = run.out().lines().filter(line -> line.startsWith("Think")).findFirst().orElseThrow();
		assertEquals(7, thinkRow.trim().split("\\s+").length, "no utilization for IS: " + thinkRow);
		String html = Files.readString(out.resolve("report.html"));
		assertTrue(html.contains("<th class=\"num\">busy servers</th>"), html);
	}

	@Test
	void simulateAlsoWritesACsvAndAReportThatEscapesTheNetsNames() throws IOException {
		Path net = net(NET.replace("name=\"Disk\"", "name=\"Disk &lt;script&gt;x&lt;/script&gt;\""));
		Path out = folder.resolve("report");
		CommandLine.Run run = iosim("qpn", "simulate", net.toString(), "--quiet", "--out", out.toString());
		assertEquals(0, run.exitCode(), run.toString());
		String csv = Files.readString(out.resolve("places.csv"));
		assertTrue(csv.startsWith("place,colour,part,residenceTime,residenceTimeCi95,observations,throughput,population,"
				+ "utilization,residenceTimeP50,residenceTimeP95,residenceTimeP99,meanBusyServers\r\n"), csv);
		assertEquals(5, csv.lines().count(), "two queueing places, each queue and depository, and the header");
		String html = Files.readString(out.resolve("report.html"));
		assertTrue(html.contains("Queueing Petri net results: two-jobs"), html);
		assertTrue(html.contains("Disk &lt;script&gt;x&lt;/script&gt;"), html);
		assertFalse(html.contains("<script>"), "names are escaped");
		assertTrue(html.contains("<svg class=\"chart\""), "a chart of the queues' residence times");
	}

	@Test
	void validateAcceptsWhatSimulateAcceptsAndNamesWhatItRefuses() throws IOException {
		CommandLine.Run valid = iosim("qpn", "validate", net(NET).toString());
		assertEquals(0, valid.exitCode(), valid.toString());
		assertTrue(valid.out().contains("valid (2 places, 2 transitions, 1 colours)"), valid.out());

		Path capped = net(NET.replace("id=\"think-job\" initial-population=\"2\" lambda=\"1\" maximum-capacity=\"0\"",
				"id=\"think-job\" initial-population=\"2\" lambda=\"1\" maximum-capacity=\"5\""));
		for (String[] command : new String[][] { { "qpn", "validate", capped.toString() },
				{ "qpn", "simulate", capped.toString(), "--out", folder.resolve("out").toString() } }) {
			CommandLine.Run refused = iosim(command);
			assertEquals(1, refused.exitCode(), refused.toString());
			assertTrue(refused.err().contains(
					"two-jobs.qpe: queueing place 'Think' (think), colour 'job': a maximum capacity is not simulated yet"),
					refused.err());
		}
		assertFalse(Files.exists(folder.resolve("out")), "nothing written for a refused net");
	}

	/**
	 * Issue 23 item 8: nets that 'simulate' refuses, 'validate' refuses with the same message; what a run
	 * finds only while running (immediate transitions firing without end) validate finds by a dry run.
	 */
	@Test
	void validateRefusesWhatSimulateRefusesWithTheSameMessage() throws IOException {
		String spinning = NET.replace("  </places>", """
				    <place departure-discipline="NORMAL" id="spin" name="Spin" xsi:type="ordinary-place">
				      <color-refs>
				        <color-ref color-id="job" id="spin-job" initial-population="1" maximum-capacity="0" ranking="0" xsi:type="ordinary-color-reference"/>
				      </color-refs>
				    </place>
				  </places>""").replace("  </transitions>", """
				    <transition id="whirl" name="whirl" priority="0" weight="1" xsi:type="immediate-transition">
				      <modes><mode firing-weight="1" id="whirl-1" name="whirl" real-color="#000000"/></modes>
				      <connections>
				        <connection count="1" id="whirl-in" source-id="spin-job" target-id="whirl-1"/>
				        <connection count="1" id="whirl-out" source-id="whirl-1" target-id="spin-job"/>
				      </connections>
				    </transition>
				  </transitions>""").replace("  </connections>\n  <meta-attributes>", """
				    <connection id="a5" source-id="spin" target-id="whirl"/>
				    <connection id="a6" source-id="whirl" target-id="spin"/>
				  </connections>
				  <meta-attributes>""");
		String[][] nets = {
				// immediate transitions that fire without end at time 0: found while running
				{ spinning, "two-jobs.qpe: net 'two-jobs': immediate transitions fired more than 10000000 times at time 0.0"
						+ " without time advancing (e.g. 'whirl')" },
				// a colour's token count beyond what the simulator holds
				{ NET.replace("<connection count=\"1\" id=\"go-out\"", "<connection count=\"2000000000\" id=\"go-out\""),
						"two-jobs.qpe: transition 'go' (go), mode 'go': it produces 2,000,000,000 tokens in one firing, more"
								+ " than the 20,000,000 the simulator holds in places (or in queues) at once" },
				// a configuration no run can have
				{ NET.replace("total-run-length=\"20000\"", "total-run-length=\"0\""),
						"two-jobs.qpe: configuration 'short': the run length must be positive and finite, got 0.0" } };
		for (String[] net : nets) {
			assertFalse(net[0].equals(NET), "the net was changed");
			Path file = net(net[0]);
			CommandLine.Run validate = iosim("qpn", "validate", file.toString());
			CommandLine.Run simulate = iosim("qpn", "simulate", file.toString(), "--quiet", "--out",
					folder.resolve("out").toString());
			assertEquals(1, validate.exitCode(), validate.toString());
			assertEquals(1, simulate.exitCode(), simulate.toString());
			assertTrue(validate.err().contains(net[1]), validate.toString());
			assertEquals(simulate.err(), validate.err(), "the same message");
			assertFalse(validate.err().contains("Exception") || validate.err().contains("\tat "), validate.err());
			assertFalse(Files.exists(folder.resolve("out")), "nothing written for a refused net");
		}
	}

	@Test
	void badFilesGetMessagesWithoutStackTraces() throws IOException {
		CommandLine.Run doctype = iosim("qpn", "validate",
				net(NET.replace("<net ", "<!DOCTYPE net SYSTEM \"http://example.org/x.dtd\">\n<net ")).toString());
		assertEquals(1, doctype.exitCode(), doctype.toString());
		assertTrue(doctype.err().contains("two-jobs.qpe"), doctype.err());
		assertFalse(doctype.err().contains("Exception") || doctype.err().contains("\tat "), doctype.err());

		CommandLine.Run missing = iosim("qpn", "simulate", folder.resolve("none.qpe").toString(), "--out",
				folder.resolve("out").toString());
		assertEquals(2, missing.exitCode(), missing.toString());
		assertTrue(missing.err().contains("no such file or folder"), missing.err());

		CommandLine.Run config = iosim("qpn", "simulate", net(NET).toString(), "--config", "long", "--out",
				folder.resolve("out").toString());
		assertEquals(2, config.exitCode(), config.toString());
		assertTrue(config.err().contains("no simulator configuration named 'long'; it has [short]"), config.err());
	}

	@Test
	void convertKeepsEveryElementBetweenTheTwoFormatsAndRefusesToOverwrite() throws IOException {
		Path net = net(NET);
		Path model = folder.resolve("two-jobs.qpn");
		CommandLine.Run toModel = iosim("qpn", "convert", net.toString(), "--out", model.toString());
		assertEquals(0, toModel.exitCode(), toModel.toString());
		assertTrue(Files.readString(model).contains("xmlns:qpn=\"http://iosim.org/qpn/1.0\""));
		Path back = folder.resolve("back/two-jobs.qpe");
		CommandLine.Run toQpe = iosim("qpn", "convert", model.toString(), "--out", back.toString());
		assertEquals(0, toQpe.exitCode(), toQpe.toString());
		ObjectMapper mapper = new ObjectMapper();
		JsonNode[] places = new JsonNode[3];
		Path[] nets = { net, model, back };
		for (int index = 0; index < nets.length; index++) {
			Path out = folder.resolve("results-" + index);
			CommandLine.Run run = iosim("qpn", "simulate", nets[index].toString(), "--quiet", "--out", out.toString());
			assertEquals(0, run.exitCode(), run.toString());
			places[index] = mapper.readTree(out.resolve("results.json").toFile()).get("places");
		}
		assertEquals(places[0], places[1], "the .qpn simulates as the .qpe");
		assertEquals(places[0], places[2], "and so does the .qpe written back");

		String before = Files.readString(model);
		CommandLine.Run refused = iosim("qpn", "convert", net.toString(), "--out", model.toString());
		assertEquals(1, refused.exitCode(), refused.toString());
		assertTrue(refused.err().contains("exists; add --overwrite"), refused.err());
		assertEquals(before, Files.readString(model), "the existing file is untouched");

		Path broken = Files.writeString(folder.resolve("broken.qpn"), before.replace("<places", "<placez"));
		CommandLine.Run unreadable = iosim("qpn", "validate", broken.toString());
		assertEquals(1, unreadable.exitCode(), unreadable.toString());
		assertTrue(unreadable.err().matches("(?s).*broken\\.qpn: line \\d+, column \\d+: .*"), unreadable.err());
		assertFalse(unreadable.err().contains("Exception"), unreadable.err());
	}

	/**
	 * The example's net serves the shop's database disk, as a delay predictor and embedded in the
	 * simulation. A read that finds the volume idle takes a cache pass and, for a miss, a RAID access:
	 * 0.5 ms + 0.4 × 6 ms on average. The predictor gives every read that mean; embedded, each read
	 * takes its own way through the net, so its delays spread from cache hits to misses.
	 */
	@Test
	void aNetPredictsTheDelaysOfVirtualizedStorageOrRunsThemInsideTheSimulation() throws IOException {
		JsonNode predicted = readDelays("shop-qpn.ioconfig");
		JsonNode embedded = readDelays("shop-qpn-embedded.ioconfig");
		double idle = 0.0005 + 0.4 * 0.006;
		assertEquals(idle, predicted.get("mean").asDouble(), 0.03 * idle, predicted.toString());
		assertEquals(idle, embedded.get("mean").asDouble(), 0.05 * idle, embedded.toString());
		assertTrue(predicted.get("p95").asDouble() < 1.1 * idle, predicted.toString());
		assertTrue(embedded.get("p95").asDouble() > 0.006 && embedded.get("p50").asDouble() < 0.002, embedded.toString());
	}

	/**
	 * The cache model's four classes: the shop's reads are mostly sequential and take the sequential
	 * read class (0.8 ms); made mostly random, they take the random one (4 ms, and a little more when
	 * a read meets another in the queue of its class).
	 */
	@Test
	void theAccessPatternChoosesTheRequestClassOfTheCacheModel() throws IOException {
		Path examples = CommandLine.example("storage-qpn");
		assertEquals(0.0008, readDelays(examples.resolve("shop-cache.ioconfig")).get("mean").asDouble(), 0.03 * 0.0008);
		Path random = folder.resolve("random");
		Files.createDirectories(random);
		Files.copy(examples.resolve("cache.qpe"), random.resolve("cache.qpe"));
		Path configuration = Files.writeString(random.resolve("shop-random.ioconfig"), Files.readString(
				examples.resolve("shop-cache.ioconfig")).replace("defaultSequentiality=\"0.7\"", "defaultSequentiality=\"0.2\""));
		double randomReads = readDelays(configuration).get("mean").asDouble();
		assertTrue(randomReads >= 0.004 * 0.99 && randomReads < 0.0045, randomReads + " s");
	}

	private JsonNode readDelays(String configuration) throws IOException {
		return readDelays(CommandLine.example("storage-qpn").resolve(configuration));
	}

	private JsonNode readDelays(Path configuration) throws IOException {
		Path out = folder.resolve(configuration.getFileName().toString());
		CommandLine.Run run = iosim("simulate", CommandLine.example("minimal").toString(), "--io",
				configuration.toString(), "--max-measurements", "20000", "--quiet", "--out", out.toString());
		assertEquals(0, run.exitCode(), run.toString());
		for (JsonNode entry : new ObjectMapper().readTree(out.resolve("results.json").toFile()).get("io")) {
			if (entry.get("type").asText().equals("read") && entry.path("fileSet").asText("all").equals("all")) {
				return entry.get("delay");
			}
		}
		throw new AssertionError("no read delays in " + out);
	}

	/** Algorithm 3 on SPEC.md's reference through the command: the example scheduler net and (45, 30) ms for 30 and 10 threads. */
	@Test
	void calibrateFindsTheSchedulerWeightsOfEachConfiguration() throws IOException {
		Path examples = CommandLine.example("storage-qpn");
		Path weights = folder.resolve("weights.csv");
		String[] command = { "qpn", "calibrate", "--template", examples.resolve("scheduler.qpe").toString(), "--data",
				examples.resolve("scheduler-targets.csv").toString(), "--out", weights.toString(), "--place", "Waiting",
				"--read", "read", "--write", "write", "--transition", "schedule", "--read-mode", "read", "--write-mode",
				"write", "--quiet" };
		CommandLine.Run run = iosim(command);
		assertEquals(0, run.exitCode(), run.toString());
		java.util.List<String> rows = Files.readAllLines(weights);
		assertEquals("readThreads,writeThreads,alpha,beta,phi,error,predictedReadResponseTime,"
				+ "predictedWriteResponseTime,printedAlpha,printedBeta", rows.get(0));
		assertTrue(rows.get(1).startsWith("30,10,258,100,2.58,"), rows.get(1));
		assertTrue(rows.get(1).endsWith(",134,100"), rows.get(1));

		CommandLine.Run again = iosim(command);
		assertEquals(1, again.exitCode(), "the weights are kept: " + again);
		String[] wrongMode = command.clone();
		wrongMode[wrongMode.length - 2] = "writes";
		wrongMode[7] = folder.resolve("other.csv").toString();
		CommandLine.Run unknown = iosim(wrongMode);
		assertEquals(1, unknown.exitCode(), unknown.toString());
		assertTrue(unknown.err().contains("scheduler.qpe: transition 'schedule' has no mode named 'writes'"), unknown.err());
	}

	/**
	 * The example's calibrated template is what calibrating the example's measurements gives (so it
	 * cannot go stale), and it predicts those measurements about as well as they repeat on this
	 * machine (examples/storage: 16–26 % between runs of 1.5 s).
	 */
	@Test
	void calibratingTheExampleMeasurementsGivesTheExampleTemplate() throws IOException {
		Path examples = CommandLine.example("storage-qpn");
		Path storage = folder.resolve("storage.json");
		CommandLine.Run run = iosim("qpn", "calibrate", "--template", "cache-raid", "--data",
				examples.resolve("measured-2026-11-24-cache-raid.csv").toString(), "--out", storage.toString());
		assertEquals(0, run.exitCode(), run.toString());
		assertEquals(Files.readString(examples.resolve("disk-storage.json")), Files.readString(storage));
		java.util.regex.Matcher error = java.util.regex.Pattern.compile("mean relative calibration error ([0-9.]+) %")
				.matcher(run.out());
		assertTrue(error.find(), run.out());
		assertTrue(Double.parseDouble(error.group(1)) < 30, run.out());

		Path net = folder.resolve("fileserver.qpe");
		CommandLine.Run instantiated = iosim("qpn", "instantiate", examples.resolve("disk-storage.json").toString(),
				"--threads", "rr=1", "--read-size", "105152", "--write-size", "132874", "--file-set", "1220007690", "--out",
				net.toString());
		assertEquals(0, instantiated.exitCode(), instantiated.toString());
		assertEquals(Files.readString(examples.resolve("fileserver-disk.qpe")), Files.readString(net),
				"the example's embedded net is the template instantiated for the file server");

		// the scheduler model on that storage, from the mixed measurements with separate read and write threads
		Files.copy(examples.resolve("disk-storage.json"), folder.resolve("disk-storage.json"));
		Path scheduler = folder.resolve("disk-scheduler.json");
		CommandLine.Run mixed = iosim("qpn", "calibrate", "--template", "scheduler", "--storage",
				folder.resolve("disk-storage.json").toString(), "--data",
				examples.resolve("measured-2026-11-24-mixed.csv").toString(), "--out", scheduler.toString(), "--quiet");
		assertEquals(0, mixed.exitCode(), mixed.toString());
		assertEquals(Files.readString(examples.resolve("disk-scheduler.json")), Files.readString(scheduler));
		assertEquals(Files.readString(examples.resolve("disk-scheduler-weights.json")),
				Files.readString(folder.resolve("disk-scheduler-weights.json")));
	}

	/**
	 * Every argument is checked before the calibration's 20 s of work: the storage must lie in the
	 * folder of --out or below it (the README said it backwards), and --out must be writable, here
	 * because a file stands where its folder would be. A refused command prints no progress.
	 */
	@Test
	void schedulerCalibrationChecksItsOutputBeforeItWorks() throws IOException {
		Path examples = CommandLine.example("storage-qpn");
		String data = examples.resolve("measured-2026-11-24-mixed.csv").toString();
		Path storage = Files.copy(examples.resolve("disk-storage.json"), folder.resolve("disk-storage.json"));

		CommandLine.Run outside = iosim("qpn", "calibrate", "--template", "scheduler", "--storage", storage.toString(),
				"--data", data, "--out", folder.resolve("models/scheduler.json").toString());
		assertEquals(2, outside.exitCode(), outside.toString());
		assertTrue(outside.err().contains("--storage must be in OUT's folder or below it"), outside.toString());
		assertEquals("", outside.out(), outside.toString());

		Path notAFolder = Files.writeString(folder.resolve("notes"), "a file");
		Files.createDirectories(folder.resolve("taken/disk-scheduler-weights.json"));
		Path storageInTaken = Files.copy(storage, folder.resolve("taken/disk-storage.json"));
		CommandLine.Run weightsFolder = iosim("qpn", "calibrate", "--template", "scheduler", "--storage",
				storageInTaken.toString(), "--data", data, "--out", folder.resolve("taken/disk-scheduler.json").toString());
		assertEquals(1, weightsFolder.exitCode(), weightsFolder.toString());
		assertTrue(weightsFolder.err().contains("disk-scheduler-weights.json is a folder, not a file"),
				weightsFolder.toString());
		assertFalse(weightsFolder.err().contains("configurations,"), "no work before the refusal: " + weightsFolder);

		CommandLine.Run underAFile = iosim("qpn", "calibrate", "--template", "cache-raid", "--data",
				examples.resolve("measured-2026-11-24-cache-raid.csv").toString(), "--out",
				notAFolder.resolve("storage.json").toString());
		assertEquals(1, underAFile.exitCode(), underAFile.toString());
		assertTrue(underAFile.err().contains("cannot write " + notAFolder.resolve("storage.json") + ": " + notAFolder
				+ " is not a folder"), underAFile.toString());
		assertEquals("", underAFile.out(), underAFile.toString());
	}

	/** Single-server cache, 3 random reads of 1 ms: R = 3 ms (T2); through the 'qpn' kind's 'storage'. */
	@Test
	void aCalibratedTemplateIsAnAnalysisModel() throws IOException {
		Path data = Files.writeString(folder.resolve("measured.csv"), """
				concurrency,type,requestSize,readPattern,writePattern,readRatio,fileSetSize,delay
				1,0,4096,0,0,1,1073741824,0.00101
				2,0,4096,0,0,1,1073741824,0.00198
				4,0,4096,0,0,1,1073741824,0.00402
				1,0,8192,0,0,1,1073741824,0.00099
				3,0,8192,0,0,1,1073741824,0.00303
				1,1,4096,0,0,0,1073741824,0.0020
				2,1,8192,0,0,0,1073741824,0.0040
				2,1,4096,0,0,0.5,1073741824,0.009
				""");
		Path template = Files.createDirectories(folder.resolve("template"));
		Path storage = template.resolve("storage.json");
		CommandLine.Run run = iosim("qpn", "calibrate", "--template", "cache", "--servers", "1", "--data",
				data.toString(), "--out", storage.toString());
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.err().contains("note: 1 mixed read/write rows left out"), run.err());
		assertTrue(java.util.regex.Pattern.compile("rr\\s+cached\\s+5\\s.*\\s0\\.0010\\d\\d\\s*\\n").matcher(run.out()).find(),
				"5 rows, 1 ms whatever the size: " + run.out());

		CommandLine.Run refused = iosim("qpn", "calibrate", "--template", "cache", "--data", data.toString(), "--out",
				storage.toString());
		assertEquals(1, refused.exitCode(), "the calibration is kept: " + refused);
		CommandLine.Run scheduler = iosim("qpn", "calibrate", "--template", folder.resolve("missing.qpe").toString(),
				"--data", data.toString(), "--out", folder.resolve("w.csv").toString());
		assertEquals(2, scheduler.exitCode(), scheduler.toString());
		assertTrue(scheduler.err().contains("a scheduler net needs --place, --read, --write, --transition, --read-mode,"
				+ " --write-mode"), scheduler.err());
		CommandLine.Run unknownClass = iosim("qpn", "instantiate", storage.toString(), "--threads", "xx=1",
				"--file-set", "1e9", "--out", folder.resolve("n.qpe").toString());
		assertEquals(2, unknownClass.exitCode(), unknownClass.toString());
		assertTrue(unknownClass.err().contains("--threads: unknown class 'xx' (expected rr, rs, wr or ws)"),
				unknownClass.err());
		CommandLine.Run uncalibrated = iosim("qpn", "instantiate", storage.toString(), "--threads", "ws=1",
				"--file-set", "1e9", "--out", folder.resolve("n.qpe").toString());
		assertEquals(1, uncalibrated.exitCode(), uncalibrated.toString());
		assertTrue(uncalibrated.err().contains("class 'ws' was not calibrated: the measurements had no sequential writes"),
				uncalibrated.err());
		assertFalse(uncalibrated.err().contains("Exception"), uncalibrated.err());

		Path configuration = Files.writeString(template.resolve("shop-storage.ioconfig"), Files.readString(
				CommandLine.example("storage-qpn").resolve("shop-qpn.ioconfig"))
				.replaceAll("(?s)<parameters name=\"net\".*?</analysisModels>",
						"<parameters name=\"storage\" value=\"storage.json\"/>\n  </analysisModels>")
				.replace("defaultSequentiality=\"0.7\"", "defaultSequentiality=\"0\""));
		JsonNode reads = readDelays(configuration);
		// a read meets n requests in service, itself included: n random reads of 1 ms give n ms
		assertTrue(reads.get("mean").asDouble() >= 0.001 * 0.98, reads.toString());
		assertTrue(reads.get("p50").asDouble() > 0.0009, reads.toString());
	}

	/**
	 * The scheduler model calibrated from response times that follow the closed form of a saturated
	 * single-server scheduler with relative weight φ = 2 and 1 ms service (R_r = 1.5·t_r ms,
	 * R_w = 3·t_w ms; T3 is the first row), plus a two-VM configuration with equal weights per type:
	 * the calibration must reproduce them, choose no descent, and give a net and an analysis model.
	 */
	@Test
	void theSchedulerModelIsCalibratedInstantiatedAndUsed() throws IOException {
		Path model = Files.createDirectories(folder.resolve("scheduler"));
		Files.writeString(model.resolve("storage.json"), """
				{ "format": "iosim-storage-qpn", "version": 1, "template": "cache", "readThreshold": null,
				  "writeThreshold": null, "raidProbability": { "atOrBelow": 1, "threads": 0, "above": 1 },
				  "serviceTimeVariation": 1, "cacheServers": 1,
				  "classes": { "rr": { "cached": { "terms": { "1": 0.001 } } }, "wr": { "cached": { "terms": { "1": 0.001 } } } } }
				""");
		Path data = Files.writeString(folder.resolve("mixed.csv"), """
				configuration,vm,readThreads,writeThreads,readSize,writeSize,fileSetSize,readResponseTime,writeResponseTime
				1,1,30,10,4096,4096,1e9,0.045,0.030
				2,1,10,10,4096,4096,1e9,0.015,0.030
				3,1,20,10,4096,4096,1e9,0.030,0.030
				4,1,10,20,4096,4096,1e9,0.015,0.060
				5,1,40,20,4096,4096,1e9,0.060,0.060
				6,1,10,10,4096,4096,1e9,0.030,0.060
				6,2,20,10,4096,4096,1e9,0.060,0.060
				""");
		Path out = model.resolve("scheduler.json");
		CommandLine.Run run = iosim("qpn", "calibrate", "--template", "scheduler", "--storage",
				model.resolve("storage.json").toString(), "--data", data.toString(), "--out", out.toString());
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(Files.exists(model.resolve("scheduler-weights.json")), "the weight model beside it");
		java.util.regex.Matcher errors = java.util.regex.Pattern.compile(
				"single-VM configurations ([0-9.]+) %, multi-VM ([0-9.]+) % \\(Algorithm 4, descent ([0-9.]+)\\)")
				.matcher(run.out());
		assertTrue(errors.find(), run.out());
		assertTrue(Double.parseDouble(errors.group(1)) < 3, run.out());
		assertTrue(Double.parseDouble(errors.group(2)) < 5, run.out());
		assertEquals("0.00", errors.group(3), run.out());
		assertTrue(run.err().contains("weights, corrected: 5 of 5 configurations"), "progress: " + run.err());

		Path net = folder.resolve("t3.qpe");
		CommandLine.Run instantiated = iosim("qpn", "instantiate", out.toString(), "--vm", "30,10", "--file-set", "1e9",
				"--out", net.toString());
		assertEquals(0, instantiated.exitCode(), instantiated.toString());
		CommandLine.Run valid = iosim("qpn", "validate", net.toString());
		assertEquals(0, valid.exitCode(), valid.toString());
		CommandLine.Run wrongOption = iosim("qpn", "instantiate", out.toString(), "--threads", "rr=1", "--file-set", "1e9",
				"--out", folder.resolve("x.qpe").toString());
		assertEquals(2, wrongOption.exitCode(), wrongOption.toString());
		assertTrue(wrongOption.err().contains("a scheduler model takes --vm READS,WRITES (not --threads)"),
				wrongOption.err());

		Path configuration = Files.writeString(model.resolve("shop-scheduler.ioconfig"), Files.readString(
				CommandLine.example("storage-qpn").resolve("shop-qpn.ioconfig"))
				.replaceAll("(?s)<parameters name=\"net\".*?</analysisModels>",
						"<parameters name=\"storage\" value=\"scheduler.json\"/>\n  </analysisModels>"));
		JsonNode reads = readDelays(configuration);
		// a read alone takes its 1 ms service time; with others waiting it takes longer
		assertTrue(reads.get("mean").asDouble() >= 0.001 * 0.98, reads.toString());
	}

	/** A probe over the disk measures what the disk's own row does: the time from entering to leaving it. */
	@Test
	void probesAreValidatedSimulatedAndPrinted() throws IOException {
		Path net = net(NET.replace("  <meta-attributes>\n    <meta-attribute configuration-name=\"short\"", """
				  <probes>
				    <probe id="p-disk" name="at the disk" start-place-id="disk" start-trigger="entry" end-place-id="disk" end-trigger="exit">
				      <color-refs><color-ref color-id="job" id="p-disk-job" xsi:type="probe-color-reference"/></color-refs>
				      <meta-attributes><meta-attribute configuration-name="short" id="p-disk-stats" statsLevel="3" xsi:type="simqpn-place-configuration"/></meta-attributes>
				    </probe>
				  </probes>
				  <meta-attributes>
				    <meta-attribute configuration-name="short\""""));
		CommandLine.Run valid = iosim("qpn", "validate", net.toString());
		assertEquals(0, valid.exitCode(), valid.toString());
		assertTrue(valid.out().contains("(2 places, 2 transitions, 1 colours, 1 probe)"), valid.out());
		CommandLine.Run run = iosim("qpn", "simulate", net.toString(), "--out", folder.resolve("probed").toString(),
				"--quiet");
		assertEquals(0, run.exitCode(), run.toString());
		java.util.regex.Matcher row = java.util.regex.Pattern.compile("at the disk\\s+job\\s+([0-9.]+)").matcher(run.out());
		assertTrue(row.find(), run.out());
		// two jobs, think 1, disk 0.5 FCFS, by MVA: one job finds the disk with 1/3 of a job, so R = 0.5·(1 + 1/3)
		assertEquals(2.0 / 3, Double.parseDouble(row.group(1)), 2.0 / 3 * 0.05, run.out());
	}

	/** A run may also end after a number of measurements; statsLevel 4 adds percentiles to the console and files. */
	@Test
	void aRunEndsAfterItsMeasurementsAndShowsPercentilesWhereAsked() throws IOException {
		Path net = net(NET.replace("<color-ref color-id=\"job\" distribution-function=\"Exponential\" id=\"disk-job\"",
				"<color-ref color-id=\"job\" distribution-function=\"Lognormal\" mean=\"0.5\" stdDev=\"0.25\" id=\"disk-job\"")
				.replace("name=\"Disk\" queue-ref=\"q-disk\" xsi:type=\"queueing-place\">", "name=\"Disk\" queue-ref=\"q-disk\""
						+ " xsi:type=\"queueing-place\"><meta-attributes><meta-attribute configuration-name=\"short\""
						+ " id=\"disk-stats\" statsLevel=\"4\" xsi:type=\"simqpn-place-configuration\"/></meta-attributes>"));
		CommandLine.Run valid = iosim("qpn", "validate", net.toString());
		assertEquals(0, valid.exitCode(), valid.toString());
		assertTrue(valid.err().contains("has a Lognormal service time, which IOSim simulates but QPME and SimQPN do not know"),
				valid.err());
		Path out = folder.resolve("measured");
		CommandLine.Run run = iosim("qpn", "simulate", net.toString(), "--max-measurements", "500", "--out",
				out.toString(), "--quiet");
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.out().contains("max measurements"), run.out());
		assertTrue(run.out().contains("p95"), "a percentile column: " + run.out());
		JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
		assertEquals("max measurements", results.get("stopReason").asText());
		long measured = 0;
		for (JsonNode place : results.get("places")) {
			// tokens are measured as they leave a place: for a queueing place, its depository
			JsonNode left = place.has("depository") ? place.get("depository") : place;
			measured += left.get("residenceTime").get("observations").asLong();
		}
		assertEquals(500, measured);
		CommandLine.Run refused = iosim("qpn", "simulate", net.toString(), "--max-measurements", "0", "--out",
				folder.resolve("none").toString());
		assertEquals(2, refused.exitCode(), refused.toString());
	}
}
