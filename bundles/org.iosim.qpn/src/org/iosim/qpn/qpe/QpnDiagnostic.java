package org.iosim.qpn.qpe;

import java.util.Objects;

/**
 * A problem found reading a {@code .qpe} file or validating a net. The message names where: the
 * file (or net) and the element by its type, name and id, e.g.
 * {@code pepsy-bcmp2.qpe: queueing-place 'CPU' (_1156337226548): ...}.
 *
 * @param severity whether the net can be used despite the problem
 * @param message  the whole text, meant for the user
 */
public record QpnDiagnostic(Severity severity, String message) {

	/** How bad a problem is. */
	public enum Severity {
		/** The net is incomplete or wrong; it should not be simulated. */
		ERROR,
		/** Something was left out or looks odd; the net can still be used. */
		WARNING
	}

	public QpnDiagnostic {
		Objects.requireNonNull(severity, "severity");
		Objects.requireNonNull(message, "message");
	}

	public boolean isError() {
		return severity == Severity.ERROR;
	}

	/** @return e.g. {@code ERROR: pepsy-bcmp2.qpe: queue 'Q3' (_q3): ...} */
	@Override
	public String toString() {
		return severity + ": " + message;
	}
}
