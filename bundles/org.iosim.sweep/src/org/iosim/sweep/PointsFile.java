package org.iosim.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.iosim.files.FileProblems;
import org.iosim.files.TextLines;
import org.iosim.run.RunFailure;
import org.iosim.sweep.internal.ParameterTarget;

/**
 * The points of a sweep as a CSV file ({@code iosim sweep --points}): UTF-8 text (a byte order mark,
 * as spreadsheet programs write, is dropped), a header naming the parameters, then one row of
 * comma-separated values per point (a value in double quotes stands for its text); blank lines are
 * skipped. Problems are the request's
 * ({@link RunFailure.Kind#USAGE}, as for a pipeline file) and name the file, the line and the column.
 *
 * @param parameters the parameters' names, in the header's order
 * @param points     one value per parameter for each point
 */
public record PointsFile(List<String> parameters, SweepPoints points) {

	public PointsFile {
		parameters = List.copyOf(parameters);
	}

	/** @throws RunFailure naming the file, and the line and column where one is wrong */
	public static PointsFile read(Path file) throws RunFailure {
		try (TextLines lines = new TextLines(file)) {
			String header = nextNonBlank(lines);
			if (header == null) {
				throw wrong(file, "the file is empty; it needs a header naming the parameters and at least one row");
			}
			List<String> parameters = cells(header);
			for (int column = 0; column < parameters.size(); column++) {
				int first = parameters.indexOf(parameters.get(column));
				if (first < column) {
					throw wrong(file, "line " + lines.number() + ", column " + (column + 1) + ": parameter '"
							+ FileProblems.excerpt(parameters.get(column)) + "' is named twice (also column " + (first + 1) + ")");
				}
				try {
					ParameterTarget.of(parameters.get(column));
				} catch (IllegalArgumentException unknown) {
					// the only cell of a header is its whole line, which is not echoed: the file may be any file
					throw wrong(file, "line " + lines.number() + (parameters.size() == 1
							? ": the header's only column names no parameter; is this a points CSV file? Its header"
									+ " names the parameters, separated by commas; the forms are: " + ParameterTarget.FORMS
							: ", column " + (column + 1) + ": " + unknown.getMessage()));
				}
			}
			SweepPoints.Table rows = new SweepPoints.Table(parameters.size());
			for (String line = nextNonBlank(lines); line != null; line = nextNonBlank(lines)) {
				List<String> row = cells(line);
				if (row.size() != parameters.size()) {
					throw wrong(file, "line " + lines.number() + " has " + row.size() + " values for "
							+ parameters.size() + " parameters");
				}
				if (rows.size() == SweepDefinition.MAX_POINTS) {
					// the rows after it are not read: a file of millions of rows would only take time and memory
					throw wrong(file, "line " + lines.number() + ": " + SweepDefinition.tooManyPoints("more than "
							+ String.format(java.util.Locale.ROOT, "%,d", SweepDefinition.MAX_POINTS)));
				}
				rows.add(row);
			}
			if (rows.size() == 0) {
				throw wrong(file, "no points: after the header naming the parameters comes one row per point");
			}
			return new PointsFile(parameters, rows.build());
		} catch (FileProblems.TextProblem binary) {
			throw wrong(file, "not a text CSV file: " + binary.getMessage());
		} catch (IOException unreadable) {
			throw wrong(file, "cannot read the file: " + FileProblems.reason(unreadable));
		}
	}

	private static String nextNonBlank(TextLines lines) throws IOException {
		String line = lines.next();
		while (line != null && line.isBlank()) {
			line = lines.next();
		}
		return line;
	}

	private static List<String> cells(String line) {
		return List.of(line.split(",", -1)).stream().map(String::strip).map(PointsFile::unquoted).toList();
	}

	/** A cell in double quotes, as spreadsheet programs may write every text cell, stands for its text. */
	private static String unquoted(String cell) {
		return cell.length() >= 2 && cell.startsWith("\"") && cell.endsWith("\"")
				? cell.substring(1, cell.length() - 1).replace("\"\"", "\"").strip()
				: cell;
	}

	private static RunFailure wrong(Path file, String problem) {
		return new RunFailure(RunFailure.Kind.USAGE, file + ": " + problem);
	}
}
