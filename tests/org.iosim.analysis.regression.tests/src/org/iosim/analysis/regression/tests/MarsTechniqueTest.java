package org.iosim.analysis.regression.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.iosim.analysis.regression.CrossValidation;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.RegressionModel;
import org.iosim.analysis.regression.Technique;
import org.iosim.analysis.regression.Techniques;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

class MarsTechniqueTest {

	private static final double NOISE = 0.05;

	private static double hinges(double[] x) {
		return 3 + 2 * Math.max(0, x[0] - 5) - 1.5 * Math.max(0, 3 - x[1]);
	}

	@Test
	void recoversTheHingesOfTheGeneratingFunction() {
		Dataset training = TestData.uniform("hinges", 400, 3, 5, NOISE, MarsTechniqueTest::hinges);
		Dataset fresh = TestData.uniform("fresh", 400, 3, 6, NOISE, MarsTechniqueTest::hinges);
		RegressionModel model = Techniques.byId("mars").fit(training, Map.of());

		List<Double> x1Knots = knots(model, "x1");
		List<Double> x2Knots = knots(model, "x2");
		assertTrue(x1Knots.stream().anyMatch(knot -> Math.abs(knot - 5) <= 0.5), "x1 knots " + x1Knots);
		assertTrue(x2Knots.stream().anyMatch(knot -> Math.abs(knot - 3) <= 0.5), "x2 knots " + x2Knots);
		assertTrue(x1Knots.stream().allMatch(knot -> Math.abs(knot - 5) <= 0.5), "x1 knots " + x1Knots);
		assertTrue(x2Knots.stream().allMatch(knot -> Math.abs(knot - 3) <= 0.5), "x2 knots " + x2Knots);
		assertEquals(List.of(), knots(model, "x3"), "the irrelevant feature is pruned");
		double rmse = CrossValidation.rmse(model, fresh);
		assertTrue(rmse <= 1.5 * NOISE, "test RMSE " + rmse);
	}

	@Test
	void interactionsFitAProductOfHinges() {
		Dataset training = TestData.uniform("product", 400, 3, 8, NOISE,
				x -> 1 + Math.max(0, x[0] - 4) * Math.max(0, x[1] - 6));
		Dataset fresh = TestData.uniform("fresh", 400, 3, 9, NOISE,
				x -> 1 + Math.max(0, x[0] - 4) * Math.max(0, x[1] - 6));
		// the default R² threshold stops once the large product term is in; finer terms need a lower one
		Map<String, Double> fine = Map.of("maxTermsForward", 41.0, "maxTermsPruned", 41.0, "minRsqImprovement", 0.0);
		RegressionModel additive = Techniques.byId("mars").fit(training, fine);
		RegressionModel interacting = Techniques.byId("mars-ia").fit(training, fine);
		double additiveRmse = CrossValidation.rmse(additive, fresh);
		double interactingRmse = CrossValidation.rmse(interacting, fresh);
		assertTrue(interactingRmse < 2 * NOISE, "mars-ia test RMSE " + interactingRmse);
		assertTrue(interactingRmse < additiveRmse / 3, "mars-ia " + interactingRmse + " vs mars " + additiveRmse);
	}

	@Test
	void termLimitsAreObeyed() {
		Dataset training = TestData.uniform("limits", 300, 4, 3, 0.2, TestData::delayLike);
		Technique mars = Techniques.byId("mars-ia");
		RegressionModel small = mars.fit(training,
				Map.of("maxTermsForward", 9.0, "maxTermsPruned", 4.0, "minRsqImprovement", 0.0));
		assertTrue(small.structure().get("forwardTerms").asInt() <= 9);
		assertTrue(small.structure().get("terms").size() <= 4);
		// a pruning limit above the forward limit acts as the forward limit
		RegressionModel clamped = mars.fit(training,
				Map.of("maxTermsForward", 5.0, "maxTermsPruned", 30.0, "minRsqImprovement", 0.0));
		assertTrue(clamped.structure().get("terms").size() <= 5);
	}

	/**
	 * A fitter grows one forward path for all its fits; a fit after the path has grown past its limit
	 * must equal a fresh fit that grew the path only as far as it needed, including limits that leave
	 * room for a single hinge after the last pair, and stops on the minimum R² gain.
	 */
	@Test
	void fitsSharingAForwardPathEqualFreshFits() {
		Dataset training = TestData.uniform("shared", 250, 4, 11, 0.2, TestData::delayLike);
		for (String id : List.of("mars", "mars-ia")) {
			Technique mars = Techniques.byId(id);
			Technique.Fitter shared = mars.fitter(training);
			boolean endedOnASingleHinge = false;
			for (int maxForward : new int[] { 41, 22, 9, 8, 4, 3 }) {
				for (double maxPruned : new double[] { 41, 6, 2 }) {
					for (double minRsq : new double[] { 0, 0.001, 0.01 }) {
						Map<String, Double> parameters = Map.of("maxTermsForward", (double) maxForward,
								"maxTermsPruned", maxPruned, "minRsqImprovement", minRsq);
						JsonNode viaPath = shared.fit(parameters).structure();
						assertEquals(mars.fit(training, parameters).structure(), viaPath, id + " " + parameters);
						endedOnASingleHinge |= maxForward % 2 == 0 && viaPath.get("forwardTerms").asInt() == maxForward;
					}
				}
			}
			assertTrue(endedOnASingleHinge, id + ": some even limit is reached by a single hinge after the pairs");
		}
	}

	/** Once the hinges explain the data exactly, no further hinge is fitted to rounding noise, not even a single one. */
	@Test
	void aPassThatExplainsEverythingAddsNothingMore() {
		double[][] x = new double[101][];
		double[] y = new double[101];
		for (int row = 0; row <= 100; row++) {
			x[row] = new double[] { row / 10.0, (row * 37 % 101) / 10.0 };
			y[row] = 2 + 3 * Math.max(0, x[row][0] - 5);
		}
		Dataset exact = new Dataset("exact", List.of("x1", "x2"), "y", x, y);
		for (double maxForward : new double[] { 4, 5, 8 }) {
			RegressionModel model = Techniques.byId("mars").fit(exact,
					Map.of("maxTermsForward", maxForward, "maxTermsPruned", 41.0, "minRsqImprovement", 0.0));
			assertTrue(model.structure().get("forwardTerms").asInt() <= 3, maxForward + ": " + model.structure());
		}
	}

	private static List<Double> knots(RegressionModel model, String feature) {
		List<Double> knots = new ArrayList<>();
		for (JsonNode term : model.structure().get("terms")) {
			for (JsonNode hinge : term.get("hinges")) {
				if (hinge.get("feature").asText().equals(feature)) {
					knots.add(hinge.get("knot").doubleValue());
				}
			}
		}
		return knots;
	}
}
