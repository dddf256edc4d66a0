package org.iosim.analysis.regression.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import org.iosim.analysis.regression.CrossValidation;
import org.iosim.analysis.regression.Dataset;
import org.iosim.analysis.regression.Folds;
import org.iosim.analysis.regression.GridSearch;
import org.iosim.analysis.regression.Optimizer;
import org.iosim.analysis.regression.Parameter;
import org.iosim.analysis.regression.RandomSearch;
import org.iosim.analysis.regression.S3Search;
import org.iosim.analysis.regression.Technique;
import org.iosim.analysis.regression.Techniques;
import org.junit.jupiter.api.Test;

class S3SearchTest {

	private final Dataset data = TestData.uniform("search", 160, 3, 31, 0.3, TestData::delayLike);
	private final Folds folds = Folds.of(data.size(), 10, 1);

	@Test
	void theoremOneBound() {
		assertEquals(186, S3Search.worstCaseEvaluations(1, 4, 5, 10));
		assertEquals(1476, S3Search.worstCaseEvaluations(2, 4, 5, 10));
		assertEquals(9576, S3Search.worstCaseEvaluations(3, 4, 5, 10));
	}

	@Test
	void marsSearchBeatsAGridOfTheSameSizeWithinTheBound() {
		Technique mars = Techniques.byId("mars");
		List<Parameter> searched = mars.parameters().subList(0, 2);
		checkSearch(searched, objective(mars, Map.of("minRsqImprovement", 0.001)));
	}

	@Test
	void cartSearchBeatsAGridOfTheSameSizeWithinTheBound() {
		Technique cart = Techniques.byId("cart");
		checkSearch(cart.parameters(), objective(cart, Map.of()));
	}

	@Test
	void continuousQuadraticConvergesToTheMinimum() {
		List<Parameter> box = List.of(new Parameter("a", -1, 3, false), new Parameter("b", 0, 1, false));
		ToDoubleFunction<Map<String, Double>> bowl = point -> Math.pow(point.get("a") - 0.7, 2)
				+ Math.pow(point.get("b") - 0.25, 2);
		Optimizer.Result result = S3Search.defaults().minimise(box, bowl);
		assertTrue(result.bestValue() < 1e-6, "best " + result.bestValue() + " at " + result.best());
		assertTrue(result.evaluations() <= S3Search.worstCaseEvaluations(2, 4, 5, 10));
		assertDistinct(result);
	}

	@Test
	void minimumImprovementStopsEarly() {
		List<Parameter> box = List.of(new Parameter("a", 0, 10, true));
		ToDoubleFunction<Map<String, Double>> vee = point -> Math.abs(point.get("a") - 3) + 1;
		Optimizer.Result exhaustive = new S3Search(4, 5, 10, 0).minimise(box, vee);
		assertEquals(3.0, exhaustive.best().get("a"));
		assertEquals(11, exhaustive.evaluations(), "an integer axis of 11 values is exhausted, never repeated");
		// iteration 1 (0, 2, ..., 10) improves 4 → 2, i.e. by 50 %: below 90 % the search stops there
		Optimizer.Result early = new S3Search(4, 5, 10, 0.9).minimise(box, vee);
		assertEquals(6, early.evaluations());
		assertEquals(1, early.trace().get(5).iteration());
		assertEquals(2.0, early.best().get("a"), "ties go to the smaller point");
	}

	@Test
	void randomSearchIsSeededAndDistinct() {
		List<Parameter> box = List.of(new Parameter("a", 0, 1, false), new Parameter("n", 1, 5, true));
		ToDoubleFunction<Map<String, Double>> objective = point -> point.get("a") + point.get("n");
		Optimizer.Result first = new RandomSearch(40, 3).minimise(box, objective);
		Optimizer.Result second = new RandomSearch(40, 3).minimise(box, objective);
		assertEquals(first.trace(), second.trace());
		assertDistinct(first);
	}

