package org.iosim.cli.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.iosim.cli.Main;
import org.iosim.measure.BlockThrottle;
import org.iosim.measure.MeasurementException;
import org.iosim.measure.PlanException;
import org.iosim.measure.Programs;
import org.iosim.measure.Volume;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "volume", mixinStandardHelpOptions = true,
		description = { "Runs a command on a QoS-limited volume: the command and every process it starts work under the"
				+ " volume's limits (a volume file, as for 'iosim measure --volume') for the disk under --folder, set with"
				+ " the kernel's block throttling (needs root). This is how an application (a database server, a file"
				+ " server) is measured on the volume whose storage model 'iosim measure' calibrates. The limits end"
				+ " with the command; run a server in the foreground so that they last as long as it does." },
		footer = { "", "Example: iosim volume gp-500.json --folder /var/tmp/pg -- postgres -D /var/tmp/pg/data -p 5499",
				"", "Exit status: the command's, or 1 if the volume cannot be set up, 2 usage error." })
final class VolumeCommand implements Callable<Integer> {

	@Parameters(index = "0", paramLabel = "VOLUME", description = "The volume file (JSON).")
	Path volumeFile;

	@Parameters(index = "1..*", arity = "1..*", paramLabel = "COMMAND", description = "The command and its arguments"
			+ " (after --).")
	List<String> command = new ArrayList<>();

	@Option(names = "--folder", paramLabel = "DIR", required = true, description = "A folder on the disk whose requests"
			+ " are limited (where the application keeps its data).")
	Path folder;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		IosimCommand.requireExisting(volumeFile, folder);
		Volume volume;
		try {
			volume = Volume.load(volumeFile);
		} catch (PlanException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		}
		BlockThrottle.Availability throttling = BlockThrottle.detect();
		BlockThrottle throttle = throttling.throttle().orElseThrow(() -> new IosimCommand.UserError(Main.EXIT_INVALID,
				"cannot limit the volume " + volume.name() + ": " + throttling.reason()));
		try (BlockThrottle.Group group = throttle.create(volume, folder)) {
			spec.commandLine().getErr().printf(Locale.ROOT, "iosim: volume %s on the disk of %s, set with %s%n", volume,
					folder, throttle.describe());
			spec.commandLine().getErr().flush();
			// the command dies with this JVM, even by kill -9, so nothing runs on in a group nobody removes
			List<String> launched = new ArrayList<>(Programs.diesWithThisProcess());
			launched.addAll(group.wrap(command));
			Process process = new ProcessBuilder(launched).inheritIO().start();
			Thread stopCommand = new Thread(process::destroy, "stop " + command.get(0));
			Runtime.getRuntime().addShutdownHook(stopCommand);
			try {
				return process.waitFor();
			} finally {
				try {
					Runtime.getRuntime().removeShutdownHook(stopCommand);
				} catch (IllegalStateException exiting) {
					// the JVM is shutting down (a signal): the hook has stopped the command
				}
			}
		} catch (MeasurementException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		} catch (IOException failed) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "cannot start '" + command.get(0) + "': "
					+ failed.getMessage());
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "interrupted");
		}
	}
}
