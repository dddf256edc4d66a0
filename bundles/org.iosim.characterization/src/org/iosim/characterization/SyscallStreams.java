package org.iosim.characterization;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The I/O stream an application issues, read from its system calls as {@code strace -f -ttt -T -y}
 * records them: per group of files (a folder, or each file) the reads and writes with their sizes,
 * how sequential they are, the files and the extent they span, and the flushes: {@code fsync} and
 * {@code fdatasync} calls, and writes to files opened {@code O_SYNC} or {@code O_DSYNC}. Divided by
 * the units of work the traced run did (transactions, requests), this is the I/O of one operation
 * that a model's I/O actions state.
 * <p>
 * A request is sequential when it starts where the previous request of its type on the same file
 * ended (the share of requests that continue an earlier one, as the characterization of block
 * traces counts it). File positions are followed per process and descriptor through open, dup,
 * lseek, read and write; a descriptor opened before tracing started has no known position until an
 * lseek.
 */
public final class SyscallStreams {

	/** The system calls this reads, for strace's {@code -e trace=}. */
	private static final List<String> TRACED = List.of("openat", "open", "creat", "read", "write", "pread64",
			"pwrite64", "readv", "writev", "preadv", "pwritev", "lseek", "fsync", "fdatasync", "close", "dup", "dup2",
			"dup3", "fcntl");

	/** A line is one system call; longer ones are not strace's (it abbreviates strings to 32 characters). */
	private static final int MAX_LINE = 64 * 1024;
	/** A finished call; with -y, a result that is a descriptor carries its file too: {@code = 3</path>}. */
	private static final Pattern CALL = Pattern.compile("^(\\d+) +[0-9.]+ +(\\w+)\\((.*)\\) += (-?\\d+)(?:<[^>]*>)?(?: .*)?$");
	private static final Pattern UNFINISHED = Pattern.compile("^(\\d+) +[0-9.]+ +(\\w+)\\((.*) <unfinished \\.\\.\\.>$");
	private static final Pattern RESUMED = Pattern.compile("^(\\d+) +[0-9.]+ +<\\.\\.\\. (\\w+) resumed>(.*)\\) += (-?\\d+)(?:<[^>]*>)?(?: .*)?$");
	private static final Pattern DESCRIPTOR = Pattern.compile("^(\\d+)<(.*?)>(?:, |$)");

	/** How files are grouped: each file apart, or the files of a folder together. */
	public enum Grouping {
		FILE, FOLDER
	}

	/**
	 * One group's stream.
	 *
	 * @param name             the folder or file
	 * @param reads            read requests (sizes in bytes)
	 * @param writes           write requests
	 * @param sequentialReads  share of reads that continue the previous read of their file
	 * @param sequentialWrites share of writes that continue the previous write of their file
	 * @param flushes          fsync and fdatasync calls
	 * @param synchronousWrites writes to files opened O_SYNC or O_DSYNC
	 * @param files            distinct files
	 * @param extent           bytes the requests span, summed over the files (from offset 0 to the
	 *                         furthest byte reached)
	 */
	public record Stream(String name, Sizes reads, Sizes writes, double sequentialReads, double sequentialWrites,
			long flushes, long synchronousWrites, int files, long extent) {

		/** @return flushes per write, 0 without writes */
		public double flushesPerWrite() {
			return writes.count() == 0 ? 0 : (double) flushes / writes.count();
		}
	}

	/** The sizes of a kind of request: how many, their mean, median and 95th percentile in bytes. */
	public record Sizes(long count, double mean, double p50, double p95, long bytes) {
		static Sizes of(List<Long> sizes) {
			if (sizes.isEmpty()) {
				return new Sizes(0, 0, 0, 0, 0);
			}
			long[] sorted = sizes.stream().mapToLong(Long::longValue).sorted().toArray();
			long total = Arrays.stream(sorted).sum();
			return new Sizes(sorted.length, (double) total / sorted.length, sorted[(sorted.length - 1) / 2],
					sorted[(int) Math.ceil(0.95 * sorted.length) - 1], total);
		}
	}

	private SyscallStreams() {
	}

	/** @return the system calls to trace, as strace's {@code -e trace=} takes them */
	public static String traced() {
		return String.join(",", TRACED);
	}

