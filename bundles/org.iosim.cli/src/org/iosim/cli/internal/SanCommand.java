package org.iosim.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.iosim.files.FileProblems;
import org.iosim.files.WholeFiles;
import org.iosim.analysis.san.IoRequest;
import org.iosim.analysis.san.SanConfiguration;
import org.iosim.analysis.san.SanConfiguration.Layout;
import org.iosim.analysis.san.SanConfigurationReader;
import org.iosim.analysis.san.SanException;
import org.iosim.analysis.san.SanReplay;
import org.iosim.analysis.san.SpcTrace;
import org.iosim.analysis.san.TraceAnalyzer;
import org.iosim.analysis.san.TraceGenerator;
import org.iosim.analysis.san.WorkloadSpecification;
import org.iosim.cli.Main;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "san", mixinStandardHelpOptions = true,
		description = { "The component-based SAN storage model: hosts (LVM, disk driver, adapters), fabric (ports,"
				+ " channels) and a storage subsystem (cache, NVS, adapters, RAID ranks) described by a JSON file;"
				+ " replay SPC block traces or generated ones on it, analyse and generate traces." })
final class SanCommand implements Runnable {

	static final String EXIT_STATUS = "Exit status: 0 done, 1 a file cannot be used (the message names the file, the"
			+ " element or line and what is wrong), 2 usage error.";

	@Spec
	CommandSpec spec;

	@Override
	public void run() {
		throw new IosimCommand.UserError(Main.EXIT_USAGE, "say what to do: "
				+ String.join(", ", spec.subcommands().keySet()));
	}

	static List<IoRequest> readTrace(Path trace) {
		IosimCommand.requireExisting(trace);
		try {
			return SpcTrace.read(trace);
		} catch (SanException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		}
	}

