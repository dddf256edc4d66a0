package org.iosim.qpn.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.List;

import org.iosim.qpn.AnalysisMethod;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.DepartureDiscipline;
import org.iosim.qpn.DistributionParameter;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.Node;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.Place;
import org.iosim.qpn.Queue;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.SimulatorConfiguration;
import org.iosim.qpn.StoppingRule;
import org.iosim.qpn.Strategy;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.QpeReader;
import org.iosim.qpn.qpe.QpnValidator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * QPME's own example nets (shared/qpme-examples) read without problems, are valid, hold what the files
 * say, and write back into equal nets. Skipped where the shared folder is absent.
 */
class QpmeExamplesTest {

	@TempDir
	Path folder;

	@ParameterizedTest
	@ValueSource(strings = { "pepsy-bcmp2.qpe", "ispass03.qpe", "SjAS04Model_6AS-L5.qpe" })
	void readsWithoutProblemsAndIsValid(String fileName) {
		QpeReadResult result = read(fileName);
		assertEquals(List.of(), result.diagnostics(), QpnTestFiles.describe(result.diagnostics()));
		List<?> validation = new QpnValidator().validate(result.net());
		assertEquals(List.of(), validation);
	}

	@ParameterizedTest
	@ValueSource(strings = { "pepsy-bcmp2.qpe", "ispass03.qpe", "SjAS04Model_6AS-L5.qpe" })
	void writesBackIntoAnEqualNet(String fileName) {
		QpnTestFiles.assertRoundTrip(read(fileName).net(), folder);
	}

	@Test
	void pepsyHoldsWhatTheFileSays() {
		Net net = read("pepsy-bcmp2.qpe").net();
		assertEquals("pepsy-bcmp2", net.getName());
		assertCounts(net, 2, 5, 5, 8, 16);
		assertEquals(5, net.getPlaces().stream().filter(QueueingPlace.class::isInstance).count());

		Queue q3 = net.getQueues().stream().filter(queue -> "Q3".equals(queue.getName())).findFirst().orElseThrow();
		assertEquals("_q3", q3.getId());
		assertEquals(Strategy.FCFS, q3.getStrategy());
		assertEquals(2, q3.getNumberOfServers());

		QueueingPlace terminals = (QueueingPlace) place(net, "Terminals");
		assertEquals("_1156337226547", terminals.getId());
		assertEquals(Strategy.IS, terminals.getQueue().getStrategy());
		assertEquals(DepartureDiscipline.NORMAL, terminals.getDepartureDiscipline());
		assertEquals(10, colour(terminals, "class 1").getInitialPopulation());
		assertEquals(12, colour(terminals, "class 2").getInitialPopulation());
		assertEquals(80.0, terminals.getX());
		assertEquals(253.0, terminals.getY());
		assertEquals(2, terminals.getStatistics().size());
		assertEquals("example_config", terminals.getStatistics().get(1).getConfiguration());
		assertEquals(1, terminals.getStatistics().get(1).getStatsLevel());

		QueueingColourReference cpuClass1 = (QueueingColourReference) colour(place(net, "CPU"), "class 1");
		assertEquals("Exponential", cpuClass1.getServiceTime().getFunction());
		DistributionParameter lambda = cpuClass1.getServiceTime().getParameters().get(0);
		assertEquals("lambda", lambda.getName());
		assertEquals("0.0050", lambda.getValue());
		assertEquals("#c1574f", cpuClass1.getColour().getDisplayColour());
		assertEquals(200, cpuClass1.getStatistics().get(0).getBatchSize());
		assertEquals(201, cpuClass1.getStatistics().get(0).getQueueMinBatches());
		assertEquals(0.05, cpuClass1.getStatistics().get(0).getQueueReqRelPrc());

		ImmediateTransition t4 = (ImmediateTransition) node(net, "t4");
		assertEquals(10.0, t4.getWeight());
		Mode mode1 = t4.getModes().get(0);
		assertEquals("mode 1", mode1.getName());
		assertEquals(1, mode1.getInputs().size());
		assertEquals(cpuClass1, mode1.getInputs().get(0).getColourReference());
		assertEquals(colour(terminals, "class 1"), mode1.getOutputs().get(0).getColourReference());

		SimulatorConfiguration configuration = net.getConfigurations().get(0);
		assertEquals("example_config", configuration.getName());
		assertEquals(AnalysisMethod.BATCH_MEANS, configuration.getMethod());
		assertEquals(StoppingRule.RELPRC, configuration.getStoppingRule());
		assertEquals(16e6, configuration.getRampUpLength());
		assertEquals(32e8, configuration.getTotalRunLength());
		assertEquals(60000.0, configuration.getTimeBetweenStopChecks());
		assertEquals(1, configuration.getVerbosityLevel());
		assertEquals(1, configuration.getNumberOfRuns());
		assertEquals(".", configuration.getOutputDirectory());
	}

	@Test
	void ispassHasOrdinaryPlacesAndSharedTokens() {
		Net net = read("ispass03.qpe").net();
		assertCounts(net, 5, 4, 8, 5, 16);
		OrdinaryPlace threads = assertInstanceOf(OrdinaryPlace.class, place(net, "WLS-Thread-Pool"));
		ColourReference thread = colour(threads, "t");
		assertFalse(thread instanceof QueueingColourReference);
		assertEquals(60, thread.getInitialPopulation());
		assertEquals(0, thread.getMaximumCapacity());
		QueueingColourReference dbsCpu = (QueueingColourReference) colour(place(net, "DBS-CPU"), "x1");
		// input-file="" is no parameter of the exponential distribution
		assertEquals(List.of("lambda"), dbsCpu.getServiceTime().getParameters().stream().map(DistributionParameter::getName).toList());
		assertEquals(6e6, net.getConfigurations().get(0).getRampUpLength());
	}

	@Test
	void specjAppServerHasManyModes() {
		Net net = read("SjAS04Model_6AS-L5.qpe").net();
		assertCounts(net, 10, 13, 16, 23, 49);
		assertEquals(101, net.getTransitions().stream().mapToInt(transition -> transition.getModes().size()).sum());
		assertNotNull(net.getConfigurations().get(0));
	}

	private static QpeReadResult read(String fileName) {
		Path examples = QpnTestFiles.qpmeExamples().orElse(null);
		Assumptions.assumeTrue(examples != null, "shared/qpme-examples not found");
		return new QpeReader().read(examples.resolve(fileName));
	}

	private static void assertCounts(Net net, int colours, int queues, int places, int transitions, int arcs) {
		assertEquals(List.of(colours, queues, places, transitions, arcs),
				List.of(net.getColours().size(), net.getQueues().size(), net.getPlaces().size(),
						net.getTransitions().size(), net.getArcs().size()),
				"colours, queues, places, transitions, arcs");
	}

	private static Place place(Net net, String name) {
		return (Place) node(net, name);
	}

	private static Node node(Net net, String name) {
		return net.eContents().stream().filter(Node.class::isInstance).map(Node.class::cast)
				.filter(node -> name.equals(node.getName())).findFirst().orElseThrow(() -> new AssertionError("no " + name));
	}

	private static ColourReference colour(Place place, String colourName) {
		return place.getColourReferences().stream().filter(reference -> colourName.equals(reference.getColour().getName()))
				.findFirst().orElseThrow(() -> new AssertionError("no colour " + colourName + " in " + place.getName()));
	}
}
