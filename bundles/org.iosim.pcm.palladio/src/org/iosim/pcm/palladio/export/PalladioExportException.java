package org.iosim.pcm.palladio.export;

/**
 * A model that cannot be written as Palladio files: an element IOSim cannot express in PCM 5.2 (yet),
 * a target file that exists, or a file that cannot be written. The message names the element or file.
 */
public final class PalladioExportException extends Exception {

	private static final long serialVersionUID = 1L;

	public PalladioExportException(String message) {
		super(message);
	}

	public PalladioExportException(String message, Throwable cause) {
		super(message, cause);
	}
}
