package org.iosim.analysis.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.WorkloadInput;
import org.iosim.files.FileProblems;

/**
 * Measured delays read from a CSV file: a header row naming input columns (by
 * {@link WorkloadInput#inputName()}) and one {@code delay} column, then one row per measured
 * point. Values are separated by commas, semicolons or tabs, whichever the header uses; a value
 * may be enclosed in double quotes; blank lines and lines starting with {@code #} are skipped.
 * Errors name the file, the row (its line number in the file) and the column (1-based, with its
 * name).
 */
final class DelayTable {

	static final String DELAY_COLUMN = "delay";

	/** Plain decimal notation only: Java's parser would also take {@code NaN}, {@code 0x1p3} or {@code 1d}. */
	private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

	private static final char[] DELIMITERS = { ',', ';', '\t' };

	final Path file;
	/** The input columns in header order. */
	final List<WorkloadInput> inputs;
	/** {@code points[row][i]} is the value of {@code inputs.get(i)}. */
	final double[][] points;
	final double[] delays;

	private DelayTable(Path file, List<WorkloadInput> inputs, double[][] points, double[] delays) {
		this.file = file;
		this.inputs = inputs;
		this.points = points;
		this.delays = delays;
	}

	static DelayTable read(Path file) throws AnalysisModelException {
		List<String> lines;
		try {
			lines = FileProblems.readUtf8(file).lines().toList();
		} catch (IOException e) {
			throw new AnalysisModelException(file + ": cannot be read: " + FileProblems.reason(e), e);
		}
		int headerIndex = firstContentLine(lines, 0);
		if (headerIndex == lines.size()) {
			throw new AnalysisModelException(file + ": empty; expected a header row naming the inputs and '"
					+ DELAY_COLUMN + "'");
		}
		String headerLine = stripByteOrderMark(lines.get(headerIndex));
		int headerRow = headerIndex + 1;
		char delimiter = delimiterOf(headerLine);
		List<String> header = split(file, headerRow, headerLine, delimiter);
		// A file named by mistake (or on purpose) must not have its first line shown to the user.
		if (header.stream().noneMatch(name -> name.equals(DELAY_COLUMN) || WorkloadInput.named(name).isPresent())) {
			throw new AnalysisModelException(file + ": not a delay table: its first line does not name the input"
					+ " columns (" + String.join(", ", WorkloadInput.names()) + ") and '" + DELAY_COLUMN + "'");
		}

		int delayColumn = -1;
		List<WorkloadInput> inputs = new ArrayList<>();
		int[] inputColumns = new int[header.size()];
		for (int column = 0; column < header.size(); column++) {
			String name = header.get(column);
			String where = file + ": row " + headerRow + ", column " + (column + 1);
			if (name.equals(DELAY_COLUMN)) {
				if (delayColumn >= 0) {
					throw new AnalysisModelException(where + ": second '" + DELAY_COLUMN + "' column");
				}
				delayColumn = column;
				continue;
			}
			Optional<WorkloadInput> input = WorkloadInput.named(name);
			if (input.isEmpty()) {
				throw new AnalysisModelException(where + ": unknown column '" + FileProblems.excerpt(name)
						+ "'; valid names: " + String.join(", ", WorkloadInput.names()) + ", " + DELAY_COLUMN);
			}
			if (inputs.contains(input.get())) {
				throw new AnalysisModelException(where + ": second '" + name + "' column");
			}
			inputColumns[inputs.size()] = column;
			inputs.add(input.get());
		}
		if (delayColumn < 0) {
			throw new AnalysisModelException(file + ": row " + headerRow + ": no '" + DELAY_COLUMN
					+ "' column; the header must name the inputs and a '" + DELAY_COLUMN + "' column");
		}
		if (inputs.isEmpty()) {
			throw new AnalysisModelException(file + ": row " + headerRow + ": no input column; valid names: "
					+ String.join(", ", WorkloadInput.names()));
		}

		List<double[]> points = new ArrayList<>();
		List<Double> delays = new ArrayList<>();
		for (int index = firstContentLine(lines, headerIndex + 1); index < lines.size();
				index = firstContentLine(lines, index + 1)) {
			int row = index + 1;
			List<String> values = split(file, row, lines.get(index), delimiter);
			if (values.size() != header.size()) {
				throw new AnalysisModelException(file + ": row " + row + ": " + values.size()
						+ (values.size() == 1 ? " value" : " values") + " but the header has " + header.size()
						+ " columns");
			}
			double[] point = new double[inputs.size()];
			for (int i = 0; i < inputs.size(); i++) {
				point[i] = number(file, row, inputColumns[i], header, values);
			}
			double delay = number(file, row, delayColumn, header, values);
			if (delay < 0) {
				throw new AnalysisModelException(file + ": row " + row + ", column " + (delayColumn + 1) + " ('"
						+ DELAY_COLUMN + "'): a delay must not be negative but is " + values.get(delayColumn));
			}
			points.add(point);
			delays.add(delay);
		}
		if (points.size() < 2) {
			throw new AnalysisModelException(file + ": " + points.size() + (points.size() == 1 ? " data row" : " data rows")
					+ "; a delay table needs at least 2");
		}
		return new DelayTable(file, List.copyOf(inputs), points.toArray(double[][]::new),
				delays.stream().mapToDouble(Double::doubleValue).toArray());
	}

