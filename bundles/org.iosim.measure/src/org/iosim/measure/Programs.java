package org.iosim.measure;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

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
		try (Running running = start(command, folder, what)) {
			return running.finish();
		}
	}

	/**
	 * Starts a program that runs beside other work, e.g. one application while another is measured;
	 * its output is read as it comes, so that the caller can wait for a line and the program never
	 * blocks on a full pipe.
	 */
	static Running start(List<String> command, Path folder, String what) throws MeasurementException {
		try {
			return new Running(new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true).start(),
					what);
		} catch (IOException failed) {
			throw new MeasurementException("cannot run " + what + ": " + failed.getMessage());
		}
	}

	/** A started program and the lines it printed so far. */
	static final class Running implements AutoCloseable {
		private final Process process;
		private final String what;
		private final Thread reader;
		/** Guarded by this; with {@link #ended}, what the waiting methods wait on. */
		private final List<String> lines = new ArrayList<>();
		private boolean ended;

		private Running(Process process, String what) {
			this.process = process;
			this.what = what;
			this.reader = Thread.ofPlatform().daemon().name("output of " + what).start(this::read);
		}

		private void read() {
			try (BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(),
					StandardCharsets.UTF_8))) {
				for (String line = output.readLine(); line != null; line = output.readLine()) {
					synchronized (this) {
						lines.add(line);
						notifyAll();
					}
				}
			} catch (IOException | UncheckedIOException closed) {
				// the program was killed; what it printed so far is kept
			} finally {
				synchronized (this) {
					ended = true;
					notifyAll();
				}
			}
		}

		/**
		 * Waits until the program prints a line {@code wanted} finds something in, ends, or the time is up.
		 *
		 * @return whether such a line came
		 */
		synchronized boolean awaitLine(Pattern wanted, long timeout, TimeUnit unit) throws InterruptedException {
			long deadline = System.nanoTime() + unit.toNanos(timeout);
			for (int checked = 0;; ) {
				for (; checked < lines.size(); checked++) {
					if (wanted.matcher(lines.get(checked)).find()) {
						return true;
					}
				}
				long left = deadline - System.nanoTime();
				if (ended || left <= 0) {
					return false;
				}
				TimeUnit.NANOSECONDS.timedWait(this, left);
			}
		}

		/** @return whether the program still runs */
		boolean alive() {
			return process.isAlive();
		}

		/** @return whether the program printed a line {@code wanted} finds something in so far */
		synchronized boolean printed(Pattern wanted) {
			return lines.stream().anyMatch(line -> wanted.matcher(line).find());
		}

		/** Waits for the program's end: its output, or a message with its last line if it failed. */
		String finish() throws MeasurementException, InterruptedException {
			int status = process.waitFor();
			reader.join();
			String output;
			synchronized (this) {
				output = String.join("\n", lines) + (lines.isEmpty() ? "" : "\n");
			}
			if (status != 0) {
				String last = output.strip().lines().reduce((first, second) -> second).orElse("(no message)");
				throw new MeasurementException(String.format(Locale.ROOT, "%s failed (exit status %d): %s", what,
						status, last.length() <= 200 ? last : last.substring(0, 197) + "..."));
			}
			return output;
		}

		/**
		 * Ends the program if it still runs (a failed or interrupted measurement), with the processes
		 * it started: dbench's clients, for one, would go on without their parent.
		 */
		@Override
		public void close() throws InterruptedException {
			if (process.isAlive()) {
				process.descendants().forEach(ProcessHandle::destroy);
				process.destroy();
				if (!process.waitFor(5, TimeUnit.SECONDS)) {
					process.descendants().forEach(ProcessHandle::destroyForcibly);
					process.destroyForcibly();
					process.waitFor();
				}
			}
			reader.join();
		}
	}
}
