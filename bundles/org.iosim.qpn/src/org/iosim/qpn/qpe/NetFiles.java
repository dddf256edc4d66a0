package org.iosim.qpn.qpe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Net files by their extension: IOSim's {@code .qpn} ({@link QpnModelFile}), anything else QPME's {@code .qpe}. */
public final class NetFiles {

	private NetFiles() {
	}

	public static boolean isModelFile(Path file) {
		return String.valueOf(file.getFileName()).endsWith("." + QpnModelFile.EXTENSION);
	}

	/**
	 * Reads the net, and the data files its Empirical service times name (beside it, see
	 * {@link EmpiricalData}), without checking it further (see {@link QpnValidator}).
	 */
	public static QpeReadResult read(Path file) {
		QpeReadResult read = isModelFile(file) ? new QpnModelFile().read(file) : new QpeReader().read(file);
		if (read.net() == null || read.hasErrors()) {
			return read;
		}
		List<QpnDiagnostic> data = EmpiricalData.load(read.net(), file);
		if (data.isEmpty()) {
			return read;
		}
		List<QpnDiagnostic> all = new ArrayList<>(read.diagnostics());
		all.addAll(data);
		return new QpeReadResult(read.net(), all);
	}
}
