package org.iosim.qpn.tests;

import static org.iosim.qpn.tests.QpnTestFiles.HIERARCHICAL_NET_1X;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.iosim.qpn.ColourStatistics;
import org.iosim.qpn.FlowDirection;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Net;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.Place;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.Subnet;
import org.iosim.qpn.SubnetColourReference;
import org.iosim.qpn.SubnetPlace;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.QpnDiagnostic;
import org.iosim.qpn.qpe.QpnValidator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files of QPME 1.x and 2.0 read as QPME 2 reads them, with one warning; subnet places (hierarchical
 * nets) read, validate and write back as QPME 2.x files.
 */
class OlderFormatAndSubnetTest {

	private static final String OLDER_FORMAT_WARNING = "small.qpe: net: the file is in the older format of QPME 1.x and 2.0";

	@TempDir
	Path folder;

	@Test
	void aQpme1FileReadsWithOneWarningAndIsValid() {
		QpeReadResult result = QpnTestFiles.read(folder, HIERARCHICAL_NET_1X);
		assertEquals(1, result.diagnostics().size(), QpnTestFiles.describe(result.diagnostics()));
		QpnDiagnostic warning = result.diagnostics().get(0);
		assertFalse(warning.isError());
		assertTrue(warning.message().startsWith(OLDER_FORMAT_WARNING + " (qpme-version '1.5.2')"), warning.message());
		assertEquals(List.of(), new QpnValidator().validate(result.net()));
	}

	@Test
	void aQpme1FileHoldsWhatItSays() {
		Net net = QpnTestFiles.read(folder, HIERARCHICAL_NET_1X).net();
		QueueingPlace users = assertInstanceOf(QueueingPlace.class, net.getPlaces().get(0));
		assertEquals("_10", users.getId(), "ids get QPME 2's '_'");
		assertEquals(Strategy.IS, users.getQueue().getStrategy());
		assertEquals("_2", users.getQueue().getId());
		assertEquals(20.0, users.getX(), "location from the meta-attribute named 'location'");
		assertEquals(3, users.getStatistics().get(0).getStatsLevel());
		QueueingColourReference thinking = (QueueingColourReference) users.getColourReferences().get(0);
		assertEquals("req", thinking.getColour().getName());
		assertEquals(4, thinking.getInitialPopulation());
		assertEquals("0.1", thinking.getServiceTime().getParameters().get(0).getValue());
		ColourStatistics settings = thinking.getStatistics().get(0);
		assertEquals(100, settings.getBatchSize());
		assertEquals(20, settings.getQueueMinBatches());

		SubnetPlace server = assertInstanceOf(SubnetPlace.class, net.getPlaces().get(1));
		SubnetColourReference crossing = assertInstanceOf(SubnetColourReference.class, server.getColourReferences().get(0));
		assertEquals(FlowDirection.BOTH, crossing.getDirection());
		Subnet subnet = server.getSubnet();
		assertEquals(List.of("input-place", "actual population", "output-place", "Disk"),
				subnet.getPlaces().stream().map(Place::getName).toList());
		assertTrue(subnet.getPlaces().get(0).isLocked());
		assertFalse(subnet.getPlaces().get(1).isLocked());
		OrdinaryPlace inside = assertInstanceOf(OrdinaryPlace.class, subnet.getPlaces().get(1));
		// an ordinary place's batch-means settings have no queue half, whatever the file carries
		assertEquals(0, inside.getColourReferences().get(0).getStatistics().get(0).getQueueBatchSize());
		assertEquals(List.of("in", "out"), subnet.getTransitions().stream().map(t -> t.getName()).toList());
		assertEquals(6, subnet.getArcs().size());
		ImmediateTransition in = (ImmediateTransition) subnet.getTransitions().get(0);
		assertEquals(subnet.getPlaces().get(3).getColourReferences().get(0),
				in.getModes().get(0).getOutputs().get(1).getColourReference());
		ImmediateTransition enter = (ImmediateTransition) net.getTransitions().get(0);
		assertEquals(crossing, enter.getModes().get(0).getOutputs().get(0).getColourReference());
		assertEquals(4, net.getArcs().size());
		assertEquals(StoppingRule.ABSOLUTE, net.getConfigurations().get(0).getStoppingRule());
		assertEquals(2e5, net.getConfigurations().get(0).getTotalRunLength());
	}