	/**
	 * Reads an strace log.
	 *
	 * @param grouping how to group the files
	 * @return the streams, by group name
	 * @throws TraceFormatException naming the file and line when the log is not strace's with
	 *                              {@code -f -ttt -T -y}, or holds no read or write
	 */
	public static List<Stream> read(Path log, Grouping grouping) throws IOException {
		Accumulator streams = new Accumulator(grouping);
		Map<Integer, String> unfinished = new HashMap<>();
		int lineNumber = 0;
		boolean anyCall = false;
		try (BufferedReader lines = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
			for (String line = lines.readLine(); line != null; line = lines.readLine()) {
				lineNumber++;
				if (line.length() > MAX_LINE) {
					throw new TraceFormatException(log + ": line " + lineNumber + ": longer than an strace line can be");
				}
				Matcher call = CALL.matcher(line);
				Matcher pending = UNFINISHED.matcher(line);
				Matcher resumed = RESUMED.matcher(line);
				if (pending.matches()) {
					unfinished.put(Integer.parseInt(pending.group(1)), pending.group(3));
					anyCall = true;
				} else if (resumed.matches()) {
					int pid = Integer.parseInt(resumed.group(1));
					String start = unfinished.remove(pid);
					if (start != null) {
						streams.call(pid, resumed.group(2), start + resumed.group(3), Long.parseLong(resumed.group(4)));
					}
				} else if (call.matches()) {
					streams.call(Integer.parseInt(call.group(1)), call.group(2), call.group(3), Long.parseLong(call.group(4)));
					anyCall = true;
				} else if (!anyCall && lineNumber <= 5 && !line.contains("+++") && !line.contains("---")) {
					throw new TraceFormatException(log + ": line " + lineNumber + ": not a system call as"
							+ " 'strace -f -ttt -T -y' records it (process id, time, call(arguments) = result <duration>)");
				}
			}
		} catch (java.nio.charset.MalformedInputException binary) {
			throw new TraceFormatException(log + ": line " + (lineNumber + 1) + ": not text (an strace log is text)");
		}
		List<Stream> result = streams.result();
		if (result.isEmpty()) {
			throw new TraceFormatException(log + " holds no read or write of a file (was it traced with -y, which names"
					+ " the files of descriptors?)");
		}
		return result;
	}

	/** Follows descriptors, positions and requests through the calls. */
	private static final class Accumulator {
		private final Grouping grouping;
		private final Map<String, Long> positions = new HashMap<>();
		private final Set<String> synchronous = new HashSet<>();
		private final Map<String, Group> groups = new TreeMap<>();

		Accumulator(Grouping grouping) {
			this.grouping = grouping;
		}

		void call(int pid, String name, String arguments, long result) {
			switch (name) {
			case "openat", "open", "creat" -> opened(pid, arguments, result);
			case "lseek" -> descriptor(arguments).ifPresent(fd -> {
				if (result >= 0) {
					positions.put(pid + "/" + fd[0], result);
				}
			});
			case "read", "readv" -> transfer(pid, arguments, result, false, null);
			case "write", "writev" -> transfer(pid, arguments, result, true, null);
			case "pread64", "preadv" -> transfer(pid, arguments, result, false, lastNumber(arguments));
			case "pwrite64", "pwritev" -> transfer(pid, arguments, result, true, lastNumber(arguments));
			case "fsync", "fdatasync" -> descriptor(arguments).filter(fd -> result == 0 && isFile(fd[1]))
					.ifPresent(fd -> group(fd[1]).flushes++);
			case "dup", "dup2", "dup3" -> duplicated(pid, arguments, result);
			case "fcntl" -> {
				if (arguments.contains("F_DUPFD")) {
					duplicated(pid, arguments, result);
				}
			}
			case "close" -> descriptor(arguments).ifPresent(fd -> {
				positions.remove(pid + "/" + fd[0]);
				synchronous.remove(pid + "/" + fd[0]);
			});
			default -> {
			}
			}
		}

		/** A duplicate shares its original's position and flags (dd writes to its file through a dup2 as fd 1). */
		private void duplicated(int pid, String arguments, long result) {
			descriptor(arguments).filter(fd -> result >= 0).ifPresent(fd -> {
				String original = pid + "/" + fd[0];
				String copy = pid + "/" + result;
				Long position = positions.get(original);
				if (position != null) {
					positions.put(copy, position);
				} else {
					positions.remove(copy);
				}
				if (synchronous.contains(original)) {
					synchronous.add(copy);
				} else {
					synchronous.remove(copy);
				}
			});
		}

