package org.iosim.measure.internal;

import java.util.ArrayDeque;

import org.iosim.analysis.EmbeddedIoModel.SubModelResource;
import org.iosim.des.SimulationClock;

/**
 * A throttle that counts its limits in fixed windows, as Linux's block throttling does (a 100 ms
 * slice): each window allows IOPS limit × window device requests and bandwidth limit × window
 * bytes, spent at once by whatever is waiting when the window opens, so requests pass in bursts at
 * the device's own speed and then wait for the next window. Allowance a window leaves unused is
 * lost; a request that passes with too little left overdraws, finishes when the windows it
 * overdraws have opened and is charged against them. After a whole window without requests the
 * next request opens a fresh window. Requests pass first come, first served.
 *
 * Measured here with one synchronous writer: exactly IOPS limit × 0.1 / 2 writes with their flush
 * pass in the first milliseconds of every 100 ms, at every cap from 500 to 5,000 write IOPS.
 */
final class WindowedThrottle implements VolumeModelKind.Throttle {
	private static final double TOLERANCE = 1e-9;

	private record Waiting(double deviceRequests, double bytes, Runnable through) {
	}

	private final double requestAllowance;
	private final double byteAllowance;
	private final double window;
	private final SimulationClock clock;
	private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
	private double windowStart = Double.NaN;
	private double lastDispatch = Double.NEGATIVE_INFINITY;
	private double requestsCharged;
	private double bytesCharged;
	private boolean retryPending;
	// statistics since measuring began
	private int inThrottle;
	private double since;
	private double lastChange;
	private double waitingArea;
	private double populationArea;
	private double requestsPassed;
	private double bytesPassed;
	private long served;

	/**
	 * @param iops   device requests a second, 0 for none
	 * @param bps    bytes a second, 0 for none
	 * @param window the counting window in seconds, more than 0
	 */
	WindowedThrottle(long iops, long bps, double window, SimulationClock clock) {
		this.requestAllowance = iops * window;
		this.byteAllowance = bps * window;
		this.window = window;
		this.clock = clock;
		this.since = clock.now();
		this.lastChange = since;
	}

	/** Lets a request of this many device requests and bytes through; {@code through} runs once it has passed. */
	@Override
	public void pass(double deviceRequests, double bytes, Runnable through) {
		account();
		inThrottle++;
		waiting.add(new Waiting(deviceRequests, bytes, through));
		if (waiting.size() == 1 && !retryPending) {
			dispatch(true);
		}
	}

	private void dispatch(boolean mayOpenFreshWindow) {
		account();
		double now = clock.now();
		advanceWindow(now, mayOpenFreshWindow);
		while (!waiting.isEmpty() && allowanceLeft()) {
			Waiting request = waiting.poll();
			requestsCharged += request.deviceRequests;
			bytesCharged += request.bytes;
			requestsPassed += request.deviceRequests;
			bytesPassed += request.bytes;
			double overdrawnWindows = Math.max(windowsNeeded(requestsCharged, requestAllowance),
					windowsNeeded(bytesCharged, byteAllowance)) - 1;
			double passesAt = overdrawnWindows > 0 ? windowStart + overdrawnWindows * window : now;
			clock.schedule(passesAt - now, () -> {
				account();
				inThrottle--;
				served++;
				request.through.run();
			});
			// an overdrawn request still counts against the windows it takes
			lastDispatch = Math.max(lastDispatch, passesAt);
		}
		if (!waiting.isEmpty()) {
			retryPending = true;
			clock.schedule(windowStart + window - now, () -> {
				retryPending = false;
				dispatch(false);
			});
		}
	}

	/** Moves to the window {@code now} lies in, dropping what past windows left unused. */
	private void advanceWindow(double now, boolean mayOpenFreshWindow) {
		if (Double.isNaN(windowStart)
				|| mayOpenFreshWindow && now >= windowStart + window && now >= lastDispatch + window) {
			windowStart = now;
			requestsCharged = 0;
			bytesCharged = 0;
			return;
		}
		double elapsedWindows = Math.floor((now - windowStart) / window + TOLERANCE);
		if (elapsedWindows > 0) {
			windowStart += elapsedWindows * window;
			requestsCharged = Math.max(0, requestsCharged - elapsedWindows * requestAllowance);
			bytesCharged = Math.max(0, bytesCharged - elapsedWindows * byteAllowance);
		}
	}

	private boolean allowanceLeft() {
		return (requestAllowance == 0 || requestsCharged < requestAllowance - TOLERANCE)
				&& (byteAllowance == 0 || bytesCharged < byteAllowance - TOLERANCE);
	}

	/** Windows, from the current one on, whose allowance the charge takes: 1 while it fits in this one. */
	private static double windowsNeeded(double charged, double allowance) {
		return allowance == 0 ? 1 : Math.max(1, Math.ceil(charged / allowance - TOLERANCE));
	}

	private void account() {
		double now = clock.now();
		waitingArea += waiting.size() * (now - lastChange);
		populationArea += inThrottle * (now - lastChange);
		lastChange = now;
	}

	/** Measuring begins: the statistics count from now on. */
	@Override
	public void startMeasuring() {
		account();
		since = clock.now();
		waitingArea = 0;
		populationArea = 0;
		requestsPassed = 0;
		bytesPassed = 0;
		served = 0;
	}

	/**
	 * @return the throttle as a resource: its utilization is the share of its limit the passed
	 *         requests used (of the binding limit); waiting are the requests the throttle holds back,
	 *         in system those and the ones that passed on an overdrawn allowance and wait for the
	 *         windows they took
	 */
	@Override
	public SubModelResource resource(String name) {
		account();
		double length = clock.now() - since;
		double used = 0;
		if (length > 0) {
			used = Math.max(requestAllowance > 0 ? requestsPassed / (requestAllowance / window * length) : 0,
					byteAllowance > 0 ? bytesPassed / (byteAllowance / window * length) : 0);
		}
		return new SubModelResource(name, "throttle", "window " + window + " s", 1, served, used,
				length > 0 ? waitingArea / length : 0, length > 0 ? populationArea / length : 0);
	}
}
