package org.iosim.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.iosim.measure.ColocatedApplications.Vcpus;
import org.iosim.measure.Cpus;
import org.iosim.measure.MeasurementException;
import org.junit.jupiter.api.Test;

/** Pinning a program and its children to CPUs of their own, as a virtual machine's vCPUs. */
class CpusTest {

	@Test
	void kernelCpuListsAreRead() {
		assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), Cpus.parseList("0-3,8,10-11\n"));
		assertEquals(List.of(0), Cpus.parseList("0"));
		assertEquals(List.of(1, 2), Cpus.parseList("2,1,1-2"), "ascending, each once");
		for (String wrong : List.of("", "a", "3-1", "1-", "-1", "1-2-3", "0-70000")) {
			IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Cpus.parseList(wrong),
					wrong);
			assertTrue(refused.getMessage().contains("is not a CPU number or range"), refused.getMessage());
		}
	}

	@Test
	void aPinnedProgramAndItsChildrenRunOnlyOnItsCpus() throws Exception {
		assumeTrue(Files.isExecutable(Path.of("/usr/bin/taskset")), "taskset is not installed");
		List<Cpus> machines = Cpus.split(1, 0);
		Cpus first = machines.get(0);
		assertEquals(1, first.ids().size());
		// the shell's child (grep) reports the CPUs it may use
		List<String> command = first.wrap(List.of("/bin/sh", "-c", "grep Cpus_allowed_list /proc/self/status"));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertEquals(0, process.waitFor(), output);
		assertEquals(first.ids(), Cpus.parseList(output.substring(output.indexOf(':') + 1)), output);
		assertEquals(List.of("x"), Cpus.ALL.wrap(List.of("x")), "all CPUs: the command as it is");
	}

	@Test
	void moreVcpusThanThisMachineHasAreRefusedWithTheCounts() {
		assumeTrue(Files.isExecutable(Path.of("/usr/bin/taskset")), "taskset is not installed");
		int cpus = Runtime.getRuntime().availableProcessors();
		MeasurementException refused = assertThrows(MeasurementException.class, () -> Cpus.split(cpus, 1));
		assertTrue(refused.getMessage().contains("need " + (cpus + 1) + " CPUs of their own"), refused.getMessage());
	}

	@Test
	void vcpusAreReadAsDatabasePlusFileServer() {
		assertEquals(new Vcpus(1, 1), Vcpus.parse("1+1"));
		assertEquals(new Vcpus(2, 1), Vcpus.parse(" 2 + 1"));
		assertEquals("2+1", new Vcpus(2, 1).toString());
		IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> Vcpus.parse("0+1"));
		assertTrue(none.getMessage().startsWith("0+1: each machine needs 1 to"), none.getMessage());
		IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class, () -> Vcpus.parse("one"));
		assertTrue(wrong.getMessage().contains("'one' is not two vCPU counts"), wrong.getMessage());
	}
}
