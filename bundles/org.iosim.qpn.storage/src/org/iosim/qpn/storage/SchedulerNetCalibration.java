package org.iosim.qpn.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.iosim.files.FileProblems;
import org.iosim.qpn.Mode;
import org.iosim.qpn.Net;
import org.iosim.qpn.Transition;
import org.iosim.qpn.simulation.PreparedNet;
import org.iosim.qpn.simulation.QpnResult;
import org.iosim.qpn.simulation.QpnRunSettings;
import org.iosim.qpn.simulation.UnsupportedNetException;
import org.iosim.qpn.simulation.calibration.RequestWeights;
import org.iosim.qpn.simulation.calibration.RequestWeights.ResponseTimes;

/**
 * 001 Algorithm 3 on a scheduler net of the user's own (rather than the scheduler template of
 * {@link SchedulerCalibration}): for a configuration of read and write threads, the firing weights α
 * and β of the scheduler transition's read and write modes that make the net's read and write cycle
 * times match the measured response times. Each evaluation sets the two modes' weights and simulates
 * the net with the configuration's tokens in the place reads and writes cycle from.
 */
public final class SchedulerNetCalibration {

	/**
	 * What the net's elements are to the calibration, by name: the place reads and writes cycle from,
	 * their colours, the scheduler transition and its read and write modes.
	 */
	public record Roles(String place, String readColour, String writeColour, String transition, String readMode,
			String writeMode) {
	}

	/** The bounds of the search: {α_min, α_max}, {β_min, β_max}, the precision δ and the acceptable error. */
	public record Search(double[] alphaRange, double[] betaRange, int precision, double acceptableError) {
	}

	/** A measured configuration: its read and write threads and their mean response times. */
	public record Configuration(int readThreads, int writeThreads, ResponseTimes measured) {
	}

	/** A measured configuration and what the search found for it. */
	public record Calibrated(Configuration configuration, RequestWeights.Result result) {
	}

	/** Hears of each configuration as it is calibrated, e.g. to show the progress. */
	public interface Progress {
		/** @param done configurations calibrated so far, {@code latest} the last of them */
		void calibrated(int done, int total, Calibrated latest);
	}

	private final Net net;
	private final String configurationName;
	private final QpnRunSettings settings;
	private final Roles roles;
	private final Mode readMode;
	private final Mode writeMode;
	private final int readSlot;
	private final int writeSlot;

	private SchedulerNetCalibration(Net net, String configurationName, QpnRunSettings settings, Roles roles,
			Mode[] modes, PreparedNet prepared) {
		this.net = net;
		this.configurationName = configurationName;
		this.settings = settings;
		this.roles = roles;
		this.readMode = modes[0];
		this.writeMode = modes[1];
		this.readSlot = colour(prepared, roles.place(), roles.readColour());
		this.writeSlot = colour(prepared, roles.place(), roles.writeColour());
	}

	/**
	 * @param net               a net the simulator supports
	 * @param configurationName the net's simulator configuration that evaluations run with
	 * @throws IllegalArgumentException naming a transition, mode or colour the net does not have
	 */
	public static SchedulerNetCalibration of(Net net, String configurationName, QpnRunSettings settings, Roles roles) {
		return new SchedulerNetCalibration(net, configurationName, settings, roles, modes(net, roles),
				PreparedNet.of(net, configurationName));
	}

	/**
	 * Runs the search for one configuration. The net's mode weights are changed while it runs and set
	 * back afterwards.
	 *
	 * @throws IllegalArgumentException when the configuration or the search's bounds cannot be used, or
	 *                                  no token of a colour left the place in a run
	 */
	public RequestWeights.Result calibrate(Configuration configuration, Search search) {
		double readWeight = readMode.getFiringWeight();
		double writeWeight = writeMode.getFiringWeight();
		Map<Integer, Integer> tokens = Map.of(readSlot, configuration.readThreads(), writeSlot,
				configuration.writeThreads());
		try {
			return RequestWeights.calibrate(configuration.measured(), search.alphaRange(), search.betaRange(),
					search.precision(), search.acceptableError(), (alpha, beta) -> {
						readMode.setFiringWeight(alpha);
						writeMode.setFiringWeight(beta);
						// the weights are part of the prepared net, so each evaluation prepares it anew
						QpnResult solved = PreparedNet.of(net, configurationName).run(settings, tokens);
						return new ResponseTimes(cycleTime(solved, roles.readColour(), configuration.readThreads()),
								cycleTime(solved, roles.writeColour(), configuration.writeThreads()));
					});
		} catch (UnsupportedNetException unusable) {
			throw new IllegalArgumentException(unusable.getMessage(), unusable);
		} finally {
			readMode.setFiringWeight(readWeight);
			writeMode.setFiringWeight(writeWeight);
		}
	}

