package org.iosim.qpn.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.qpn.Colour;
import org.iosim.qpn.Net;
import org.iosim.qpn.OrdinaryPlace;
import org.iosim.qpn.Probe;
import org.iosim.qpn.ProbeTrigger;
import org.iosim.qpn.QpnFactory;
import org.iosim.qpn.SubnetPlace;
import org.iosim.qpn.qpe.ProbePaths;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.QpnDiagnostic;
import org.iosim.qpn.qpe.QpnValidator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Probes read from and write to QPME files, and the validator names the probes SimQPN could not run. */
class ProbeFilesTest {

	/**
	 * Three jobs cycle Pool (ordinary) -> CPU -> Disk (queueing places) -> Pool; the probe "cpu"
	 * measures the time in the CPU, "cpu to disk" the time from entering the CPU to leaving the Disk.
	 */
	private static final String PROBE_NET = """
			<?xml version="1.0" encoding="UTF-8"?>
			<net xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" qpme-version="2.1.0">
			  <colors>
			    <color id="c-job" name="job" real-color="#ff0000"/>
			  </colors>
			  <queues>
			    <queue id="q-cpu" name="CPU queue" number-of-servers="1" strategy="PS"/>
			    <queue id="q-disk" name="Disk queue" number-of-servers="1" strategy="FCFS"/>
			  </queues>
			  <places>
			    <place departure-discipline="NORMAL" id="p-pool" name="Pool" xsi:type="ordinary-place">
			      <color-refs>
			        <color-ref color-id="c-job" id="r-pool-job" initial-population="3" maximum-capacity="0" xsi:type="ordinary-color-reference"/>
			      </color-refs>
			      <meta-attributes/>
			    </place>
			    <place departure-discipline="NORMAL" id="p-cpu" name="CPU" queue-ref="q-cpu" xsi:type="queueing-place">
			      <color-refs>
			        <color-ref color-id="c-job" distribution-function="Exponential" id="r-cpu-job" initial-population="0" lambda="2" maximum-capacity="0" priority="0" ranking="0" xsi:type="queueing-color-reference"/>
			      </color-refs>
			      <meta-attributes/>
			    </place>
			    <place departure-discipline="NORMAL" id="p-disk" name="Disk" queue-ref="q-disk" xsi:type="queueing-place">
			      <color-refs>
			        <color-ref color-id="c-job" distribution-function="Exponential" id="r-disk-job" initial-population="0" lambda="1" maximum-capacity="0" priority="0" ranking="0" xsi:type="queueing-color-reference"/>
			      </color-refs>
			      <meta-attributes/>
			    </place>
			  </places>
			  <transitions>
			    <transition id="t-start" name="start" priority="0" weight="1" xsi:type="immediate-transition">
			      <modes><mode firing-weight="1" id="m-start" name="start" real-color="#00ff00"/></modes>
			      <connections>
			        <connection count="1" id="f-start-in" source-id="r-pool-job" target-id="m-start"/>
			        <connection count="1" id="f-start-out" source-id="m-start" target-id="r-cpu-job"/>
			      </connections>
			    </transition>
			    <transition id="t-io" name="io" priority="0" weight="1" xsi:type="immediate-transition">
			      <modes><mode firing-weight="1" id="m-io" name="io" real-color="#00ff00"/></modes>
			      <connections>
			        <connection count="1" id="f-io-in" source-id="r-cpu-job" target-id="m-io"/>
			        <connection count="1" id="f-io-out" source-id="m-io" target-id="r-disk-job"/>
			      </connections>
			    </transition>
			    <transition id="t-end" name="end" priority="0" weight="1" xsi:type="immediate-transition">
			      <modes><mode firing-weight="1" id="m-end" name="end" real-color="#00ff00"/></modes>
			      <connections>
			        <connection count="1" id="f-end-in" source-id="r-disk-job" target-id="m-end"/>
			        <connection count="1" id="f-end-out" source-id="m-end" target-id="r-pool-job"/>
			      </connections>
			    </transition>
			  </transitions>
			  <connections>
			    <connection id="a-pool-start" source-id="p-pool" target-id="t-start"/>
			    <connection id="a-start-cpu" source-id="t-start" target-id="p-cpu"/>
			    <connection id="a-cpu-io" source-id="p-cpu" target-id="t-io"/>
			    <connection id="a-io-disk" source-id="t-io" target-id="p-disk"/>
			    <connection id="a-disk-end" source-id="p-disk" target-id="t-end"/>
			    <connection id="a-end-pool" source-id="t-end" target-id="p-pool"/>
			  </connections>
			  <meta-attributes>
			    <meta-attribute configuration-name="quick" id="cfg-quick" output-directory="." ramp-up-length="100" scenario="1" seconds-between-heart-beats="60" seconds-between-stop-checks="0" stopping-rule="FIXEDLEN" time-before-initial-heart-beat="1000" time-between-stop-checks="1000" total-run-length="1E4" verbosity-level="0" xsi:type="simqpn-configuration"/>
			  </meta-attributes>
			  <probes>
			    <probe end-place-id="p-cpu" end-trigger="exit" id="pr-cpu" name="cpu" start-place-id="p-cpu" start-trigger="entry">
			      <color-refs>
			        <color-ref color-id="c-job" id="pr-cpu-job" xsi:type="probe-color-reference">
			          <meta-attributes>
			            <meta-attribute batchSize="100" bucketSize="0" configuration-name="quick" id="pr-cpu-job-bm" maxBuckets="0" minBatches="20" numBMeansCorlTested="0" reqAbsPrc="0.5" reqRelPrc="0.02" signLev="0.05" xsi:type="simqpn-batch-means-color-configuration"/>
			          </meta-attributes>
			        </color-ref>
			      </color-refs>
			      <meta-attributes>
			        <meta-attribute configuration-name="quick" id="pr-cpu-stats" statsLevel="3" xsi:type="simqpn-place-configuration"/>
			      </meta-attributes>
			    </probe>
			    <probe end-place-id="p-disk" end-trigger="exit" id="pr-path" name="cpu to disk" start-place-id="p-cpu" start-trigger="entry">
			      <color-refs>
			        <color-ref color-id="c-job" id="pr-path-job" xsi:type="probe-color-reference"/>
			      </color-refs>
			      <meta-attributes>
			        <meta-attribute configuration-name="quick" id="pr-path-stats" statsLevel="3" xsi:type="simqpn-place-configuration"/>
			      </meta-attributes>
			    </probe>
			  </probes>
			</net>
			""";

