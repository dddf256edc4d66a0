package org.iosim.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Starting the programs IOSim measures with: fio, the applications and their tools. */
public final class Programs {

	private static final Path SETPRIV = Path.of("/usr/bin/setpriv");

	private Programs() {
	}

	/**
	 * @return the start of a command whose program the kernel kills when this JVM dies, even by kill
	 *         -9 (util-linux's setpriv), so that no workload outlives a killed measurement and
	 *         disturbs the next; empty where setpriv is missing
	 */
	public static List<String> diesWithThisProcess() {
		return Files.isExecutable(SETPRIV) ? List.of(SETPRIV.toString(), "--pdeathsig", "KILL") : List.of();
	}

	/** Runs a short program to its end; its output, or a message with its last line if it failed. */
	static String run(List<String> command, Path folder, String what) throws MeasurementException, InterruptedException {
		try {
			Process process = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (process.waitFor() != 0) {
				String last = output.strip().lines().reduce((first, second) -> second).orElse("(no message)");
				throw new MeasurementException(String.format(Locale.ROOT, "%s failed (exit status %d): %s", what,
						process.exitValue(), last.length() <= 200 ? last : last.substring(0, 197) + "..."));
			}
			return output;
		} catch (IOException failed) {
			throw new MeasurementException("cannot run " + what + ": " + failed.getMessage());
		}
	}
}
