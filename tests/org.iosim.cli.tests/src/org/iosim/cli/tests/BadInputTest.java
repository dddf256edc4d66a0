package org.iosim.cli.tests;

import static org.iosim.cli.tests.CommandLine.iosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.cli.internal.SimulationProgress;
import org.iosim.engine.ProgressMonitor.Progress;
import org.iosim.engine.SimulationConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad input found by the audit of issue 8: each case gets a clear message naming file and element,
 * the documented exit status, no Java exception name or stack trace, and 'validate' says exactly
 * what 'simulate' says about the model.
 */
class BadInputTest {

	@TempDir
	Path folder;

	/** The web shop with one text replaced in one of its files. */
	private Path shopWith(String file, String original, String replacement) throws IOException {
		Path model = CommandLine.copyExample(folder.resolve("shop"));
		Path changed = model.resolve(file);
		String text = Files.readString(changed);
		assertTrue(text.contains(original), original);
		Files.writeString(changed, text.replace(original, replacement));
		return model;
	}

	private static void assertNoJavaInternals(CommandLine.Run run) {
		String all = run.out() + run.err();
		assertFalse(all.contains("Exception") || all.contains("java.") || all.contains("\tat "), run.toString());
	}

	/** validate and simulate both refuse the model with exit status 1 and the same explanation. */
	private void assertBothRefuse(Path model, String... expected) {
		CommandLine.Run validate = iosim("validate", model.toString());
		CommandLine.Run simulate = iosim("simulate", model.toString(), "--quiet", "--out",
				folder.resolve("results").toString());
		assertEquals(1, validate.exitCode(), validate.toString());
		assertEquals(1, simulate.exitCode(), simulate.toString());
		for (String part : expected) {
			assertTrue(validate.out().contains(part), validate.toString());
			assertTrue(simulate.err().contains(part), simulate.toString());
		}
		assertNoJavaInternals(validate);
		assertNoJavaInternals(simulate);
		assertFalse(Files.exists(folder.resolve("results")));
	}

	// ------------------------------------------------------------------ 1: deep and long expressions

