package org.iosim.qpn.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.qpn.Distribution;
import org.iosim.qpn.QueueingColourReference;
import org.iosim.qpn.qpe.NetFiles;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.QpnDiagnostic;
import org.iosim.qpn.qpe.QpnValidator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** QPME's Empirical service times: their bins come from a file beside the net, read as untrusted data. */
class EmpiricalDataTest {

	private static final String EMPIRICAL = "distribution-function=\"Empirical\" pdf_filename=\"%s\" scale=\"3\" offset=\"1\"";

	@TempDir
	Path folder;

	private QpeReadResult read(String dataFile) throws Exception {
		Path net = QpnTestFiles.write(folder, "empirical.qpe", QpnTestFiles.SMALL_NET
				.replace("distribution-function=\"Exponential\" id=\"r-cpu-job\"", EMPIRICAL.formatted(dataFile)
						+ " id=\"r-cpu-job\"").replace(" lambda=\"2.5\"", ""));
		return NetFiles.read(net);
	}

	private static Distribution cpuJob(QpeReadResult read) {
		return ((QueueingColourReference) read.net().getPlaces().get(1).getColourReferences().get(0)).getServiceTime();
	}

	@Test
	void theBinsAreReadBesideTheNetAndNotWrittenBack() throws Exception {
		Files.createDirectories(folder.resolve("data"));
		Files.writeString(folder.resolve("data/bins.txt"), "0.5;0\n\n0.5\n");
		QpeReadResult read = read("data/bins.txt");
		assertEquals(List.of(), read.diagnostics());
		assertTrue(cpuJob(read).getParameters().stream()
				.anyMatch(parameter -> parameter.getName().equals("pdf") && parameter.getValue().equals("0.5;0.0;0.5")));
		assertEquals(List.of(), new QpnValidator().validate(read.net()).stream().filter(QpnDiagnostic::isError).toList());
		String written = QpnTestFiles.text(read.net());
		assertTrue(written.contains("pdf_filename=\"data/bins.txt\""), written);
		assertFalse(written.contains("pdf="), "QPME reads the file itself: " + written);
	}

	@Test
	void badDataFilesAreNamedWithoutTheirContent() throws Exception {
		String where = "empirical: queueing-place 'CPU' (p-cpu): queueing-color-reference 'job' (r-cpu-job): its Empirical"
				+ " service time: ";
		assertEquals(where + "data file bins.txt does not exist beside the net", message(read("bins.txt")));
		assertEquals(where + "data file must be named relative to the net and lie in the net's folder or below it",
				message(read("../outside.txt")));
		assertEquals(where + "data file must be named relative to the net and lie in the net's folder or below it",
				message(read("/etc/passwd")));
		Files.writeString(folder.resolve("secret.txt"), "0.5\nsecret-value\n");
		assertEquals(where + "data file secret.txt, line 2: a bin's probability must be a finite number of at least 0",
				message(read("secret.txt")));
		Files.writeString(folder.resolve("zeros.txt"), "0;0");
		assertEquals(where + "data file zeros.txt has no bin with a probability above 0", message(read("zeros.txt")));
	}

	private static String message(QpeReadResult read) {
		assertEquals(1, read.errors().size(), read.diagnostics().toString());
		return read.errors().get(0).message();
	}
}
