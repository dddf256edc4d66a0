package org.iosim.files;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Says in a user's words why a file could not be read, written or understood. Java's exceptions
 * name their class and repeat the path, and Jackson's messages describe its own input source;
 * messages name the file themselves and add only the reason and the place.
 */
public final class FileProblems {

	/** A text file that cannot be read as text (not UTF-8, a line too long); the message says where. */
	public static final class TextProblem extends IOException {
		private static final long serialVersionUID = 1L;

		TextProblem(String where) {
			super(where);
		}
	}

	/** The largest text file read whole: far above any model, table or configuration IOSim reads. */
	public static final long MAX_TEXT_BYTES = 256L << 20;

	/** The longest piece of a user's file that a message quotes, in characters. */
	public static final int EXCERPT_LENGTH = 40;

	/**
	 * Jackson appends where its input came from, e.g. {@code (start marker at [Source: REDACTED ...; line: 1, column: 5])}
	 * or {@code (for root starting at [Source: ...])}.
	 */
	private static final Pattern JSON_SOURCE = Pattern.compile(
			"\\s*(\\((start marker at|for \\w+ starting at) )?\\[Source: [^\\]]*\\](; line: \\d+, column: \\d+\\])?\\)?");

	/**
	 * Jackson's messages that quote the file: an unrecognised token (up to 256 characters of whatever the
	 * file holds) and a repeated key; group 2 is the quoted text.
	 */
	private static final Pattern[] JSON_QUOTES = {
			Pattern.compile("(?s)^(Unrecognized token ')(.*)(': was expecting .*)$"),
			Pattern.compile("(?s)^(Duplicate field ')(.*)(')$") };

	/** What {@link #readJson} reports after the value. */
	private static final String TRAILING_TEXT = "more text follows the JSON value";

	private FileProblems() {
	}

	/**
	 * A piece of a user's file (a value, a name, a field) as a message may quote it: a file that is not
	 * what the command expects must not be echoed, and a terminal must not be disturbed by what it holds.
	 *
	 * @return at most {@value #EXCERPT_LENGTH} characters of the text, with an ellipsis where it is cut and
	 *         '?' for each control, formatting (e.g. bidirectional overrides) or unpaired surrogate character
	 */
	public static String excerpt(String text) {
		StringBuilder shown = new StringBuilder();
		int characters = 0;
		for (int at = 0; at < text.length(); at = text.offsetByCodePoints(at, 1)) {
			if (characters == EXCERPT_LENGTH - 1 && text.codePointCount(at, text.length()) > 1) {
				return shown.append('…').toString();
			}
			int character = text.codePointAt(at);
			shown.appendCodePoint(printable(character) ? character : '?');
			characters++;
		}
		return shown.toString();
	}

	private static boolean printable(int character) {
		int type = Character.getType(character);
		return type != Character.CONTROL && type != Character.FORMAT && type != Character.SURROGATE
				&& type != Character.UNASSIGNED && type != Character.LINE_SEPARATOR
				&& type != Character.PARAGRAPH_SEPARATOR && type != Character.PRIVATE_USE;
	}

	/**
	 * The one wording of why a file or folder cannot be read or written, for every reader and writer
	 * ({@link LimitedFiles#describe} too).
	 *
	 * @return e.g. {@code no such file or folder}, {@code permission denied}, {@code not UTF-8 text}
	 */
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
		if (problem instanceof TextProblem text) {
			return text.getMessage();
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
	 * Reads a whole text file that must be UTF-8 (a byte order mark is allowed and dropped), e.g. a
	 * JSON file, whose lines may be of any length.
	 *
	 * @throws TextProblem naming the line, column and byte offset of the first byte that is not UTF-8
	 * @throws IOException if the file cannot be read
	 */
	public static String readUtf8(Path file) throws IOException {
		long size = Files.size(file);
		if (size > MAX_TEXT_BYTES) {
			throw new TextProblem(String.format(Locale.ROOT, "%,d bytes, more than the %,d a model or configuration"
					+ " file may have; is this the right file?", size, MAX_TEXT_BYTES));
		}
		byte[] bytes = Files.readAllBytes(file);
		CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT);
		ByteBuffer input = ByteBuffer.wrap(bytes);
		CharBuffer text = CharBuffer.allocate(bytes.length);
		CoderResult result = decoder.decode(input, text, true);
		if (result.isError()) {
			int offset = input.position();
			int line = 1;
			int lineStart = 0;
			for (int i = 0; i < text.position(); i++) {
				if (text.get(i) == '\n') {
					line++;
					lineStart = i + 1;
				}
			}
			throw notUtf8(line, text.position() - lineStart + 1, bytes[offset], offset);
		}
		decoder.flush(text);
		text.flip();
		String decoded = text.toString();
		return decoded.startsWith("\uFEFF") ? decoded.substring(1) : decoded;
	}

