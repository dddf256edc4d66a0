package org.iosim.qpn.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.iosim.qpn.Net;
import org.iosim.qpn.SubnetPlace;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.QpeReader;
import org.iosim.qpn.qpe.QpnDiagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every problem of a {@code .qpe} file is reported with the file and the element, and nothing the
 * model cannot hold is skipped silently.
 */
class QpeReaderDiagnosticsTest {

	private static final String SMALL_NET = QpnTestFiles.SMALL_NET;

	@TempDir
	Path folder;

	@Test
	void refusesDocumentTypeDeclarations() {
		String withDoctype = SMALL_NET.replace("<net ", """
				<!DOCTYPE net [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
				<net """).replace("name=\"Pool\"", "name=\"&secret;\"");
		QpeReadResult result = QpnTestFiles.read(folder, withDoctype);
		assertNull(result.net());
		assertOnlyError(result, "small.qpe: line 2: a document type declaration (DOCTYPE) is not allowed in .qpe files");
	}

	@Test
	void refusesFilesOverTheSizeLimit() {
		Path file = QpnTestFiles.write(folder, "small.qpe", SMALL_NET);
		QpeReadResult result = new QpeReader(1000).read(file);
		assertNull(result.net());
		assertOnlyError(result, "small.qpe: the file has more than 1000 bytes, the most a .qpe file may have");
	}

	@Test
	void reportsFilesThatAreNotXmlOrMissing() {
		assertOnlyError(QpnTestFiles.read(folder, "<net qpme-version=\"2.1.0\"><colors></net>"),
				"small.qpe: line 1: the file is not well-formed XML");
		assertOnlyError(new QpeReader().read(folder.resolve("absent.qpe")), "absent.qpe: the file does not exist");
		assertOnlyError(QpnTestFiles.read(folder, "<model/>"),
				"small.qpe: net: the document element is 'model', not QPME's 'net'");
	}

	@Test
	void namesDanglingReferences() {
		String dangling = SMALL_NET.replace("color-id=\"c-job\" distribution-function", "color-id=\"c-missing\" distribution-function")
				.replace("queue-ref=\"q-cpu\"", "queue-ref=\"c-job\"")
				.replace("source-id=\"t-end\"", "source-id=\"t-nowhere\"");
		QpeReadResult result = QpnTestFiles.read(folder, dangling);
		assertErrors(result,
				"small.qpe: queueing-place 'CPU' (p-cpu): queue-ref refers to color 'job' (c-job), which is no queue",
				"small.qpe: queueing-place 'CPU' (p-cpu): queueing-color-reference (r-cpu-job): color-id refers to unknown color 'c-missing'",
				"small.qpe: connection (a-end-pool): source-id refers to unknown place or transition 't-nowhere'");
	}

	@Test
	void namesMalformedNumbers() {
		String badNumbers = SMALL_NET.replace("number-of-servers=\"1\"", "number-of-servers=\"one\"")
				.replace("initial-population=\"3\"", "initial-population=\"2.5\"")
				.replace("location-x=\"10\"", "location-x=\"1e5x\"")
				.replace("total-run-length=\"1E4\"", "total-run-length=\"0x10\"");
		QpeReadResult result = QpnTestFiles.read(folder, badNumbers);
		assertErrors(result,
				"small.qpe: queue 'CPU queue' (q-cpu): number-of-servers is 'one', not a whole number",
				"small.qpe: ordinary-place 'Pool' (p-pool): ordinary-color-reference (r-pool-job): initial-population is '2.5', not a whole number",
				"small.qpe: ordinary-place 'Pool' (p-pool): location-attribute: location-x is '1e5x', not a number",
				"small.qpe: simqpn-configuration (cfg-quick): total-run-length is '0x10', not a number");
	}

	@Test
	void namesRepeatedIdsAndUnknownValues() {
		String repeated = SMALL_NET.replace("id=\"q-cpu\"", "id=\"c-job\"").replace("queue-ref=\"q-cpu\"", "queue-ref=\"c-job\"")
				.replace("strategy=\"FCFS\"", "strategy=\"LIFO\"")
				.replace("stopping-rule=\"FIXEDLEN\"", "stopping-rule=\"SOMETIME\"");
		QpeReadResult result = QpnTestFiles.read(folder, repeated);
		assertErrors(result,
				"small.qpe: queue 'CPU queue' (c-job): the id 'c-job' is already the id of color 'job' (c-job) (ids must be unique in a file); this element is left out",
				"small.qpe: queue 'CPU queue' (c-job): strategy is 'LIFO', not one of FCFS, PS, IS, PRIO, RANDOM",
				"small.qpe: simqpn-configuration (cfg-quick): stopping-rule is 'SOMETIME', not one of ABSPRC, FIXEDLEN, RELPRC",
				"small.qpe: queueing-place 'CPU' (p-cpu): queue-ref refers to color 'job' (c-job), which is no queue");
	}

	@Test
	void acceptsConnectionIdsRepeatedInOtherTransitionsButNotInOne() {
		// QPME's editor repeats a transition's connection ids when it copies the transition
		String copied = SMALL_NET.replace("id=\"f-end-in\"", "id=\"f-start-in\"");
		QpeReadResult result = QpnTestFiles.read(folder, copied);
		assertEquals(List.of(), result.diagnostics());
		assertEquals("f-start-in", result.net().getTransitions().get(1).getModes().get(0).getInputs().get(0).getId());

		String repeatedInOne = SMALL_NET.replace("id=\"f-end-out\"", "id=\"f-end-in\"");
		assertErrors(QpnTestFiles.read(folder, repeatedInOne), "small.qpe: immediate-transition 'end' (t-end): connection"
				+ " (f-end-in): the id 'f-end-in' is already the id of another connection of this transition; this element is left out");
	}

