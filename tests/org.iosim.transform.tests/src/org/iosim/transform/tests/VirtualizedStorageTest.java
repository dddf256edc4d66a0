package org.iosim.transform.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.iosim.pcm.io.IoConfiguration;
import org.iosim.pcm.io.VirtualizedStorage;
import org.iosim.engine.ModelCompilationException;
import org.iosim.engine.SimulationResult;
import org.iosim.engine.SimulationResult.ResourceResult;
import org.iosim.transform.TransformationException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The virtualized-storage scheduler inside architecture simulations (001 chapter 8). */
class VirtualizedStorageTest {

	private static final double A = 0.002;
	private static final double B = 0.0005;
	/** Exact results, up to the rounding of simulated clock differences. */
	private static final double CLOCK_PRECISION = 1e-9;

	@TempDir
	Path folder;

	/**
	 * N users without think time whose only action is one I/O request: every request arrives while
	 * the other N - 1 are delayed, so with concurrency counting the arriving request its delay is
	 * exactly a + b·N, the response time too, and the throughput N / (a + b·N).
	 */
	@ParameterizedTest(name = "{0} users")
	@ValueSource(ints = { 1, 2, 5, 10, 25 })
	void expressionModelGivesExactResponseTimeAndThroughput(int users)
			throws Exception {
		SimulationResult result = IoFixtures.simulate(IoFixtures.workers(folder, users, 0),
				IoFixtures.configuration(A + " + " + B + " * concurrency", "VM 1", "VM 2"), 20_000);

		double delay = A + B * users;
		var scenario = result.scenarios().get(0);
		assertEquals(delay, scenario.responseTime().mean(), CLOCK_PRECISION);
		assertEquals(users / delay, scenario.throughput(), users / delay * 1e-3);
		SimulationResult.IoResult reads = IoFixtures.reads(result);
		assertEquals(delay, reads.delay().mean(), CLOCK_PRECISION);
		assertEquals(users, reads.meanConcurrency(), 1e-6);
		// each request reads the 4096 bytes the HDD demand asked for
		assertEquals(4096 * users / delay, reads.throughputBytesPerSecond(), 4096 * users / delay * 1e-3);
	}

	/**
	 * An embedded FCFS queue (SPEC T2): N users without think time, one request each, service time s:
	 * every request waits for the N - 1 before it, so R = N·s, unlike a delay fixed at arrival.
	 */
	@ParameterizedTest(name = "{0} users")
	@ValueSource(ints = { 1, 3, 10 })
	void embeddedQueueMakesRequestsContendDynamically(int users)
			throws Exception {
		IoConfiguration configuration = IoFixtures.configuration("0.004", "VM 1", "VM 2");
		var model = configuration.getAnalysisModels().get(0);
		model.setKind("queue");
		model.getParameters().get(0).setName("serviceTime");

		SimulationResult result = IoFixtures.simulate(IoFixtures.workers(folder, users, 0), configuration, 20_000);

		assertEquals(users * 0.004, result.scenarios().get(0).responseTime().mean(), CLOCK_PRECISION);
		assertEquals(users * 0.004, IoFixtures.reads(result).delay().mean(), CLOCK_PRECISION);
		assertEquals(users, IoFixtures.reads(result).meanConcurrency(), 1e-6);
		// the queue is a resource of the results: always busy, all users in it, one served per 4 ms
		ResourceResult queue = result.resources().stream().filter(r -> r.type().equals("queue (queue)")).findFirst()
				.orElseThrow(() -> new AssertionError("no queue among " + result.resources()));
		assertEquals(IoFixtures.reads(result).storage(), queue.container());
		assertEquals(1, queue.utilization(), 1e-6);
		// counted as an architecture resource counts its queue: one request served, the others waiting
		assertEquals(users, queue.meanInSystem(), 1e-6);
		assertEquals(users - 1, queue.meanWaiting(), 1e-6);
		assertEquals(1 / 0.004, queue.throughput(), 1e-6 * 250);
		assertEquals(0.004, queue.meanServiceTime(), CLOCK_PRECISION);
		assertEquals(users * 0.004, queue.meanResponseTime(), CLOCK_PRECISION);
	}

