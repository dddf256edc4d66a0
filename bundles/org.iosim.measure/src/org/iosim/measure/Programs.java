package org.iosim.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Runs the short programs of the application drivers (initdb, psql, pgbench, dbench). */
final class Programs {

	private Programs() {
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
