package org.iosim.robustness.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What a reader of untrusted files (first the regression readers: CSV data, stored model JSON; then
 * points, pipeline, SAN and plan files) must do with any input: answer within a bounded time, with a
 * result or with one of its own diagnostics, whose message names the file and says what is wrong
 * without the Java or Jackson names of the failure.
 */
final class RegressionInputChecks {

	/** Far beyond what reading a few kilobytes (or one line at the length limit) takes: a hang, not slowness. */
	private static final long HANG_SECONDS = 60;
	/** A diagnostic quotes the file shortened, so a message stays short whatever the input. */
	private static final int LONGEST_MESSAGE = 2_000;

	private static final ExecutorService READER = Executors.newSingleThreadExecutor(runnable -> {
		Thread thread = new Thread(runnable, "regression input reader");
		thread.setDaemon(true);
		return thread;
	});

	private RegressionInputChecks() {
	}

	/** A file written anew for every try, in a folder of the build. */
	static Path file(String name, byte[] content) {
		try {
			Path folder = Files.createDirectories(Path.of("target", "regression-inputs"));
			return Files.write(folder.resolve(name), content);
		} catch (IOException failed) {
			throw new UncheckedIOException(failed);
		}
	}

	/**
	 * Runs the read on another thread and returns its result, or null when it failed with one of the
	 * {@code diagnostics}, whose message must begin with the name of what was read ({@code source}, e.g.
	 * the file); anything else, or no answer, fails the property.
	 */
	@SafeVarargs
	static <T> T readsOrExplains(Object source, Callable<T> read, Class<? extends Exception>... diagnostics) {
		Future<T> reading = READER.submit(read);
		try {
			return reading.get(HANG_SECONDS, TimeUnit.SECONDS);
		} catch (TimeoutException hang) {
			reading.cancel(true);
			throw new AssertionError("no answer within " + HANG_SECONDS + " s reading " + source);
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new AssertionError("interrupted", interrupted);
		} catch (ExecutionException failed) {
			Throwable cause = failed.getCause();
			for (Class<? extends Exception> diagnostic : diagnostics) {
				if (diagnostic.isInstance(cause)) {
					checkMessage(source, cause.getMessage());
					return null;
				}
			}
			throw new AssertionError("not one of the reader's diagnostics: " + cause, cause);
		}
	}

	private static void checkMessage(Object source, String message) {
		check(message != null && message.startsWith(source + ": "), "the message names " + source, message);
		check(message.length() <= LONGEST_MESSAGE, "the message is short", message);
		// names a user cannot act on: exception classes, packages, the JSON parser's location and settings
		for (String internal : new String[] { "Exception", "java.lang", "com.fasterxml", "[Source", "REDACTED",
				"ReadFeature", "ReadConstraints" }) {
			check(!message.contains(internal), "the message has no '" + internal + "'", message);
		}
	}

	static void check(boolean holds, String what, Object subject) {
		if (!holds) {
			throw new AssertionError(what + ": " + subject);
		}
	}

	/**
	 * A reader's refusal of {@code file}, once its message is checked for quoting no more of the file
	 * than an excerpt, without control characters; the file's name and {@code ownWords} (words of the
	 * message that the file may happen to hold too) are not counted as quotes.
	 */
	static Refused refused(Path file, String message, String... ownWords) {
		String quoting = message.replace(file.toString(), "");
		for (String words : ownWords) {
			quoting = quoting.replace(words, "");
		}
		try {
			Echoes.checkNone(quoting, Files.readAllBytes(file));
		} catch (IOException unreadable) {
			throw new UncheckedIOException(unreadable);
		}
		return new Refused(message);
	}

	/** A refusal whose message a property checked ({@link #refused}); anything else a reader throws is not one. */
	static final class Refused extends Exception {
		private static final long serialVersionUID = 1L;

		private Refused(String message) {
			super(message);
		}
	}
}
