package org.iosim.qpn.simulation;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.iosim.qpn.Net;
import org.iosim.qpn.SimulatorConfiguration;
import org.iosim.qpn.qpe.NetFiles;
import org.iosim.qpn.qpe.QpeReadResult;
import org.iosim.qpn.qpe.QpnDiagnostic;

/**
 * A net read for simulation, as every front end reads one: the file, the validator's rules and what
 * the simulator supports, so that what {@code qpn validate} accepts is what {@code qpn simulate},
 * {@code qpn bench} and a scheduler net's calibration run.
 */
public final class SimulatableNets {

	private SimulatableNets() {
	}

	/**
	 * A net that reads, passes the validator and compiles for the simulator.
	 *
	 * @param file          the file as the user named it
	 * @param net           the net
	 * @param configuration the simulator configuration named, or the net's first; empty if it has none
	 * @param warnings      the validator's warnings, each naming the file
	 */
	public record Read(Path file, Net net, Optional<SimulatorConfiguration> configuration, List<QpnDiagnostic> warnings) {

		/** @return the configuration, or a refusal saying that a run needs one */
		public SimulatorConfiguration requireConfiguration() throws NetRefusedException {
			return configuration.orElseThrow(() -> new NetRefusedException(file
					+ ": the net has no simulator configuration to take the run length and warm-up from"));
		}

		/**
		 * The run settings of the configuration with this seed and, where given, another run length: the
		 * warm-up is then at most a tenth of it, and the stopping rule is checked at least a hundred times.
		 *
		 * @param runLength null for the configuration's own
		 * @throws NetRefusedException naming the file and the configuration, if the simulator cannot run
		 *                             the settings (e.g. a run length of 0)
		 */
		public QpnRunSettings settings(long seed, Double runLength) throws NetRefusedException {
			SimulatorConfiguration chosen = requireConfiguration();
			try {
				QpnRunSettings settings = QpnRunSettings.of(chosen, seed);
				return runLength == null ? settings : settings.withRunLength(runLength);
			} catch (IllegalArgumentException invalid) {
				throw new NetRefusedException(file + ": configuration '" + chosen.getName() + "': " + invalid.getMessage());
			}
		}
	}

	/** The net cannot be simulated; the message names the file and each problem, one a line. */
	public static final class NetRefusedException extends Exception {
		private static final long serialVersionUID = 1L;

		public NetRefusedException(String message) {
			super(message);
		}
	}

	/**
	 * @param file              an existing file: a QPME {@code .qpe} net or IOSim's {@code .qpn}
	 * @param configurationName a simulator configuration of the net, or null for its first
	 * @throws NetRefusedException      if the file does not read, the net breaks a rule, or the simulator
	 *                                  cannot run it
	 * @throws IllegalArgumentException if the net has no configuration of that name (the caller's
	 *                                  argument, not the file, is at fault); the message lists the net's
	 */
	public static Read read(Path file, String configurationName) throws NetRefusedException {
		QpeReadResult read = NetFiles.readValidated(file);
		if (read.hasErrors()) {
			throw new NetRefusedException(read.errorLines());
		}
		Net net = read.net();
		Optional<SimulatorConfiguration> configuration = configuration(net, file, configurationName);
		try {
			QpnSimulator.check(net, configuration.map(SimulatorConfiguration::getName).orElse(null));
		} catch (UnsupportedNetException unsupported) {
			throw new NetRefusedException(file.getFileName() + ": " + unsupported.getMessage());
		}
		return new Read(file, net, configuration, read.warnings());
	}

	private static Optional<SimulatorConfiguration> configuration(Net net, Path file, String name) {
		List<SimulatorConfiguration> configurations = net.getConfigurations();
		if (name == null) {
			return configurations.stream().findFirst();
		}
		return Optional.of(configurations.stream().filter(configuration -> name.equals(configuration.getName()))
				.findFirst().orElseThrow(() -> new IllegalArgumentException(file + ": no simulator configuration named '"
						+ name + "'; it has " + configurations.stream().map(SimulatorConfiguration::getName).toList())));
	}
}
