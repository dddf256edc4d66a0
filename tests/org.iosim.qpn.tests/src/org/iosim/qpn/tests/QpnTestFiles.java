package org.iosim.qpn.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.qpn.Net;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.QpeReader;
import org.iosim.qpn.qpe.QpeWriter;
import org.iosim.qpn.qpe.QpnDiagnostic;
import org.iosim.testing.Repository;

/** Test nets: QPME's examples from {@code ../shared}, and a small hand-written net. */
final class QpnTestFiles {

	/**
	 * A closed net of three jobs: an ordinary place "Pool" hands jobs to a queueing place "CPU"
	 * (FCFS, exponential service) through the immediate transition "start", and "end" returns them.
	 */
	static final String SMALL_NET = """
			<?xml version="1.0" encoding="UTF-8"?>
			<net xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" qpme-version="2.1.0">
			  <colors>
			    <color id="c-job" name="job" real-color="#ff0000"/>
			  </colors>
			  <queues>
			    <queue id="q-cpu" name="CPU queue" number-of-servers="1" strategy="FCFS"/>
			  </queues>
			  <places>
			    <place departure-discipline="NORMAL" id="p-pool" name="Pool" xsi:type="ordinary-place">
			      <color-refs>
			        <color-ref color-id="c-job" id="r-pool-job" initial-population="3" xsi:type="ordinary-color-reference"/>
			      </color-refs>
			      <meta-attributes>
			        <meta-attribute location-x="10" location-y="20" xsi:type="location-attribute"/>
			        <meta-attribute configuration-name="quick" id="s-pool" statsLevel="2" xsi:type="simqpn-place-configuration"/>
			      </meta-attributes>
			    </place>
			    <place departure-discipline="FIFO" id="p-cpu" name="CPU" queue-ref="q-cpu" xsi:type="queueing-place">
			      <color-refs>
			        <color-ref color-id="c-job" distribution-function="Exponential" id="r-cpu-job" initial-population="0" lambda="2.5" maximum-capacity="0" priority="0" ranking="0" xsi:type="queueing-color-reference">
			          <meta-attributes>
			            <meta-attribute batchSize="200" bucketSize="0" configuration-name="quick" id="s-cpu-job" maxBuckets="0" minBatches="30" numBMeansCorlTested="0" queueBatchSize="100" queueBucketSize="0" queueMaxBuckets="0" queueMinBatches="20" queueNumBMeansCorlTested="0" queueReqAbsPrc="50" queueReqRelPrc="0.05" queueSignLev="0.1" reqAbsPrc="50" reqRelPrc="0.05" signLev="0.1" xsi:type="simqpn-batch-means-queueing-color-configuration"/>
			          </meta-attributes>
			        </color-ref>
			      </color-refs>
			    </place>
			  </places>
			  <transitions>
			    <transition id="t-start" name="start" priority="0" weight="1" xsi:type="immediate-transition">
			      <modes>
			        <mode firing-weight="1" id="m-start" name="start job" real-color="#00ff00"/>
			      </modes>
			      <connections>
			        <connection count="1" id="f-start-in" source-id="r-pool-job" target-id="m-start"/>
			        <connection count="1" id="f-start-out" source-id="m-start" target-id="r-cpu-job"/>
			      </connections>
			    </transition>
			    <transition id="t-end" name="end" priority="0" weight="1" xsi:type="immediate-transition">
			      <modes>
			        <mode firing-weight="1" id="m-end" name="end job" real-color="#0000ff"/>
			      </modes>
			      <connections>
			        <connection count="1" id="f-end-in" source-id="r-cpu-job" target-id="m-end"/>
			        <connection count="1" id="f-end-out" source-id="m-end" target-id="r-pool-job"/>
			      </connections>
			    </transition>
			  </transitions>
			  <connections>
			    <connection id="a-pool-start" source-id="p-pool" target-id="t-start"/>
			    <connection id="a-start-cpu" source-id="t-start" target-id="p-cpu"/>
			    <connection id="a-cpu-end" source-id="p-cpu" target-id="t-end"/>
			    <connection id="a-end-pool" source-id="t-end" target-id="p-pool"/>
			  </connections>
			  <meta-attributes>
			    <meta-attribute configuration-name="quick" id="cfg-quick" output-directory="." ramp-up-length="100" scenario="1" seconds-between-heart-beats="60" seconds-between-stop-checks="0" stopping-rule="FIXEDLEN" time-before-initial-heart-beat="1000" time-between-stop-checks="1000" total-run-length="1E4" verbosity-level="0" xsi:type="simqpn-configuration"/>
			  </meta-attributes>
			</net>
			""";

