package org.iosim.measure;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

import org.iosim.analysis.WorkloadInput;
import org.iosim.pcm.io.IoType;

/**
 * One storage workload configuration of a measurement plan (001 §5.3): closed-loop threads without
 * think time issuing requests of one size, a read/write mix and an access pattern over a file set.
 * The threads either all mix reads and writes, or are separate read and write threads (the read and
 * write clients of 001 §7.5); a workload of one request type is the same in both ways and is
 * always {@link Threads#MIXED}, so it exists once.
 *
 * @param requestSize bytes per request, a multiple of 512
 * @param readRatio   fraction of reads, in whole percent (fio's granularity)
 * @param sequential  whether each thread reads and writes its part of the file set in order
 * @param fileSetSize bytes of the file set the threads share
 * @param concurrency threads
 * @param queueDepth  requests each thread keeps in flight (more than 1 takes asynchronous I/O)
 * @param direct      whether requests bypass the page cache (O_DIRECT)
 * @param threads     whether every thread mixes reads and writes, or the threads are separate
 * @param sync        how writes reach the device before they complete: a database's log and a file
 *                    server's synchronous writes wait for the device; none for a workload without writes
 * @param files       whether the writes go to files laid out beforehand, or to files they grow from
 *                    empty, as a file server's or a mail server's new files are written
 */
