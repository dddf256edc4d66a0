package org.iosim.qpn.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.qpn.ColourReference;
import org.iosim.qpn.DistributionParameter;
import org.iosim.qpn.ImmediateTransition;
import org.iosim.qpn.Net;
import org.iosim.qpn.QpnFactory;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.QueueingPlace;
import org.iosim.qpn.qpe.NetFiles;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.QpnDiagnostic;
import org.iosim.qpn.qpe.QpnValidator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The validator finds what keeps a net from being simulated and names the element. */
class QpnValidatorTest {

	private static final String CPU_JOB = "small: queueing-place 'CPU' (p-cpu): queueing-color-reference 'job' (r-cpu-job): ";

	@TempDir
	Path folder;

	@Test
	void acceptsTheSmallNet() {
		assertEquals(List.of(), new QpnValidator().validate(QpnTestFiles.smallNet(folder)));
	}

	@Test
	void findsATransitionWithoutMode() {
		assertErrors(net -> transition(net, 1).getModes().clear(),
				"small: immediate-transition 'end' (t-end): has no mode, so it can never fire");
	}

	@Test
	void findsTokenFlowsWithoutConnection() {
		assertErrors(net -> net.getArcs().removeIf(arc -> arc.getId().equals("a-start-cpu")),
				"small: immediate-transition 'start' (t-start): mode 'start job' (m-start): connection (f-start-out): puts tokens"
						+ " into queueing-place 'CPU' (p-cpu): queueing-color-reference 'job' (r-cpu-job), but no connection leads"
						+ " from immediate-transition 'start' (t-start) to queueing-place 'CPU' (p-cpu)");
	}

	@Test
	void findsColoursNotAllowedInAPlace() {
		assertErrors(net -> {
			ColourReference again = EcoreUtil.copy(net.getPlaces().get(0).getColourReferences().get(0));
			again.setId("r-pool-job-again");
			net.getPlaces().get(0).getColourReferences().add(again);
			net.getPlaces().get(1).getColourReferences().get(0).setColour(QpnFactory.eINSTANCE.createColour());
		}, "small: ordinary-place 'Pool' (p-pool): ordinary-color-reference 'job' (r-pool-job-again): allows the colour 'job'"
				+ " again; a place allows each colour once",
				CPU_JOB.replace(" 'job'", "") + "names a colour that is not one of the net's colours");
	}

	@Test
	void findsServiceTimeParametersOutOfRange() {
		assertErrors(net -> lambda(net).setValue("0"),
				CPU_JOB + "its Exponential service time has lambda = 0; it must be > 0");
		assertErrors(net -> lambda(net).setValue("-2"),
				CPU_JOB + "its Exponential service time has lambda = -2; it must be > 0");
		assertErrors(net -> lambda(net).setValue("fast"),
				CPU_JOB + "has the service time parameter lambda = 'fast', which is not a number");
		assertErrors(net -> lambda(net).setName("mean"),
				CPU_JOB + "its Exponential service time lacks the parameter lambda");
		assertErrors(net -> cpuJob(net).getServiceTime().setFunction("Weibull"),
				CPU_JOB + "has the service time distribution 'Weibull', which is not one of QPME's (or IOSim's Lognormal):"
						+ " Beta, BreitWigner,"
						+ " BreitWignerMeanSquare, ChiSquare, ContinuousEmpirical, Deterministic, DeterministicConcurrency,"
						+ " DiscreteEmpirical, Empirical, Exponential, ExponentialPower, Gamma, Hyperbolic, Logarithmic, MARS,"
						+ " Normal, Periodical, Replay, StudentT, Uniform, VonMises, WEKA");
		assertErrors(net -> {
			cpuJob(net).getServiceTime().setFunction("Uniform");
			lambda(net).setName("min");
			lambda(net).setValue("3");
			DistributionParameter max = QpnFactory.eINSTANCE.createDistributionParameter();
			max.setName("max");
			max.setValue("1");
			cpuJob(net).getServiceTime().getParameters().add(max);
		}, CPU_JOB + "its Uniform service time has max = 1.0, not above min = 3.0");
	}

	@Test
	void findsQueueingColoursWithoutServiceTime() {
		assertErrors(net -> cpuJob(net).setServiceTime(null),
				CPU_JOB + "has no service time, so the place's queue cannot serve tokens of this colour");
	}

	@Test
	void findsQueuesWithoutServersAndPlacesWithoutQueue() {
		assertErrors(net -> net.getQueues().get(0).setNumberOfServers(0),
				"small: queue 'CPU queue' (q-cpu): has 0 servers; a queue needs at least one");
		assertErrors(net -> ((QueueingPlace) net.getPlaces().get(1)).setQueue(null),
				"small: queueing-place 'CPU' (p-cpu): has no queue to serve its tokens");
	}

