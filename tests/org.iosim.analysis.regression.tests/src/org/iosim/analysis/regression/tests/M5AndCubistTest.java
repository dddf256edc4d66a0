package org.iosim.analysis.regression.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.ToDoubleFunction;

import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.RegressionModel;
import org.iosim.analysis.regression.Technique;
import org.iosim.analysis.regression.Techniques;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

class M5AndCubistTest {

	private static final Technique M5 = Techniques.byId("m5");
	private static final Technique CUBIST = Techniques.byId("cubist");

	/** y = 2x below 5, 10 + 0.5(x − 5) above, with an irrelevant second feature and small noise. */
	private static Dataset piecewiseLinear(int rows, long seed) {
		Random random = new Random(seed);
		double[][] x = new double[rows][];
		double[] y = new double[rows];
		for (int row = 0; row < rows; row++) {
			double value = 10 * random.nextDouble();
			x[row] = new double[] { value, 100 * random.nextDouble() };
			y[row] = (value < 5 ? 2 * value : 10 + 0.5 * (value - 5)) + 0.05 * random.nextGaussian();
		}
		return new Dataset("piecewise " + seed, List.of("x", "irrelevant"), "y", x, y);
	}

	/** y = sin(x1) + cos(x2) on [0, 6]². */
	private static Dataset surface(int rows, long seed) {
		Random random = new Random(seed);
		double[][] x = new double[rows][];
		double[] y = new double[rows];
		for (int row = 0; row < rows; row++) {
			x[row] = new double[] { 6 * random.nextDouble(), 6 * random.nextDouble() };
			y[row] = Math.sin(x[row][0]) + Math.cos(x[row][1]);
		}
		return new Dataset("surface " + seed, List.of("x1", "x2"), "y", x, y);
	}

	private static double rmse(ToDoubleFunction<double[]> model, Dataset data) {
		double squares = 0;
		for (int row = 0; row < data.size(); row++) {
			double error = model.applyAsDouble(data.x()[row]) - data.y()[row];
			squares += error * error;
		}
		return Math.sqrt(squares / data.size());
	}

	private static double rmse(RegressionModel model, Dataset data) {
		return rmse(model::predict, data);
	}

	/** The piecewise-constant reference a CART-like tree approximates: the mean of y in 8 equal-width bins of x. */
	private static ToDoubleFunction<double[]> binMeans(Dataset training) {
		int bins = 8;
		double[] sums = new double[bins];
		int[] counts = new int[bins];
		for (int row = 0; row < training.size(); row++) {
			int bin = Math.min(bins - 1, (int) (training.x()[row][0] / 10 * bins));
			sums[bin] += training.y()[row];
			counts[bin]++;
		}
		return row -> {
			int bin = Math.min(bins - 1, (int) (row[0] / 10 * bins));
			return sums[bin] / counts[bin];
		};
	}

	@Test
	void m5FitsPiecewiseLinearDataMuchBetterThanPiecewiseConstants() {
		Dataset training = piecewiseLinear(400, 1);
		Dataset test = piecewiseLinear(200, 2);
		double m5Error = rmse(M5.fit(training, M5.defaults()), test);
		double constantError = rmse(binMeans(training), test);
		assertTrue(m5Error <= constantError / 2, "M5 RMSE " + m5Error + ", bin means RMSE " + constantError);
	}

	/** SPEC §3: on a piecewise-linear function M5's linear leaves beat CART's constant leaves. */
	@Test
	void m5BeatsCartOnPiecewiseLinearData() {
		Dataset training = piecewiseLinear(400, 1);
		Dataset test = piecewiseLinear(200, 2);
		Technique cart = Techniques.byId("cart");
		double m5Error = rmse(M5.fit(training, M5.defaults()), test);
		double cartError = rmse(cart.fit(training, cart.defaults()), test);
		assertTrue(m5Error < cartError / 2, "M5 RMSE " + m5Error + ", CART RMSE " + cartError);
	}

	@Test
	void m5LeafLimitKeepsAtMostThatManyLeaves() {
		Dataset training = piecewiseLinear(400, 3);
		for (int maxRules : new int[] { 1, 2, 3 }) {
			ObjectNode tree = (ObjectNode) M5.fit(training, Map.of("maxRules", (double) maxRules)).structure().get("tree");
			assertTrue(leaves(tree) <= maxRules, maxRules + " rules allowed, tree: " + tree);
		}
	}

	private static int leaves(ObjectNode node) {
		return node.has("split") ? leaves((ObjectNode) node.get("atMost")) + leaves((ObjectNode) node.get("above")) : 1;
	}

	@Test
	void cubistNeighboursReduceTestError() {
		Dataset training = surface(300, 4);
		Dataset test = surface(200, 5);
		double withoutNeighbours = rmse(CUBIST.fit(training, Map.of("neighbors", 0.0)), test);
		double withNeighbours = rmse(CUBIST.fit(training, Map.of("neighbors", 5.0)), test);
		assertTrue(withNeighbours < withoutNeighbours, "5 neighbours: RMSE " + withNeighbours + ", none: " + withoutNeighbours);
	}