		private void opened(int pid, String arguments, long result) {
			if (result < 0) {
				return;
			}
			// the result carries the file with -y: "3</path/to/file>" is how the log gives it back
			String key = pid + "/" + result;
			positions.put(key, 0L);
			String flags = arguments.replaceAll(".*\", ", "");
			if (flags.matches(".*\\bO_D?SYNC\\b.*")) {
				synchronous.add(key);
			} else {
				synchronous.remove(key);
			}
			if (flags.contains("O_APPEND")) {
				positions.remove(key); // appends go to the end, which the log does not say
			}
		}

		private void transfer(int pid, String arguments, long result, boolean write, Long offset) {
			java.util.Optional<String[]> fd = descriptor(arguments);
			if (fd.isEmpty() || result <= 0 || !isFile(fd.get()[1])) {
				return;
			}
			String key = pid + "/" + fd.get()[0];
			Long start = offset != null ? offset : positions.get(key);
			if (offset == null && start != null) {
				positions.put(key, start + result);
			}
			Group group = group(fd.get()[1]);
			group.add(fd.get()[1], write, start, result, synchronous.contains(key));
		}

		private Group group(String file) {
			String name = grouping == Grouping.FILE ? file : folder(file);
			return groups.computeIfAbsent(name, Group::new);
		}

		private static String folder(String file) {
			int slash = file.lastIndexOf('/');
			return slash > 0 ? file.substring(0, slash) : "/";
		}

		/** Regular files only: -y names sockets, pipes and devices as socket:[…], pipe:[…], /dev/…. */
		private static boolean isFile(String path) {
			return path.startsWith("/") && !path.startsWith("/dev/") && !path.startsWith("/proc/")
					&& !path.startsWith("/sys/");
		}

		private static java.util.Optional<String[]> descriptor(String arguments) {
			Matcher matcher = DESCRIPTOR.matcher(arguments);
			return matcher.find() ? java.util.Optional.of(new String[] { matcher.group(1), matcher.group(2) })
					: java.util.Optional.empty();
		}

		private static Long lastNumber(String arguments) {
			int comma = arguments.lastIndexOf(", ");
			try {
				return comma < 0 ? null : Long.parseLong(arguments.substring(comma + 2).strip());
			} catch (NumberFormatException notANumber) {
				return null;
			}
		}

		List<Stream> result() {
			List<Stream> streams = new ArrayList<>();
			for (Group group : groups.values()) {
				if (!group.readSizes.isEmpty() || !group.writeSizes.isEmpty()) {
					streams.add(group.stream());
				}
			}
			return streams;
		}
	}

	/** One group's requests as they come. */
	private static final class Group {
		final String name;
		final List<Long> readSizes = new ArrayList<>();
		final List<Long> writeSizes = new ArrayList<>();
		final Map<String, Long> lastReadEnd = new HashMap<>();
		final Map<String, Long> lastWriteEnd = new HashMap<>();
		final Map<String, Long> extent = new HashMap<>();
		long sequentialReads;
		long sequentialWrites;
		long flushes;
		long synchronousWrites;

		Group(String name) {
			this.name = name;
		}

		void add(String file, boolean write, Long start, long size, boolean synchronous) {
			(write ? writeSizes : readSizes).add(size);
			extent.merge(file, start == null ? 0 : start + size, Math::max);
			Map<String, Long> lastEnd = write ? lastWriteEnd : lastReadEnd;
			if (start != null) {
				Long previous = lastEnd.put(file, start + size);
				if (previous != null && previous.longValue() == start.longValue()) {
					if (write) {
						sequentialWrites++;
					} else {
						sequentialReads++;
					}
				}
			} else {
				lastEnd.remove(file);
			}
			if (write && synchronous) {
				synchronousWrites++;
			}
		}

		Stream stream() {
			return new Stream(name, Sizes.of(readSizes), Sizes.of(writeSizes), share(sequentialReads, readSizes.size()),
					share(sequentialWrites, writeSizes.size()), flushes, synchronousWrites, extent.size(),
					extent.values().stream().mapToLong(Long::longValue).sum());
		}

		private static double share(long part, int whole) {
			return whole == 0 ? 0 : (double) part / whole;
		}
	}
}