	@TempDir
	Path folder;

	@Test
	void readsProbesWithPlacesTriggersColoursAndSettings() {
		Net net = probeNet();
		assertEquals(2, net.getProbes().size());
		Probe cpu = net.getProbes().get(0);
		assertEquals("cpu", cpu.getName());
		assertEquals("pr-cpu", cpu.getId());
		assertSame(net.getPlaces().get(1), cpu.getStartPlace());
		assertSame(net.getPlaces().get(1), cpu.getEndPlace());
		assertEquals(ProbeTrigger.ENTRY, cpu.getStartTrigger());
		assertEquals(ProbeTrigger.EXIT, cpu.getEndTrigger());
		assertEquals(1, cpu.getColourReferences().size());
		assertSame(net.getColours().get(0), cpu.getColourReferences().get(0).getColour());
		assertEquals(20, cpu.getColourReferences().get(0).getStatistics().get(0).getMinBatches());
		assertEquals(0.02, cpu.getColourReferences().get(0).getStatistics().get(0).getReqRelPrc());
		assertEquals("quick", cpu.getStatistics().get(0).getConfiguration());
		assertEquals(3, cpu.getStatistics().get(0).getStatsLevel());
		Probe path = net.getProbes().get(1);
		assertSame(net.getPlaces().get(2), path.getEndPlace());
		assertTrue(path.getColourReferences().get(0).getStatistics().isEmpty());
	}

	@Test
	void writesProbesBackIntoAnEqualNet() {
		QpnTestFiles.assertRoundTrip(probeNet(), folder);
		String text = QpnTestFiles.text(probeNet());
		assertTrue(text.contains("<probe end-place-id=\"p-cpu\" end-trigger=\"exit\" id=\"pr-cpu\" name=\"cpu\""
				+ " start-place-id=\"p-cpu\" start-trigger=\"entry\">"), text);
		assertTrue(text.contains("<color-ref color-id=\"c-job\" id=\"pr-path-job\" xsi:type=\"probe-color-reference\"/>"), text);
		assertTrue(text.indexOf("<probes>") > text.indexOf("simqpn-configuration"), "probes come last, as in QPME's schema");
	}

