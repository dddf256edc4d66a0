package org.iosim.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.iosim.characterization.SyscallStreams;
import org.iosim.characterization.TraceFormatException;
import org.iosim.cli.Main;
import org.iosim.files.FileProblems;
import org.iosim.measure.MeasurementException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "trace", mixinStandardHelpOptions = true,
		description = { "Finds the I/O stream of an application from its system calls: runs COMMAND under strace (or reads"
				+ " a log strace -f -ttt -T -y wrote, --from) and prints per folder (or file) the reads and writes with"
				+ " their sizes, their sequentiality (the share of requests that continue the previous one of their file),"
				+ " the files and the extent they span, and the flushes (fsync, fdatasync, writes to O_SYNC files). With"
				+ " --units N, the number of operations the run did (transactions, requests), every count is also given"
				+ " per operation: the I/O actions of one operation in a model." },
		footer = { "", "Example: iosim trace --units 1000 --log results/app.strace -- ./my-app --requests 1000",
				"Needs strace (apt-get install strace) to run a command.",
				"Exit status: COMMAND's failure or a log that cannot be used is 1, usage error 2, else 0." })
final class TraceCommand implements Callable<Integer> {

	@Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command to trace (after --).")
	List<String> command = new ArrayList<>();

	@Option(names = "--from", paramLabel = "LOG", description = "Characterize this strace log instead of running a command.")
	Path from;

	@Option(names = "--log", paramLabel = "LOG", description = "Where strace writes its log (default: a temporary file,"
			+ " removed at the end).")
	Path log;

	@Option(names = "--overwrite", description = "Replace the file of --log if it exists.")
	boolean overwrite;

	@Option(names = "--units", paramLabel = "N", description = "Operations the traced run did, to give the stream per"
			+ " operation.")
	Long units;

	@Option(names = "--per-file", description = "One row per file instead of per folder.")
	boolean perFile;

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		if ((from == null) == command.isEmpty()) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "give a COMMAND to trace (after --) or --from LOG, one of them");
		}
		if (units != null && units < 1) {
			throw new IosimCommand.UserError(Main.EXIT_USAGE, "--units must be at least 1, got " + units);
		}
		Path traced = from;
		boolean temporary = false;
		try {
			if (from == null) {
				if (log != null) {
					QpnCommand.requireWritableFile(log, overwrite);
				}
				traced = log != null ? log : Files.createTempFile("iosim-trace", ".strace");
				temporary = log == null;
				run(traced);
			} else {
				IosimCommand.requireExisting(from);
			}
			List<SyscallStreams.Stream> streams = SyscallStreams.read(traced,
					perFile ? SyscallStreams.Grouping.FILE : SyscallStreams.Grouping.FOLDER);
			print(spec.commandLine().getOut(), streams);
			return 0;
		} catch (TraceFormatException unusable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, unusable.getMessage());
		} catch (IOException unreadable) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "cannot read the trace: " + FileProblems.reason(unreadable));
		} catch (MeasurementException failed) {
			throw new IosimCommand.UserError(Main.EXIT_INVALID, failed.getMessage());
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new IosimCommand.UserError(Main.EXIT_INVALID, "interrupted");
		} finally {
			if (temporary) {
				try {
					Files.deleteIfExists(traced);
				} catch (IOException leftOver) {
					// a temporary file left behind harms nothing
				}
			}
		}
	}

	private void run(Path traced) throws MeasurementException, InterruptedException, IOException {
		List<String> strace = new ArrayList<>(List.of("strace", "-f", "-ttt", "-T", "-y", "-qq", "-e",
				"trace=" + SyscallStreams.traced(), "-o", traced.toString(), "--"));
		strace.addAll(command);
		Process process;
		try {
			process = new ProcessBuilder(strace).inheritIO().start();
		} catch (IOException missing) {
			throw new MeasurementException("strace not found: install it (Debian and Ubuntu: apt-get install strace)");
		}
		int status = process.waitFor();
		if (status != 0) {
			throw new MeasurementException("'" + command.get(0) + "' ended with exit status " + status
					+ "; its trace may be incomplete, so it is not characterized");
		}
	}

	private void print(PrintWriter out, List<SyscallStreams.Stream> streams) {
		double per = units == null ? 1 : units;
		String unit = units == null ? "" : "/op";
		TextTable table = new TextTable().text(perFile ? "file" : "folder").number("reads" + unit).number("mean read")
				.number("seq. reads").number("writes" + unit).number("mean write").number("seq. writes")
				.number("flushes" + unit).number("flushes/write").number("sync writes").number("files").number("extent");
		for (SyscallStreams.Stream stream : streams) {
			table.row(stream.name(), count(stream.reads().count() / per), size(stream.reads().mean()),
					share(stream.sequentialReads(), stream.reads().count()), count(stream.writes().count() / per),
					size(stream.writes().mean()), share(stream.sequentialWrites(), stream.writes().count()),
					count(stream.flushes() / per), String.format(Locale.ROOT, "%.2f", stream.flushesPerWrite()),
					Long.toString(stream.synchronousWrites()), Integer.toString(stream.files()), size(stream.extent()));
		}
		table.print(out);
		if (units != null) {
			out.printf(Locale.ROOT, "per operation: divided by --units %d%n", units);
		}
	}

	private static String count(double value) {
		return value == Math.rint(value) && value < 1e15 ? String.format(Locale.ROOT, "%d", (long) value)
				: String.format(Locale.ROOT, "%.3f", value);
	}

	private static String share(double share, long of) {
		return of == 0 ? TextTable.NONE : String.format(Locale.ROOT, "%.2f", share);
	}

	private static String size(double bytes) {
		if (bytes == 0) {
			return "0";
		}
		String[] units = { "B", "KiB", "MiB", "GiB", "TiB" };
		int unit = 0;
		while (bytes >= 1024 && unit < units.length - 1) {
			bytes /= 1024;
			unit++;
		}
		return String.format(Locale.ROOT, unit == 0 ? "%.0f %s" : "%.1f %s", bytes, units[unit]);
	}
}
