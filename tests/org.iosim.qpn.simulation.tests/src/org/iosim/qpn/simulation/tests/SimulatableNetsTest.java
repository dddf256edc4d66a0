package org.iosim.qpn.simulation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.SimulatableNets;
import org.iosim.qpn.simulation.SimulatableNets.NetRefusedException;
import org.iosim.testing.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A net read for simulation, as validate, simulate, bench and the calibration of a scheduler net read it. */
class SimulatableNetsTest {

	@TempDir
	Path folder;

	private Path net(String from, String to) throws IOException {
		String text = Files.readString(Repository.example("qpn").resolve("closed-network.qpe"));
		assertTrue(text.contains(from), from);
		return Files.writeString(folder.resolve("net.qpe"), text.replace(from, to));
	}

	@Test
	void aNetReadsWithTheConfigurationNamedOrItsFirst() throws Exception {
		Path file = net("", "");

		assertEquals("bench", SimulatableNets.read(file, null).requireConfiguration().getName());
		assertEquals("bench-fixed", SimulatableNets.read(file, "bench-fixed").requireConfiguration().getName());
		IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
				() -> SimulatableNets.read(file, "nonsense"));
		assertTrue(unknown.getMessage().contains("no simulator configuration named 'nonsense'")
				&& unknown.getMessage().contains("[bench, bench-fixed]"), unknown.getMessage());
	}

	@Test
	void anotherRunLengthShortensTheWarmUpAndTheTimeBetweenStopChecksWithIt() throws Exception {
		SimulatableNets.Read read = SimulatableNets.read(net("", ""), null);

		QpnRunSettings own = read.settings(7, null);
		QpnRunSettings shorter = read.settings(7, 5_000.0);

		assertEquals(1_000_000, own.runLength());
		assertEquals(1_000, own.warmUp());
		assertEquals(7, shorter.seed());
		assertEquals(5_000, shorter.runLength());
		assertEquals(500, shorter.warmUp(), "at most a tenth of the run");
		assertEquals(Math.min(own.timeBetweenStopChecks(), 50), shorter.timeBetweenStopChecks());
		NetRefusedException zero = assertThrows(NetRefusedException.class, () -> read.settings(7, 0.0));
		assertTrue(zero.getMessage().startsWith(read.file() + ": configuration 'bench': the run length"), zero.getMessage());
	}

	@Test
	void aNetThatBreaksARuleIsRefusedNamingTheFile() throws Exception {
		Path broken = net("total-run-length=\"1000000\"", "total-run-length=\"1000000\" ramp-up-length=\"oops\"");

		NetRefusedException refused = assertThrows(NetRefusedException.class, () -> SimulatableNets.read(broken, null));

		assertTrue(refused.getMessage().contains("net.qpe"), refused.getMessage());
	}
}
