package org.iosim.analysis;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * Says in a user's words why a file could not be read, written or understood. Java's exceptions
 * name their class and repeat the path, and Jackson's messages describe its own input source;
 * messages name the file themselves and add only the reason and the place.
 */
public final class FileProblems {

	/** A text file that is not UTF-8: says where the first byte that is not is. */
	public static final class NotUtf8 extends CharacterCodingException {
		private static final long serialVersionUID = 1L;
		private final String where;

		NotUtf8(String where) {
			this.where = where;
		}

		@Override
		public String getMessage() {
			return where;
		}
	}

	/** Jackson appends where its input came from, e.g. {@code (start marker at [Source: REDACTED ...; line: 1, column: 5])}. */
	private static final Pattern JSON_SOURCE = Pattern
			.compile("\\s*(\\(start marker at )?\\[Source: [^\\]]*\\](; line: \\d+, column: \\d+\\])?\\)?");

	private FileProblems() {
	}

	/** @return e.g. {@code no such file or folder}, {@code permission denied}, {@code not UTF-8 text} */
	public static String reason(IOException problem) {
		if (problem instanceof NoSuchFileException) {
			return "no such file or folder";
		}
		if (problem instanceof AccessDeniedException) {
			return "permission denied";
		}
		if (problem instanceof NotDirectoryException) {
			return "not a folder";
		}
		if (problem instanceof DirectoryNotEmptyException) {
			return "the folder is not empty";
		}
		if (problem instanceof FileAlreadyExistsException) {
			return "it already exists";
		}
		if (problem instanceof NotUtf8 notUtf8) {
			return notUtf8.getMessage();
		}
		if (problem instanceof CharacterCodingException) {
			return "not UTF-8 text";
		}
		if (problem instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
			return fileSystem.getReason().toLowerCase(Locale.ROOT);
		}
		return problem.getMessage() == null || problem.getMessage().isBlank() ? "input/output error"
				: problem.getMessage();
	}

	/**
	 * Reads a text file that must be UTF-8 (a byte order mark is allowed and dropped).
	 *
	 * @throws NotUtf8     naming the line and byte offset of the first byte that is not UTF-8
	 * @throws IOException if the file cannot be read
	 */
	public static String readUtf8(Path file) throws IOException {
		byte[] bytes = Files.readAllBytes(file);
		CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT);
		ByteBuffer input = ByteBuffer.wrap(bytes);
		CharBuffer text = CharBuffer.allocate(bytes.length);
		CoderResult result = decoder.decode(input, text, true);
		if (result.isError()) {
			int offset = input.position();
			int line = 1;
			for (int i = 0; i < offset; i++) {
				line += bytes[i] == '\n' ? 1 : 0;
			}
			throw new NotUtf8(String.format(Locale.ROOT,
					"not UTF-8 text: line %d has byte 0x%02X at byte offset %d, which UTF-8 does not allow there; save"
							+ " the file as UTF-8",
					line, bytes[offset] & 0xFF, offset));
		}
		decoder.flush(text);
		text.flip();
		String decoded = text.toString();
		return decoded.startsWith("\uFEFF") ? decoded.substring(1) : decoded;
	}

	/** @return e.g. {@code line 3, column 7: Unexpected end-of-input: expected close marker for Object} */
	public static String jsonProblem(JsonProcessingException problem) {
		JsonLocation location = problem.getLocation();
		String where = location == null || location.getLineNr() < 1 ? ""
				: "line " + location.getLineNr() + ", column " + location.getColumnNr() + ": ";
		return where + JSON_SOURCE.matcher(String.valueOf(problem.getOriginalMessage())).replaceAll("");
	}
}
