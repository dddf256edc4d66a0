package org.iosim.cli.internal;

import org.iosim.cli.Main;

import picocli.CommandLine.Option;

/** The bench commands' {@code --simqpn-runs}: how often SimQPN runs beside IOSim, once it is built. */
final class SimQpnRunsOption {

	@Option(names = "--simqpn-runs", defaultValue = "3", paramLabel = "N", description = "When SimQPN has been built"
			+ " (benchmarks/simqpn): its timed runs (for a net, each after one of IOSim's 'qpn simulate'), whose figures"
			+ " IOSim's are compared with; 0 for none (default ${DEFAULT-VALUE}).")
	int runs;

	/** @return the runs asked for, 0 to 100, checked before any work */
	int runs() {
		if (runs < 0 || runs > 100) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--simqpn-runs must be 0 to 100, got " + runs);
		}
		return runs;
	}
}
