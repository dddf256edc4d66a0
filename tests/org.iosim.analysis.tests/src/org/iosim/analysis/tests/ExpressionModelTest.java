package org.iosim.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.AnalysisModelRegistry;
import org.iosim.analysis.Features;
import org.iosim.analysis.IoAnalysisModel;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;
import org.junit.jupiter.api.Test;

class ExpressionModelTest {

	private final AnalysisModelRegistry registry = new AnalysisModelRegistry();

	private IoAnalysisModel model(Map<String, String> parameters) throws AnalysisModelException {
		return registry.create(new ModelDefinition("formula", "expression", Features.any(), parameters));
	}

	private AnalysisModelException error(Map<String, String> parameters) {
		return assertThrows(AnalysisModelException.class, () -> model(parameters));
	}

	private static WorkloadState state(Map<WorkloadInput, ? extends Number> values) {
		return WorkloadState.of(values);
	}

	@Test
	void delayFormulaOverConcurrency() throws AnalysisModelException {
		IoAnalysisModel model = model(Map.of("delay", "0.002 + 0.0005 * concurrency"));
		assertEquals(0.004, model.delay(state(Map.of(WorkloadInput.CONCURRENCY, 4))), 1e-15);
		assertEquals(Set.of(WorkloadInput.CONCURRENCY), model.inputs());
		assertEquals("expression: delay = 0.002 + 0.0005 * concurrency", model.describe());
	}

	@Test
	void constantFormulaHasNoInputs() throws AnalysisModelException {
		IoAnalysisModel model = model(Map.of("delay", "0.005"));
		assertEquals(Set.of(), model.inputs());
		assertEquals(0.005, model.delay(state(Map.of())));
	}

	@Test
	void separateReadAndWriteDelays() throws AnalysisModelException {
		IoAnalysisModel model = model(Map.of("readDelay", "0.001 * meanReadSize / 4096",
				"writeDelay", "readRatio < 0.5 ? 0.004 : 0.003"));
		assertEquals(Set.of(WorkloadInput.TYPE, WorkloadInput.MEAN_READ_SIZE, WorkloadInput.READ_RATIO),
				model.inputs());
		assertEquals(0.002, model.delay(state(Map.of(WorkloadInput.TYPE, 0, WorkloadInput.MEAN_READ_SIZE, 8192))));
		assertEquals(0.004, model.delay(state(Map.of(WorkloadInput.TYPE, 1, WorkloadInput.MEAN_READ_SIZE, 8192))));
		assertEquals(0.003, model.delay(state(Map.of(WorkloadInput.TYPE, 1, WorkloadInput.READ_RATIO, 0.5))));
	}

	@Test
	void unknownVariableIsReportedWithTheValidNames() {
		AnalysisModelException e = error(Map.of("delay", "0.002 * threads + blockSize"));
		assertEquals("analysis model 'formula', parameter 'delay' = '0.002 * threads + blockSize': unknown variables "
				+ "threads, blockSize; valid names: concurrency, type, meanReadSize, meanWriteSize, readPattern, "
				+ "writePattern, readRatio, fileSetSize, requestSize, readSequentiality, writeSequentiality, synchronous",
				e.getMessage());
	}

	@Test
	void malformedFormulaIsReportedWithTheColumn() {
		AnalysisModelException e = error(Map.of("delay", "0.002 +"));
		assertEquals("analysis model 'formula', parameter 'delay' = '0.002 +': column 8: expected an expression "
				+ "but found end of input", e.getMessage());
	}

	@Test
	void nonNumericFormulaIsRejected() {
		AnalysisModelException e = error(Map.of("delay", "concurrency > 1"));
		assertTrue(e.getMessage().endsWith("the formula gives BOOL but a delay is a number"), e.getMessage());
	}

	@Test
	void randomFormulaIsRejected() throws AnalysisModelException {
		AnalysisModelException atCreation = error(Map.of("delay", "Exp(1000) + 0.001 * concurrency"));
		assertTrue(atCreation.getMessage().contains("draws random numbers"), atCreation.getMessage());

		IoAnalysisModel hidden = model(Map.of("delay", "concurrency > 5 ? Exp(1000) : 0.001"));
		assertEquals(0.001, hidden.delay(state(Map.of(WorkloadInput.CONCURRENCY, 2))));
		AnalysisModelException atEvaluation = assertThrows(AnalysisModelException.class,
				() -> hidden.delay(state(Map.of(WorkloadInput.CONCURRENCY, 6))));
		assertTrue(atEvaluation.getMessage().contains("draws random numbers"), atEvaluation.getMessage());
	}

	@Test
	void parametersMustBeEitherDelayOrReadAndWriteDelay() {
		String expected = "analysis model 'formula' of kind 'expression' needs either the parameter 'delay' or both "
				+ "'readDelay' and 'writeDelay'";
		assertEquals(expected, error(Map.of("readDelay", "0.001")).getMessage());
		assertEquals(expected, error(Map.of("delay", "0.001", "writeDelay", "0.002")).getMessage());
		assertEquals(expected, error(Map.of()).getMessage());
		assertEquals("analysis model 'formula' of kind 'expression': unknown parameter 'dealy'; known parameters: delay, "
				+ "readDelay, writeDelay", error(Map.of("dealy", "0.001")).getMessage());
	}

	@Test
	void negativeOrInfiniteDelayNamesModelAndState() throws AnalysisModelException {
		IoAnalysisModel model = model(Map.of("delay", "0.003 - 0.001 * concurrency"));
		AnalysisModelException negative = assertThrows(AnalysisModelException.class,
				() -> model.delay(state(Map.of(WorkloadInput.CONCURRENCY, 5))));
		assertTrue(negative.getMessage().startsWith("analysis model 'formula' (expression: delay = 0.003 - 0.001 "
				+ "* concurrency) predicted the delay -0.002"), negative.getMessage());
		assertTrue(negative.getMessage().contains("WorkloadState[concurrency=5"), negative.getMessage());

		IoAnalysisModel division = model(Map.of("delay", "0.001 / (concurrency - 1)"));
		AnalysisModelException infinite = assertThrows(AnalysisModelException.class,
				() -> division.delay(state(Map.of(WorkloadInput.CONCURRENCY, 1))));
		assertTrue(infinite.getMessage().contains("predicted the delay Infinity"), infinite.getMessage());
	}
}