	@Test
	void deeplyNestedExpressionStopsAtTheLimitWithACaret() {
		CommandLine.Run run = iosim("stoex", "(".repeat(1000) + "1" + ")".repeat(1000));
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains("column 129: expression nested too deeply (limit 128)"), run.err());
		assertTrue(run.err().lines().allMatch(line -> line.length() < 200), run.err());
		assertTrue(run.err().lines().anyMatch(line -> line.strip().equals("^")), run.err());
		assertNoJavaInternals(run);
	}

	@Test
	void longSumIsAnExpressionLikeAnyOther() {
		CommandLine.Run run = iosim("stoex", "--json", String.join(" + ", java.util.Collections.nCopies(2000, "0.5")));
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.out().contains("\"mean\":1000.0"), run.out());
	}

	@Test
	void modelWithAHugeSumValidatesAndOneNestedTooDeeplyIsNamed() throws IOException {
		String sum = String.join(" + ", java.util.Collections.nCopies(300_000, "1"));
		Path huge = shopWith("shop.repository", "specification=\"5 + 2 * count.VALUE\"", "specification=\"" + sum + "\"");
		CommandLine.Run valid = iosim("validate", huge.toString());
		assertEquals(0, valid.exitCode(), valid.toString());

		Path deep = folder.resolve("deep");
		Files.createDirectories(deep);
		for (Path file : Files.list(huge).toList()) {
			Files.writeString(deep.resolve(file.getFileName()), Files.readString(file).replace(sum,
					"(".repeat(1000) + "1" + ")".repeat(1000)));
		}
		CommandLine.Run tooDeep = iosim("validate", deep.toString());
		assertEquals(1, tooDeep.exitCode(), tooDeep.toString());
		assertTrue(tooDeep.out().contains("shop.repository: line 30: Catalog/find/query index (ParametricResourceDemand)"),
				tooDeep.out());
		assertTrue(tooDeep.out().contains("nested too deeply (limit 128)"), tooDeep.out());
		assertTrue(tooDeep.out().lines().allMatch(line -> line.length() < 400), tooDeep.out());
		assertNoJavaInternals(tooDeep);
	}

	// ------------------------------------------------------------------ 2: call cycles

	@Test
	void componentCallingItselfIsRefusedWithTheCallPath() throws IOException {
		Path model = shopWith("shop.repository", """
				successor_AbstractAction="shop.catalog.find.stop">""", """
				successor_AbstractAction="shop.catalog.find.again">""");
		Path repository = model.resolve("shop.repository");
		Files.writeString(repository, Files.readString(repository)
				.replace("""
						<serviceEffectSpecifications__BasicComponent xsi:type="seff:ResourceDemandingSEFF" id="shop.catalog.find\"""",
						"""
								<requiredRoles_InterfaceRequiringEntity xsi:type="repository:OperationRequiredRole" id="shop.catalog.requires.catalog" entityName="Catalog requires Catalog" requiredInterface__OperationRequiredRole="shop.if.catalog"/>
								    <serviceEffectSpecifications__BasicComponent xsi:type="seff:ResourceDemandingSEFF" id="shop.catalog.find\"""")
				.replace("""
						<steps_Behaviour xsi:type="seff:StopAction" id="shop.catalog.find.stop" predecessor_AbstractAction="shop.catalog.find.query"/>""",
						"""
								<steps_Behaviour xsi:type="seff:ExternalCallAction" id="shop.catalog.find.again" entityName="find again" predecessor_AbstractAction="shop.catalog.find.query" successor_AbstractAction="shop.catalog.find.stop" calledService_ExternalService="shop.if.catalog.find" role_ExternalService="shop.catalog.requires.catalog"/>
								      <steps_Behaviour xsi:type="seff:StopAction" id="shop.catalog.find.stop" predecessor_AbstractAction="shop.catalog.find.again"/>"""));
		Path system = model.resolve("shop.system");
		Files.writeString(system, Files.readString(system).replace("""
				  <connectors__ComposedStructure xsi:type="composition:ProvidedDelegationConnector\"""", """
				  <connectors__ComposedStructure xsi:type="composition:AssemblyConnector" id="shop.connector.itself" entityName="Catalog to Catalog" requiringAssemblyContext_AssemblyConnector="shop.assembly.catalog" providingAssemblyContext_AssemblyConnector="shop.assembly.catalog">
				    <providedRole_AssemblyConnector href="shop.repository#shop.catalog.provides.catalog"/>
				    <requiredRole_AssemblyConnector href="shop.repository#shop.catalog.requires.catalog"/>
				  </connectors__ComposedStructure>
				  <connectors__ComposedStructure xsi:type="composition:ProvidedDelegationConnector\""""));

		assertBothRefuse(model, "shop.repository: line ", "Catalog/find/find again (ExternalCallAction 'find again',"
				+ " shop.catalog.find.again): the call closes a call cycle, Catalog.find → Catalog.find: a simulated"
				+ " recursion never ends");
	}

	// ------------------------------------------------------------------ 3: validate accepts what simulate accepts

	@Test
	void processingRateThatIsNotANumberIsRefused() throws IOException {
		Path model = shopWith("shop.resourceenvironment", "specification=\"1000\"", "specification=\"0/0\"");
		assertBothRefuse(model, "shop.resourceenvironment: line 4: web server (ProcessingResourceSpecification,"
				+ " shop.host.web.cpu): processingRate must be greater than 0, but is 0/0 = NaN");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "-3|-3", "1/0|1/0 = infinity", "2.5|2.5", "Exp(1)|" })
	void usageLoopCountMustBeAWholeNumber(String iterations, String shown) throws IOException {
		Path model = CommandLine.copyExample(folder.resolve("shop"));
		Path usage = model.resolve("shop.usagemodel");
		String text = Files.readString(usage);
		int call = text.indexOf("<actions_ScenarioBehaviour xsi:type=\"usagemodel:EntryLevelSystemCall\"");
		int callEnd = text.indexOf("</actions_ScenarioBehaviour>", call) + "</actions_ScenarioBehaviour>".length();
		Files.writeString(usage, text.substring(0, call) + """
				<actions_ScenarioBehaviour xsi:type="usagemodel:Loop" id="shop.browsing.browse" entityName="browse pages" successor="shop.browsing.stop" predecessor="shop.browsing.start">
				  <loopIteration_Loop specification="%s"/>
				  <bodyBehaviour_Loop id="shop.browsing.pages">
				    <actions_ScenarioBehaviour xsi:type="usagemodel:Start" id="shop.pages.start" successor="shop.pages.stop"/>
				    <actions_ScenarioBehaviour xsi:type="usagemodel:Stop" id="shop.pages.stop" predecessor="shop.pages.start"/>
				  </bodyBehaviour_Loop>
				</actions_ScenarioBehaviour>""".formatted(iterations) + text.substring(callEnd));
		if (shown == null) {
			// a random iteration count can only be judged when it is drawn: then simulate says which value
			CommandLine.Run simulate = iosim("simulate", model.toString(), "--quiet", "--max-measurements", "1000",
					"--out", folder.resolve("results").toString());
			assertEquals(1, simulate.exitCode(), simulate.toString());
			assertTrue(simulate.err().contains("(Loop 'browse pages', shop.browsing.browse): iteration count 'Exp(1)' must be a"
					+ " finite whole number of at least 0, but"
					+ " evaluated to "), simulate.toString());
			assertNoJavaInternals(simulate);
			return;
		}
		assertBothRefuse(model, "shop.usagemodel: line ", "(Loop 'browse pages', shop.browsing.browse): iterations must be a"
				+ " whole number of at least 0, but is " + shown);
	}

	// ------------------------------------------------------------------ 4: bounded memory

	@Test
	void populationThatCannotFitInMemoryIsRefused() throws IOException {
		Path model = shopWith("shop.usagemodel", "population=\"50\"", "population=\"2000000000\"");
		assertBothRefuse(model, "(UsageScenario 'Browsing customers', shop.browsing): closed workload population"
				+ " 2,000,000,000 needs about 800.0 GB of memory, more than fits", "give Java more memory");
	}

	@Test
	void tooManyReplicationsAreAUsageError() {
		CommandLine.Run run = iosim("simulate", CommandLine.example("minimal").toString(), "--replications", "100000",
				"--out", folder.resolve("results").toString());
		assertEquals(2, run.exitCode(), run.toString());
		assertTrue(run.err().contains("replications must be between 1 and 1000, got 100000"), run.err());
		assertNoJavaInternals(run);
		assertFalse(Files.exists(folder.resolve("results")));
	}

	// ------------------------------------------------------------------ 5: paths in configuration files

	@Test
	void tableFileOutsideTheConfigurationFolderIsReadButNeverQuoted() throws IOException {
		Path model = CommandLine.copyExample(folder.resolve("shop"));
		Files.writeString(folder.resolve("secret.txt"), "root:x:0:0:root:/root:/bin/bash\n");
		Path config = model.resolve("shop-virtualized.ioconfig");
		String text = Files.readString(config);
		int start = text.indexOf("<parameters ");
		int end = text.indexOf("/>", start) + 2;
		Files.writeString(config, (text.substring(0, start) + "<parameters name=\"file\" value=\"../secret.txt\"/>"
				+ text.substring(end)).replace("kind=\"expression\"", "kind=\"table\""));
		CommandLine.Run run = iosim("simulate", model.toString(), "--io", config.toString(), "--quiet", "--out",
				folder.resolve("results").toString());
		assertEquals(1, run.exitCode(), run.toString());
		assertTrue(run.err().contains(model.resolve("../secret.txt") + ": not a delay table"), run.toString());
		assertFalse((run.out() + run.err()).contains("root"), run.toString());
		assertNoJavaInternals(run);
	}

	// ------------------------------------------------------------------ 6: no Java exception names

	@Test
	void missingModelIsNamedInWords() {
		for (String command : new String[] { "validate", "simulate", "transform", "export" }) {
			CommandLine.Run run = switch (command) {
			case "transform" -> iosim(command, folder.resolve("absent").toString(), "--io",
					folder.resolve("x.ioconfig").toString());
			case "export" -> iosim(command, folder.resolve("absent").toString(), "--to", "palladio", "--out",
					folder.resolve("out").toString());
			default -> iosim(command, folder.resolve("absent").toString());
			};
			assertEquals(2, run.exitCode(), run.toString());
			assertTrue(run.err().contains("no such file or folder: " + folder.resolve("absent")), run.toString());
			assertNoJavaInternals(run);
		}
	}

	// ------------------------------------------------------------------ 10: help that tells the truth

	@Test
	void unknownCommandIsNamedEvenWithHelp() {
		for (String[] args : new String[][] { { "nosuchcommand", "--help" }, { "nosuchcommand" },
				{ "--debug", "simulte", "examples/minimal" } }) {
			CommandLine.Run run = iosim(args);
			assertEquals(2, run.exitCode(), run.toString());
			assertTrue(run.err().contains("unknown command '" + args[args[0].startsWith("-") ? 1 : 0]
					+ "'; the commands of 'iosim' are: validate, simulate, sweep, run, transform, export, models, regression, measure, volume, pgbench, dbench, colocate, calibrate, characterize, trace, qpn, san, stoex, bench,"
					+ " help"), run.toString());
			assertEquals("", run.out());
		}
		CommandLine.Run nested = iosim("regression", "nosuch", "--help");
		assertEquals(2, nested.exitCode(), nested.toString());
		assertTrue(nested.err().contains(
				"unknown command 'nosuch'; the commands of 'iosim regression' are: fit, select, predict, evaluate, bench"),
				nested.toString());
		// a command line gets only the subcommand it names, but a word naming none sees them all
		CommandLine.Run qpn = iosim("qpn", "simulte", "net.qpe");
		assertEquals(2, qpn.exitCode(), qpn.toString());
		assertTrue(qpn.err().contains("unknown command 'simulte'; the commands of 'iosim qpn' are: validate, simulate,"
				+ " convert, calibrate, instantiate, bench"), qpn.toString());
		CommandLine.Run qpnHelp = iosim("qpn", "--help");
		for (String subcommand : new String[] { "validate", "simulate", "convert", "calibrate", "instantiate", "bench" }) {
			assertTrue(qpnHelp.out().contains("\n  " + subcommand + " "), subcommand + " missing from\n" + qpnHelp.out());
		}
	}

	@Test
	void helpShowsTheHelpOfNestedCommands() {
		CommandLine.Run run = iosim("help", "regression", "select");
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.out().startsWith("Usage: iosim regression select"), run.out());
		CommandLine.Run unknown = iosim("help", "regression", "nosuch");
		assertEquals(2, unknown.exitCode(), unknown.toString());
		assertTrue(unknown.err().contains("unknown command 'nosuch'"), unknown.toString());
	}

	@Test
	void noHelpTextPrintsAFormatWarningOrCitesTheDissertation() {
		CommandLine.Run root = iosim("--help");
		java.util.List<String> commands = java.util.List.of("validate", "simulate", "transform", "export", "models", "regression",
				"sweep", "regression fit", "regression select", "regression predict", "regression evaluate", "regression bench",
				"stoex", "bench", "qpn", "qpn validate", "qpn simulate", "qpn convert", "qpn calibrate", "qpn instantiate", "qpn bench", "help");
		StringBuilder everything = new StringBuilder(root.out() + root.err());
		for (String command : commands) {
			java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(command.split(" ")));
			args.add("--help");
			CommandLine.Run run = iosim(args.toArray(String[]::new));
			assertEquals(0, run.exitCode(), command + "\n" + run);
			everything.append(run.out()).append(run.err());
		}
		for (String forbidden : new String[] { "picocli WARN", "dissertation", "001", "§", "Eq. " }) {
			assertFalse(everything.toString().contains(forbidden), forbidden + " in\n" + everything);
		}
	}

	// ------------------------------------------------------------------ 11: console

	@Test
	void summaryShowsInfiniteServersAndDashesForFiguresThatDoNotExist() {
		CommandLine.Run run = iosim("simulate", CommandLine.example("fileserver").toString(), "--max-measurements",
				"2000", "--quiet", "--out", folder.resolve("results").toString());
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.out().matches("(?s).*FileServerVM +DELAY +Delay +∞ +– .*"), run.out());
		assertFalse(run.out().contains("NaN") || run.out().contains("2147483647"), run.out());
	}

	@Test
	void transformDescribesItsOptionsInWords() {
		CommandLine.Run run = iosim("transform", CommandLine.example("minimal").toString(), "--io",
				CommandLine.example("minimal").resolve("shop-virtualized.ioconfig").toString());
		assertEquals(0, run.exitCode(), run.toString());
		assertTrue(run.out().contains("concurrency counts the arriving request, file set size of the request"), run.out());
		assertFalse(run.out().contains("WorkloadOptions["), run.out());
	}

	// ------------------------------------------------------------------ 12: progress

	@Test
	void progressSaysWhatIsDoneAndWhatRemains() {
		SimulationConfig config = SimulationConfig.defaults().withMaxMeasurements(3_000_000);
		double tenSeconds = 10;
		String line = SimulationProgress.line(config, tenSeconds, new Progress(0, 1234.5, 1_000_000, 4_000_000));
		assertEquals("  replication 1: 1,000,000 of 3,000,000 measurements, simulated time 1234.50,"
				+ " 4,000,000 events; 33 % done, about 0:20 left", line);
		String hoursLeft = SimulationProgress.line(config, 3600, new Progress(0, 1234.5, 1_000_000, 4_000_000));
		assertTrue(hoursLeft.endsWith("; 33 % done, about 2:00:00 left"), hoursLeft);
		String warmingUp = SimulationProgress.line(config, tenSeconds, new Progress(1, 12, 0, 5_000));
		assertEquals("  replication 2: 0 of 3,000,000 measurements, simulated time 12.0000, 5,000 events; warming up"
				+ " (1,000 runs)", warmingUp);
		String byTime = SimulationProgress.line(config.withMaxMeasurements(Long.MAX_VALUE).withStopTime(5000),
				tenSeconds, new Progress(0, 2500, 10, 100));
		assertEquals("  replication 1: 10 measurements, simulated time 2500.00 of 5000.00, 100 events;"
				+ " 50 % done, about 0:10 left", byTime);
	}

	// ------------------------------------------------------------------ 14: an I/O configuration beside the model

	@Test
	void unusedIoConfigurationBesideTheModelIsPointedOut() {
		Path example = CommandLine.example("minimal");
		CommandLine.Run run = iosim("simulate", example.toString(), "--max-measurements", "1000", "--quiet", "--out",
				folder.resolve("results").toString());
		assertEquals(0, run.exitCode(), run.toString());
		Path config = example.resolve("shop-virtualized.ioconfig");
		assertTrue(run.err().contains("note: " + config + " is an I/O configuration beside the model, not applied: the"
				+ " model is taken as it is; to apply it, add --io " + config + " or give " + config + " as the model"),
				run.err());
		CommandLine.Run withIo = iosim("simulate", example.toString(), "--io",
				example.resolve("shop-virtualized.ioconfig").toString(), "--max-measurements", "1000", "--quiet",
				"--out", folder.resolve("with-io").toString());
		assertFalse(withIo.err().contains("note:"), withIo.err());
	}

	// ------------------------------------------------------------------ sweeps

	/** A sweep of the shop refused before anything is simulated: exit status, message, no output folder. */
	private void assertSweepRefuses(int exitCode, String expected, String... vary) {
		java.util.List<String> options = new java.util.ArrayList<>();
		for (String parameter : vary) {
			options.addAll(java.util.List.of("--vary", parameter));
		}
		assertSweepRefuses(exitCode, expected, options);
	}

	private void assertSweepRefuses(int exitCode, String expected, java.util.List<String> options) {
		java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("sweep",
				CommandLine.example("minimal").toString(), "--quiet", "--max-measurements", "500", "--warmup", "50",
				"--replications", "2", "--out", folder.resolve("sweep").toString()));
		args.addAll(options);
		CommandLine.Run run = iosim(args.toArray(String[]::new));
		assertEquals(exitCode, run.exitCode(), run.toString());
		assertTrue(run.err().contains(expected), run.toString());
		assertEquals(1, run.err().lines().filter(line -> line.startsWith("iosim: ")).count(), run.toString());
		assertNoJavaInternals(run);
		assertFalse(Files.exists(folder.resolve("sweep")), run.toString());
	}

	@Test
	void sweepOfAnUnknownParameterNamesTheForms() {
		assertSweepRefuses(2, "unknown parameter 'users'; the forms are: io, population", "users=1,2");
	}

	@Test
	void sweepRangeMustRunUpwardsInPositiveSteps() {
		assertSweepRefuses(2, "parameter 'population': '10..1' is not a range FIRST..LAST[:STEP]", "population=10..1");
		assertSweepRefuses(2, "parameter 'population': '1..10:0' is not a range", "population=1..10:0");
		assertSweepRefuses(2, "'population' is not NAME=VALUES", "population");
	}

	@Test
	void sweepParameterMatchingNothingNamesTheElementsThereAre() {
		assertSweepRefuses(1, "parameter 'mainframe.CPU.rate' matches nothing in the model: no resource container has"
				+ " the id or name 'mainframe' (resource containers: 'web server', 'database server')",
				"mainframe.CPU.rate=1,2");
		assertSweepRefuses(1, "resource container 'web server' has no GPU resource", "web server.GPU.rate=1,2");
	}

	@Test
	void sweepPopulationMustBePositiveAtEveryPoint() {
		assertSweepRefuses(1, "point 1 (population=0)", "population=0..10:5");
		assertSweepRefuses(1, "parameter 'population' = '2.5': must be a whole number", "population=1,2.5");
	}

	@Test
	void sweepRefusesAFolderHoldingAnotherSweep() {
		Path out = folder.resolve("sweep");
		String[] first = { "sweep", CommandLine.example("minimal").toString(), "--quiet", "--max-measurements", "300",
				"--warmup", "30", "--replications", "2", "--vary", "population=1,2", "--out", out.toString() };
		assertEquals(0, iosim(first).exitCode());
		String[] other = first.clone();
		other[10] = "population=1,3";
		CommandLine.Run refused = iosim(other);
		assertEquals(2, refused.exitCode(), refused.toString());
		assertTrue(refused.err().contains(out + " holds a different sweep (differing in: points)"), refused.toString());
		assertNoJavaInternals(refused);
	}

	/** Here, as in Eclipse, the Spark engine is not on the classpath (it is a module of its own). */
	@Test
	void sweepOnSparkWithoutItsJarsSaysHowToGetThem() {
		assertSweepRefuses(2, "the Spark engine is not on the classpath: ./iosim adds it to a sweep with --engine spark"
				+ " (docs/sweeps.md, 'Sweeps on Spark')", java.util.List.of("--vary", "population=1,2", "--engine", "spark"));
	}

	@Test
	void sweepOnAnUnknownEngineNamesTheEngines() {
		assertSweepRefuses(2, "unknown engine 'hadoop'; the engines are: local, spark",
				java.util.List.of("--vary", "population=1,2", "--engine", "hadoop"));
	}

	@Test
	void sweepMasterIsForSparkOnly() {
		assertSweepRefuses(2, "--master is for --engine spark; the local engine runs on this machine's threads",
				java.util.List.of("--vary", "population=1,2", "--master", "local[2]"));
	}

	/** The SAN example's configuration with one text replaced, and a trace of two good lines and one given. */
	private CommandLine.Run sanReplay(String original, String replacement, String traceLine, String... options)
			throws IOException {
		String config = Files.readString(CommandLine.example("san").resolve("san.json"));
		assertTrue(config.contains(original), original);
		Path file = Files.writeString(folder.resolve("san.json"), config.replace(original, replacement));
		Path trace = Files.writeString(folder.resolve("t.spc"), "0,0,4096,r,0\n" + traceLine + "\n1,64,8192,w,0.5\n");
		String[] args = new String[4 + options.length];
		args[0] = "san";
		args[1] = "replay";
		args[2] = file.toString();
		args[3] = "--trace=" + trace;
		System.arraycopy(options, 0, args, 4, options.length);
		return iosim(args);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"\"disks\": 7|\"disks\": 2|0,8,4096,r,0.1|1|san.json: 'storage.ranks[0].disks' must be at least 3 for raid5, got 2",
			"\"nvs\": {|\"nvs\": { \"sise\": 1,|0,8,4096,r,0.1|1|'storage.nvs' has the unknown key sise",
			"\"r3\" ] },|\"r4\" ] },|0,8,4096,r,0.1|1|'volumes[0].ranks[3]' names no rank: 'r4'",
			"\"count\": 4|\"count\": -4|0,8,4096,r,0.1|1|'storage.processor.count' must be at least 1, got -4",
			"\"nodes\": 2|\"nodes\": 2,,|0,8,4096,r,0.1|1|san.json: not valid JSON at line",
			"\"nodes\": 2|\"nodes\": 2|0,8,4096,x,0.1|1|t.spc: line 2: field Opcode must be r or w, got 'x'",
			"\"nodes\": 2|\"nodes\": 2|0;8;4096;r;0.1|1|t.spc: line 2: has 1 field but an SPC record needs 5",
			"\"nodes\": 2|\"nodes\": 2|9,8,4096,r,0.1|1|request 2 in time order (ASU 9, LBA 8, 4096 bytes): ASU 9 is no volume",
			"\"nodes\": 2|\"nodes\": 2|0,99999999999,4096,r,0.1|1|lie beyond the end of volume 'orders'" })
	void sanReplayNamesTheFileElementAndProblem(String original, String replacement, String traceLine, int exitCode,
			String expected) throws IOException {
		CommandLine.Run run = sanReplay(original, replacement, traceLine);
		assertEquals(exitCode, run.exitCode(), run.toString());
		assertTrue(run.err().contains(expected), run.toString());
		assertEquals(1, run.err().lines().count(), "one message: " + run);
		assertNoJavaInternals(run);
	}

	/**
	 * Issue 23 item 11: SAN sizes the model cannot represent, and traces that would not fit in memory,
	 * are refused before any work, naming the file and the element.
	 */
	@Test
	void sanSizesAndTracesBeyondWhatTheModelHoldsAreRefusedBeforeWork() throws IOException {
		String[][] cases = {
				// 2^62 bytes striped over four ranks: 2^45 tracks of each, beyond the 2^40 a rank holds
				{ "\"size\": 1073741824", "\"size\": 4611686018427387904", "san.json: 'volumes[2].size' puts"
						+ " 35,184,372,121,600 tracks of 32,768 bytes on rank 'r0' together with the volumes before it"
						+ " there, more than a rank holds: at most 1,099,511,627,776 tracks (2^40)" },
				{ "\"size\": 1073741824", "\"size\": 9000000000000000000", "san.json: 'volumes[2].size' must be at"
						+ " most 4611686018427387904 (2^62 bytes, the most the model addresses), got 9000000000000000000" },
				{ "\"trackSize\": 32768", "\"trackSize\": 4294967296", "san.json: 'storage.cache.trackSize' must be at"
						+ " most 1073741824 (1 GiB), got 4294967296" } };
		for (String[] bad : cases) {
			CommandLine.Run run = sanReplay(bad[0], bad[1], "0,8,4096,r,0.1");
			assertEquals(1, run.exitCode(), run.toString());
			assertTrue(run.err().contains(bad[2]), run.toString());
			assertEquals(1, run.err().lines().count(), "one message: " + run);
			assertNoJavaInternals(run);
		}

		// a request every nanosecond for 30 years: about 1e18 requests, generated into memory before replaying
		Path endless = Files.writeString(folder.resolve("endless.json"), """
				{"seed": 1, "duration": 1e9, "volumes": [
				  {"asu": 0, "readRatio": 0.5, "size": 4096, "meanInterArrival": 1e-9, "span": 1073741824}]}
				""");
		CommandLine.Run generate = iosim("san", "generate", endless.toString(), "--out",
				folder.resolve("endless.spc").toString());
		CommandLine.Run replay = iosim("san", "replay", CommandLine.example("san").resolve("san.json").toString(),
				"--workload", endless.toString());
		for (CommandLine.Run run : List.of(generate, replay)) {
			assertEquals(1, run.exitCode(), run.toString());
			assertTrue(run.err().startsWith("iosim: " + endless + ": 'volumes[0].meanInterArrival' (one request every"
					+ " 1.0E-9 s for 'duration' 1.0E9 s) makes the trace about 1.00e+18 requests long, more than the "),
					run.toString());
			assertTrue(run.err().contains(" requests a trace may have in this JVM (half its heap of "), run.toString());
			assertNoJavaInternals(run);
		}
		assertFalse(Files.exists(folder.resolve("endless.spc")), "nothing written");
	}

	@Test
	void sanReplayRefusesBadOptions() throws IOException {
		CommandLine.Run layout = sanReplay("\"nodes\": 2", "\"nodes\": 2", "0,8,4096,r,0.1", "--layout", "diagonal");
		assertEquals(2, layout.exitCode(), layout.toString());
		assertTrue(layout.err().contains("--layout must be striped or concatenated, not 'diagonal'"), layout.toString());
		CommandLine.Run missing = iosim("san", "replay", folder.resolve("none.json").toString(), "--trace",
				folder.resolve("none.spc").toString());
		assertEquals(2, missing.exitCode(), missing.toString());
		assertTrue(missing.err().contains("no such file or folder: " + folder.resolve("none.json")), missing.toString());
		CommandLine.Run analyze = iosim("san", "analyze", folder.resolve("none.spc").toString());
		assertEquals(2, analyze.exitCode(), analyze.toString());
		assertNoJavaInternals(layout);
		assertNoJavaInternals(missing);
		assertNoJavaInternals(analyze);
	}
}
