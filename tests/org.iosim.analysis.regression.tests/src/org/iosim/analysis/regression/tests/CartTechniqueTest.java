package org.iosim.analysis.regression.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.iosim.analysis.regression.CrossValidation;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.RegressionModel;
import org.iosim.analysis.regression.Techniques;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

class CartTechniqueTest {

	private static double steps(double[] x) {
		return x[0] < 3 ? 1 : x[0] < 7 ? 4 : 2;
	}

	@Test
	void findsTheStepsOfAStepFunction() {
		// x1 on 20 levels as in a factorial measurement design; the halfway thresholds fall on the steps
		Dataset uniform = TestData.uniform("steps", 300, 2, 21, 0, CartTechniqueTest::steps);
		double[][] x = new double[uniform.size()][];
		double[] y = new double[uniform.size()];
		for (int row = 0; row < uniform.size(); row++) {
			x[row] = new double[] { (row % 20) / 2.0 + 0.25, uniform.x()[row][1] };
			y[row] = steps(x[row]);
		}
		Dataset training = new Dataset("steps", uniform.features(), "y", x, y);
		Dataset fresh = TestData.uniform("fresh", 300, 2, 22, 0, CartTechniqueTest::steps);
		RegressionModel model = Techniques.byId("cart").fit(training, Map.of());
		double rmse = CrossValidation.rmse(model, fresh);
		assertTrue(rmse < 0.05, "test RMSE " + rmse);
		assertEquals(1, model.predict(new double[] { 1, 5 }), 0);
		assertEquals(4, model.predict(new double[] { 5, 5 }), 0);
		assertEquals(2, model.predict(new double[] { 9, 5 }), 0);
		assertTrue(model.structure().toString().contains("\"feature\":\"x1\""));
		assertTrue(!model.structure().toString().contains("\"feature\":\"x2\""), "no split on the irrelevant x2");
	}

	@Test
	void complexityParameterPrunesWeakSplits() {
		Dataset noisy = TestData.uniform("noisy", 300, 2, 23, 0.3, CartTechniqueTest::steps);
		int unpruned = leaves(Techniques.byId("cart").fit(noisy, Map.of("minSplit", 2.0, "cp", 0.0)));
		int pruned = leaves(Techniques.byId("cart").fit(noisy, Map.of("minSplit", 2.0, "cp", 0.05)));
		assertTrue(unpruned > 50, "unpruned leaves " + unpruned);
		assertEquals(3, pruned);
	}

	private static int leaves(RegressionModel model) {
		return leaves(model.structure().get("root"));
	}

	private static int leaves(JsonNode node) {
		return node.has("left") ? leaves(node.get("left")) + leaves(node.get("right")) : 1;
	}
}