	/**
	 * A hierarchical net in QPME 1.x's form (types in {@code type} and meta-attribute {@code name}
	 * attributes, plain numbers as ids): four requests think at "Users" (IS, mean 10), then enter the
	 * subnet place "Server", whose subnet passes them from its input-place to the queueing place
	 * "Disk" (FCFS, mean 1) while counting them in "actual population", and on to its output-place,
	 * from which "leave" returns them to "Users".
	 */
	static final String HIERARCHICAL_NET_1X = """
			<?xml version="1.0" encoding="UTF-8"?>
			<net qpme-version="1.5.2">
			  <colors>
			    <color id="1" name="req" real-color="#ff0000" description="a request"/>
			  </colors>
			  <queues>
			    <queue id="2" name="Think" strategy="IS" number-of-servers="1"/>
			    <queue id="3" name="Disk queue" strategy="FCFS" number-of-servers="1"/>
			  </queues>
			  <places>
			    <place id="10" type="queueing-place" name="Users" departure-discipline="NORMAL" queue-ref="2">
			      <meta-attributes>
			        <meta-attribute name="location" location-x="20" location-y="40"/>
			        <meta-attribute name="sim-qpn" id="11" configuration-name="run" statsLevel="3"/>
			      </meta-attributes>
			      <color-refs>
			        <color-ref id="12" color-id="1" initial-population="4" maximum-capacity="0" ranking="0" priority="0" distribution-function="Exponential" lambda="0.1">
			          <meta-attributes>
			            <meta-attribute name="sim-qpn" id="13" configuration-name="run" signLev="0.05" reqRelPrc="0.05" reqAbsPrc="10" batchSize="100" minBatches="20" numBMeansCorlTested="0" bucketSize="100.0" maxBuckets="1000" queueSignLev="0.05" queueReqRelPrc="0.05" queueReqAbsPrc="10" queueBatchSize="100" queueMinBatches="20" queueNumBMeansCorlTested="0" queueBucketSize="100.0" queueMaxBuckets="1000"/>
			          </meta-attributes>
			        </color-ref>
			      </color-refs>
			    </place>
			    <place id="20" type="subnet-place" name="Server" departure-discipline="NORMAL">
			      <subnet>
			        <colors/>
			        <places>
			          <place id="21" type="ordinary-place" name="input-place" departure-discipline="NORMAL" locked="true">
			            <meta-attributes><meta-attribute name="location" location-x="0" location-y="0"/></meta-attributes>
			            <color-refs><color-ref id="22" color-id="1" initial-population="0" maximum-capacity="0"/></color-refs>
			          </place>
			          <place id="23" type="ordinary-place" name="actual population" departure-discipline="NORMAL">
			            <meta-attributes><meta-attribute name="sim-qpn" id="24" configuration-name="run" statsLevel="3"/></meta-attributes>
			            <color-refs>
			              <color-ref id="25" color-id="1" initial-population="0" maximum-capacity="0">
			                <meta-attributes>
			                  <meta-attribute name="sim-qpn" id="26" configuration-name="run" signLev="0.05" reqRelPrc="0.05" reqAbsPrc="10" batchSize="100" minBatches="20" numBMeansCorlTested="0" queueBatchSize="7"/>
			                </meta-attributes>
			              </color-ref>
			            </color-refs>
			          </place>
			          <place id="27" type="ordinary-place" name="output-place" departure-discipline="NORMAL" locked="true">
			            <color-refs><color-ref id="28" color-id="1" initial-population="0" maximum-capacity="0"/></color-refs>
			          </place>
			          <place id="29" type="queueing-place" name="Disk" departure-discipline="NORMAL" queue-ref="3">
			            <color-refs><color-ref id="30" color-id="1" initial-population="0" maximum-capacity="0" ranking="0" priority="0" distribution-function="Exponential" lambda="1"/></color-refs>
			          </place>
			        </places>
			        <transitions>
			          <transition id="40" type="immediate-transition" name="in" priority="0" weight="1">
			            <modes><mode id="41" name="in" real-color="#00ff00" firing-weight="1"/></modes>
			            <connections>
			              <connection id="42" source-id="22" target-id="41" count="1"/>
			              <connection id="43" source-id="41" target-id="25" count="1"/>
			              <connection id="44" source-id="41" target-id="30" count="1"/>
			            </connections>
			          </transition>
			          <transition id="45" type="immediate-transition" name="out" priority="0" weight="1">
			            <meta-attributes><meta-attribute name="location" location-x="5" location-y="6"/></meta-attributes>
			            <modes><mode id="46" name="out" real-color="#0000ff" firing-weight="1"/></modes>
			            <connections>
			              <connection id="47" source-id="25" target-id="46" count="1"/>
			              <connection id="48" source-id="30" target-id="46" count="1"/>
			              <connection id="49" source-id="46" target-id="28" count="1"/>
			            </connections>
			          </transition>
			        </transitions>
			        <connections>
			          <connection id="50" source-id="21" target-id="40"/>
			          <connection id="51" source-id="40" target-id="23"/>
			          <connection id="52" source-id="40" target-id="29"/>
			          <connection id="53" source-id="23" target-id="45"/>
			          <connection id="54" source-id="29" target-id="45"/>
			          <connection id="55" source-id="45" target-id="27"/>
			        </connections>
			      </subnet>
			      <meta-attributes>
			        <meta-attribute name="location" location-x="200" location-y="40"/>
			        <meta-attribute name="sim-qpn" id="56" configuration-name="run" statsLevel="1"/>
			      </meta-attributes>
			      <color-refs>
			        <color-ref id="57" color-id="1" initial-population="0" maximum-capacity="0" direction="both"/>
			      </color-refs>
			    </place>
			  </places>
			  <transitions>
			    <transition id="60" type="immediate-transition" name="enter" priority="0" weight="1">
			      <modes><mode id="61" name="enter" real-color="#00ff00" firing-weight="1"/></modes>
			      <connections>
			        <connection id="62" source-id="12" target-id="61" count="1"/>
			        <connection id="63" source-id="61" target-id="57" count="1"/>
			      </connections>
			    </transition>
			    <transition id="64" type="immediate-transition" name="leave" priority="0" weight="1">
			      <modes><mode id="65" name="leave" real-color="#0000ff" firing-weight="1"/></modes>
			      <connections>
			        <connection id="66" source-id="57" target-id="65" count="1"/>
			        <connection id="67" source-id="65" target-id="12" count="1"/>
			      </connections>
			    </transition>
			  </transitions>
			  <connections>
			    <connection id="70" source-id="10" target-id="60"/>
			    <connection id="71" source-id="60" target-id="20"/>
			    <connection id="72" source-id="20" target-id="64"/>
			    <connection id="73" source-id="64" target-id="10"/>
			  </connections>
			  <meta-attributes>
			    <meta-attribute name="sim-qpn" id="80" configuration-name="run" scenario="1" stopping-rule="FIXEDLEN" output-directory="." ramp-up-length="1000" total-run-length="2E5" time-between-stop-checks="1000" seconds-between-stop-checks="0" seconds-between-heart-beats="60" time-before-initial-heart-beat="1000" verbosity-level="0"/>
			  </meta-attributes>
			</net>
			""";