	private static int firstContentLine(List<String> lines, int from) {
		int index = from;
		while (index < lines.size()) {
			String line = stripByteOrderMark(lines.get(index)).strip();
			if (!line.isEmpty() && !line.startsWith("#")) {
				break;
			}
			index++;
		}
		return index;
	}

	private static String stripByteOrderMark(String line) {
		return line.startsWith("\uFEFF") ? line.substring(1) : line;
	}

	/** @return the delimiter the header uses most often outside quotes; a comma if it uses none */
	private static char delimiterOf(String header) {
		char best = ',';
		int bestCount = 0;
		for (char delimiter : DELIMITERS) {
			int count = 0;
			boolean quoted = false;
			for (int i = 0; i < header.length(); i++) {
				char c = header.charAt(i);
				if (c == '"') {
					quoted = !quoted;
				} else if (c == delimiter && !quoted) {
					count++;
				}
			}
			if (count > bestCount) {
				best = delimiter;
				bestCount = count;
			}
		}
		return best;
	}

	/** Splits a row into stripped values; a value in double quotes may contain the delimiter and {@code ""} for a quote. */
	private static List<String> split(Path file, int row, String line, char delimiter) throws AnalysisModelException {
		List<String> values = new ArrayList<>();
		StringBuilder value = new StringBuilder();
		int position = 0;
		while (true) {
			while (position < line.length() && line.charAt(position) != delimiter
					&& Character.isWhitespace(line.charAt(position))) {
				position++;
			}
			if (position < line.length() && line.charAt(position) == '"') {
				int opening = position;
				position++;
				while (true) {
					if (position == line.length()) {
						throw new AnalysisModelException(file + ": row " + row + ", column " + (values.size() + 1)
								+ ": the quote at character " + (opening + 1) + " is not closed");
					}
					char c = line.charAt(position++);
					if (c != '"') {
						value.append(c);
					} else if (position < line.length() && line.charAt(position) == '"') {
						value.append('"');
						position++;
					} else {
						break;
					}
				}
				while (position < line.length() && line.charAt(position) != delimiter) {
					if (!Character.isWhitespace(line.charAt(position))) {
						throw new AnalysisModelException(file + ": row " + row + ", column " + (values.size() + 1)
								+ ": unexpected '" + line.charAt(position) + "' after a quoted value");
					}
					position++;
				}
			} else {
				while (position < line.length() && line.charAt(position) != delimiter) {
					value.append(line.charAt(position++));
				}
			}
			values.add(value.toString().strip());
			value.setLength(0);
			if (position == line.length()) {
				return values;
			}
			position++;
		}
	}

	private static double number(Path file, int row, int column, List<String> header, List<String> values)
			throws AnalysisModelException {
		String text = values.get(column);
		String where = file + ": row " + row + ", column " + (column + 1) + " ('" + header.get(column) + "')";
		if (text.isEmpty()) {
			throw new AnalysisModelException(where + ": no value");
		}
		if (!NUMBER.matcher(text).matches()) {
			throw new AnalysisModelException(where + ": '" + FileProblems.excerpt(text) + "' is not a number");
		}
		double number = Double.parseDouble(text);
		if (Double.isInfinite(number)) {
			throw new AnalysisModelException(where + ": " + text + " is out of range");
		}
		return number;
	}
}
