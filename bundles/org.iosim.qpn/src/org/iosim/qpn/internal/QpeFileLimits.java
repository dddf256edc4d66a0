package org.iosim.qpn.internal;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

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

	/** Why a file is not read at all; the message is meant for the user. */
	static final class Refused extends IOException {
		private static final long serialVersionUID = 1L;

		Refused(String message) {
			super(message);
		}
	}

	private QpeFileLimits() {
	}

	/**
	 * @return the file's content, failing with a {@link Refused} if the path is a folder or no regular
	 *         file, or if the file has more than {@code maxBytes} bytes, also while it is read (a file
	 *         may grow, {@code /proc} files report no size)
	 */
	public static InputStream open(Path file, long maxBytes) throws IOException {
		if (Files.isDirectory(file)) {
			throw new Refused("this is a folder, not a net file");
		}
		if (Files.exists(file) && !Files.isRegularFile(file)) {
			throw new Refused("this is no regular file (but e.g. a device or pipe), so it is not read");
		}
		if (Files.exists(file) && Files.size(file) > maxBytes) {
			throw tooLarge(maxBytes);
		}
		return new FilterInputStream(Files.newInputStream(file)) {
			private long read;

			@Override
			public int read() throws IOException {
				int next = super.read();
				if (next >= 0) {
					count(1);
				}
				return next;
			}

			@Override
			public int read(byte[] buffer, int offset, int length) throws IOException {
				int count = super.read(buffer, offset, length);
				if (count > 0) {
					count(count);
				}
				return count;
			}

			private void count(int bytes) throws Refused {
				read += bytes;
				if (read > maxBytes) {
					throw tooLarge(maxBytes);
				}
			}
		};
	}

	private static Refused tooLarge(long maxBytes) {
		return new Refused("the file has more than " + maxBytes + " bytes, the most a .qpe file may have, so it is not read");
	}

	/** @return what went wrong reading a file, in words and without Java class names */
	static String describe(IOException problem) {
		return switch (problem) {
		case Refused refused -> refused.getMessage();
		case NoSuchFileException missing -> "the file does not exist";
		case AccessDeniedException denied -> "the file cannot be read: access denied";
		case FileSystemException other when other.getReason() != null -> "the file cannot be read: " + other.getReason();
		default -> "the file cannot be read: "
				+ (problem.getMessage() == null ? "the operating system gives no reason" : problem.getMessage());
		};
	}
}