	@Test
	void writesNoProbesElementForANetWithoutProbes() {
		Net net = probeNet();
		net.getProbes().clear();
		assertFalse(QpnTestFiles.text(net).contains("probe"));
	}

	@Test
	void readsProbesOfQpmeOlderForm() {
		String older = PROBE_NET.replace("qpme-version=\"2.1.0\"", "qpme-version=\"2.0.0\"")
				.replace(" xsi:type=\"probe-color-reference\"", "")
				.replace("xsi:type=\"simqpn-place-configuration\"", "name=\"sim-qpn\"")
				.replace("xsi:type=\"simqpn-batch-means-color-configuration\"", "name=\"sim-qpn\"")
				.replace("xsi:type=\"ordinary-place\"", "type=\"ordinary-place\"")
				.replace("xsi:type=\"queueing-place\"", "type=\"queueing-place\"")
				.replace("xsi:type=\"immediate-transition\"", "type=\"immediate-transition\"")
				.replace("xsi:type=\"simqpn-configuration\"", "name=\"sim-qpn\"")
				.replace(" xsi:type=\"ordinary-color-reference\"", "").replace(" xsi:type=\"queueing-color-reference\"", "");
		QpeReadResult read = QpnTestFiles.read(folder, older);
		assertEquals(1, read.diagnostics().size(), QpnTestFiles.describe(read.diagnostics()));
		assertTrue(read.diagnostics().get(0).message().contains("older format"), QpnTestFiles.describe(read.diagnostics()));
		Probe cpu = read.net().getProbes().get(0);
		assertEquals("_pr-cpu", cpu.getId());
		assertSame(read.net().getPlaces().get(1), cpu.getStartPlace());
		assertEquals(3, cpu.getStatistics().get(0).getStatsLevel());
		assertEquals(20, cpu.getColourReferences().get(0).getStatistics().get(0).getMinBatches());
	}

	@Test
	void namesTheProbeWhoseTriggerOrPlaceIsWrong() {
		QpeReadResult read = QpnTestFiles.read(folder, PROBE_NET.replace("start-trigger=\"entry\">", "start-trigger=\"arrival\">")
				.replace("end-place-id=\"p-disk\"", "end-place-id=\"p-nowhere\"")
				.replace("id=\"pr-path-job\" xsi:type=\"probe-color-reference\"", "id=\"pr-path-job\" xsi:type=\"queueing-color-reference\""));
		assertEquals(List.of(
				"ERROR: small.qpe: probe 'cpu' (pr-cpu): start-trigger is 'arrival', not one of entry, exit",
				"ERROR: small.qpe: probe 'cpu to disk' (pr-path): start-trigger is 'arrival', not one of entry, exit",
				"ERROR: small.qpe: probe 'cpu to disk' (pr-path): queueing-color-reference (pr-path-job): xsi:type"
						+ " 'queueing-color-reference', which is no colour reference of a probe type of QPME"
						+ " (probe-color-reference); it is left out",
				"ERROR: small.qpe: probe 'cpu to disk' (pr-path): end-place-id refers to unknown place 'p-nowhere'"),
				read.diagnostics().stream().map(QpnDiagnostic::toString).toList());
	}

	@Test
	void findsThePlacesBetweenAProbesStartAndEnd() {
		Net net = probeNet();
		assertEquals(List.of(), List.copyOf(ProbePaths.between(net.getProbes().get(0)).orElseThrow()));
		assertEquals(List.of(), List.copyOf(ProbePaths.between(net.getProbes().get(1)).orElseThrow()),
				"the CPU leads straight to the Disk");
		Probe poolToPool = net.getProbes().get(1);
		poolToPool.setStartPlace(net.getPlaces().get(0));
		poolToPool.setStartTrigger(ProbeTrigger.EXIT);
		poolToPool.setEndPlace(net.getPlaces().get(0));
		poolToPool.setEndTrigger(ProbeTrigger.ENTRY);
		assertEquals(List.of(net.getPlaces().get(1), net.getPlaces().get(2)),
				List.copyOf(ProbePaths.between(poolToPool).orElseThrow()), "the cycle back to the Pool");
	}

	@Test
	void acceptsTheProbeNet() {
		assertEquals(List.of(), new QpnValidator().validate(probeNet()));
	}

	@Test
	void findsAProbeWithoutColours() {
		assertProblems(net -> net.getProbes().get(0).getColourReferences().clear(),
				"ERROR: small: probe 'cpu' (pr-cpu): measures no colour; a probe needs colour references (SimQPN refuses it"
						+ " too: \"Missing color references!\")");
	}

