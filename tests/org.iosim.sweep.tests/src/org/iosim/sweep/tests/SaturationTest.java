package org.iosim.sweep.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.iosim.sweep.LoadCurve;
import org.iosim.sweep.LocalSweepEngine;
import org.iosim.sweep.Sweep;
import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepMonitor;
import org.iosim.sweep.SweepParameter;
import org.iosim.sweep.SweepPlan;
import org.iosim.sweep.SweepResult;
import org.iosim.sweep.SweepTaskRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The saturation paper's reference: users thinking 9 s and running 3 s, with storage for 6 tasks at
 * once, saturate the system at 24 users (one in four users has a task pending, so 24 users keep 6
 * tasks running); with storage for 9 tasks, at 36.
 */
class SaturationTest {

	@TempDir
	Path folder;

	static SweepResult sweep(Path model, Path out, int replications, String... parameters) throws Exception {
		SweepDefinition definition = SweepDefinition.factorial(Models.run(model, 4_000),
				java.util.Arrays.stream(parameters).map(SweepParameter::parse).toList(), replications);
		SweepTaskRunner runner = new SweepTaskRunner(definition);
		return Sweep.run(SweepPlan.of(definition), out, runner, new LocalSweepEngine(runner, 2), SweepMonitor.NONE);
	}

	@Test
	void storageForSixTasksSaturatesAtTwentyFourUsersAndForNineAtThirtySix() throws Exception {
		Path model = Models.timeSharing(folder, 6);
		SweepResult result = sweep(model, folder.resolve("sweep"), 3, "Server.memory.capacity=6,9",
				"population=6..60:6");

		List<LoadCurve> curves = result.curves();
		assertEquals(2, curves.size());
		LoadCurve six = curves.get(0);
		LoadCurve nine = curves.get(1);
		assertEquals("6", six.fixed().get("Server.memory.capacity"));
		assertEquals(24, six.saturation(), describe(six));
		assertEquals(36, nine.saturation(), describe(nine));
		// the asymptotic bounds cross at N* = (D + Z) / D_max = (3 + 9) / (3 / capacity)
		assertEquals(24, six.boundKnee(), 24 * 0.05, describe(six));
		assertEquals(36, nine.boundKnee(), 36 * 0.05, describe(nine));
		// the admission limit is what saturates, and with nothing behind it, it is the true bottleneck
		assertEquals("passive resource", six.bottlenecks().get(0).kind(), describe(six));
		assertTrue(six.bottlenecks().get(0).reason().contains("true bottleneck"), describe(six));
		// beyond saturation the MPL stays at the capacity while the eligible set grows
		LoadCurve.LoadFigures at60 = six.figures().get(six.figures().size() - 1);
		LoadCurve.LoadFigures at48 = six.figures().get(six.figures().size() - 3);
		assertEquals(6, at60.multiprogrammingLevel(), 0.2);
		assertTrue(at60.eligible() > at48.eligible() + 3, describe(six));
	}

	static String describe(LoadCurve curve) {
		StringBuilder text = new StringBuilder(curve.load() + " " + curve.fixed() + ": saturation " + curve.saturation()
				+ ", N* " + curve.boundKnee() + "\n");
		for (int i = 0; i < curve.loads().size(); i++) {
			text.append("  ").append(curve.loads().get(i)).append(": X ").append(curve.throughput().get(i).mean())
					.append(" R ").append(curve.responseTime().get(i).mean()).append('\n');
		}
		curve.bottlenecks().forEach(b -> text.append("  ").append(b).append('\n'));
		curve.figures().forEach(f -> text.append("  ").append(f).append('\n'));
		return text.toString();
	}
}
