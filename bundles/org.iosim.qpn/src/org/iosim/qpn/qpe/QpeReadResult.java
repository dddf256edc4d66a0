package org.iosim.qpn.qpe;

import java.util.List;

import org.iosim.qpn.Net;

/**
 * What reading a {@code .qpe} file produced.
 *
 * @param net         the net as far as it could be read; null only if the file could not be parsed
 *                    at all (missing, too large, not well-formed, with a DOCTYPE)
 * @param diagnostics errors and warnings: those of the elements in the order of the file, then those
 *                    of references between elements
 */
public record QpeReadResult(Net net, List<QpnDiagnostic> diagnostics) {

	public QpeReadResult {
		diagnostics = List.copyOf(diagnostics);
	}

	/** @return whether any diagnostic is an error */
	public boolean hasErrors() {
		return diagnostics.stream().anyMatch(QpnDiagnostic::isError);
	}

	/** @return only the errors */
	public List<QpnDiagnostic> errors() {
		return diagnostics.stream().filter(QpnDiagnostic::isError).toList();
	}

	/** @return the errors' messages, one a line, as a refusal of the file names them */
	public String errorLines() {
		return String.join(System.lineSeparator(), errors().stream().map(QpnDiagnostic::message).toList());
	}

	/** @return only the warnings */
	public List<QpnDiagnostic> warnings() {
		return diagnostics.stream().filter(diagnostic -> !diagnostic.isError()).toList();
	}
}
