package org.iosim.qpn.simulation;

/** The net uses something the simulator cannot simulate, or is not simulatable as it stands; the message names the element. */
public final class UnsupportedNetException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	public UnsupportedNetException(String message) {
		super(message);
	}
}