	@Test
	void findsImmediateModesThatTakeNoTokens() {
		assertErrors(net -> transition(net, 0).getModes().get(0).getInputs().clear(),
				"small: immediate-transition 'start' (t-start): mode 'start job' (m-start): takes no tokens: an immediate"
						+ " transition's mode that needs none fires endlessly without time passing");
	}

	@Test
	void findsPopulationsBeyondCapacity() {
		assertErrors(net -> net.getPlaces().get(0).getColourReferences().get(0).setMaximumCapacity(2),
				"small: ordinary-place 'Pool' (p-pool): ordinary-color-reference 'job' (r-pool-job): starts with 3 tokens,"
						+ " more than its maximum capacity 2");
	}

	@Test
	void warnsOfNamesSimQpnRefusesToSeeTwice() {
		Net net = QpnTestFiles.smallNet(folder);
		net.getPlaces().get(1).setName("Pool");
		transition(net, 1).setName("start");
		QpnFactory factory = QpnFactory.eINSTANCE;
		org.iosim.qpn.Queue queue = factory.createQueue();
		queue.setId("q-other");
		queue.setName("CPU queue");
		queue.setNumberOfServers(1);
		net.getQueues().add(queue);
		assertEquals(List.of(
				"WARNING: small: queue 'CPU queue' (q-other): has the name of queue 'CPU queue' (q-cpu); SimQPN refuses nets"
						+ " whose queues share a name, and results named by them are ambiguous",
				"WARNING: small: queueing-place 'Pool' (p-cpu): has the name of ordinary-place 'Pool' (p-pool); SimQPN refuses"
						+ " nets whose places share a name, and results named by them are ambiguous",
				"WARNING: small: immediate-transition 'start' (t-end): has the name of immediate-transition 'start' (t-start);"
						+ " SimQPN refuses nets whose transitions share a name, and results named by them are ambiguous"),
				new QpnValidator().validate(net).stream().map(QpnDiagnostic::toString).toList());
	}

	/** IOSim simulates lognormal service times; QPME does not know them, which the warning says. */
	@Test
	void aLognormalServiceTimeIsIosimsOwn() {
		Net net = QpnTestFiles.smallNet(folder);
		cpuJob(net).getServiceTime().setFunction("Lognormal");
		lambda(net).setName("mean");
		lambda(net).setValue("2");
		DistributionParameter deviation = QpnFactory.eINSTANCE.createDistributionParameter();
		deviation.setName("stdDev");
		deviation.setValue("0");
		cpuJob(net).getServiceTime().getParameters().add(deviation);
		List<QpnDiagnostic> diagnostics = new QpnValidator().validate(net);
		assertEquals(List.of("WARNING: " + CPU_JOB + "has a Lognormal service time, which"
				+ " IOSim simulates but QPME and SimQPN do not know", "ERROR: " + CPU_JOB
						+ "its Lognormal service time has stdDev = 0; it must be > 0"),
				diagnostics.stream().map(diagnostic -> (diagnostic.isError() ? "ERROR: " : "WARNING: ")
						+ diagnostic.message()).toList());
	}

	@Test
	void aNetReadForUseIsValidatedAndItsProblemsNameTheFile() {
		Path file = QpnTestFiles.write(folder, "small.qpe", QpnTestFiles.SMALL_NET.replace("lambda=\"2.5\"", "lambda=\"0\""));
		assertEquals(List.of(), NetFiles.read(file).diagnostics(), "reading alone does not validate");
		QpeReadResult validated = NetFiles.readValidated(file);
		assertEquals(List.of("small.qpe: net 'small': queueing-place 'CPU' (p-cpu): queueing-color-reference 'job' (r-cpu-job):"
				+ " its Exponential service time has lambda = 0; it must be > 0"),
				validated.errors().stream().map(QpnDiagnostic::message).toList());
		assertEquals(List.of(), NetFiles.readValidated(QpnTestFiles.write(folder, "fine.qpe", QpnTestFiles.SMALL_NET))
				.diagnostics());
	}

	private void assertErrors(Consumer<Net> change, String... messages) {
		Net net = QpnTestFiles.smallNet(folder);
		change.accept(net);
		List<QpnDiagnostic> diagnostics = new QpnValidator().validate(net);
		assertEquals(List.of(messages), diagnostics.stream().map(QpnDiagnostic::message).toList());
		assertEquals(messages.length, diagnostics.stream().filter(QpnDiagnostic::isError).count());
	}

	private static ImmediateTransition transition(Net net, int index) {
		return (ImmediateTransition) net.getTransitions().get(index);
	}

	private static QueueingColourReference cpuJob(Net net) {
		return (QueueingColourReference) net.getPlaces().get(1).getColourReferences().get(0);
	}

	private static DistributionParameter lambda(Net net) {
		return cpuJob(net).getServiceTime().getParameters().get(0);
	}
}
