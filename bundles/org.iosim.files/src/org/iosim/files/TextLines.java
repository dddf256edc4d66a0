package org.iosim.files;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The lines of a UTF-8 text file (measurements, delay tables), one at a time. Lines end with LF,
 * CRLF or CR; a byte order mark before the first line is dropped. A line is at most
 * {@link #MAX_LINE_BYTES} long, which bounds what one line can make the reader allocate whatever
 * the file holds; bytes that are not UTF-8 are reported with their line, column and offset, and NUL
 * bytes (which no text holds, but every binary file soon does) with their line and offset.
 */
public final class TextLines implements Closeable {

	/** The longest line read, in bytes: far above any row of measurements. */
	public static final int MAX_LINE_BYTES = 1 << 20;

	private final InputStream in;
	private final byte[] buffer = new byte[1 << 16];
	private int position;
	private int limit;
	/** Offset in the file of {@code buffer[position]}. */
	private long offset;
	private byte[] line = new byte[256];
	private int number;
	private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();

	public TextLines(Path file) throws IOException {
		this.in = Files.newInputStream(file);
	}

	/** @return the number of the line last read, from 1 */
	public int number() {
		return number;
	}

	/** @return the next line that is neither blank nor a comment (starting with '#'), or null at the end */
	public String nextData() throws IOException {
		for (String text = next(); text != null; text = next()) {
			String stripped = text.strip();
			if (!stripped.isEmpty() && !stripped.startsWith("#")) {
				return text;
			}
		}
		return null;
	}

	/**
	 * @return the next line without its line end, or null at the end of the file
	 * @throws FileProblems.TextProblem if the line is too long, not UTF-8 or holds a NUL byte
	 */
	public String next() throws IOException {
		if (!available()) {
			return null;
		}
		long start = offset;
		int length = 0;
		number++;
		while (available()) {
			byte next = buffer[position++];
			offset++;
			if (next == '\n') {
				break;
			}
			if (next == '\r') {
				if (available() && buffer[position] == '\n') {
					position++;
					offset++;
				}
				break;
			}
			if (next == 0) {
				throw new FileProblems.TextProblem(String.format(Locale.ROOT,
						"line %d holds a NUL byte (byte offset %d in the file), which text never does; is this the"
								+ " right file?", number, offset - 1));
			}
			if (length == MAX_LINE_BYTES) {
				throw new FileProblems.TextProblem(String.format(Locale.ROOT,
						"line %d is longer than %,d bytes, the most a line may have; is this the right file?", number,
						MAX_LINE_BYTES));
			}
			if (length == line.length) {
				line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, 2 * length));
			}
			line[length++] = next;
		}
		String text = decode(start, length);
		return number == 1 && text.startsWith("\uFEFF") ? text.substring(1) : text;
	}

	private String decode(long start, int length) throws FileProblems.TextProblem {
		ByteBuffer bytes = ByteBuffer.wrap(line, 0, length);
		// UTF-8 never needs more chars than bytes
		CharBuffer chars = CharBuffer.allocate(length);
		decoder.reset();
		CoderResult result = decoder.decode(bytes, chars, true);
		if (!result.isError()) {
			result = decoder.flush(chars);
		}
		if (result.isError()) {
			throw FileProblems.notUtf8(number, chars.position() + 1, line[bytes.position()], start + bytes.position());
		}
		return chars.flip().toString();
	}

	private boolean available() throws IOException {
		if (position == limit) {
			limit = Math.max(0, in.read(buffer));
			position = 0;
		}
		return position < limit;
	}

	@Override
	public void close() throws IOException {
		in.close();
	}
}
