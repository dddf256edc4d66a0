package org.iosim.cli.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A table for the console whose columns are as wide as their widest cell, two spaces apart. Text
 * columns are left-aligned and cut at {@link #MAX_TEXT_WIDTH} characters (the caller says where the
 * full names are); number columns are right-aligned.
 */
final class TextTable {

	static final int MAX_TEXT_WIDTH = 48;
	/** Shown for a figure that does not exist, e.g. the mean delay of a request type that never occurred. */
	static final String NONE = "–";

	private final List<String> headers = new ArrayList<>();
	private final List<Boolean> numeric = new ArrayList<>();
	private final List<String[]> rows = new ArrayList<>();
	private boolean cut;

	TextTable text(String header) {
		headers.add(header);
		numeric.add(false);
		return this;
	}

	TextTable number(String header) {
		headers.add(header);
		numeric.add(true);
		return this;
	}

	void row(String... cells) {
		String[] row = new String[cells.length];
		for (int column = 0; column < cells.length; column++) {
			String cell = cells[column] == null ? NONE : cells[column];
			if (!numeric.get(column) && cell.length() > MAX_TEXT_WIDTH) {
				cell = cell.substring(0, MAX_TEXT_WIDTH - 1) + "…";
				cut = true;
			}
			row[column] = cell;
		}
		rows.add(row);
	}

	/** @return whether some name was too long and was cut */
	boolean cutSomething() {
		return cut;
	}

	void print(PrintWriter out) {
		int[] widths = new int[headers.size()];
		for (int column = 0; column < widths.length; column++) {
			widths[column] = headers.get(column).length();
			for (String[] row : rows) {
				widths[column] = Math.max(widths[column], row[column].length());
			}
		}
		printRow(out, headers.toArray(String[]::new), widths);
		for (String[] row : rows) {
			printRow(out, row, widths);
		}
	}

	private void printRow(PrintWriter out, String[] cells, int[] widths) {
		StringBuilder line = new StringBuilder();
		for (int column = 0; column < cells.length; column++) {
			if (column > 0) {
				line.append("  ");
			}
			String padding = " ".repeat(widths[column] - cells[column].length());
			boolean last = column == cells.length - 1;
			if (numeric.get(column)) {
				line.append(padding).append(cells[column]);
			} else {
				line.append(cells[column]).append(last ? "" : padding);
			}
		}
		out.println(line);
	}
}
