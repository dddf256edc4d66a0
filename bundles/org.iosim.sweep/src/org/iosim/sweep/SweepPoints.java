package org.iosim.sweep;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * A sweep's points, held compactly so that a sweep of a million points costs megabytes, not
 * gigabytes: a grid (every combination of its parameters' values, the first changing slowest) is
 * its values alone, each point made when asked for; a table (the rows of a points file) keeps each
 * parameter's distinct values once and one index into them per cell.
 */
public final class SweepPoints extends AbstractList<SweepPoint> implements RandomAccess {

	/** Each parameter's values: as given for a grid; the distinct ones, in order of first use, for a table. */
	private final List<List<String>> values;
	/** For a table, the value index of row r and parameter p at {@code r × parameters + p}; null for a grid. */
	private final int[] cells;
	/** For a table, the first row holding each value, per parameter; null for a grid. */
	private final int[][] firstRows;
	private final int size;

	private SweepPoints(List<List<String>> values, int[] cells, int[][] firstRows, int size) {
		this.values = values;
		this.cells = cells;
		this.firstRows = firstRows;
		this.size = size;
	}

	/**
	 * Every combination of the parameters' values; the first parameter changes slowest.
	 *
	 * @throws IllegalArgumentException if a parameter has no value or the grid exceeds {@link Integer#MAX_VALUE} points
	 */
	public static SweepPoints grid(List<List<String>> valuesPerParameter) {
		long count = 1;
		List<List<String>> copies = new ArrayList<>();
		for (List<String> parameterValues : valuesPerParameter) {
			if (parameterValues.isEmpty()) {
				throw new IllegalArgumentException("a parameter of the grid has no value");
			}
			// both factors at most Integer.MAX_VALUE: the product fits in a long
			count *= parameterValues.size();
			if (count > Integer.MAX_VALUE) {
				throw new IllegalArgumentException("the grid has more than " + Integer.MAX_VALUE + " points");
			}
			copies.add(List.copyOf(parameterValues));
		}
		return new SweepPoints(List.copyOf(copies), null, null, (int) count);
	}

	/** The rows given, one value per parameter each. */
	public static SweepPoints table(int parameters, List<? extends List<String>> rows) {
		Table table = new Table(parameters);
		rows.forEach(table::add);
		return table.build();
	}

	/** Collects the rows of a table one by one, e.g. as a points file is read. */
	public static final class Table {

		private final int parameters;
		private final List<Map<String, Integer>> indices = new ArrayList<>();
		private final List<List<String>> values = new ArrayList<>();
		private final List<List<Integer>> firstRows = new ArrayList<>();
		private int[] cells = new int[64];
		private int rows;

		public Table(int parameters) {
			if (parameters < 1) {
				throw new IllegalArgumentException("a sweep varies at least one parameter");
			}
			this.parameters = parameters;
			for (int p = 0; p < parameters; p++) {
				indices.add(new HashMap<>());
				values.add(new ArrayList<>());
				firstRows.add(new ArrayList<>());
			}
		}

		/** @throws IllegalArgumentException if the row does not have one value per parameter */
		public void add(List<String> row) {
			if (row.size() != parameters) {
				throw new IllegalArgumentException("point " + (rows + 1) + " has " + row.size() + " values for "
						+ parameters + " parameters");
			}
			if ((long) (rows + 1) * parameters > cells.length) {
				cells = Arrays.copyOf(cells, Math.toIntExact(Math.max(2L * cells.length,
						(long) (rows + 1) * parameters)));
			}
			for (int p = 0; p < parameters; p++) {
				int parameter = p;
				String value = row.get(p);
				int index = indices.get(p).computeIfAbsent(value, newValue -> {
					values.get(parameter).add(newValue);
					firstRows.get(parameter).add(rows);
					return values.get(parameter).size() - 1;
				});
				cells[rows * parameters + p] = index;
			}
			rows++;
		}

		public int size() {
			return rows;
		}

		public SweepPoints build() {
			int[][] first = new int[parameters][];
			for (int p = 0; p < parameters; p++) {
				first[p] = firstRows.get(p).stream().mapToInt(Integer::intValue).toArray();
			}
			return new SweepPoints(values.stream().map(List::copyOf).toList(),
					Arrays.copyOf(cells, rows * parameters), first, rows);
		}
	}

	public boolean isGrid() {
		return cells == null;
	}

	public int parameters() {
		return values.size();
	}

	/** @return the parameter's values: a grid's as given, a table's distinct ones in order of first use */
	public List<String> values(int parameter) {
		return values.get(parameter);
	}

	@Override
	public int size() {
		return size;
	}

	@Override
	public SweepPoint get(int index) {
		Objects.checkIndex(index, size);
		int parameters = values.size();
		String[] point = new String[parameters];
		if (cells == null) {
			int rest = index;
			for (int p = parameters - 1; p >= 0; p--) {
				List<String> parameterValues = values.get(p);
				point[p] = parameterValues.get(rest % parameterValues.size());
				rest /= parameterValues.size();
			}
		} else {
			for (int p = 0; p < parameters; p++) {
				point[p] = values.get(p).get(cells[index * parameters + p]);
			}
		}
		return new SweepPoint(index, List.of(point));
	}

	/**
	 * Points that together hold every value of every parameter, each value at least once, in
	 * ascending order: of a grid, the first point with each value; of a table, the first row.
	 */
	public List<Integer> representatives() {
		TreeSet<Integer> points = new TreeSet<>();
		if (cells == null) {
			int stride = size;
			for (List<String> parameterValues : values) {
				stride /= parameterValues.size();
				for (int v = 0; v < parameterValues.size(); v++) {
					points.add(v * stride);
				}
			}
		} else {
			for (int[] first : firstRows) {
				for (int row : first) {
					points.add(row);
				}
			}
		}
		return List.copyOf(points);
	}

	/** The same points with each value of one parameter replaced, e.g. a path made absolute. */
	public SweepPoints withValues(int parameter, UnaryOperator<String> replace) {
		List<List<String>> replaced = new ArrayList<>(values);
		replaced.set(parameter, values.get(parameter).stream().map(replace).toList());
		if (cells == null) {
			return new SweepPoints(List.copyOf(replaced), null, null, size);
		}
		// two values may become one: rebuild the table so that its values stay distinct
		Table table = new Table(values.size());
		for (SweepPoint point : this) {
			List<String> row = new ArrayList<>(point.values());
			row.set(parameter, replace.apply(row.get(parameter)));
			table.add(row);
		}
		return table.build();
	}
}
