package org.iosim.qpn.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.iosim.qpn.AnalysisMethod;
import org.iosim.qpn.Colour;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.QpnFactory;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.TimedTransition;
import org.iosim.qpn.TokenFlow;
import org.iosim.qpn.qpe.QpeReadResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Written nets are QPME files that read back into equal nets. */
class QpeWriterTest {

	private static final QpnFactory FACTORY = QpnFactory.eINSTANCE;

	@TempDir
	Path folder;

	@Test
	void writesTheSmallNetBackIntoAnEqualNet() {
		QpnTestFiles.assertRoundTrip(QpnTestFiles.smallNet(folder), folder);
	}

	@Test
	void writesWhatQpmeExpects() {
		String text = QpnTestFiles.text(QpnTestFiles.smallNet(folder));
		assertTrue(text.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<net"
				+ " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" qpme-version=\"2.1.0\">"), text);
		assertTrue(text.contains("<queue id=\"q-cpu\" name=\"CPU queue\" number-of-servers=\"1\" strategy=\"FCFS\"/>"), text);
		assertTrue(text.contains("<color-ref color-id=\"c-job\" id=\"r-cpu-job\" initial-population=\"0\" maximum-capacity=\"0\""
				+ " priority=\"0\" ranking=\"0\" distribution-function=\"Exponential\" lambda=\"2.5\""
				+ " xsi:type=\"queueing-color-reference\">"), text);
		assertTrue(text.contains("<connection count=\"1\" id=\"f-start-in\" source-id=\"r-pool-job\" target-id=\"m-start\"/>"), text);
		assertTrue(text.contains("<meta-attribute location-x=\"10\" location-y=\"20\" xsi:type=\"location-attribute\"/>"), text);
		assertTrue(text.contains("stopping-rule=\"FIXEDLEN\""), text);
		assertTrue(text.contains("total-run-length=\"10000\""), text);
	}

	@Test
	void keepsTimedTransitionsMarkupInNamesAndFractionalPositions() {
		Net net = QpnTestFiles.smallNet(folder);
		net.setName("timed");
		Colour colour = net.getColours().get(0);
		colour.setName("<job> & \"friends\"\n'second line'\tü");
		ColourReference pool = net.getPlaces().get(0).getColourReferences().get(0);
		ColourReference cpu = net.getPlaces().get(1).getColourReferences().get(0);
		net.getPlaces().get(0).setX(12.25);

		TimedTransition think = FACTORY.createTimedTransition();
		think.setId("t-think");
		think.setName("think");
		think.setPriority(2);
		Mode mode = FACTORY.createMode();
		mode.setId("m-think");
		mode.setName("think");
		mode.setMeanFiringDelay(0.75);
		mode.setFiringWeight(3);
		mode.getInputs().add(flow("f-think-in", cpu, 2));
		mode.getOutputs().add(flow("f-think-out", pool, 2));
		think.getModes().add(mode);
		net.getTransitions().add(think);
		net.getConfigurations().get(0).setMethod(AnalysisMethod.WELCH);
		net.getConfigurations().get(0).setStoppingRule(StoppingRule.ABSPRC);
		net.getConfigurations().get(0).setNumberOfRuns(5);

		QpnTestFiles.assertRoundTrip(net, folder);
	}

	@Test
	void writesAnEmptyNet() {
		Net net = FACTORY.createNet();
		net.setName("empty");
		QpnTestFiles.assertRoundTrip(net, folder);
		QpeReadResult reread = QpnTestFiles.read(folder, QpnTestFiles.text(net));
		assertEquals(List.of(), reread.diagnostics());
	}

	private static TokenFlow flow(String id, ColourReference reference, int count) {
		TokenFlow flow = FACTORY.createTokenFlow();
		flow.setId(id);
		flow.setColourReference(reference);
		flow.setCount(count);
		return flow;
	}
}