	/**
	 * A queue is counted alike wherever it is (issue 23): N users without think time at VM 1's FCFS disk of the
	 * architecture (4096 bytes at 1,000,000 per second) and at an embedded FCFS queue of the same service time.
	 * One request is served all the time and the N - 1 others wait, so both resources report N - 1 waiting
	 * and N in system, in the same fields.
	 */
	@ParameterizedTest(name = "{0} users")
	@ValueSource(ints = { 1, 5 })
	void anArchitectureResourceAndAnEmbeddedQueueCountTheirQueueAlike(int users) throws Exception {
		double service = 4096 / 1e6;
		SimulationResult architecture = org.iosim.simulation.ArchitectureSimulation
				.of(IoFixtures.workers(folder.resolve("architecture"), users, 0))
				.run(org.iosim.engine.SimulationConfig.defaults().withMaxMeasurements(20_000).withWarmupMeasurements(200),
						org.iosim.engine.ProgressMonitor.NONE);
		ResourceResult disk = architecture.resources().stream()
				.filter(r -> r.container().equals("VM 1") && r.type().equals("HDD")).findFirst().orElseThrow();

		IoConfiguration configuration = IoFixtures.configuration(Double.toString(service), "VM 1", "VM 2");
		var model = configuration.getAnalysisModels().get(0);
		model.setKind("queue");
		model.getParameters().get(0).setName("serviceTime");
		SimulationResult embedded = IoFixtures.simulate(IoFixtures.workers(folder.resolve("embedded"), users, 0),
				configuration, 20_000);
		ResourceResult queue = embedded.resources().stream().filter(r -> r.type().equals("queue (queue)")).findFirst()
				.orElseThrow();

		for (ResourceResult resource : java.util.List.of(disk, queue)) {
			assertEquals(1, resource.utilization(), 1e-6, resource.toString());
			assertEquals(users - 1, resource.meanWaiting(), 1e-6, resource.toString());
			assertEquals(users, resource.meanInSystem(), 1e-6, resource.toString());
			assertEquals(users * service, resource.meanResponseTime(), CLOCK_PRECISION, resource.toString());
		}
	}

	/** Two VMs sharing one storage: VM 1's I/O delay rises with VM 2's load (step I, consolidation). */
	@Test
	void consolidatedVmsInterfere() throws Exception {
		IoConfiguration shared = IoFixtures.configuration(A + " + " + B + " * concurrency", "VM 1", "VM 2");
		double alone = vm1ResponseTime(IoFixtures.simulate(IoFixtures.workers(folder.resolve("alone"), 5, 1), shared, 20_000));
		double busy = vm1ResponseTime(IoFixtures.simulate(IoFixtures.workers(folder.resolve("busy"), 5, 20), shared, 20_000));

		assertEquals(A + B * 6, alone, CLOCK_PRECISION);
		assertEquals(A + B * 25, busy, CLOCK_PRECISION);
		assertTrue(busy > alone);
	}

	@Test
	void separateStoragesDoNotInterfere() throws Exception {
		IoConfiguration separate = IoFixtures.configuration(A + " + " + B + " * concurrency", "VM 1");
		// a second storage like the first, for VM 2
		VirtualizedStorage second = EcoreUtil.copy(separate.getStorages().get(0));
		second.setName("second array");
		second.getContainers().set(0, "VM 2");
		separate.getStorages().add(second);

		double busy = vm1ResponseTime(IoFixtures.simulate(IoFixtures.workers(folder, 5, 20), separate, 20_000));
		assertEquals(A + B * 5, busy, CLOCK_PRECISION);
	}

	private static double vm1ResponseTime(SimulationResult result) {
		return result.scenarios().stream().filter(scenario -> scenario.name().equals("Users of VM 1")).findFirst()
				.orElseThrow().responseTime().mean();
	}

	/** Palladio's HDD examples run with their HDD switched to virtualized storage by the example configuration. */
	@ParameterizedTest
	@ValueSource(strings = { "HDDDemoUsingResourceSignatures", "HDDDemoUsingInfrastructureCalls" })
	void palladioHddExamplesRunOnVirtualizedStorage(String example) throws Exception {
		Path examples = IoFixtures.palladioExamples().orElse(null);
		Assumptions.assumeTrue(examples != null, "../shared/palladio-examples is not present");
		var imported = new org.iosim.pcm.palladio.PalladioImporter()
				.importPaths(java.util.List.of(examples.resolve("HDDExample").resolve(example)));
		IoConfiguration configuration = org.iosim.transform.IoConfigurationFiles
				.load(IoFixtures.repositoryRoot().resolve("examples/hdd-virtualized/virtualized.ioconfig"));

		SimulationResult result = IoFixtures.simulate(imported.modelSets().get(0).model(), configuration, 2_000);

		assertTrue(IoFixtures.reads(result).count() > 0, result.io().toString());
		assertTrue(result.resources().stream().noneMatch(resource -> resource.type().equals("HDD")),
				"the virtualized storage replaced the HDD");
		// one user: every request sees concurrency 1; delays are measured on the clock (departure - arrival),
		// whose rounding at large simulated times is far below 1e-9
		assertEquals(0.002 + 0.0005, IoFixtures.reads(result).delay().mean(), 1e-9);
	}
}