	/** The trace a workload specification gives. */
	static List<IoRequest> generateTrace(Path specification) {
		WorkloadSpecification workload;
		try {
			workload = WorkloadSpecification.read(specification);
		} catch (SanException invalid) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, invalid.getMessage());
		}
		try {
			return TraceGenerator.generate(workload);
		} catch (SanException tooLong) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, specification + ": " + tooLong.getMessage());
		}
	}

	@Command(name = "replay", mixinStandardHelpOptions = true,
			description = { "Replays a trace on a SAN configuration and prints the read hit rate, the response times"
					+ " of reads and writes (mean, 95th percentile, maximum) and per resource its utilization, the"
					+ " mean requests waiting for a server and in system (waiting or in service), and the mean wait. With --out DIR also DIR/summary.json and"
					+ " DIR/resources.csv.",
					"Example: iosim san replay examples/san/san.json --trace examples/san/small.spc" },
			footer = { "", EXIT_STATUS })
	static final class Replay implements Callable<Integer> {
		@Parameters(paramLabel = "CONFIG", description = "The SAN configuration (JSON).")
		Path config;

		static final class Input {
			@Option(names = "--trace", paramLabel = "FILE", required = true,
					description = "An SPC trace: lines ASU,LBA,Size,Opcode,Timestamp.")
			Path trace;

			@Option(names = "--workload", paramLabel = "SPEC", required = true,
					description = "A workload specification (JSON, as 'iosim san analyze --spec' writes) to generate"
							+ " the trace from.")
			Path workload;
		}

		@ArgGroup(exclusive = true, multiplicity = "1")
		Input input;

		@Option(names = "--out", paramLabel = "DIR", description = "Also write summary.json and resources.csv there.")
		Path out;

		@Option(names = "--overwrite", description = "Replace summary.json and resources.csv in DIR if they exist.")
		boolean overwrite;

		@Option(names = "--cache-size", paramLabel = "BYTES",
				description = "What-if: this cache size per storage node instead of the configuration's.")
		Long cacheSize;

		@Option(names = "--layout", paramLabel = "LAYOUT",
				description = "What-if: every volume striped or concatenated over its ranks.")
		String layout;

		@Option(names = "--no-join", description = "What-if: the hosts' disk drivers join no requests.")
		boolean noJoin;

		@Option(names = "--json", description = "Print summary.json instead of text.")
		boolean json;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			if (cacheSize != null && cacheSize < 1) {
				throw new IosimCommand.UserError(Main.EXIT_USAGE, "--cache-size must be at least 1 byte, got " + cacheSize);
			}
			Layout theLayout = null;
			if (layout != null) {
				try {
					theLayout = Layout.valueOf(layout.toUpperCase(Locale.ROOT));
				} catch (IllegalArgumentException unknown) {
					throw new IosimCommand.UserError(Main.EXIT_USAGE,
							"--layout must be striped or concatenated, not '" + FileProblems.excerpt(layout) + "'");
				}
			}
			IosimCommand.requireExisting(config, input.workload);
			if (out != null) {
				// before the replay, which takes long on a long trace
				Path[] inputs = java.util.stream.Stream.of(config, input.trace, input.workload)
						.filter(java.util.Objects::nonNull).toArray(Path[]::new);
				QpnCommand.requireWritableFile(out.resolve("summary.json"), overwrite, inputs);
				QpnCommand.requireWritableFile(out.resolve("resources.csv"), overwrite, inputs);
			}
			SanConfiguration configuration;
			try {
				configuration = SanConfigurationReader.read(config);
			} catch (SanException invalid) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, invalid.getMessage());
			}
			if (cacheSize != null) {
				configuration = configuration.withCacheSize(Math.max(cacheSize, configuration.storage().trackSize()));
			}
			if (theLayout != null) {
				configuration = configuration.withLayout(theLayout);
			}
			if (noJoin) {
				configuration = configuration.withJoin(null);
			}
			List<IoRequest> trace;
			String traceName;
			if (input.trace != null) {
				trace = readTrace(input.trace);
				traceName = input.trace.toString();
			} else {
				trace = generateTrace(input.workload);
				if (trace.isEmpty()) {
					throw new IosimCommand.UserError(Main.EXIT_INVALID, input.workload
							+ ": generates no request (is 'duration' shorter than every 'meanInterArrival'?)");
				}
				traceName = "the trace generated from " + input.workload;
			}
			SanReplay.Result result;
			try {
				result = SanReplay.run(configuration, trace, traceName);
			} catch (SanException invalid) {
				throw new IosimCommand.UserError(Main.EXIT_INVALID, invalid.getMessage());
			}
			PrintWriter printer = spec.commandLine().getOut();
			if (json) {
				printer.println(result.report().toJson());
			} else {
				printer.printf(Locale.ROOT, "Replay of %s on %s: %d requests%s%n", traceName, config,
						result.traceRequests(), result.issuedRequests() == result.traceRequests() ? ""
								: ", " + result.issuedRequests() + " after joining");
				result.report().textLines().forEach(line -> printer.println(line.isEmpty() ? "" : "  " + line));
			}
			if (out != null) {
				try {
					WholeFiles.write(out.resolve("summary.json"),
							file -> Files.writeString(file, result.report().toJson() + "\n"));
					WholeFiles.write(out.resolve("resources.csv"),
							file -> Files.writeString(file, result.report().resourcesCsv()));
				} catch (IOException unwritable) {
					throw new IosimCommand.UserError(Main.EXIT_INVALID, "cannot write the results into " + out + ": "
							+ FileProblems.reason(unwritable));
				}
				spec.commandLine().getErr().println("wrote " + out.resolve("summary.json") + " and "
						+ out.resolve("resources.csv"));
			}
			return 0;
		}
	}

	@Command(name = "analyze", mixinStandardHelpOptions = true,
			description = { "Extracts a trace's parameters per logical disk (ASU): requests, read ratio, sequentiality"
					+ " (share of requests starting where the disk's previous one ended), mean size, mean and"
					+ " coefficient of variation of the inter-arrival times, span of addresses. With --spec FILE also a"
					+ " workload specification from which 'iosim san generate' makes traces like it.",
					"Example: iosim san analyze examples/san/small.spc" },
			footer = { "", EXIT_STATUS })
	static final class Analyze implements Callable<Integer> {
		@Parameters(paramLabel = "TRACE", description = "An SPC trace.")
		Path trace;

		@Option(names = "--spec", paramLabel = "FILE", description = "Write a workload specification there.")
		Path specFile;

		@Option(names = "--overwrite", description = "Replace the --spec FILE if it exists.")
		boolean overwrite;

		@Option(names = "--seed", paramLabel = "N", defaultValue = "1",
				description = "The seed written into the specification (default ${DEFAULT-VALUE}).")
		long seed;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			if (specFile != null) {
				QpnCommand.requireWritableFile(specFile, overwrite, trace);
			}
			TraceAnalyzer.Analysis analysis = TraceAnalyzer.analyze(readTrace(trace));
			PrintWriter printer = spec.commandLine().getOut();
			printer.println("Trace " + trace);
			analysis.textLines().forEach(line -> printer.println("  " + line));
			if (specFile != null) {
				String json = analysis.toSpecification(seed).toJson();
				IosimCommand.writeWhole(specFile, file -> Files.writeString(file, json + "\n"));
				spec.commandLine().getErr().println("wrote " + specFile);
			}
			return 0;
		}
	}

	@Command(name = "generate", mixinStandardHelpOptions = true,
			description = { "Generates an SPC trace from a workload specification: per logical disk the read ratio,"
					+ " the sequentiality, the request size, the inter-arrival distribution (constant, uniform or"
					+ " exponential) with its mean and the span of addresses; seeded, so the same specification"
					+ " gives the same trace.",
					"Example: iosim san generate examples/san/workload.json --out /tmp/generated.spc" },
			footer = { "", EXIT_STATUS })
	static final class Generate implements Callable<Integer> {
		@Parameters(paramLabel = "SPEC", description = "The workload specification (JSON).")
		Path specification;

		@Option(names = "--out", paramLabel = "FILE", required = true, description = "The trace to write.")
		Path out;

		@Option(names = "--overwrite", description = "Replace FILE if it exists.")
		boolean overwrite;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			IosimCommand.requireExisting(specification);
			QpnCommand.requireWritableFile(out, overwrite, specification);
			List<IoRequest> trace = generateTrace(specification);
			IosimCommand.writeWhole(out, file -> SpcTrace.write(file, trace));
			spec.commandLine().getOut().printf(Locale.ROOT, "wrote %d requests to %s%n", trace.size(), out);
			return 0;
		}
	}
}
