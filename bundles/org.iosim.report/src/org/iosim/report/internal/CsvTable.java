package org.iosim.report.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Builds a CSV file as RFC 4180 describes it: CRLF line ends, fields quoted when they contain a
 * comma, quote or line break, quotes doubled. Numbers use {@code .} as decimal separator whatever the
 * locale, and are left empty when not a number.
 */
public final class CsvTable {

	private static final String LINE_END = "\r\n";

	/** Beyond this range plain notation gets unwieldy; spreadsheets also read Java's E notation. */
	private static final double SMALLEST_PLAIN = 1e-9;
	private static final double LARGEST_PLAIN = 1e15;

	private final StringBuilder csv = new StringBuilder();
	private boolean atLineStart = true;

	public CsvTable(String... headers) {
		for (String header : headers) {
			text(header);
		}
		endRow();
	}

	public CsvTable text(String value) {
		separate();
		if (value == null) {
			return this;
		}
		if (needsQuotes(value)) {
			csv.append('"').append(value.replace("\"", "\"\"")).append('"');
		} else {
			csv.append(value);
		}
		return this;
	}

	public CsvTable number(double value) {
		separate();
		if (Double.isFinite(value)) {
			csv.append(format(value));
		}
		return this;
	}

	public CsvTable integer(long value) {
		separate();
		csv.append(value);
		return this;
	}

	public void endRow() {
		csv.append(LINE_END);
		atLineStart = true;
	}

	public void writeTo(Path file) throws IOException {
		Files.writeString(file, csv, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
	}

	/** Plain decimal notation with as many digits as needed to read back the same double. */
	static String format(double value) {
		double magnitude = Math.abs(value);
		if (magnitude == 0) {
			return "0";
		}
		if (magnitude < SMALLEST_PLAIN || magnitude >= LARGEST_PLAIN) {
			return Double.toString(value);
		}
		return DecimalText.of(value).toPlainString();
	}

	private void separate() {
		if (!atLineStart) {
			csv.append(',');
		}
		atLineStart = false;
	}

	private static boolean needsQuotes(String value) {
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c == ',' || c == '"' || c == '\r' || c == '\n') {
				return true;
			}
		}
		return false;
	}
}
