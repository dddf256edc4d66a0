package org.iosim.qpn.qpe;

import java.nio.file.Path;

/** Net files by their extension: IOSim's {@code .qpn} ({@link QpnModelFile}), anything else QPME's {@code .qpe}. */
public final class NetFiles {

	private NetFiles() {
	}

	public static boolean isModelFile(Path file) {
		return String.valueOf(file.getFileName()).endsWith("." + QpnModelFile.EXTENSION);
	}

	/** Reads the net without checking it further (see {@link QpnValidator}). */
	public static QpeReadResult read(Path file) {
		return isModelFile(file) ? new QpnModelFile().read(file) : new QpeReader().read(file);
	}
}