	/**
	 * Runs the search for each measured configuration, in order.
	 *
	 * @throws IllegalArgumentException naming the configuration's row (from 1) when it cannot be
	 *                                  calibrated, as {@link #calibrate} says
	 */
	public List<Calibrated> calibrateAll(List<Configuration> configurations, Search search, Progress progress) {
		List<Calibrated> calibrated = new ArrayList<>();
		for (Configuration configuration : configurations) {
			Calibrated done;
			try {
				done = new Calibrated(configuration, calibrate(configuration, search));
			} catch (IllegalArgumentException unusable) {
				throw new IllegalArgumentException("row " + (calibrated.size() + 1) + ": " + unusable.getMessage(),
						unusable);
			}
			calibrated.add(done);
			progress.calibrated(calibrated.size(), configurations.size(), done);
		}
		return calibrated;
	}

	/**
	 * @return the weights found, as a CSV table with a row per configuration: its threads, the best
	 *         step's weights α and β, their ratio φ, its error and predicted response times, and the
	 *         weights of the search's last step
	 */
	public static String weightsCsv(List<Calibrated> calibrated) {
		StringBuilder csv = new StringBuilder("readThreads,writeThreads,alpha,beta,phi,error,predictedReadResponseTime,"
				+ "predictedWriteResponseTime,printedAlpha,printedBeta\n");
		for (Calibrated row : calibrated) {
			RequestWeights.Step best = row.result().best();
			csv.append(String.format(Locale.ROOT, "%d,%d,%d,%d,%s,%s,%s,%s,%d,%d\n", row.configuration().readThreads(),
					row.configuration().writeThreads(), best.alpha(), best.beta(), (double) best.alpha() / best.beta(),
					best.error(), best.predicted().read(), best.predicted().write(), row.result().last().alpha(),
					row.result().last().beta()));
		}
		return csv.toString();
	}

	private double cycleTime(QpnResult solved, String colour, int tokens) {
		double cycle = solved.cycleTime(roles.place(), colour, tokens);
		if (Double.isNaN(cycle)) {
			throw new IllegalArgumentException("no token of colour '" + colour + "' left place '" + roles.place()
					+ "' in the run; raise the run length of the net's configuration");
		}
		return cycle;
	}

	/** The transition's read and write modes, by name. */
	private static Mode[] modes(Net net, Roles roles) {
		Transition transition = net.getTransitions().stream()
				.filter(candidate -> roles.transition().equals(candidate.getName())).findFirst()
				.orElseThrow(() -> new IllegalArgumentException("no transition named '"
						+ FileProblems.excerpt(roles.transition()) + "'"));
		Mode[] modes = new Mode[2];
		String[] names = { roles.readMode(), roles.writeMode() };
		for (int index = 0; index < 2; index++) {
			String name = names[index];
			modes[index] = transition.getModes().stream().filter(mode -> name.equals(mode.getName())).findFirst()
					.orElseThrow(() -> new IllegalArgumentException("transition '" + FileProblems.excerpt(roles.transition())
							+ "' has no mode named '" + FileProblems.excerpt(name) + "'"));
		}
		return modes;
	}

	private static int colour(PreparedNet prepared, String place, String colour) {
		return prepared.colourOfPlace(place, colour).orElseThrow(() -> new IllegalArgumentException("place '"
				+ FileProblems.excerpt(place) + "' holds no colour '" + FileProblems.excerpt(colour) + "'"));
	}
}
