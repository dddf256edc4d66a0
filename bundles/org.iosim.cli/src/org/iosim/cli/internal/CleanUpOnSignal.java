package org.iosim.cli.internal;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * While open, a termination signal (Ctrl-C, kill) interrupts the command's thread and lets the JVM
 * end only once the command has cleaned up, or after {@value #LIMIT_SECONDS} s. Without it the JVM
 * ends at the signal and no finally block runs: an application command would leave its database
 * cluster, dbench's files and its volume group behind (a kill -9 still does; the next run removes
 * the group, and names the folder it cannot use).
 */
final class CleanUpOnSignal implements AutoCloseable {

	/** Stopping a database server and removing its files takes a few seconds; more is a hang. */
	private static final long LIMIT_SECONDS = 60;

	private final CountDownLatch cleanedUp = new CountDownLatch(1);
	private final Thread hook;

	CleanUpOnSignal() {
		Thread command = Thread.currentThread();
		hook = new Thread(() -> {
			command.interrupt();
			try {
				cleanedUp.await(LIMIT_SECONDS, TimeUnit.SECONDS);
			} catch (InterruptedException ending) {
				// the JVM ends now either way
			}
		}, "iosim clean-up on signal");
		Runtime.getRuntime().addShutdownHook(hook);
	}

	@Override
	public void close() {
		cleanedUp.countDown();
		try {
			Runtime.getRuntime().removeShutdownHook(hook);
		} catch (IllegalStateException ending) {
			// a signal came: the hook is running and lets the JVM end now
		}
	}
}
