package org.iosim.files;

import java.io.CharConversionException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UnsupportedEncodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Opening a user's file within a size limit, and saying in words what went wrong reading it (the
 * operating system's reasons in the words of {@link FileProblems#reason}, as everywhere). A file is
 * untrusted input: without a limit a path could name a device or pipe that never ends, or a file
 * could grow while it is read, and a reader would exhaust memory. Every refusal names its limit, so
 * a user can tell a broken file from one too large.
 */
public final class LimitedFiles {

	/** Why a file is not read at all; the message is meant for the user. */
	public static final class Refused extends IOException {
		private static final long serialVersionUID = 1L;

		public Refused(String message) {
			super(message);
		}
	}

	private LimitedFiles() {
	}

	/**
	 * @param kind what the file should be, for the messages: "a model file", "a .qpe file"
	 * @return the file's content, failing with a {@link Refused} if the path is a folder or no regular
	 *         file, or if the file has more than {@code maxBytes} bytes, also while it is read (a file
	 *         may grow, {@code /proc} files report no size)
	 */
	public static InputStream open(Path file, long maxBytes, String kind) throws IOException {
		if (Files.isDirectory(file)) {
			throw new Refused("this is a folder, not " + kind);
		}
		if (Files.exists(file) && !Files.isRegularFile(file)) {
			throw new Refused("this is no regular file (but e.g. a device or pipe), so it is not read");
		}
		if (Files.exists(file) && Files.size(file) > maxBytes) {
			throw tooLarge(maxBytes, kind);
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
					throw tooLarge(maxBytes, kind);
				}
			}
		};
	}

	private static Refused tooLarge(long maxBytes, String kind) {
		String mebibytes = maxBytes >= 1 << 20 && maxBytes % (1 << 20) == 0 ? " (" + (maxBytes >> 20) + " MiB)" : "";
		return new Refused("the file has more than " + maxBytes + " bytes" + mebibytes + ", the most " + kind
				+ " may have, so it is not read");
	}

	/** @return what went wrong reading a file, in words and without Java class names */
	public static String describe(IOException problem) {
		return switch (problem) {
		case Refused refused -> refused.getMessage();
		case NoSuchFileException missing -> "the file does not exist";
		case UnsupportedEncodingException encoding -> "the file declares the character encoding '"
				+ encoding.getMessage() + "', which is not supported";
		case CharConversionException conversion -> "the file's bytes do not match its character encoding: "
				+ conversion.getMessage();
		default -> "the file cannot be read: " + FileProblems.reason(problem);
		};
	}
}
