package org.iosim.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes a {@link Volume}'s limits real on this machine with the kernel's block throttling, which is
 * how a hypervisor or a cloud caps a virtual volume: a control group whose processes' requests to
 * the disk under a folder are held to the volume's rates. It uses the cgroup v1 {@code blkio}
 * controller's {@code blkio.throttle.*_device} files or cgroup v2's {@code io.max}, whichever the
 * machine mounts, and needs root.
 * <p>
 * IOSim creates one group per use under {@code iosim/} of the controller's hierarchy, named by the
 * volume, its own process id and a counter; it moves only the processes it starts into it (each
 * moves itself just before it becomes the workload), and removes the group when done, or at the
 * JVM's exit. A group whose creator was killed stays behind until the next use removes it.
 * <p>
 * What a cap can see: requests the group's processes send to the device. Direct I/O, reads that
 * miss the page cache, and {@code fsync}, {@code fdatasync} and {@code O_SYNC} writes are charged
 * to the group; under cgroup v1 the kernel's flusher threads write back buffered writes on their own
 * account, so a buffered write that is never synced escapes a v1 cap (v2 charges write-back to the
 * page's owner).
 */
public final class BlockThrottle {

	/** The folder under each hierarchy that holds IOSim's groups. */
	static final String PARENT = "iosim";
	private static final Pattern GROUP_NAME = Pattern.compile(".*-(\\d+)-\\d+");
	private static final AtomicInteger GROUPS = new AtomicInteger();

	private final Path hierarchy;
	private final boolean unified;

	private BlockThrottle(Path hierarchy, boolean unified) {
		this.hierarchy = hierarchy;
		this.unified = unified;
	}

	/** The throttle of this machine, or why there is none. */
	public record Availability(Optional<BlockThrottle> throttle, String reason) {
	}

	/**
	 * Finds the block throttling controller: cgroup v1's {@code blkio} if mounted, else cgroup v2 with
	 * the {@code io} controller; and checks that this process may create groups there.
	 */
	public static Availability detect() {
		List<String> mounts;
		try {
			mounts = Files.readAllLines(Path.of("/proc/self/mountinfo"), StandardCharsets.UTF_8);
		} catch (IOException | RuntimeException unreadable) {
			return none("this system has no /proc/self/mountinfo (not Linux?), so no block throttling");
		}
		Path v1 = null, v2 = null;
		for (String mount : mounts) {
			String[] halves = mount.split(" - ", 2);
			String[] fields = halves[0].split(" ");
			if (halves.length < 2 || fields.length < 5) {
				continue;
			}
			String[] after = halves[1].split(" ");
			Path point = Path.of(fields[4].replace("\\040", " "));
			if (after[0].equals("cgroup") && after.length > 2 && List.of(after[2].split(",")).contains("blkio")) {
				v1 = point;
			} else if (after[0].equals("cgroup2") && v2 == null) {
				v2 = point;
			}
		}
		if (v1 == null && v2 != null && !controllers(v2).contains("io")) {
			v2 = null;
		}
		if (v1 == null && v2 == null) {
			return none("this machine mounts no block throttling controller (cgroup v1 blkio or cgroup v2 io)");
		}
		Path hierarchy = v1 != null ? v1 : v2;
		if (!Files.isWritable(hierarchy)) {
			return none("creating a control group in " + hierarchy + " needs root");
		}
		return new Availability(Optional.of(new BlockThrottle(hierarchy, v1 == null)), "");
	}

	private static Availability none(String reason) {
		return new Availability(Optional.empty(), reason);
	}

	private static List<String> controllers(Path unifiedRoot) {
		try {
			return List.of(Files.readString(unifiedRoot.resolve("cgroup.controllers")).strip().split("\\s+"));
		} catch (IOException | RuntimeException unreadable) {
			return List.of();
		}
	}

	/** @return e.g. "cgroup v1 blkio at /sys/fs/cgroup/blkio" */
	public String describe() {
		return (unified ? "cgroup v2 io.max at " : "cgroup v1 blkio at ") + hierarchy;
	}

	/**
	 * Creates a group holding {@code volume}'s limits for the disk under {@code folder}, after removing
	 * the groups that killed runs left behind.
	 *
	 * @throws MeasurementException if the folder is on no block device or the group cannot be made
	 */
	public Group create(Volume volume, Path folder) throws MeasurementException {
		String device = device(folder);
		Path parent = hierarchy.resolve(PARENT);
		try {
			if (unified) {
				enableIo(hierarchy);
			}
			Files.createDirectories(parent);
			if (unified) {
				enableIo(parent);
			}
			removeStale(parent);
			Path group = parent.resolve(volume.name() + "-" + ProcessHandle.current().pid() + "-" + GROUPS.incrementAndGet());
			try {
				Files.createDirectory(group);
			} catch (NoSuchFileException removedMeanwhile) {
				// another run removed the folder of groups with its last group just now
				Files.createDirectories(parent);
				if (unified) {
					enableIo(parent);
				}
				Files.createDirectory(group);
			}
			Group created = new Group(group, volume);
			try {
				limit(group, device, volume);
			} catch (IOException refused) {
				created.close();
				throw refused;
			}
			return created;
		} catch (AccessDeniedException denied) {
			throw new MeasurementException("cannot create a control group in " + parent + " (needs root)");
		} catch (IOException failed) {
			throw new MeasurementException("cannot set up the volume " + volume.name() + " in " + parent + ": "
					+ failed.getMessage());
		}
	}

	private void limit(Path group, String device, Volume volume) throws IOException {
		if (unified) {
			Files.writeString(group.resolve("io.max"), String.format(Locale.ROOT, "%s riops=%s wiops=%s rbps=%s wbps=%s",
					device, max(volume.readIops()), max(volume.writeIops()), max(volume.readBps()), max(volume.writeBps())));
			return;
		}
		long[] limits = { volume.readIops(), volume.writeIops(), volume.readBps(), volume.writeBps() };
		String[] files = { "read_iops", "write_iops", "read_bps", "write_bps" };
		for (int limit = 0; limit < limits.length; limit++) {
			if (limits[limit] > 0) {
				Files.writeString(group.resolve("blkio.throttle." + files[limit] + "_device"), device + " " + limits[limit]);
			}
		}
	}

	private static String max(long limit) {
		return limit > 0 ? Long.toString(limit) : "max";
	}

	private static void enableIo(Path group) throws IOException {
		Path control = group.resolve("cgroup.subtree_control");
		if (!Files.readString(control).contains("io")) {
			Files.writeString(control, "+io");
		}
	}

	/**
	 * Removes the groups of runs whose process is gone. A group that still holds processes stays: its
	 * workload is still running somewhere, and rmdir refuses anyway.
	 *
	 * @return the groups removed
	 */
	static int removeStale(Path parent) {
		int removed = 0;
		try (DirectoryStream<Path> groups = Files.newDirectoryStream(parent, Files::isDirectory)) {
			for (Path group : groups) {
				Matcher name = GROUP_NAME.matcher(group.getFileName().toString());
				if (name.matches() && ProcessHandle.of(Long.parseLong(name.group(1))).isEmpty()) {
					try {
						Files.delete(group);
						removed++;
					} catch (IOException inUse) {
						// processes of the killed run are still in it; the next run tries again
					}
				}
			}
		} catch (IOException | NumberFormatException unreadable) {
			// nothing to clean up that can be seen
		}
		return removed;
	}

	/**
	 * The MAJ:MIN of the disk holding {@code folder}: the whole disk when the file system is on a
	 * partition, since block throttling limits whole request queues.
	 */
	static String device(Path folder) throws MeasurementException {
		Path existing = folder.toAbsolutePath().normalize();
		while (existing != null && !Files.exists(existing)) {
			existing = existing.getParent();
		}
		long dev;
		try {
			dev = (Long) Files.getAttribute(existing, "unix:dev");
		} catch (IOException | RuntimeException unsupported) {
			throw new MeasurementException("cannot tell which disk holds " + folder + ": " + unsupported.getMessage());
		}
		long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
		long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
		Path block = Path.of("/sys/dev/block/" + major + ":" + minor);
		if (!Files.exists(block)) {
			throw new MeasurementException(folder + " is on a file system with no disk below it (device " + major + ":"
					+ minor + ", e.g. tmpfs or overlay), which no volume limit can throttle; choose a folder on a disk");
		}
		try {
			if (Files.exists(block.resolve("partition"))) {
				return Files.readString(block.toRealPath().getParent().resolve("dev")).strip();
			}
		} catch (IOException unreadable) {
			throw new MeasurementException("cannot find the disk of partition " + major + ":" + minor + ": "
					+ unreadable.getMessage());
		}
		return major + ":" + minor;
	}

	/** One group with a volume's limits; the processes started through {@link #wrap} run in it. */
	public static final class Group implements AutoCloseable {
		private final Path folder;
		private final Volume volume;
		private final Thread removeAtExit;

		private Group(Path folder, Volume volume) {
			this.folder = folder;
			this.volume = volume;
			this.removeAtExit = new Thread(this::remove, "remove " + folder.getFileName());
			Runtime.getRuntime().addShutdownHook(removeAtExit);
		}

		public Volume volume() {
			return volume;
		}

		public Path folder() {
			return folder;
		}

		/**
		 * @return a command that moves itself into this group and then becomes {@code command}, so
		 *         that only the workload runs under the volume's limits
		 */
		public List<String> wrap(List<String> command) {
			List<String> wrapped = new ArrayList<>(List.of("/bin/sh", "-c", "echo $$ > \"$0\" && exec \"$@\"",
					folder.resolve("cgroup.procs").toString()));
			wrapped.addAll(command);
			return wrapped;
		}

		/** Removes the group; its processes have ended (a process still exiting is waited for briefly). */
		@Override
		public void close() {
			try {
				Runtime.getRuntime().removeShutdownHook(removeAtExit);
			} catch (IllegalStateException exiting) {
				// the hook is running or about to
			}
			remove();
		}

		/**
		 * IOSim's folder of groups goes with its last group, so nothing of IOSim stays in the
		 * hierarchy; while another run's group is in it, the kernel refuses, and it stays.
		 */
		private static void removeParentIfUnused(Path parent) {
			try {
				Files.delete(parent);
			} catch (IOException inUse) {
				// another run's group is in it
			}
		}

		private void remove() {
			for (int attempt = 0; attempt < 50 && Files.exists(folder); attempt++) {
				try {
					Files.delete(folder);
					removeParentIfUnused(folder.getParent());
				} catch (IOException busy) {
					try {
						Thread.sleep(100);
					} catch (InterruptedException interrupted) {
						Thread.currentThread().interrupt();
						return; // the next run removes it
					}
				}
			}
		}
	}
}