	@Test
	void cubistCommitteesDoNotIncreaseTrainingError() {
		Dataset training = surface(300, 6);
		double single = rmse(CUBIST.fit(training, Map.of("committees", 1.0)), training);
		for (double committees : new double[] { 2, 3, 5 }) {
			double error = rmse(CUBIST.fit(training, Map.of("committees", committees)), training);
			assertTrue(error <= single, committees + " committees: training RMSE " + error + ", one: " + single);
		}
	}

	@Test
	void cubistWithDefaultsEqualsM5() {
		Dataset training = surface(300, 7);
		RegressionModel m5 = M5.fit(training, M5.defaults());
		RegressionModel cubist = CUBIST.fit(training, CUBIST.defaults());
		for (double[] row : surface(50, 8).x()) {
			assertEquals(m5.predict(row), cubist.predict(row), 1e-9);
		}
	}

	/** A fitter grows one committee sequence per rule limit; its fits equal fresh ones in any order. */
	@Test
	void cubistFitsSharingCommitteesEqualFreshFits() {
		Dataset training = surface(200, 12);
		Technique.Fitter shared = CUBIST.fitter(training);
		for (double committees : new double[] { 5, 1, 3, 5 }) {
			for (double rules : new double[] { 100, 4 }) {
				for (double neighbors : new double[] { 0, 3 }) {
					Map<String, Double> parameters = Map.of("rules", rules, "committees", committees, "neighbors", neighbors);
					assertEquals(CUBIST.fit(training, parameters).structure(), shared.fit(parameters).structure(),
							parameters.toString());
				}
			}
		}
	}

	@Test
	void structuresReadBackPredictIdentically() throws Exception {
		Dataset training = surface(300, 9);
		ObjectMapper mapper = new ObjectMapper();
		List<RegressionModel> fitted = List.of(M5.fit(training, Map.of("maxRules", 20.0)),
				CUBIST.fit(training, Map.of("rules", 20.0, "committees", 3.0, "neighbors", 5.0)));
		List<Technique> techniques = List.of(M5, CUBIST);
		for (int index = 0; index < fitted.size(); index++) {
			RegressionModel model = fitted.get(index);
			String stored = mapper.writeValueAsString(model.structure());
			RegressionModel read = techniques.get(index).read((ObjectNode) mapper.readTree(stored));
			assertEquals(model.structure(), read.structure());
			for (double[] row : surface(100, 10).x()) {
				assertEquals(model.predict(row), read.predict(row), 0.0, techniques.get(index).id());
			}
		}
	}

	@Test
	void fitsAreDeterministic() {
		Dataset training = piecewiseLinear(300, 11);
		assertEquals(M5.fit(training, M5.defaults()).structure(), M5.fit(training, M5.defaults()).structure());
		Map<String, Double> parameters = Map.of("committees", 4.0, "neighbors", 3.0, "rules", 10.0);
		assertEquals(CUBIST.fit(training, parameters).structure(), CUBIST.fit(training, parameters).structure());
	}

	@Test
	void badInputIsRejectedWithAMessage() {
		Dataset tooSmall = new Dataset("tiny", List.of("a"), "y", new double[][] { { 1 }, { 2 }, { 3 } }, new double[] { 1, 2, 3 });
		Dataset withNaN = new Dataset("holes", List.of("a"), "y", new double[][] { { 1 }, { Double.NaN }, { 3 }, { 4 }, { 5 } },
				new double[] { 1, 2, 3, 4, 5 });
		for (Technique technique : List.of(M5, CUBIST)) {
			String small = assertThrows(IllegalArgumentException.class, () -> technique.fit(tooSmall, Map.of())).getMessage();
			assertTrue(small.contains("tiny") && small.contains("4"), small);
			String nan = assertThrows(IllegalArgumentException.class, () -> technique.fit(withNaN, Map.of())).getMessage();
			assertTrue(nan.contains("holes") && nan.contains("NaN") && nan.contains("row 2"), nan);
		}
		Dataset fine = surface(20, 12);
		String range = assertThrows(IllegalArgumentException.class, () -> CUBIST.fit(fine, Map.of("neighbors", 10.0))).getMessage();
		assertTrue(range.contains("neighbors"), range);
		String fraction = assertThrows(IllegalArgumentException.class, () -> M5.fit(fine, Map.of("maxRules", 2.5))).getMessage();
		assertTrue(fraction.contains("maxRules") && fraction.contains("integer"), fraction);
		RegressionModel model = M5.fit(fine, M5.defaults());
		assertThrows(IllegalArgumentException.class, () -> model.predict(new double[] { 1, Double.NaN }));
	}
}
