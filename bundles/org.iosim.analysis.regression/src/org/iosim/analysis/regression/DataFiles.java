package org.iosim.analysis.regression;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.iosim.files.FileProblems;
import org.iosim.files.TextLines;

/**
 * Reads measurement data from CSV: UTF-8 text (a leading byte order mark is skipped), a header row
 * naming the columns, then one row per measured configuration, numbers with a '.' decimal point;
 * separated by commas, semicolons or tabs (the header decides); a value in double quotes loses them;
 * blank lines and lines starting with '#' are skipped. Lines end with LF, CRLF or CR.
 */
public final class DataFiles {

	/**
	 * The largest magnitude of a value to fit. The techniques multiply up to four values (a product of
	 * two features or hinges, squared) and sum such products over the rows; (10⁶⁰)⁴ = 10²⁴⁰ leaves room
	 * for any number of rows below the largest double, about 1.8·10³⁰⁸, where larger values would
	 * overflow to infinite coefficients.
	 */
	public static final double MAX_FITTED_MAGNITUDE = 1e60;

	private static final Pattern DECIMAL = Pattern.compile("[-+]?[0-9.]+([eE][-+]?[0-9]+)?");

	private DataFiles() {
	}

	/**
	 * Reads data to fit: at least two rows (and {@code minimumRows}), a target that varies, and values
	 * within ±{@link #MAX_FITTED_MAGNITUDE}.
	 *
	 * @param features the feature columns, or empty for every column except the target
	 * @param minimumRows rows the caller needs (e.g. the number of folds)
	 */
	public static Dataset read(Path file, String target, List<String> features, int minimumRows)
			throws DataFormatException {
		Dataset data = read(file, target, features, minimumRows, true, true);
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
		return read(file, target, features, 1, targetRequired, false);
	}

	private static Dataset read(Path file, String target, List<String> features, int minimumRows,
			boolean targetRequired, boolean toFit) throws DataFormatException {
		try (TextLines lines = new TextLines(file)) {
			String header = lines.nextData();
			if (header == null) {
				throw new DataFormatException(file + ": the file is empty; it needs a header row naming the columns");
			}
			String separator = header.contains(";") ? ";" : header.contains("\t") ? "\t" : ",";
			Header columns = new Header(file, lines.number(), split(header, separator));
			int targetColumn = columns.index(target);
			if (targetColumn < 0 && targetRequired) {
				throw columns.missing(target, "the target");
			}
			List<String> chosen = new ArrayList<>(features);
			if (chosen.isEmpty()) {
				columns.names.stream().filter(column -> !column.equals(target)).forEach(chosen::add);
			}
			if (chosen.isEmpty()) {
				throw new DataFormatException(file + ": no feature columns besides the target '"
						+ FileProblems.excerpt(target) + "'");
			}
			int[] featureColumns = new int[chosen.size()];
			Set<String> named = new HashSet<>();
			for (int i = 0; i < chosen.size(); i++) {
				String name = chosen.get(i);
				featureColumns[i] = columns.index(name);
				if (featureColumns[i] < 0) {
					throw columns.missing(name, "a feature");
				}
				if (featureColumns[i] == targetColumn) {
					throw new DataFormatException(file + ": column '" + FileProblems.excerpt(target)
							+ "' cannot be both target and feature");
				}
				if (!named.add(name)) {
					throw new DataFormatException(file + ": feature '" + FileProblems.excerpt(name) + "' is named twice");
				}
			}
			List<double[]> x = new ArrayList<>();
			List<Double> y = new ArrayList<>();
			for (String line = lines.nextData(); line != null; line = lines.nextData()) {
				List<String> cells = split(line, separator);
				if (cells.size() != columns.names.size()) {
					throw new DataFormatException(file + ": line " + lines.number() + " has " + cells.size()
							+ " values, the header " + columns.names.size());
				}
				Row row = new Row(file, lines.number(), cells, columns.names, toFit);
				double[] values = new double[featureColumns.length];
				for (int i = 0; i < featureColumns.length; i++) {
					values[i] = row.number(featureColumns[i]);
				}
				x.add(values);
				y.add(targetColumn < 0 ? Double.NaN : row.number(targetColumn));
			}
			int needed = Math.max(targetRequired && minimumRows > 1 ? 2 : 1, minimumRows);
			if (x.size() < needed) {
				throw new DataFormatException(file + ": " + x.size() + " data rows, but at least " + needed
						+ " are needed" + (minimumRows > 2 ? " (one per cross-validation fold)" : ""));
			}
			return new Dataset(file.getFileName().toString(), chosen, target, x.toArray(double[][]::new),
					y.stream().mapToDouble(Double::doubleValue).toArray());
		} catch (FileProblems.TextProblem notText) {
			throw new DataFormatException(file + ": " + notText.getMessage());
		} catch (IOException unreadable) {
			throw new DataFormatException(file + ": cannot read the file: " + FileProblems.reason(unreadable));
		}
	}