	private QpnTestFiles() {
	}

	/** @return the file, written into the folder */
	static Path write(Path folder, String fileName, String content) {
		try {
			return Files.writeString(folder.resolve(fileName), content, StandardCharsets.UTF_8);
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	/** @return the text read as the file {@code small.qpe} */
	static QpeReadResult read(Path folder, String content) {
		return new QpeReader().read(write(folder, "small.qpe", content));
	}

	/** @return the small net, read without problems */
	static Net smallNet(Path folder) {
		QpeReadResult result = read(folder, SMALL_NET);
		assertEquals(List.of(), result.diagnostics());
		return result.net();
	}

	/** Asserts that writing the net and reading it back (under the same file name) gives an equal net. */
	static void assertRoundTrip(Net net, Path folder) {
		Path written = folder.resolve(net.getName() + ".qpe");
		try {
			new QpeWriter().write(net, written);
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		QpeReadResult reread = new QpeReader().read(written);
		assertEquals(List.of(), reread.diagnostics(), "problems reading the written file");
		if (!EcoreUtil.equals(net, reread.net())) {
			// The texts show where the nets differ.
			assertEquals(text(net), text(reread.net()), "written and read back");
		}
		assertTrue(EcoreUtil.equals(net, reread.net()), "written and read back");
	}

	static String text(Net net) {
		StringWriter text = new StringWriter();
		try {
			new QpeWriter().write(net, text);
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		return text.toString();
	}

	static String describe(List<QpnDiagnostic> diagnostics) {
		return diagnostics.stream().map(QpnDiagnostic::toString).collect(Collectors.joining("\n", "\n", ""));
	}

	/** @return the shared qpme-examples beside the repository (../shared), when they are there */
	static Optional<Path> qpmeExamples() {
		return Repository.shared("qpme-examples");
	}
}
