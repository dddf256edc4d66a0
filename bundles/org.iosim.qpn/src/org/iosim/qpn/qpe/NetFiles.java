package org.iosim.qpn.qpe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.iosim.qpn.Net;

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

	/**
	 * Reads the net as {@link #read} does and, if it could be read without errors, checks it with
	 * {@link QpnValidator}: what every command and analysis model that uses a net needs, so that they
	 * accept the same nets. The validator's messages name the net; here the net's name is the file's
	 * without its extension, and a user knows the file, so they name the file as the reader's do.
	 */
	public static QpeReadResult readValidated(Path file) {
		QpeReadResult read = read(file);
		if (read.net() == null || read.hasErrors()) {
			return read;
		}
		List<QpnDiagnostic> all = new ArrayList<>(read.diagnostics());
		for (QpnDiagnostic found : new QpnValidator().validate(read.net())) {
			all.add(new QpnDiagnostic(found.severity(), inFile(file, read.net(), found.message())));
		}
		return new QpeReadResult(read.net(), all);
	}

	private static String inFile(Path file, Net net, String message) {
		String netPrefix = net.getName() + ": ";
		return file.getFileName() + ": " + (net.getName() != null && message.startsWith(netPrefix)
				? "net '" + net.getName() + "': " + message.substring(netPrefix.length()) : message);
	}
}
