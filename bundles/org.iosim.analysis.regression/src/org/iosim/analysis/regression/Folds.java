package org.iosim.analysis.regression;

import java.util.Random;

/**
 * One fixed partition of a data set's rows into k folds for cross-validation, drawn from a seed, so
 * every technique and every evaluation of a search sees the same folds (001 Eq. 6.1/6.3).
 */
public final class Folds {

	private final int[] foldOfRow;
	private final int count;

	private Folds(int[] foldOfRow, int count) {
		this.foldOfRow = foldOfRow;
		this.count = count;
	}

	/** Shuffles the row indexes with the seed and deals them into k folds of sizes differing by at most one. */
	public static Folds of(int rows, int k, long seed) {
		if (k < 2 || k > rows) {
			throw new IllegalArgumentException("cross-validation needs 2 ≤ folds ≤ rows, got " + k + " folds for " + rows + " rows");
		}
		int[] order = new int[rows];
		for (int i = 0; i < rows; i++) {
			order[i] = i;
		}
		Random random = new Random(seed);
		for (int i = rows - 1; i > 0; i--) {
			int j = random.nextInt(i + 1);
			int swap = order[i];
			order[i] = order[j];
			order[j] = swap;
		}
		int[] foldOfRow = new int[rows];
		for (int position = 0; position < rows; position++) {
			foldOfRow[order[position]] = position % k;
		}
		return new Folds(foldOfRow, k);
	}

	public int count() {
		return count;
	}

	/** Row indexes of fold {@code fold} (test) or of all other folds (training), in increasing order. */
	public int[] rows(int fold, boolean inFold) {
		int size = 0;
		for (int assigned : foldOfRow) {
			if ((assigned == fold) == inFold) {
				size++;
			}
		}
		int[] rows = new int[size];
		int next = 0;
		for (int row = 0; row < foldOfRow.length; row++) {
			if ((foldOfRow[row] == fold) == inFold) {
				rows[next++] = row;
			}
		}
		return rows;
	}
}
