package org.iosim.cli.internal;

import java.nio.file.Path;

import org.iosim.cli.Main;
import org.iosim.engine.SimulationConfig;

import picocli.CommandLine.Option;

/**
 * The options of a simulation that {@code simulate} and {@code sweep} share: which model set, the
 * seed, when a replication stops, the warm-up, the I/O configuration and its stored analysis models,
 * and the network. Each command adds its own number of replications.
 */
final class SimulationOptions {

	@Option(names = "--model-set", paramLabel = "NAME",
			description = "Which model set to simulate when MODEL holds several (see 'iosim validate').")
	String modelSet;

	@Option(names = "--seed", paramLabel = "S", defaultValue = "1",
			description = "Seed of all random streams; the same seed reproduces the results exactly (default ${DEFAULT-VALUE}).")
	long seed;

	@Option(names = "--stop-time", paramLabel = "T", description = "Stop each replication at this simulated time.")
	Double stopTime;

	@Option(names = "--max-measurements", paramLabel = "N",
			description = "Stop each replication after N measurements (completed usage-scenario runs after warm-up;"
					+ " default " + SimulationConfig.DEFAULT_MAX_MEASUREMENTS + " without another stop condition).")
	Long maxMeasurements;

	@Option(names = "--confidence", paramLabel = "C",
			description = "Stop a replication when every scenario's mean response time is known with confidence C"
					+ " (e.g. 0.95)...")
	Double confidence;

	@Option(names = "--precision", paramLabel = "P",
			description = "...to within relative half-width P (e.g. 0.02 for ±2 %%). Give both or neither.")
	Double precision;

	@Option(names = "--warmup", paramLabel = "N", defaultValue = "1000",
			description = "Usage-scenario runs discarded before measuring (default ${DEFAULT-VALUE}).")
	long warmup;

	@Option(names = "--io", paramLabel = "CONFIG",
			description = "I/O configuration (.ioconfig) switching storage to virtualized storage with an I/O"
					+ " analysis model; the Palladio files are not edited (a sweep can vary 'io' to compare several).")
	Path io;

	@Option(names = "--models", paramLabel = "DIR",
			description = "Folder of stored analysis model definitions (*.json) the I/O configuration may select.")
	Path models;

	@Option(names = "--simulate-network",
			description = "Let calls between resource containers occupy the linking resource joining them"
					+ " (latency + BYTESIZE / throughput). Off by default, as in Palladio's SimuCom.")
	boolean simulateNetwork;

	/** The settings of each replication; a combination the engine refuses is a usage error naming the options. */
	SimulationConfig config(int replications) {
		try {
			return SimulationConfig.of(seed, stopTime, maxMeasurements, confidence, precision, warmup, replications,
					simulateNetwork);
		} catch (IllegalArgumentException invalid) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, invalid.getMessage().replace("confidence and precision",
					"--confidence and --precision"));
		}
	}
}
