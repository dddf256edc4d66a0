package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class SimulateCommandTest {

	@TempDir
	Path folder;

	private static JsonNode results(Path out) throws IOException {
		return new ObjectMapper().readTree(out.resolve("results.json").toFile());
	}

	@Test
	void simulatesTheBundledExampleAndWritesResults() throws IOException {
		Path out = folder.resolve("shop");
		CommandLine.Run run = iosim("simulate", CommandLine.example("minimal").toString(), "--out", out.toString(),
				"--max-measurements", "20000", "--quiet");
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.out().contains("Browsing customers"), run.out());
		JsonNode json = results(out);
		assertEquals(1, json.get("seed").asLong());
		assertEquals("max measurements", json.get("stopReason").asText());
		assertTrue(json.get("events").asLong() > 0);
		JsonNode scenario = json.get("scenarios").get(0);
		assertEquals("Browsing customers", scenario.get("name").asText());
		assertEquals(20000, scenario.get("responseTime").get("count").asLong());
		for (String field : List.of("mean", "ci95", "p50", "p95")) {
			assertTrue(scenario.get("responseTime").get(field).asDouble() > 0, field);
		}
		assertTrue(scenario.get("throughput").asDouble() > 0);
		List<String> containers = new ArrayList<>();
		json.get("resources").forEach(resource -> containers.add(resource.get("container").asText() + " "
				+ resource.get("type").asText()));
		assertTrue(containers.containsAll(List.of("web server CPU", "database server CPU", "database server HDD")),
				containers.toString());
		for (String file : List.of("report.html", "scenarios.csv", "resources.csv", "response-time-over-time.csv")) {
			assertTrue(Files.size(out.resolve(file)) > 0, file);
		}
	}

	/** Columns of times and rates name their unit, on the console and in report.html (issue 23 item 16g). */
	@Test
	void timeColumnsNameTheirUnit() throws IOException {
		Path out = folder.resolve("units");
		CommandLine.Run run = iosim("simulate", CommandLine.example("minimal").toString(), "--out", out.toString(),
				"--max-measurements", "2000", "--quiet");
		assertEquals(0, run.exitCode(), run.toString());
		String scenarios = run.out().lines().filter(line -> line.startsWith("usage scenario")).findFirst().orElseThrow();
		for (String header : List.of("mean (s)", "±95 % (s)", "p50 (s)", "p95 (s)", "throughput (1/s)")) {
			assertTrue(scenarios.contains(header), header + " in " + scenarios);
		}
		String resources = run.out().lines().filter(line -> line.startsWith("resource")).findFirst().orElseThrow();
		assertTrue(resources.contains("throughput (1/s)"), resources);
		String html = Files.readString(out.resolve("report.html"));
		for (String header : List.of("Mean ± 95 % CI (s)", "p95 (s)", "Throughput (1/s)", "Mean response time (s)")) {
			assertTrue(html.contains("<th class=\"num\">" + header + "</th>"), header);
		}
	}

	@Test
	void sameSeedGivesIdenticalResults() throws IOException {
		String model = CommandLine.example("minimal").toString();
		Path first = folder.resolve("first");
		Path second = folder.resolve("second");
		assertEquals(0, iosim("simulate", model, "--out", first.toString(), "--max-measurements", "5000", "--quiet",
				"--seed", "99", "--replications", "2").exitCode());
		assertEquals(0, iosim("simulate", model, "--out", second.toString(), "--max-measurements", "5000", "--quiet",
				"--seed", "99", "--replications", "2").exitCode());
		assertEquals(withoutWallClock(first), withoutWallClock(second));
		Path other = folder.resolve("other");
		assertEquals(0, iosim("simulate", model, "--out", other.toString(), "--max-measurements", "5000", "--quiet",
				"--seed", "100", "--replications", "2").exitCode());
		assertFalse(withoutWallClock(first).equals(withoutWallClock(other)), "another seed gives other results");
	}

	private static String withoutWallClock(Path out) throws IOException {
		return Files.readString(out.resolve("results.json")).replaceAll("\"wallClockSeconds\"\\s*:\\s*[^,\\n]*", "");
	}

	@Test
	void existingResultsAreNeverOverwrittenUnlessAsked() throws IOException {
		Path out = Files.createDirectories(folder.resolve("kept"));
		Files.writeString(out.resolve("notes.txt"), "mine");
		String model = CommandLine.example("minimal").toString();
		CommandLine.Run refused = iosim("simulate", model, "--out", out.toString(), "--max-measurements", "1000", "--quiet");
		assertEquals(1, refused.exitCode(), refused.toString());
		assertTrue(refused.err().contains("--overwrite"), refused.err());
		assertEquals("mine", Files.readString(out.resolve("notes.txt")));

		CommandLine.Run kept = iosim("simulate", model, "--out", out.toString(), "--max-measurements", "1000",
				"--quiet", "--overwrite");
		assertEquals(1, kept.exitCode(), kept.toString());
		assertTrue(kept.err().contains("was not written by IOSim (it has no .iosim-written list"), kept.err());
		assertEquals(List.of("notes.txt"), names(out), "--overwrite never removes a file IOSim did not write");

		Path results = folder.resolve("results");
		assertEquals(0, iosim("simulate", model, "--out", results.toString(), "--max-measurements", "1000", "--quiet")
				.exitCode());
		CommandLine.Run replaced = iosim("simulate", model, "--out", results.toString(), "--max-measurements", "2000",
				"--quiet", "--overwrite");
		assertEquals(0, replaced.exitCode(), replaced.toString());
		assertEquals(2000, results(results).get("scenarios").get(0).get("responseTime").get("count").asLong());
	}

	@Test
	void resultsNeverReplaceTheModel() throws IOException {
		Path model = copyOfMinimal(folder.resolve("M"));
		List<String> files = names(model);

		CommandLine.Run refused = iosim("simulate", model.toString(), "--out", model.toString(), "--overwrite", "--quiet");

		assertEquals(1, refused.exitCode(), refused.toString());
		assertTrue(refused.err().contains(model.toRealPath() + " is itself an input of this run"), refused.err());
		assertEquals(files, names(model));
		CommandLine.Run refined = iosim("transform", model.toString(), "--io",
				model.resolve("shop-virtualized.ioconfig").toString(), "--out", model.resolve("refined.iosim").toString());
		assertEquals(1, refined.exitCode(), refined.toString());
		assertTrue(refined.err().contains(" lies inside "), "a model written into the model folder: " + refined.err());
		assertEquals(files, names(model));
	}

	@Test
	void aPipelineWritingIntoItsOwnFolderIsRefused() throws IOException {
		copyOfMinimal(folder.resolve("model"));
		Path pipeline = Files.writeString(folder.resolve("run.json"), "{\"model\": \"model\", \"out\": \".\","
				+ " \"simulation\": {\"maxMeasurements\": 1000}}");
		Files.writeString(folder.resolve("notes.txt"), "mine");
		List<String> before = names(folder);

		CommandLine.Run refused = iosim("run", pipeline.toString(), "--overwrite", "--quiet");

		assertEquals(1, refused.exitCode(), refused.toString());
		assertTrue(refused.err().contains(" contains "), refused.err());
		assertEquals(before, names(folder));
		assertTrue(Files.exists(folder.resolve("model/shop.repository")));
	}

	@Test
	void aModelSetIsJudgedByItsOwnFilesNotByASiblingsErrors() throws IOException {
		Path folder = copyOfMinimal(this.folder.resolve("two-sets"));
		// a second, broken allocation beside the shop's: it is not XML, so it belongs to no model set
		Files.writeString(folder.resolve("broken.allocation"), "<allocation:Allocation this is not XML");

		CommandLine.Run run = iosim("simulate", folder.toString(), "--model-set", "shop", "--max-measurements", "1000",
				"--quiet", "--out", this.folder.resolve("out").toString());

		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.err().contains("broken.allocation") && run.err().contains("not part of model set 'shop', so it"
				+ " does not stop this run"), run.err());
		CommandLine.Run validate = iosim("validate", folder.toString());
		assertTrue(validate.out().contains("Model set 'shop'") && validate.out().contains("  valid")
				&& validate.out().contains("broken.allocation"), "validate judges the shop valid and names the broken file: "
				+ validate);
	}

	private static Path copyOfMinimal(Path copy) throws IOException {
		Files.createDirectories(copy);
		try (Stream<Path> files = Files.list(CommandLine.example("minimal"))) {
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				Files.copy(file, copy.resolve(file.getFileName()));
			}
		}
		return copy;
	}

	private static List<String> names(Path folder) throws IOException {
		try (Stream<Path> files = Files.list(folder)) {
			return files.map(file -> file.getFileName().toString()).sorted().toList();
		}
	}

	@Test
	void linkingResourcesAreSimulatedOnlyWhenAsked() throws IOException {
		String model = CommandLine.example("minimal").toString();
		Path plain = folder.resolve("plain");
		Path network = folder.resolve("network");
		assertEquals(0, iosim("simulate", model, "--out", plain.toString(), "--max-measurements", "5000", "--quiet").exitCode());
		assertEquals(0, iosim("simulate", model, "--out", network.toString(), "--max-measurements", "5000", "--quiet",
				"--simulate-network").exitCode());
		List<String> plainTypes = new ArrayList<>();
		results(plain).get("resources").forEach(resource -> plainTypes.add(resource.get("type").asText()));
		assertFalse(plainTypes.contains("LAN"), plainTypes.toString());
		JsonNode lan = null;
		for (JsonNode resource : results(network).get("resources")) {
			if (resource.get("type").asText().equals("LAN")) {
				lan = resource;
			}
		}
		assertTrue(lan != null && lan.get("utilization").asDouble() > 0, "the LAN carries the calls");
		// every browse crosses the link twice (request and reply), each taking at least the 0.1 ms latency
		assertTrue(lan.get("meanServiceTime").asDouble() >= 0.0001, lan.toString());
		double plainMean = results(plain).get("scenarios").get(0).get("responseTime").get("mean").asDouble();
		double networkMean = results(network).get("scenarios").get(0).get("responseTime").get("mean").asDouble();
		assertTrue(networkMean > plainMean, plainMean + " vs " + networkMean);
	}

	@Test
	void missingUsageModelIsNamed() throws IOException {
		Path model = CommandLine.copyExample(folder.resolve("shop"));
		Files.delete(model.resolve("shop.usagemodel"));
		CommandLine.Run run = iosim("simulate", model.toString(), "--quiet", "--out", folder.resolve("out").toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains("no usage model"), run.err());
	}

	@Test
	void unknownResourceTypeIsNamed() throws IOException {
		Path model = CommandLine.copyExample(folder.resolve("shop"));
		Path environment = model.resolve("shop.resourceenvironment");
		// the database server loses its disk, which the Catalog's HDD demand needs
		String text = Files.readString(environment);
		int disk = text.indexOf("<activeResourceSpecifications_ResourceContainer id=\"shop.host.db.disk\"");
		int end = text.indexOf("</activeResourceSpecifications_ResourceContainer>", disk)
				+ "</activeResourceSpecifications_ResourceContainer>".length();
		Files.writeString(environment, text.substring(0, disk) + text.substring(end));
		CommandLine.Run run = iosim("simulate", model.toString(), "--quiet", "--out", folder.resolve("out").toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains("shop.repository: line 29: Catalog/find/query index (InternalAction 'query index',"
				+ " shop.catalog.find.query)"), run.err());
		assertTrue(run.err().contains("needs a HDD resource, but its container 'database server' has none"), run.err());
	}

	@Test
	void negativeDemandIsNamed() throws IOException {
		Path model = CommandLine.copyExample(folder.resolve("shop"));
		Path repository = model.resolve("shop.repository");
		Files.writeString(repository, Files.readString(repository).replace("\"5 + 2 * count.VALUE\"", "\"5 - 2 * count.VALUE\""));
		CommandLine.Run run = iosim("simulate", model.toString(), "--quiet", "--out", folder.resolve("out").toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains("shop.repository: line 29: Catalog/find/query index (InternalAction 'query index',"
				+ " shop.catalog.find.query)"), run.err());
		assertTrue(run.err().contains("evaluated to -"), run.err());
		assertFalse(Files.exists(folder.resolve("out")), "no results are written for a failed run");
	}

	@Test
	void minimumProjectExampleGivesItsAnalyticMeanResponseTime() throws IOException {
		Path examples = CommandLine.palladioExamples().orElse(null);
		Assumptions.assumeTrue(examples != null, "../shared/palladio-examples is not present");
		Path out = folder.resolve("minimum");
		CommandLine.Run run = iosim("simulate", examples.resolve("Minimum_Project_Example").toString(), "--out",
				out.toString(), "--max-measurements", "200000", "--quiet");
		assertEquals(0, run.exitCode(), run.toString());
		// One user, so no contention: 0.3 * Exp(1) (mean 1) + 0.7 * DoublePDF (mean 1.5) work units on a CPU
		// at 1.0810638521955225 units per time unit, then the usage model's Delay of 1.0.
		double exact = (0.3 * 1.0 + 0.7 * 1.5) / 1.0810638521955225 + 1.0;
		JsonNode time = results(out).get("scenarios").get(0).get("responseTime");
		double mean = time.get("mean").asDouble();
		assertTrue(Math.abs(mean - exact) <= time.get("ci95").asDouble(), mean + " ± " + time.get("ci95") + " vs " + exact);
		assertEquals(exact, mean, exact * 0.02);
	}

	/**
	 * Palladio's Minimum_ExactScheduler_Project: a CPU of two cores with SimuCom's exact Windows Server 2003
	 * scheduler, 4 users thinking 100, a usage-model delay of 1 and a mean demand of 20 at rate 1.0810638521955225.
	 * 'simulate' runs it as processor sharing and says so with the warning 'validate' prints; the figures are
	 * those of the same model with processor sharing, bit for bit, and its product-form solution.
	 */
	@Test
	void exactSchedulerExampleRunsAsProcessorSharingWithTheWarningValidatePrints() throws IOException {
		Path examples = CommandLine.palladioExamples().orElse(null);
		Assumptions.assumeTrue(examples != null, "../shared/palladio-examples is not present");
		Path exact = examples.resolve("Minimum_ExactScheduler_Project");
		String expected = "resource 'CPU' of resource container 'appserver' has SimuCom's exact scheduler of Windows"
				+ " Server 2003 (edu.kit.ipd.sdq.pcm.simulation.scheduler.exact.winserver2003), which IOSim simulates"
				+ " as processor sharing on its 2 cores (numberOfReplicas 2)";

		CommandLine.Run validate = iosim("validate", exact.toString());
		assertEquals(0, validate.exitCode(), validate.toString());
		List<String> validateWarnings = validate.out().lines().map(String::strip)
				.filter(line -> line.startsWith("warning: ") && line.contains(expected)).toList();
		assertEquals(1, validateWarnings.size(), validate.out());
		assertTrue(validateWarnings.get(0).contains("default.resourceenvironment: line 4"), validateWarnings.get(0));
		assertTrue(validate.out().contains("valid, 1 warning"), validate.out());

		Path out = folder.resolve("exact");
		String[] run = { "--max-measurements", "40000", "--warmup", "1000", "--seed", "3", "--quiet" };
		CommandLine.Run simulate = iosim(concat(new String[] { "simulate", exact.toString(), "--out", out.toString() }, run));
		assertEquals(0, simulate.exitCode(), simulate.toString());
		// the same warning, word for word
		assertEquals(validateWarnings, simulate.err().lines().map(String::strip)
				.filter(line -> line.contains(expected)).toList(), simulate.err());
		assertFalse(simulate.err().contains("kept by its id"), simulate.err());
		JsonNode cpu = results(out).get("resources").get(0);
		assertEquals("ProcessorSharing (approximates exact.winserver2003)", cpu.get("schedulingPolicy").asText());
		assertEquals(2, cpu.get("servers").asInt());

		Path sharing = folder.resolve("sharing");
		Files.createDirectories(sharing);
		try (Stream<Path> files = Files.list(exact)) {
			for (Path file : files.toList()) {
				Files.writeString(sharing.resolve(file.getFileName().toString()), Files.readString(file).replace(
						"pathmap://PCM_EXACT_SCHEDULER_MODELS/ExactSchedulers.resourcetype#edu.kit.ipd.sdq.pcm.simulation"
								+ ".scheduler.exact.winserver2003", "pathmap://PCM_MODELS/Palladio.resourcetype#ProcessorSharing"));
			}
		}
		Path sharingOut = folder.resolve("sharing-out");
		CommandLine.Run processorSharing = iosim(concat(new String[] { "simulate", sharing.toString(), "--out",
				sharingOut.toString() }, run));
		assertEquals(0, processorSharing.exitCode(), processorSharing.toString());
		JsonNode time = results(out).get("scenarios").get(0).get("responseTime");
		assertEquals(results(sharingOut).get("scenarios").get(0).get("responseTime"), time);

		// the product form of two-core processor sharing (p(n) ∝ Z^(N-n)/(N-n)! · D^n / ∏ min(k, 2)), with
		// the think time Z = 100 + 1 (the usage model's delay counts to the response time) and D = 20 / rate
		double demand = 20 / 1.0810638521955225;
		double think = 101;
		int users = 4;
		double[] weight = new double[users + 1];
		double total = 0;
		for (int n = 0; n <= users; n++) {
			double w = Math.pow(think, users - n) * Math.pow(demand, n);
			for (int k = 1; k <= users - n; k++) {
				w /= k;
			}
			for (int k = 1; k <= n; k++) {
				w /= Math.min(k, 2);
			}
			weight[n] = w;
			total += w;
		}
		double throughput = 0;
		for (int n = 0; n <= users; n++) {
			throughput += weight[n] / total * Math.min(n, 2) / demand;
		}
		double exactResponse = users / throughput - 100;
		double mean = time.get("mean").asDouble();
		assertTrue(Math.abs(mean - exactResponse) <= time.get("ci95").asDouble() && Math.abs(mean - exactResponse)
				<= 0.02 * exactResponse, mean + " ± " + time.get("ci95") + " vs " + exactResponse);
	}

	private static String[] concat(String[] first, String[] second) {
		return Stream.concat(Stream.of(first), Stream.of(second)).toArray(String[]::new);
	}

	@Test
	void everyImportablePalladioExampleSimulatesOrNamesWhatIsUnsupported() throws IOException {
		Path examples = CommandLine.palladioExamples().orElse(null);
		Assumptions.assumeTrue(examples != null, "../shared/palladio-examples is not present");
		List<Path> modelFolders;
		try (Stream<Path> files = Files.walk(examples)) {
			modelFolders = files.filter(file -> file.toString().endsWith(".allocation")).map(Path::getParent)
					.distinct().sorted().toList();
		}
		int simulated = 0;
		for (Path modelFolder : modelFolders) {
			for (String modelSet : modelSets(modelFolder)) {
				Path out = folder.resolve("out-" + simulated++);
				CommandLine.Run run = iosim("simulate", modelFolder.toString(), "--model-set", modelSet, "--out",
						out.toString(), "--max-measurements", "2000", "--warmup", "100", "--quiet");
				String context = modelFolder.getFileName() + " / " + modelSet + "\n" + run;
				if (run.exitCode() == 0) {
					assertTrue(results(out).get("scenarios").get(0).get("responseTime").get("count").asLong() > 0, context);
				} else {
					// SimuCom's exact schedulers run as processor sharing (Minimum_ExactScheduler_Project)
					assertFalse(run.err().contains("scheduler.exact"), context);
					assertEquals(1, run.exitCode(), context);
					assertTrue(run.err().matches("(?s).*(is not|does not know|unsupported|cannot simulate).*"), context);
					assertFalse(run.err().contains("\tat "), context);
				}
			}
		}
		assertEquals(14, simulated, "model sets tried");
	}

	static List<String> modelSets(Path modelFolder) {
		CommandLine.Run run = iosim("validate", modelFolder.toString());
		List<String> names = new ArrayList<>();
		for (String line : run.out().split("\n")) {
			if (line.startsWith("Model set '")) {
				names.add(line.substring("Model set '".length(), line.indexOf("' (")));
			}
		}
		return names;
	}
}
