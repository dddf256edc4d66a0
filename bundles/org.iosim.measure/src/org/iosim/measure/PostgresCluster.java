package org.iosim.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private PostgreSQL cluster for measuring a real database: made with {@code initdb} in a folder
 * of its own, its server run in the foreground as this process's child (so it dies with it) on its
 * own port and a Unix socket in that folder, with PostgreSQL's default durability ({@code fsync} and
 * {@code synchronous_commit} on) and WAL timing recorded, optionally under a volume's limits. As
 * root, the cluster belongs to the {@code postgres} user, since the server refuses to run as root.
 */
public final class PostgresCluster implements AutoCloseable {

	/** How long the server may take to start or stop. */
	private static final long START_SECONDS = 60;

	private final Path bin;
	private final Path folder;
	private final int port;
	private final Process server;
	private final Cpus cpus;

	private PostgresCluster(Path bin, Path folder, int port, Process server, Cpus cpus) {
		this.bin = bin;
		this.folder = folder;
		this.port = port;
		this.server = server;
		this.cpus = cpus;
	}

	/** @return the folder of PostgreSQL's programs (the newest installed), or empty when there is none */
	public static Optional<Path> programs() {
		try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
			return versions.map(version -> version.resolve("bin")).filter(bin -> Files.isExecutable(bin.resolve("postgres")))
					.max(Comparator.comparingInt(bin -> major(bin.getParent().getFileName().toString())));
		} catch (IOException | RuntimeException none) {
			return Optional.empty();
		}
	}

	private static int major(String version) {
		try {
			return Integer.parseInt(version.replaceAll("\\..*", ""));
		} catch (NumberFormatException other) {
			return 0;
		}
	}

	/**
	 * Makes a cluster in {@code folder} (which must be empty or new) and starts its server.
	 *
	 * @param volume the volume group the server works in, or null for the plain device
	 * @param cpus   the CPUs initdb, the server and the server's processes run on
	 * @throws MeasurementException if PostgreSQL is missing or the cluster cannot be made or started
	 */
	public static PostgresCluster start(Path folder, int port, BlockThrottle.Group volume, Cpus cpus)
			throws MeasurementException, InterruptedException {
		Path bin = programs().orElseThrow(() -> new MeasurementException(
				"PostgreSQL is not installed (Debian and Ubuntu: apt-get install postgresql)"));
		Path data = folder.resolve("data");
		try {
			Files.createDirectories(folder);
			if (asRoot()) {
				Programs.run(List.of("chown", "postgres:", folder.toString()), folder, "hand the folder to the postgres user");
			}
		} catch (IOException failed) {
			throw new MeasurementException("cannot create the cluster folder " + folder + ": " + failed.getMessage());
		}
		Programs.run(cpus.wrap(asOwner(List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-A", "trust",
				"-U", "postgres", "--no-instructions"))), folder, "initdb");
		List<String> command = new ArrayList<>(Programs.diesWithThisProcess());
		List<String> postgres = asOwner(List.of(bin.resolve("postgres").toString(), "-D", data.toString(), "-p",
				Integer.toString(port), "-k", folder.toString(), "-c", "listen_addresses=", "-c", "track_wal_io_timing=on",
				"-c", "logging_collector=off"));
		command.addAll(cpus.wrap(volume == null ? postgres : volume.wrap(postgres)));
		Process server;
		try {
			server = new ProcessBuilder(command).directory(folder.toFile())
					.redirectErrorStream(true).redirectOutput(folder.resolve("server.log").toFile()).start();
		} catch (IOException failed) {
			throw new MeasurementException("cannot start PostgreSQL's server: " + failed.getMessage());
		}
		PostgresCluster cluster = new PostgresCluster(bin, folder, port, server, cpus);
		cluster.awaitReady();
		return cluster;
	}

	private void awaitReady() throws MeasurementException, InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
		while (System.nanoTime() < deadline) {
			if (!server.isAlive()) {
				throw new MeasurementException("PostgreSQL's server stopped at its start: " + lastLine());
			}
			try {
				if (new ProcessBuilder(bin.resolve("pg_isready").toString(), "-q", "-h", folder.toString(), "-p",
						Integer.toString(port)).start().waitFor() == 0) {
					return;
				}
			} catch (IOException failed) {
				throw new MeasurementException("cannot ask the server whether it is ready: " + failed.getMessage());
			}
			Thread.sleep(100);
		}
		close();
		throw new MeasurementException("PostgreSQL's server did not accept connections within " + START_SECONDS + " s");
	}

	private String lastLine() {
		try {
			List<String> lines = Files.readAllLines(folder.resolve("server.log"), StandardCharsets.UTF_8);
			return lines.isEmpty() ? "(no message)" : lines.get(lines.size() - 1);
		} catch (IOException unreadable) {
			return "(its log cannot be read)";
		}
	}

	/** @return the program of this PostgreSQL installation, e.g. pgbench or psql */
	public Path program(String name) {
		return bin.resolve(name);
	}

	/** @return the connection options of the programs: socket folder, port and user */
	public List<String> connection() {
		return List.of("-h", folder.toString(), "-p", Integer.toString(port), "-U", "postgres");
	}

	/** Runs SQL and returns what psql prints: unaligned, tuples only, fields separated by '|'. */
	public String sql(String statement) throws MeasurementException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(program("psql").toString()));
		command.addAll(connection());
		command.addAll(List.of("-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", "-c", statement, "postgres"));
		return Programs.run(command, folder, "psql").strip();
	}

	public Path folder() {
		return folder;
	}

	/** @return the CPUs the server runs on, and its clients should: the database machine's */
	public Cpus cpus() {
		return cpus;
	}

	/** Stops the server (a fast shutdown) and waits for it; the folder stays. */
	@Override
	public void close() throws InterruptedException {
		if (server.isAlive()) {
			server.destroy(); // SIGTERM: PostgreSQL's smart shutdown; no client is left connected
			if (!server.waitFor(START_SECONDS, TimeUnit.SECONDS)) {
				server.destroyForcibly();
				server.waitFor();
			}
		}
	}

	private static boolean asRoot() {
		return "root".equals(System.getProperty("user.name"));
	}

	/** The command as the cluster's owner: the postgres user when this process is root. */
	private static List<String> asOwner(List<String> command) {
		if (!asRoot()) {
			return command;
		}
		// changing the user clears the parent-death signal, so the second setpriv sets it again
		List<String> owned = new ArrayList<>(List.of("/usr/bin/setpriv", "--reuid=postgres", "--regid=postgres",
				"--init-groups", "--pdeathsig", "KILL"));
		owned.addAll(command);
		return owned;
	}
}
