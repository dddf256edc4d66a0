package org.iosim.qpn.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

import org.iosim.files.LimitedFiles;

/**
 * The limits on {@code .qpe} files and opening them within those limits. The files are untrusted
 * input: without limits a small file could make the parser or the reader exhaust memory, and a path
 * could name a device or pipe that never ends. Every refusal names its limit, so that a user can tell
 * a broken file from one too large.
 */
public final class QpeFileLimits {

	/** QPME's largest published nets are about 100 KB; a file over this size is not a hand-made net. */
	public static final long DEFAULT_MAX_FILE_BYTES = 16L * 1024 * 1024;

	/**
	 * The deepest element nesting a file may have. A flat net nests six levels; QPME's subnets add
	 * four per level of hierarchy.
	 */
	public static final int MAX_ELEMENT_DEPTH = 64;

	/** Elements in one file; each costs a few hundred bytes once parsed. */
	public static final int MAX_ELEMENTS = 1_000_000;

	private QpeFileLimits() {
	}

	/**
	 * @return the file's content, failing with a readable {@link IOException} (see
	 *         {@link #describe(IOException)}) if the path is a folder or no regular file, or if the file
	 *         has more than {@code maxBytes} bytes, also while it is read
	 */
	public static InputStream open(Path file, long maxBytes) throws IOException {
		return LimitedFiles.open(file, maxBytes, "a .qpe file");
	}

	/** @return what went wrong reading a file, in words and without Java class names */
	static String describe(IOException problem) {
		return LimitedFiles.describe(problem);
	}
}
