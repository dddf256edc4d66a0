package org.iosim.cli.internal;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;

import org.iosim.cli.Main;

/**
 * The training run of {@code ./iosim}'s build: a small architecture simulation and a small QPN
 * simulation of the repository's examples in one JVM, whose class-data-sharing archive then holds the
 * classes both kinds of command load. One JVM, because an archive is written when the JVM that made it
 * exits. Its output is thrown away; a failing command only leaves the archive with fewer classes.
 */
public final class StartupTraining {

	private StartupTraining() {
	}

	/** @param args the repository's root, and a folder for the results (which the caller removes) */
	public static void main(String[] args) {
		Path root = Path.of(args[0]);
		Path results = Path.of(args[1]);
		PrintWriter discarded = new PrintWriter(OutputStream.nullOutputStream());
		Main.run(new String[] { "simulate", root.resolve("examples/minimal").toString(), "--io",
				root.resolve("examples/minimal/shop-virtualized.ioconfig").toString(), "--max-measurements", "2000",
				"--quiet", "--out", results.resolve("architecture").toString() }, discarded, discarded);
		Main.run(new String[] { "qpn", "simulate", root.resolve("examples/qpn/closed-network.qpe").toString(),
				"--run-length", "10", "--quiet", "--out", results.resolve("qpn").toString() }, discarded, discarded);
	}
}