public record StorageWorkload(long requestSize, double readRatio, boolean sequential, long fileSetSize,
		int concurrency, int queueDepth, boolean direct, Threads threads, Sync sync, Files files) {

	/** The smallest block fio accepts for direct I/O, and the granularity of every size here. */
	public static final int SECTOR = 512;

	/** How the reads and writes are spread over the threads, by their names in plans and the database. */
	public enum Threads {
		/** Every thread issues reads and writes, a read with probability readRatio. */
		MIXED("mixed"),
		/** round(concurrency × readRatio) threads issue only reads, the others only writes. */
		SEPARATE("separate");

		private final String id;

		Threads(String id) {
			this.id = id;
		}

		public String id() {
			return id;
		}
	}

	/** How a workload's writes are made durable, by their names in plans and the database. */
	public enum Sync {
		/** Writes complete when the page cache (or, direct, the device) has them; nothing waits for a flush. */
		NONE("none"),
		/** Each write is followed by fdatasync(2), which waits for the data and a device cache flush. */
		FDATASYNC("fdatasync"),
		/** The file is opened with O_SYNC: each write returns once it is durable. */
		OSYNC("osync");

		private final String id;

		Sync(String id) {
			this.id = id;
		}

		public String id() {
			return id;
		}

		/** @return the mode of this id, or null if there is none */
		public static Sync of(String id) {
			for (Sync sync : values()) {
				if (sync.id.equals(id)) {
					return sync;
				}
			}
			return null;
		}
	}

	/**
	 * Which files the writes go to, by their names in plans and the database. A write that grows its
	 * file changes the file's size and allocates blocks, so a file system that makes it durable writes
	 * the file's metadata too: on this machine's ext4 an O_SYNC write that grows its file costs three
	 * device writes where one over existing blocks costs two.
	 */
	public enum Files {
		/** The file set is written in full before the first run; writes overwrite its blocks. */
		EXISTING("existing"),
		/**
		 * Each thread writes its own file from empty, in order, without reserving space; when the file
		 * reaches the thread's share of the file set it is removed and the next one starts empty.
		 */
		GROWING("growing");

		private final String id;

		Files(String id) {
			this.id = id;
		}

		public String id() {
			return id;
		}

		/** @return the kind of this id, or null if there is none */
		public static Files of(String id) {
			for (Files files : values()) {
				if (files.id.equals(id)) {
					return files;
				}
			}
			return null;
		}
	}

	/** A workload over files laid out beforehand, as every workload was before the files factor. */
	public StorageWorkload(long requestSize, double readRatio, boolean sequential, long fileSetSize, int concurrency,
			int queueDepth, boolean direct, Threads threads, Sync sync) {
		this(requestSize, readRatio, sequential, fileSetSize, concurrency, queueDepth, direct, threads, sync,
				Files.EXISTING);
	}

	/** A workload whose writes wait for no flush, as every workload did before the sync factor. */
	public StorageWorkload(long requestSize, double readRatio, boolean sequential, long fileSetSize, int concurrency,
			int queueDepth, boolean direct, Threads threads) {
		this(requestSize, readRatio, sequential, fileSetSize, concurrency, queueDepth, direct, threads, Sync.NONE);
	}

	/** A workload whose threads mix reads and writes, as every workload did before separate threads. */
	public StorageWorkload(long requestSize, double readRatio, boolean sequential, long fileSetSize, int concurrency,
			int queueDepth, boolean direct) {
		this(requestSize, readRatio, sequential, fileSetSize, concurrency, queueDepth, direct, Threads.MIXED);
	}

	public StorageWorkload {
		if (requestSize < SECTOR || requestSize % SECTOR != 0) {
			throw new IllegalArgumentException("requestSize must be a positive multiple of 512 bytes, got " + requestSize);
		}
		if (!(readRatio >= 0 && readRatio <= 1) || Math.abs(readRatio * 100 - Math.rint(readRatio * 100)) > 1e-9) {
			throw new IllegalArgumentException("readRatio must be a whole percentage in [0, 1], got " + readRatio);
		}
		if (concurrency < 1 || queueDepth < 1) {
			throw new IllegalArgumentException("concurrency and queueDepth must be at least 1");
		}
		if (fileSetSize < requestSize * concurrency) {
			throw new IllegalArgumentException("fileSetSize " + fileSetSize + " must hold at least one request per thread ("
					+ requestSize * concurrency + " bytes)");
		}
		if (threads == null) {
			throw new IllegalArgumentException("threads must be mixed or separate");
		}
		if (readRatio == 0 || readRatio == 1) {
			threads = Threads.MIXED;
		}
		if (sync == null) {
			throw new IllegalArgumentException("sync must be none, fdatasync or osync");
		}
		if (readRatio == 1) {
			sync = Sync.NONE; // nothing to make durable: the same workload as without
		}
		if (files == null) {
			throw new IllegalArgumentException("files must be existing or growing");
		}
		if (files == Files.GROWING && (readRatio != 0 || !sequential)) {
			throw new IllegalArgumentException("growing files are written in order and never read: they need"
					+ " readRatio 0 and the sequential pattern");
		}
		if (files == Files.GROWING && fileSetSize < 2 * requestSize * concurrency) {
			// fio reports no request of a file that one request fills when the run has a warm-up
			throw new IllegalArgumentException("growing files need room for two requests a thread: fileSetSize "
					+ fileSetSize + " is less than 2 x " + requestSize + " x " + concurrency + " bytes");
		}
		long readThreads = Math.round(concurrency * readRatio);
		if (threads == Threads.SEPARATE && (readThreads == 0 || readThreads == concurrency)) {
			throw new IllegalArgumentException(String.format(Locale.ROOT, "separate threads need at least one read and one"
					+ " write thread, but %d thread%s at %d %% reads give%s %d read and %d write threads (round(%d x %s));"
					+ " use more threads, a read ratio nearer 0.5, or mixed threads", concurrency,
					concurrency == 1 ? "" : "s", Math.round(readRatio * 100), concurrency == 1 ? "s" : "", readThreads,
					concurrency - readThreads, concurrency, readRatio));
		}
	}

	/**
	 * @return the threads that issue only reads, when every thread issues one type only: round(concurrency
	 *         × readRatio) with separate threads, all when the workload only reads, none when it only
	 *         writes; empty when every thread mixes reads and writes. The others only write.
	 */
	public OptionalInt readOnlyThreads() {
		if (threads == Threads.SEPARATE || readRatio == 0 || readRatio == 1) {
			return OptionalInt.of((int) Math.round(concurrency * readRatio));
		}
		return OptionalInt.empty();
	}

	/** @return requests in service at the storage at a time: threads times queue depth */
	public int requestsInService() {
		return concurrency * queueDepth;
	}

	/** @return whether the workload issues requests of that type */
	public boolean issues(IoType type) {
		return type == IoType.READ ? readRatio > 0 : readRatio < 1;
	}

	/**
	 * The workload state an analysis model sees while this workload runs alone, in the encoding of
	 * {@link org.iosim.analysis.WorkloadState#value}: sizes and patterns of a type are 0 (random)
	 * when the workload issues none of it, as the status list computes them. With separate threads the
	 * read ratio is the read threads' share, which is the share of reads among the requests in flight
	 * (each thread keeps its queue depth of requests of its type in flight).
	 *
	 * @param type the type of the arriving request
	 */
	public Map<WorkloadInput, Double> inputs(IoType type) {
		Map<WorkloadInput, Double> inputs = new LinkedHashMap<>();
		double pattern = sequential ? 1 : 0;
		inputs.put(WorkloadInput.CONCURRENCY, (double) requestsInService());
		inputs.put(WorkloadInput.TYPE, type == IoType.READ ? 0.0 : 1.0);
		inputs.put(WorkloadInput.REQUEST_SIZE, (double) requestSize);
		inputs.put(WorkloadInput.MEAN_READ_SIZE, issues(IoType.READ) ? requestSize : 0.0);
		inputs.put(WorkloadInput.MEAN_WRITE_SIZE, issues(IoType.WRITE) ? requestSize : 0.0);
		inputs.put(WorkloadInput.READ_PATTERN, issues(IoType.READ) ? pattern : 0.0);
		inputs.put(WorkloadInput.WRITE_PATTERN, issues(IoType.WRITE) ? pattern : 0.0);
		inputs.put(WorkloadInput.READ_RATIO, threads == Threads.SEPARATE
				? (double) readOnlyThreads().getAsInt() / concurrency : readRatio);
		inputs.put(WorkloadInput.FILE_SET_SIZE, (double) fileSetSize);
		inputs.put(WorkloadInput.READ_SEQUENTIALITY, issues(IoType.READ) ? pattern : 0.0);
		inputs.put(WorkloadInput.WRITE_SEQUENTIALITY, issues(IoType.WRITE) ? pattern : 0.0);
		inputs.put(WorkloadInput.SYNCHRONOUS, type == IoType.WRITE && sync != Sync.NONE ? 1.0 : 0.0);
		return inputs;
	}

	/**
	 * e.g. "16 KiB random 70 % reads, 4 threads x 1, 64 MiB file set, buffered", with separate threads
	 * "… 4 threads (3 read, 1 write) x 1 …", with synchronous writes "…, buffered, O_SYNC writes", over
	 * growing files "…, O_SYNC writes, growing files". Plan fingerprints contain this text, so a mixed workload's
	 * text stays what it was before separate threads existed: databases recognise their plans.
	 */
	@Override
	public String toString() {
		String split = threads == Threads.SEPARATE ? String.format(Locale.ROOT, " (%d read, %d write)",
				readOnlyThreads().getAsInt(), concurrency - readOnlyThreads().getAsInt()) : "";
		String durable = switch (sync) {
		case NONE -> ""; // as before the sync factor, so that older plans keep their fingerprints
		case FDATASYNC -> ", fdatasync after each write";
		case OSYNC -> ", O_SYNC writes";
		};
		return String.format(Locale.ROOT, "%s %s %d %% reads, %d thread%s%s x %d, %s file set, %s%s%s", bytes(requestSize),
				sequential ? "sequential" : "random", Math.round(readRatio * 100), concurrency, concurrency == 1 ? "" : "s",
				split, queueDepth, bytes(fileSetSize), direct ? "direct" : "buffered", durable,
				files == Files.GROWING ? ", growing files" : ""); // nothing for existing files, as before the factor
	}

	/** A size for people: whole KiB, MiB or GiB where it divides, else bytes. */
	public static String bytes(long size) {
		String[] units = { "GiB", "MiB", "KiB" };
		long[] factors = { 1L << 30, 1L << 20, 1L << 10 };
		for (int unit = 0; unit < units.length; unit++) {
			if (size >= factors[unit] && size % factors[unit] == 0) {
				return size / factors[unit] + " " + units[unit];
			}
		}
		return size + " B";
	}
}