	@Test
	void theListenerSeesEveryEvaluationInTraceOrderAndChangesNothing() {
		Technique cart = Techniques.byId("cart");
		ToDoubleFunction<Map<String, Double>> objective = objective(cart, Map.of());
		for (Optimizer optimizer : List.of(S3Search.defaults(), new GridSearch(4), new RandomSearch(20, 5))) {
			List<Optimizer.Progress> reports = new ArrayList<>();
			Optimizer.Result listened = optimizer.minimise(cart.parameters(), objective, reports::add);
			assertEquals(optimizer.minimise(cart.parameters(), objective).trace(), listened.trace());
			assertEquals(listened.evaluations(), reports.size());
			for (int index = 0; index < reports.size(); index++) {
				Optimizer.Progress progress = reports.get(index);
				assertEquals(index + 1, progress.evaluations());
				assertEquals(listened.trace().get(index).iteration(), progress.iteration());
				assertEquals(optimizer instanceof S3Search ? 10 : 0, progress.maxIterations());
				boolean lastOfIteration = index + 1 == reports.size()
						|| reports.get(index + 1).iteration() != progress.iteration();
				assertEquals(lastOfIteration, progress.iterationDone(), "report " + index);
			}
		}
	}

	@Test
	void remainingEvaluationsExpectLaterIterationsAsLargeAsTheEarlierOnAverage() {
		// iteration 2 of at most 10: 20 of its 60 points done, 150 evaluations so far, so 190 in 3 iterations
		Optimizer.Progress midSearch = new Optimizer.Progress(2, 10, 150, 20, 60);
		assertEquals(40 + 8 * 190 / 3.0, midSearch.remainingEvaluations(), 1e-9);
		assertEquals(7, new Optimizer.Progress(0, 0, 13, 13, 20).remainingEvaluations(), 0, "a search in one batch");
		assertEquals(0, new Optimizer.Progress(10, 10, 400, 35, 35).remainingEvaluations(), 0, "the last iteration done");
	}

	@Test
	void tuningNamesGiveTheirSearches() {
		List<Parameter> parameters = Techniques.byId("mars").parameters();
		ToDoubleFunction<Map<String, Double>> objective = objective(Techniques.byId("mars"), Map.of());
		assertEquals(new GridSearch(6).minimise(parameters, objective).trace(),
				Techniques.tuning("grid", 1).orElseThrow().minimise(parameters, objective).trace());
		assertEquals(new RandomSearch(100, 7).minimise(parameters, objective).trace(),
				Techniques.tuning("random", 7).orElseThrow().minimise(parameters, objective).trace(), "the seed is the search's");
		assertTrue(Techniques.tuning("s3", 1).orElseThrow() instanceof S3Search);
		assertTrue(Techniques.tuning("none", 1).isEmpty(), "none keeps the default parameters");
		IllegalArgumentException unknown = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
				() -> Techniques.tuning("S3\u001b[2J", 1));
		assertEquals("unknown tuning 'S3?[2J'; known: s3, grid, random, none", unknown.getMessage());
	}

	private ToDoubleFunction<Map<String, Double>> objective(Technique technique, Map<String, Double> fixed) {
		ToDoubleFunction<Map<String, Double>> onFolds = CrossValidation.objective(technique, data, folds);
		return point -> {
			Map<String, Double> parameters = new HashMap<>(fixed);
			parameters.putAll(point);
			return onFolds.applyAsDouble(parameters);
		};
	}

	private static void checkSearch(List<Parameter> parameters, ToDoubleFunction<Map<String, Double>> objective) {
		S3Search s3 = new S3Search(4, 5, 10, 0);
		Optimizer.Result result = s3.minimise(parameters, objective);
		Optimizer.Result again = s3.minimise(parameters, objective);
		assertEquals(result.trace(), again.trace(), "deterministic");
		assertDistinct(result);
		assertTrue(result.evaluations() <= S3Search.worstCaseEvaluations(2, 4, 5, 10),
				result.evaluations() + " evaluations");
		int pointsPerAxis = (int) Math.floor(Math.sqrt(result.evaluations()));
		Optimizer.Result grid = new GridSearch(pointsPerAxis).minimise(parameters, objective);
		assertTrue(grid.evaluations() <= result.evaluations());
		assertTrue(result.bestValue() <= grid.bestValue(),
				"S3 " + result.bestValue() + " at " + result.best() + " vs grid " + grid.bestValue() + " at "
						+ grid.best());
	}

	private static void assertDistinct(Optimizer.Result result) {
		Set<Map<String, Double>> points = new HashSet<>();
		result.trace().forEach(evaluation -> points.add(evaluation.point()));
		assertEquals(result.evaluations(), points.size());
		assertEquals(result.evaluations(), result.trace().size());
	}
}