	@Test
	void readsSubnetPlacesWithTheirSubnetsAndNamesWhatIsWrongInside() {
		String subnet = SMALL_NET.replace("<place departure-discipline=\"NORMAL\" id=\"p-pool\"",
				"<place departure-discipline=\"NORMAL\" id=\"p-sub\" name=\"Database\" xsi:type=\"subnet-place\">"
						+ "<subnet><places><place departure-discipline=\"NORMAL\" id=\"p-inner\" name=\"Inner\""
						+ " xsi:type=\"ordinary-place\"/><place departure-discipline=\"NORMAL\" id=\"p-odd\" name=\"Odd\""
						+ " xsi:type=\"petri-place\"/></places><queues/></subnet></place>\n"
						+ "<place departure-discipline=\"NORMAL\" id=\"p-pool\"")
				.replace("<connection id=\"a-pool-start\"",
						"<connection id=\"a-sub-start\" source-id=\"p-sub\" target-id=\"t-start\"/>\n<connection id=\"a-pool-start\"");
		QpeReadResult result = QpnTestFiles.read(folder, subnet);
		assertErrors(result, "small.qpe: subnet-place 'Database' (p-sub): petri-place 'Odd' (p-odd): xsi:type 'petri-place',"
				+ " which is no place type of QPME (ordinary-place, queueing-place, subnet-place); it is left out");
		assertEquals(List.of("small.qpe: subnet-place 'Database' (p-sub): the element 'queues' is not part of QPME's"
				+ " format here; it is left out"), result.warnings().stream().map(QpnDiagnostic::message).toList());
		Net net = result.net();
		assertEquals(List.of("Database", "Pool", "CPU"), net.getPlaces().stream().map(place -> place.getName()).toList());
		SubnetPlace database = (SubnetPlace) net.getPlaces().get(0);
		assertEquals(List.of("Inner"), database.getSubnet().getPlaces().stream().map(place -> place.getName()).toList());
		assertEquals(database, net.getArcs().get(0).getSource());
	}

	@Test
	void namesUnknownTypesAndUnmappedSettingsButReadsProbes() {
		String unsupported = SMALL_NET
				.replace("id=\"t-end\" name=\"end\" priority=\"0\" weight=\"1\" xsi:type=\"immediate-transition\"",
						"id=\"t-end\" name=\"end\" priority=\"0\" weight=\"1\" xsi:type=\"stochastic-transition\"")
				.replace("<meta-attribute batchSize=\"200\"",
						"<meta-attribute configuration-name=\"repl\" id=\"s-repl\" queueSignLevAvgST=\"0.05\" signLevAvgST=\"0.05\""
								+ " xsi:type=\"simqpn-replication-delection-queueing-color-configuration\"/>\n"
								+ "<meta-attribute batchSize=\"200\"")
				.replace("</connections>\n  <meta-attributes>",
						"</connections>\n<probes><probe end-place-id=\"p-cpu\" end-trigger=\"exit\" id=\"probe-1\""
								+ " name=\"response time\" start-place-id=\"p-cpu\" start-trigger=\"entry\"/></probes>\n"
								+ "<meta-attributes>");
		QpeReadResult result = QpnTestFiles.read(folder, unsupported);
		assertErrors(result, "small.qpe: stochastic-transition 'end' (t-end): xsi:type 'stochastic-transition', which is"
				+ " no transition type of QPME (immediate-transition, timed-transition); it is left out");
		assertEquals(List.of(
				"small.qpe: queueing-place 'CPU' (p-cpu): queueing-color-reference (r-cpu-job): simqpn-replication-delection-queueing-color-configuration (s-repl): SimQPN's settings for replication/deletion and for the method of Welch are not mapped; this meta-attribute is left out"),
				result.warnings().stream().map(QpnDiagnostic::message).toList());
		assertEquals(List.of("response time"), result.net().getProbes().stream().map(probe -> probe.getName()).toList());
		// the connections to the transition left out are not reported again
		assertEquals(List.of("t-start"), result.net().getTransitions().stream().map(t -> t.getId()).toList());
	}

	@Test
	void messagesHoldNoStackTraces() {
		QpeReadResult result = QpnTestFiles.read(folder, SMALL_NET.replace("priority=\"0\" ranking", "priority=\"99999999999\" ranking"));
		assertFalse(result.diagnostics().isEmpty());
		for (QpnDiagnostic diagnostic : result.diagnostics()) {
			assertFalse(diagnostic.message().contains("Exception") || diagnostic.message().contains("\tat "),
					diagnostic.message());
		}
	}

	private static void assertOnlyError(QpeReadResult result, String start) {
		assertEquals(1, result.diagnostics().size(), QpnTestFiles.describe(result.diagnostics()));
		QpnDiagnostic diagnostic = result.diagnostics().get(0);
		assertTrue(diagnostic.isError());
		assertTrue(diagnostic.message().startsWith(start), diagnostic.message());
	}

	private static void assertErrors(QpeReadResult result, String... messages) {
		assertEquals(List.of(messages).stream().sorted().toList(),
				result.errors().stream().map(QpnDiagnostic::message).sorted().toList());
	}
}