	/** The column names of a header, looked up by name: a name used must be unique and not empty. */
	private static final class Header {
		final List<String> names;
		private final Path file;
		private final int line;
		private final Map<String, Integer> first = new HashMap<>();
		private final Map<String, Integer> last = new HashMap<>();

		Header(Path file, int line, List<String> names) {
			this.file = file;
			this.line = line;
			this.names = names;
			for (int column = 0; column < names.size(); column++) {
				first.putIfAbsent(names.get(column), column);
				last.put(names.get(column), column);
			}
		}

		/** The column of that name, or -1. */
		int index(String name) throws DataFormatException {
			Integer column = first.get(name);
			if (column == null) {
				return -1;
			}
			if (name.isEmpty()) {
				throw new DataFormatException(file + ": line " + line + ", column " + (column + 1)
						+ ": the header gives this column no name");
			}
			if (!column.equals(last.get(name))) {
				throw new DataFormatException(file + ": line " + line + ": the header names two columns '"
						+ FileProblems.excerpt(name) + "' (columns " + (column + 1) + " and " + (last.get(name) + 1) + "); rename one");
			}
			return column;
		}

		/**
		 * A header of one column is what a file other than a CSV file has, so it is not quoted: a
		 * message must not echo a file given by mistake.
		 */
		DataFormatException missing(String name, String role) {
			String columns = names.size() == 1
					? "the header has one column: no commas, semicolons or tabs; is this a CSV file with a header row?"
					: "the header's " + names.size() + " columns: " + FileProblems.excerpt(String.join(", ", names));
			return new DataFormatException(file + ": line " + line + ": no column named '" + FileProblems.excerpt(name)
					+ "' for " + role + "; " + columns);
		}
	}

	/** The cells of one data row, turned into numbers with messages naming the row and column. */
	private record Row(Path file, int line, List<String> cells, List<String> columns, boolean toFit) {

		double number(int column) throws DataFormatException {
			String text = cells.get(column);
			double value = Double.NaN;
			if (DECIMAL.matcher(text).matches()) {
				try {
					value = Double.parseDouble(text);
				} catch (NumberFormatException notANumber) {
					// e.g. "1.2.3": the pattern allows any digits and points; reported below
				}
			}
			if (Double.isNaN(value)) {
				throw problem(column, "is not a number");
			}
			if (Double.isInfinite(value)) {
				throw problem(column, "is beyond the range of numbers (about ±1.8e308)");
			}
			if (toFit && Math.abs(value) > MAX_FITTED_MAGNITUDE) {
				throw problem(column, String.format(Locale.ROOT, "is too large to fit: beyond ±%.0e the techniques'"
						+ " products of values overflow; rescale the column (e.g. to other units)", MAX_FITTED_MAGNITUDE));
			}
			return value;
		}

		private DataFormatException problem(int column, String what) {
			return new DataFormatException(file + ": line " + line + ", column " + (column + 1) + " ('"
					+ FileProblems.excerpt(columns.get(column)) + "'): '" + FileProblems.excerpt(cells.get(column)) + "' "
					+ what);
		}
	}

	private static List<String> split(String line, String separator) {
		List<String> cells = new ArrayList<>();
		int start = 0;
		while (true) {
			int end = line.indexOf(separator, start);
			String cell = line.substring(start, end < 0 ? line.length() : end).strip();
			if (cell.length() >= 2 && cell.startsWith("\"") && cell.endsWith("\"")) {
				cell = cell.substring(1, cell.length() - 1);
			}
			cells.add(cell);
			if (end < 0) {
				return cells;
			}
			start = end + separator.length();
		}
	}
}