	@Test
	void aQpme1FileWritesBackAsAQpme2FileThatReadsEqual() {
		Net net = QpnTestFiles.read(folder, HIERARCHICAL_NET_1X).net();
		net.setName("small");
		QpnTestFiles.assertRoundTrip(net, folder);
		String text = QpnTestFiles.text(net);
		assertTrue(text.contains("qpme-version=\"2.1.0\""), text);
		assertTrue(text.contains("<place departure-discipline=\"NORMAL\" id=\"_20\" name=\"Server\" xsi:type=\"subnet-place\">"), text);
		assertTrue(text.contains("<place departure-discipline=\"NORMAL\" id=\"_21\" locked=\"true\" name=\"input-place\""), text);
		assertTrue(text.contains("direction=\"both\" xsi:type=\"subnet-color-reference\""), text);
		assertTrue(text.contains("xsi:type=\"simqpn-batch-means-color-configuration\""), text);
		assertTrue(text.indexOf("</meta-attributes>\n      <subnet>") > 0, "the subnet after the place's meta-attributes: " + text);
		assertFalse(text.contains(" type=\""), "no QPME 1.x types are written");
		assertFalse(text.contains(" name=\"sim-qpn\""), "no QPME 1.x meta-attribute names are written");
	}

	@Test
	void qpme2_0FilesAndFilesWithoutVersionInTheOlderFormAreReadTheSameWay() {
		Net expected = QpnTestFiles.read(folder, HIERARCHICAL_NET_1X).net();
		for (String version : new String[] { "qpme-version=\"2.0.0\"", "" }) {
			QpeReadResult result = QpnTestFiles.read(folder, HIERARCHICAL_NET_1X.replace("qpme-version=\"1.5.2\"", version));
			assertEquals(1, result.diagnostics().size(), QpnTestFiles.describe(result.diagnostics()));
			assertTrue(result.diagnostics().get(0).message().startsWith(OLDER_FORMAT_WARNING), result.diagnostics().toString());
			assertTrue(org.eclipse.emf.ecore.util.EcoreUtil.equals(expected, result.net()), version);
		}
	}

	@Test
	void aQpme2FileIsNotReadInTheOlderForm() {
		QpeReadResult result = QpnTestFiles.read(folder, HIERARCHICAL_NET_1X.replace("1.5.2", "2.1.0"));
		assertTrue(result.errors().stream().anyMatch(error -> error.message().equals(
				"small.qpe: place 'Users' (10): the element lacks its xsi:type, which is no place type of QPME"
						+ " (ordinary-place, queueing-place, subnet-place); it is left out")),
				QpnTestFiles.describe(result.diagnostics()));
	}

	@Test
	void whatTheModelCannotHoldIsStillNamedInOlderFiles() {
		String withUnsupported = HIERARCHICAL_NET_1X
				.replace("</connections>\n  <meta-attributes>", "</connections>\n  <probes><probe id=\"90\" name=\"time inside\""
						+ " start-place-id=\"20\" start-trigger=\"entry\" end-place-id=\"20\" end-trigger=\"exit\"/></probes>\n"
						+ "  <meta-attributes>")
				.replace("<meta-attribute name=\"sim-qpn\" id=\"80\"", "<meta-attribute name=\"sim-qpn\" id=\"81\""
						+ " configuration-name=\"replicated\" scenario=\"2\" stopping-rule=\"FIXEDLEN\" total-run-length=\"100\"/>"
						+ "<meta-attribute name=\"sim-qpn\" id=\"80\"")
				.replace("<meta-attribute name=\"sim-qpn\" id=\"13\"", "<meta-attribute name=\"sim-qpn\" id=\"14\""
						+ " configuration-name=\"replicated\" signLevAvgST=\"0.05\" queueSignLevAvgST=\"0.05\"/>"
						+ "<meta-attribute name=\"sim-qpn\" id=\"13\"")
				.replace("<meta-attribute name=\"location\" location-x=\"20\"", "<meta-attribute name=\"colour-of-icon\" id=\"15\"/>"
						+ "<meta-attribute name=\"location\" location-x=\"20\"");
		QpeReadResult result = QpnTestFiles.read(folder, withUnsupported);
		assertEquals(List.of(), result.errors());
		List<String> warnings = result.warnings().stream().map(QpnDiagnostic::message).toList();
		assertEquals(3, warnings.size(), QpnTestFiles.describe(result.diagnostics()));
		assertTrue(warnings.get(0).startsWith(OLDER_FORMAT_WARNING), warnings.get(0));
		assertEquals(List.of(
				"small.qpe: queueing-place 'Users' (_10): meta-attribute 'colour-of-icon' (_15): a meta-attribute without xsi:type is left out",
				"small.qpe: queueing-place 'Users' (_10): queueing-color-reference (_12): simqpn-replication-delection-queueing-color-configuration (_14): SimQPN's settings for replication/deletion and for the method of Welch are not mapped; this meta-attribute is left out"),
				warnings.subList(1, 3));
		// the probe is read, ids prefixed like the others (the validator judges its subnet place)
		assertEquals("_20", result.net().getProbes().get(0).getStartPlace().getId());
	}

