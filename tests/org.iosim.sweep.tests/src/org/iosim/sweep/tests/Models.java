package org.iosim.sweep.tests;

import static org.iosim.testing.Behaviours.acquire;
import static org.iosim.testing.Behaviours.demand;
import static org.iosim.testing.Behaviours.release;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.iosim.engine.SimulationConfig;
import org.iosim.pcm.PassiveResource;
import org.iosim.pcm.palladio.ArchitectureFiles;
import org.iosim.run.RunConfiguration;
import org.iosim.testing.SingleServerModel;

/** The models the sweep tests simulate, written as .iosim files. */
final class Models {

	private Models() {
	}

	/**
	 * The time-sharing system of the saturation paper's example: users think 9 s on average
	 * (exponentially) and then run a task of 3 s; main storage admits {@code mpl} tasks at once (a
	 * passive resource, "memory", of that capacity, held for the whole run); the run itself is a
	 * delay, so nothing but the admission limit makes tasks wait.
	 */
	static Path timeSharing(Path folder, int mpl) throws IOException {
		SingleServerModel model = new SingleServerModel("time sharing");
		model.server().delay(model.cpu(), "1");
		PassiveResource memory = model.component().passiveResource("memory", Integer.toString(mpl));
		model.seff(acquire(memory), demand(model.cpu(), "3"), release(memory)).closedScenario("users", 1,
				"9 * Exp(1)");
		Path file = folder.resolve("time-sharing.iosim");
		ArchitectureFiles.save(model.build(), file);
		return file;
	}

	/**
	 * One CPU (processor sharing, 10 ms per run on average) and an FCFS disk (5 ms), users thinking 1 s;
	 * the scenario's name is markup, which the report must show as text.
	 */
	static Path cpuAndDisk(Path folder) throws IOException {
		SingleServerModel model = new SingleServerModel("cpu and disk");
		model.server().processorSharing(model.cpu(), "1").fcfs(model.hdd(), "1");
		model.seff(demand(model.cpu(), "Exp(100)"), demand(model.hdd(), "Exp(200)")).closedScenario(
				"<b>users</b> & co", 1, "Exp(1)");
		Path file = folder.resolve("cpu-and-disk.iosim");
		ArchitectureFiles.save(model.build(), file);
		return file;
	}

	/** {@link #cpuAndDisk} whose closed population follows a load profile: 8 users, always. */
	static Path profiledCpuAndDisk(Path folder) throws IOException {
		SingleServerModel model = new SingleServerModel("profiled cpu and disk");
		model.server().processorSharing(model.cpu(), "1").fcfs(model.hdd(), "1");
		model.seff(demand(model.cpu(), "Exp(100)"), demand(model.hdd(), "Exp(200)")).closedScenario("users", 1, "Exp(1)");
		org.iosim.pcm.ArchitectureModel built = model.build();
		org.iosim.pcm.PcmFactory pcm = org.iosim.pcm.PcmFactory.eINSTANCE;
		org.iosim.pcm.DlimConstant eight = pcm.createDlimConstant();
		eight.setConstant(8);
		org.iosim.pcm.DlimFunctionContainer day = pcm.createDlimFunctionContainer();
		day.setDuration(100);
		day.setFunction(eight);
		org.iosim.pcm.DlimSequence sequence = pcm.createDlimSequence();
		sequence.getContainers().add(day);
		org.iosim.pcm.LoadProfile profile = pcm.createLoadProfile();
		profile.setId("profile");
		profile.setRepeating(true);
		profile.setSequence(sequence);
		built.getUsageModel().getScenarios().get(0).getWorkload().setLoadProfile(profile);
		Path file = folder.resolve("profiled.iosim");
		ArchitectureFiles.save(built, file);
		return file;
	}

	static RunConfiguration run(Path model, long measurements) {
		return RunConfiguration.of(List.of(model)).withSimulation(
				SimulationConfig.defaults().withMaxMeasurements(measurements).withWarmupMeasurements(measurements / 10));
	}
}
