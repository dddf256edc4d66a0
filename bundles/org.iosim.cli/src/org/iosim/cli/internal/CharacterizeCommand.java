package org.iosim.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.iosim.characterization.CharacterizationOptions;
import org.iosim.characterization.TraceFormat;
import org.iosim.characterization.TraceFormatException;
import org.iosim.characterization.Traces;
import org.iosim.characterization.WorkloadCharacteristics;
import org.iosim.cli.Main;
import org.iosim.files.FileProblems;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "characterize", mixinStandardHelpOptions = true,
		description = { "Characterizes the workload of measured I/O traces (Noorshams 2015, Sect. 5.3) in the terms of"
				+ " the analysis models' workload inputs (concurrency, meanReadSize, readPattern, ...), to compare a"
				+ " measured application with a simulation's workload state.",
				"Traces: fio per-I/O latency logs (write_lat_log=NAME with log_offset=1 writes NAME_lat.N.log, one per"
						+ " job) or the default text output of blkparse. Several traces are one workload on one clock;"
						+ " their requests are merged in time order.",
				"Example: iosim characterize job_lat.1.log job_lat.2.log --json" },
		footer = { "", "Exit status: 0 done, 1 a trace cannot be used (the message names the file and line), 2 usage"
				+ " error." })
final class CharacterizeCommand implements Callable<Integer> {

	@Parameters(paramLabel = "TRACE", arity = "1..*", description = "Trace files.")
	List<Path> traces;

	@Option(names = "--format", paramLabel = "FORMAT",
			description = "fio or blkparse (default: recognised from each trace's first line).")
	String format;

	@Option(names = "--window", paramLabel = "N", defaultValue = "" + CharacterizationOptions.DEFAULT_WINDOW_LENGTH,
			description = "Requests per window of the access pattern recognition, reads and writes counted apart"
					+ " (default ${DEFAULT-VALUE}).")
	int window;

	@Option(names = "--frequency", paramLabel = "HZ",
			description = "Count the requests in flight HZ times a second for the concurrency, as the thesis' monitors"
					+ " sample (default: their exact time average).")
	Double frequency;

	@Option(names = "--json", description = "Print one JSON object instead of text.")
	boolean json;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		TraceFormat traceFormat = format == null ? null
				: TraceFormat.named(format).orElseThrow(() -> new IosimCommand.UserError(Main.EXIT_USAGE,
						"--format must be fio or blkparse, not '" + FileProblems.excerpt(format) + "'"));
		CharacterizationOptions options;
		try {
			options = new CharacterizationOptions(window,
					frequency == null ? CharacterizationOptions.DEFAULT_SAMPLING_FREQUENCY : frequency);
		} catch (IllegalArgumentException invalid) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, invalid.getMessage());
		}
		IosimCommand.requireExisting(traces.toArray(Path[]::new));
		WorkloadCharacteristics workload;
		try {
			workload = Traces.characterize(traces, traceFormat, options);
		} catch (TraceFormatException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		} catch (IOException unreadable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "cannot read the traces: "
					+ FileProblems.reason(unreadable));
		}
		PrintWriter out = spec.commandLine().getOut();
		if (json) {
			out.println(workload.toJson());
		} else {
			out.printf("Workload of %d requests in %s%n", workload.requests(),
					traces.size() == 1 ? traces.get(0) : traces.size() + " traces");
			workload.textLines().forEach(line -> out.println("  " + line));
		}
		return 0;
	}
}
