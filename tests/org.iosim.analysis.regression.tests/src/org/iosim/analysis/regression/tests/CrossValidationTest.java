package org.iosim.analysis.regression.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.iosim.analysis.regression.CrossValidation;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Folds;
import org.iosim.analysis.regression.RegressionInputException;
import org.iosim.analysis.regression.Technique;
import org.iosim.analysis.regression.Techniques;
import org.junit.jupiter.api.Test;

class CrossValidationTest {

	@Test
	void aFixedSeedGivesTheSameFoldsOfNearlyEqualSize() {
		Folds first = Folds.of(103, 10, 7);
		Folds second = Folds.of(103, 10, 7);
		int[] sizes = new int[10];
		boolean[] seen = new boolean[103];
		for (int fold = 0; fold < 10; fold++) {
			assertArrayEquals(first.rows(fold, true), second.rows(fold, true));
			sizes[fold] = first.rows(fold, true).length;
			assertEquals(103 - sizes[fold], first.rows(fold, false).length);
			for (int row : first.rows(fold, true)) {
				assertTrue(!seen[row], "row " + row + " in two folds");
				seen[row] = true;
			}
		}
		assertTrue(IntStream.range(0, 103).allMatch(row -> seen[row]));
		assertTrue(Arrays.stream(sizes).max().getAsInt() - Arrays.stream(sizes).min().getAsInt() <= 1);
		assertTrue(!Arrays.equals(first.rows(0, true), Folds.of(103, 10, 8).rows(0, true)), "another seed");
	}

	@Test
	void rmseIsTheMeanOverFoldsAndRelativeErrorsSkipZeroTargets() {
		Dataset data = TestData.uniform("cv", 100, 2, 51, 0, x -> x[0] < 1 ? 0 : 1 + x[0] + x[1]);
		Technique lm = Techniques.byId("lm");
		Folds folds = Folds.of(data.size(), 10, 1);
		double expected = 0;
		for (int fold = 0; fold < 10; fold++) {
			expected += CrossValidation.rmse(lm.fit(data.rows(folds.rows(fold, false)), Map.of()),
					data.rows(folds.rows(fold, true)));
		}
		CrossValidation.Estimate estimate = CrossValidation.estimate(lm, data, Map.of(), folds);
		assertEquals(expected / 10, estimate.rmse(), 1e-12);
		assertEquals(estimate.rmse(), CrossValidation.rmse(lm, data, Map.of(), folds), 0);
		long zeros = Arrays.stream(data.y()).filter(y -> y == 0).count();
		assertEquals(zeros, estimate.skippedZeroTargets());
		assertEquals(100 - zeros, estimate.relativeErrorRows());
		assertTrue(zeros > 0 && Double.isFinite(estimate.meanRelativeError()));
		assertTrue(estimate.relativeError95() >= estimate.meanRelativeError() * 0.5);
	}

	@Test
	void bootstrapIsSeeded() {
		Dataset data = TestData.uniform("boot", 80, 2, 52, 0.2, x -> 2 * x[0] - x[1]);
		Technique lm = Techniques.byId("lm");
		double first = CrossValidation.bootstrap(lm, data, Map.of(), 20, 5);
		assertEquals(first, CrossValidation.bootstrap(lm, data, Map.of(), 20, 5), 0);
		assertTrue(first > 0.15 && first < 0.3, "out-of-bag RMSE " + first + " for noise sd 0.2");
	}

	@Test
	void aFoldThatCannotBeFittedIsNamed() {
		// the whole data would do, but each fold trains on four fifths of it
		Dataset small = TestData.uniform("small.csv", 16, 5, 53, 0.1, x -> x[0]);
		String message = assertThrows(RegressionInputException.class,
				() -> CrossValidation.rmse(Techniques.byId("lm-ia"), small, Map.of(), Folds.of(16, 5, 1))).getMessage();
		assertEquals("small.csv: lm-ia needs at least 16 rows for 15 terms and the intercept, got 12 (the training rows"
				+ " of cross-validation fold 1 of 5)", message);
	}

	@Test
	void aBootstrapWithoutOutOfBagRowsAsksForMoreResamples() {
		Dataset one = new Dataset("one.csv", List.of("x"), "y", new double[][] { { 1 } }, new double[] { 2 });
		String message = assertThrows(RegressionInputException.class,
				() -> CrossValidation.bootstrap(Techniques.byId("lm"), one, Map.of(), 3, 1)).getMessage();
		assertEquals("one.csv: no bootstrap sample of 3 left a row out of the bag; take more resamples", message);
	}
}
