package org.iosim.analysis.regression.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.RegressionInputException;
import org.iosim.analysis.regression.RegressionModel;
import org.iosim.analysis.regression.Technique;
import org.iosim.analysis.regression.Techniques;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

class LinearTechniqueTest {

	private final Dataset data = TestData.uniform("random", 120, 4, 11, 0.5,
			x -> 1 + 2 * x[0] - 3 * x[1] + 0.5 * x[2] * x[3]);

	@Test
	void linearRegressionEqualsCommonsMathOls() {
		OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
		ols.newSampleData(data.y(), data.x());
		double[] expected = ols.estimateRegressionParameters();

		RegressionModel model = Techniques.byId("lm").fit(data, Map.of());
		ObjectNode structure = model.structure();
		assertEquals(expected[0], structure.get("intercept").doubleValue(), 0);
		JsonNode terms = structure.get("terms");
		assertEquals(4, terms.size());
		for (int feature = 0; feature < 4; feature++) {
			assertEquals("x" + (feature + 1), terms.get(feature).get("term").asText());
			assertEquals(expected[feature + 1], terms.get(feature).get("coefficient").doubleValue(), 0);
		}
		for (double[] row : data.x()) {
			double prediction = expected[0];
			for (int feature = 0; feature < 4; feature++) {
				prediction += row[feature] * expected[feature + 1];
			}
			assertEquals(prediction, model.predict(row), 0);
		}
	}

	@Test
	void interactionsAddEveryPairwiseProductAndEqualOlsOnTheExtendedDesign() {
		double[][] design = new double[data.size()][10];
		for (int row = 0; row < data.size(); row++) {
			double[] x = data.x()[row];
			int column = 0;
			for (int feature = 0; feature < 4; feature++) {
				design[row][column++] = x[feature];
			}
			for (int first = 0; first < 4; first++) {
				for (int second = first + 1; second < 4; second++) {
					design[row][column++] = x[first] * x[second];
				}
			}
		}
		OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
		ols.newSampleData(data.y(), design);
		double[] expected = ols.estimateRegressionParameters();

		ObjectNode structure = Techniques.byId("lm-ia").fit(data, Map.of()).structure();
		JsonNode terms = structure.get("terms");
		assertEquals(10, terms.size());
		assertEquals("x3*x4", terms.get(9).get("term").asText());
		assertEquals(expected[10], terms.get(9).get("coefficient").doubleValue(), 0);
		assertEquals(0.5, terms.get(9).get("coefficient").doubleValue(), 0.05, "the true interaction coefficient");
	}

	@Test
	void constantFeatureIsDroppedAndNamed() {
		double[][] x = new double[30][];
		double[] y = new double[30];
		for (int row = 0; row < 30; row++) {
			x[row] = new double[] { row, 7 };
			y[row] = 2 * row + 1;
		}
		Dataset constant = new Dataset("constant", List.of("load", "fixed"), "delay", x, y);
		for (String id : List.of("lm", "lm-ia")) {
			RegressionModel model = Techniques.byId(id).fit(constant, Map.of());
			assertEquals(41, model.predict(new double[] { 20, 7 }), 1e-9, id);
			assertTrue(model.structure().get("dropped").toString().contains("fixed"), id);
		}
	}

	@Test
	void badDataIsRejectedWithAMessage() {
		Technique lm = Techniques.byId("lm");
		Dataset withNan = new Dataset("nan.csv", List.of("a"), "y", new double[][] { { 1 }, { Double.NaN }, { 3 } },
				new double[] { 1, 2, 3 });
		IllegalArgumentException nan = assertThrows(IllegalArgumentException.class, () -> lm.fit(withNan, Map.of()));
		assertTrue(nan.getMessage().contains("row 2"), nan.getMessage());
		Dataset tooSmall = new Dataset("small.csv", List.of("a", "b"), "y", new double[][] { { 1, 5 }, { 2, 3 } },
				new double[] { 1, 2 });
		assertThrows(IllegalArgumentException.class, () -> Techniques.byId("lm-ia").fit(tooSmall, Map.of()));
		IllegalArgumentException rows = assertThrows(IllegalArgumentException.class,
				() -> lm.fit(tooSmall, Map.of()));
		assertTrue(rows.getMessage().contains("rows"), rows.getMessage());
		assertThrows(IllegalArgumentException.class, () -> lm.fit(data, Map.of("unknown", 1.0)));
		assertThrows(IllegalArgumentException.class, () -> Techniques.byId("nope"));
	}

	@Test
	void moreTermsThanRowsSaysHowManyRowsAreNeeded() {
		Dataset fiveFeatures = TestData.uniform("small.csv", 10, 5, 12, 0.1, x -> x[0]);
		String message = assertThrows(RegressionInputException.class,
				() -> Techniques.byId("lm-ia").fit(fiveFeatures, Map.of())).getMessage();
		assertEquals("small.csv: lm-ia needs at least 16 rows for 15 terms and the intercept, got 10", message);
	}

	@Test
	void thousandsOfFeaturesAreRefusedBeforeTheirInteractionsAreListed() {
		// 3,000 features have 4.5 million pairwise products, which used to be listed before the row count was checked
		Dataset wide = TestData.uniform("wide.csv", 20, 3000, 13, 0.1, x -> x[0]);
		String message = assertThrows(RegressionInputException.class, () -> Techniques.byId("lm-ia").fit(wide, Map.of()))
				.getMessage();
		assertEquals("wide.csv: lm-ia needs at least 4501501 rows for 4501500 terms and the intercept, got 20", message);
	}
}
