package org.iosim.analysis.regression;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads measurement data from CSV: a header row naming the columns, then one row per measured
 * configuration, numbers with a '.' decimal point; separated by commas, semicolons or tabs (the
 * header decides); blank lines and lines starting with '#' are skipped.
 */
public final class DataFiles {

	private DataFiles() {
	}

	/**
	 * @param features the feature columns, or empty for every column except the target
	 * @param minimumRows rows the caller needs (e.g. the number of folds)
	 */
	public static Dataset read(Path file, String target, List<String> features, int minimumRows)
			throws DataFormatException {
		Dataset data = read(file, target, features, minimumRows, true);
		double first = data.y()[0];
		if (Arrays.stream(data.y()).allMatch(value -> value == first)) {
			throw new DataFormatException(file + ": the target '" + target + "' is " + first
					+ " in every row; a constant cannot be learned from the features");
		}
		return data;
	}

	/**
	 * Reads data to predict or to test a model on: one row suffices, the target may be constant, and
	 * when {@code targetRequired} is false a missing target column leaves the targets NaN.
	 */
	public static Dataset readForModel(Path file, String target, List<String> features, boolean targetRequired)
			throws DataFormatException {
		return read(file, target, features, 1, targetRequired);
	}

	private static Dataset read(Path file, String target, List<String> features, int minimumRows,
			boolean targetRequired) throws DataFormatException {
		List<String> lines;
		try {
			lines = Files.readAllLines(file, StandardCharsets.UTF_8);
		} catch (IOException unreadable) {
			throw new DataFormatException(file + ": cannot read the file: " + unreadable.getMessage());
		}
		int headerLine = firstDataLine(lines, 0);
		if (headerLine < 0) {
			throw new DataFormatException(file + ": the file is empty; it needs a header row naming the columns");
		}
		String header = lines.get(headerLine).replace("\uFEFF", "");
		String separator = header.contains(";") ? ";" : header.contains("\t") ? "\t" : ",";
		List<String> columns = split(header, separator);
		int targetColumn = columns.indexOf(target);
		if (targetColumn < 0 && targetRequired) {
			throw new DataFormatException(file + ": no column named '" + target + "' for the target (columns: "
					+ String.join(", ", columns) + ")");
		}
		List<String> chosen = new ArrayList<>(features);
		if (chosen.isEmpty()) {
			columns.stream().filter(column -> !column.equals(target)).forEach(chosen::add);
		}
		int[] featureColumns = new int[chosen.size()];
		for (int i = 0; i < chosen.size(); i++) {
			featureColumns[i] = columns.indexOf(chosen.get(i));
			if (featureColumns[i] < 0) {
				throw new DataFormatException(file + ": no column named '" + chosen.get(i) + "' for a feature (columns: "
						+ String.join(", ", columns) + ")");
			}
			if (featureColumns[i] == targetColumn) {
				throw new DataFormatException(file + ": column '" + target + "' cannot be both target and feature");
			}
		}
		if (chosen.isEmpty()) {
			throw new DataFormatException(file + ": no feature columns besides the target '" + target + "'");
		}
		List<double[]> x = new ArrayList<>();
		List<Double> y = new ArrayList<>();
		for (int line = firstDataLine(lines, headerLine + 1); line >= 0; line = firstDataLine(lines, line + 1)) {
			List<String> cells = split(lines.get(line), separator);
			if (cells.size() != columns.size()) {
				throw new DataFormatException(file + ": row " + (line + 1) + " has " + cells.size() + " values, the header "
						+ columns.size());
			}
			double[] row = new double[featureColumns.length];
			for (int i = 0; i < featureColumns.length; i++) {
				row[i] = number(file, line, cells, featureColumns[i], columns);
			}
			x.add(row);
			y.add(targetColumn < 0 ? Double.NaN : number(file, line, cells, targetColumn, columns));
		}
		int needed = Math.max(targetRequired && minimumRows > 1 ? 2 : 1, minimumRows);
		if (x.size() < needed) {
			throw new DataFormatException(file + ": " + x.size() + " data rows, but at least " + needed
					+ " are needed" + (minimumRows > 2 ? " (one per cross-validation fold)" : ""));
		}
		return new Dataset(file.getFileName().toString(), chosen, target, x.toArray(double[][]::new),
				y.stream().mapToDouble(Double::doubleValue).toArray());
	}

	private static int firstDataLine(List<String> lines, int from) {
		for (int line = from; line < lines.size(); line++) {
			String text = lines.get(line).strip();
			if (!text.isEmpty() && !text.startsWith("#")) {
				return line;
			}
		}
		return -1;
	}

	private static List<String> split(String line, String separator) {
		List<String> cells = new ArrayList<>();
		for (String cell : line.split(java.util.regex.Pattern.quote(separator), -1)) {
			String trimmed = cell.strip();
			if (trimmed.length() >= 2 && trimmed.startsWith("\"") && trimmed.endsWith("\"")) {
				trimmed = trimmed.substring(1, trimmed.length() - 1);
			}
			cells.add(trimmed);
		}
		return cells;
	}

	private static double number(Path file, int line, List<String> cells, int column, List<String> columns)
			throws DataFormatException {
		String text = cells.get(column);
		try {
			double value = Double.parseDouble(text);
			if (Double.isFinite(value) && text.matches("[-+]?[0-9.]+([eE][-+]?[0-9]+)?")) {
				return value;
			}
		} catch (NumberFormatException notANumber) {
			// reported below with the row and column
		}
		throw new DataFormatException(file + ": row " + (line + 1) + ", column " + (column + 1) + " ('"
				+ columns.get(column) + "'): '" + text + "' is not a number");
	}
}
