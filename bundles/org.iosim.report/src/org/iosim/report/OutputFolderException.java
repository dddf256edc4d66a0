package org.iosim.report;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The output folder cannot take the results as asked: it holds earlier results and replacing them
 * was not requested, it is not a folder, or the previous results could not be put back after a
 * failed replacement. The message says which, and what to do.
 */
public class OutputFolderException extends IOException {

	private static final long serialVersionUID = 1L;

	private final transient Path folder;

	public OutputFolderException(Path folder, String message) {
		super(message);
		this.folder = folder;
	}

	/** The output folder the results were meant for. */
	public Path folder() {
		return folder;
	}
}