	static TextProblem notUtf8(int line, int column, byte value, long offset) {
		return new TextProblem(String.format(Locale.ROOT,
				"line %d is not UTF-8 text (byte 0x%02X at column %d, byte offset %d in the file); save the file as"
						+ " UTF-8", line, value & 0xFF, column, offset));
	}

	/**
	 * Reads the one JSON value of a file's text. Anything after it, JSON or not, is refused where it
	 * starts: it is a damaged or concatenated file, not something to ignore. (A mapper with
	 * FAIL_ON_TRAILING_TOKENS would refuse it first, in Jackson's words.)
	 *
	 * @return the value, or null if the text holds none
	 * @throws JsonProcessingException if the text is not one JSON value; {@link #jsonProblem} says so in words
	 */
	public static JsonNode readJson(ObjectMapper json, String text) throws JsonProcessingException {
		try (JsonParser parser = json.createParser(text)) {
			JsonNode value = json.readTree(parser);
			JsonLocation following;
			try {
				if (value == null || parser.nextToken() == null) {
					return value;
				}
				following = parser.currentTokenLocation();
			} catch (JsonParseException notJson) {
				following = notJson.getLocation();
			}
			throw new JsonParseException(parser, TRAILING_TEXT, following);
		} catch (JsonProcessingException invalid) {
			throw invalid;
		} catch (IOException notFromAString) {
			throw new IllegalStateException("reading JSON from a string failed", notFromAString);
		}
	}

	/**
	 * @return a JSON syntax error in words with its line and column, without Jackson's description of
	 *         its input source and setting names, e.g. {@code not valid JSON at line 3, column 7:
	 *         Unexpected character ('}' (code 125))} or {@code the JSON ends early at line 9, column 1;
	 *         the file looks truncated}
	 */
	public static String jsonProblem(JsonProcessingException problem) {
		JsonLocation location = problem.getLocation();
		String at = location == null || location.getLineNr() < 1 ? ""
				: " at line " + location.getLineNr() + ", column " + location.getColumnNr();
		String reason = String.valueOf(problem.getOriginalMessage());
		// Jackson's words for every kind of input that stops inside a value, object or array
		if (reason.startsWith("Unexpected end-of-input")) {
			return "the JSON ends early" + at + "; the file looks truncated";
		}
		// Jackson's words when FAIL_ON_TRAILING_TOKENS finds more after the value, and readJson's
		if (reason.startsWith("Trailing token") || reason.equals(TRAILING_TEXT)) {
			return "more text follows the JSON value" + at + "; the file holds one JSON value";
		}
		for (Pattern quoting : JSON_QUOTES) {
			Matcher quote = quoting.matcher(reason);
			if (quote.matches()) {
				reason = quote.group(1) + excerpt(quote.group(2)) + quote.group(3);
			}
		}
		reason = JSON_SOURCE.matcher(reason).replaceAll("").replaceAll(",? from `[^`]*`", "")
				.replaceAll(": enable `[^`]*` to allow", "");
		boolean plain = !reason.contains("`") && !reason.contains("[Source") && !reason.contains("\n");
		// Jackson shows an unexpected character as it is, e.g. a byte order mark or an escape
		String shown = reason.strip().codePoints().map(c -> printable(c) ? c : '?')
				.collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
		return "not valid JSON" + at + (plain ? ": " + shown : "");
	}
}
