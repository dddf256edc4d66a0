package org.iosim.characterization.internal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

import org.iosim.files.FileProblems;
import org.iosim.files.TextLines;
import org.iosim.characterization.TraceFormatException;

/**
 * The non-blank lines of one trace file, read one at a time (at most {@link TextLines#MAX_LINE_BYTES}
 * each), and the errors that name the file and the line.
 */
public final class TraceLines implements Closeable {

	private final Path file;
	private final TextLines lines;

	public TraceLines(Path file) throws IOException {
		this.file = file;
		try {
			this.lines = new TextLines(file);
		} catch (IOException unreadable) {
			throw new TraceFormatException(file + ": " + FileProblems.reason(unreadable));
		}
	}

	/** @return the next line that is not blank, or null at the end of the file */
	public String next() throws IOException {
		try {
			String line;
			do {
				line = lines.next();
			} while (line != null && line.isBlank());
			return line;
		} catch (IOException unreadable) {
			throw new TraceFormatException(file + ": " + FileProblems.reason(unreadable));
		}
	}

	/** @return an error about the line last read */
	public TraceFormatException problem(String reason) {
		return new TraceFormatException(file, lines.number(), reason);
	}

	/**
	 * @param text a field of the line last read
	 * @param what the field's name in messages, e.g. {@code the block size}
	 * @return the field as a whole number, at least 0
	 * @throws TraceFormatException if it is not one
	 */
	public long wholeNumber(String text, String what) throws TraceFormatException {
		String digits = text.strip();
		if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
			throw problem(what + " is not a whole number at least 0 ('" + FileProblems.excerpt(digits) + "')");
		}
		try {
			return Long.parseLong(digits);
		} catch (NumberFormatException tooLarge) {
			throw problem(what + " is larger than " + Long.MAX_VALUE);
		}
	}

	@Override
	public void close() throws IOException {
		lines.close();
	}
}