	@Test
	void findsAProbeWhosePlacesAreNotConnected() {
		assertProblems(net -> {
			OrdinaryPlace spare = QpnFactory.eINSTANCE.createOrdinaryPlace();
			spare.setId("p-spare");
			spare.setName("Spare");
			spare.getColourReferences().add(EcoreUtil.copy(net.getPlaces().get(0).getColourReferences().get(0)));
			spare.getColourReferences().get(0).setId("r-spare-job");
			net.getPlaces().add(spare);
			net.getProbes().get(1).setEndPlace(spare);
		}, "ERROR: small: probe 'cpu to disk' (pr-path): finds no path from queueing-place 'CPU' (p-cpu) to"
				+ " ordinary-place 'Spare' (p-spare) along which transitions move tokens of its colours, so no token could"
				+ " end a measurement (SimQPN refuses it: \"Start and end place of probe not connected\")");
	}

	@Test
	void findsProbesThatMeasureNoTime() {
		assertProblems(net -> net.getProbes().get(0).setEndTrigger(ProbeTrigger.ENTRY),
				"ERROR: small: probe 'cpu' (pr-cpu): starts and ends at queueing-place 'CPU' (p-cpu) both on entry, which"
						+ " measures no time; on one place a probe starts on entry and ends on exit (time in the place) or"
						+ " starts on exit and ends on entry (time until the token comes back)");
	}

	@Test
	void findsProbesAtSubnetPlacesAndPlacesWithoutTheirColours() {
		assertProblems(net -> {
			SubnetPlace server = QpnFactory.eINSTANCE.createSubnetPlace();
			server.setId("p-server");
			server.setName("Server");
			server.setSubnet(QpnFactory.eINSTANCE.createSubnet());
			server.getColourReferences().add(EcoreUtil.copy(net.getPlaces().get(0).getColourReferences().get(0)));
			server.getColourReferences().get(0).setId("r-server-job");
			server.getColourReferences().get(0).setInitialPopulation(0);
			net.getPlaces().add(server);
			net.getProbes().get(0).setStartPlace(server);
			Colour other = QpnFactory.eINSTANCE.createColour();
			other.setId("c-other");
			other.setName("other");
			net.getColours().add(other);
			net.getProbes().get(1).getColourReferences().get(0).setColour(other);
		}, "ERROR: small: probe 'cpu' (pr-cpu): has its start place at subnet-place 'Server' (p-server), which holds no"
				+ " tokens itself (SimQPN replaces it by its subnet's places, and so does IOSim); choose a place of the subnet",
				"ERROR: small: probe 'cpu to disk' (pr-path): has its start place at queueing-place 'CPU' (p-cpu), which"
						+ " allows none of the probe's colours, so no token could start a measurement there",
				"ERROR: small: probe 'cpu to disk' (pr-path): has its end place at queueing-place 'Disk' (p-disk), which"
						+ " allows none of the probe's colours, so no token could end a measurement there");
	}

	@Test
	void warnsOfProbesSimqpnDoesNotMeasure() {
		assertProblems(net -> {
			net.getProbes().get(0).getStatistics().clear();
			net.getProbes().get(1).getStatistics().get(0).setStatsLevel(2);
			net.getProbes().get(1).setName("cpu");
		}, "WARNING: small: probe 'cpu' (pr-cpu): has no statistics settings (statsLevel) for the configuration 'quick';"
				+ " SimQPN refuses to run the net under it, IOSim measures the probe all the same",
				"WARNING: small: probe 'cpu' (pr-path): has statsLevel 2 for the configuration 'quick'; SimQPN measures"
						+ " probes only from statsLevel 3, IOSim measures it all the same",
				"WARNING: small: probe 'cpu' (pr-path): has the name of probe 'cpu' (pr-cpu); results named by probes are"
						+ " ambiguous");
	}

	private Net probeNet() {
		QpeReadResult read = QpnTestFiles.read(folder, PROBE_NET);
		assertEquals(List.of(), read.diagnostics(), QpnTestFiles.describe(read.diagnostics()));
		return read.net();
	}

	private void assertProblems(Consumer<Net> change, String... problems) {
		Net net = probeNet();
		change.accept(net);
		assertEquals(List.of(problems), new QpnValidator().validate(net).stream().map(QpnDiagnostic::toString).toList());
	}
}