	@Test
	void theValidatorJudgesSubnetsAsSimQpnFlattensThem() {
		Net net = QpnTestFiles.read(folder, HIERARCHICAL_NET_1X).net();
		SubnetPlace server = (SubnetPlace) net.getPlaces().get(1);
		server.getColourReferences().get(0).setInitialPopulation(2);
		// tokens taken from Server come from its output-place, which now lacks the colour
		server.getSubnet().getPlaces().get(2).getColourReferences().clear();
		List<String> problems = new QpnValidator().validate(net).stream().map(QpnDiagnostic::toString).toList();
		assertTrue(problems.contains("WARNING: small: subnet-place 'Server' (_20): subnet-color-reference 'req' (_57): has an"
				+ " initial population of 2, which is not simulated: SimQPN replaces a subnet place by its subnet's places,"
				+ " and so does IOSim; put the tokens into a place of the subnet"), problems.toString());
		assertTrue(problems.contains("ERROR: small: immediate-transition 'leave' (_64): mode 'leave' (_65): connection (_66): takes"
				+ " tokens from subnet-place 'Server' (_20): subnet-color-reference 'req' (_57), but its subnet has no place"
				+ " 'output-place' with that colour (through nested subnet places) for them to leave from"), problems.toString());
		assertTrue(problems.contains("ERROR: small: subnet-place 'Server' (_20): ordinary-place 'output-place' (_27): allows no"
				+ " colour, so it can hold no tokens"), "subnets' places are judged like the net's: " + problems);
	}

	@Test
	void aSubnetsOwnColoursAreVisibleInsideItOnly() {
		String ownColour = HIERARCHICAL_NET_1X
				.replace("<colors/>", "<colors><color id=\"5\" name=\"lock\" real-color=\"#00ff00\"/></colors>")
				.replace("<color-ref id=\"28\" color-id=\"1\" initial-population=\"0\" maximum-capacity=\"0\"/>",
						"<color-ref id=\"28\" color-id=\"1\" initial-population=\"0\" maximum-capacity=\"0\"/>"
								+ "<color-ref id=\"31\" color-id=\"5\" initial-population=\"1\" maximum-capacity=\"0\"/>");
		Net net = QpnTestFiles.read(folder, ownColour).net();
		assertEquals(List.of(), new QpnValidator().validate(net));
		net.getPlaces().get(0).getColourReferences().get(0)
				.setColour(((SubnetPlace) net.getPlaces().get(1)).getSubnet().getColours().get(0));
		assertTrue(new QpnValidator().validate(net).stream().anyMatch(problem -> problem.message().equals(
				"small: queueing-place 'Users' (_10): queueing-color-reference 'lock' (_12): names a colour that is not one"
						+ " of the net's colours")), "a subnet's colour outside it");
		// one subnet's colour in another (a copy of the first) is as unknown there
		SubnetPlace server = (SubnetPlace) net.getPlaces().get(1);
		net.getPlaces().get(0).getColourReferences().get(0).setColour(net.getColours().get(0));
		SubnetPlace copy = org.eclipse.emf.ecore.util.EcoreUtil.copy(server);
		copy.setName("Server 2");
		net.getPlaces().add(copy);
		copy.getSubnet().getPlaces().get(2).getColourReferences().get(1).setColour(server.getSubnet().getColours().get(0));
		assertTrue(new QpnValidator().validate(net).stream().anyMatch(problem -> problem.message().equals(
				"small: subnet-place 'Server 2' (_20): ordinary-place 'output-place' (_27): ordinary-color-reference 'lock' (_31):"
						+ " names a colour that is not one of the net's colours nor of the subnets around the place")),
				new QpnValidator().validate(net).toString());
	}
}
