package org.iosim.analysis.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.files.FileProblems;
import org.iosim.pcm.io.IoType;
import org.iosim.analysis.ModelDefinition;
import org.iosim.analysis.WorkloadInput;
import org.iosim.analysis.WorkloadState;
import org.iosim.stoex.Bindings;
import org.iosim.stoex.CompiledExpression;
import org.iosim.stoex.Expression;
import org.iosim.stoex.StoEx;
import org.iosim.stoex.StoExEvaluationException;
import org.iosim.stoex.StoExParseException;
import org.iosim.stoex.StoExType;
import org.iosim.stoex.StoExTypeException;
import org.iosim.stoex.TypeEnvironment;

/**
 * One delay formula of an expression model: a StoEx formula over input names, checked once and
 * compiled for repeated evaluation. The formula must be deterministic, because a model's delay is
 * a function of the workload state and the model has no share of the simulation's random streams.
 */
final class DelayFormula {

	private static final TypeEnvironment INPUTS_ARE_NUMBERS = variable -> StoExType.DOUBLE;

	private final String modelName;
	private final String parameterName;
	private final String text;
	private final CompiledExpression compiled;
	private final Map<String, WorkloadInput> inputsByName;

	/** Unknown variables named in a message at most; a formula may name thousands. */
	private static final int LISTED_UNKNOWN = 5;

	private DelayFormula(String modelName, String parameterName, String text, CompiledExpression compiled,
			Map<String, WorkloadInput> inputsByName) {
		this.modelName = modelName;
		this.parameterName = parameterName;
		this.text = text;
		this.compiled = compiled;
		this.inputsByName = inputsByName;
	}

	/** @throws AnalysisModelException if the formula is malformed, not numeric, random or names no input */
	static DelayFormula parse(ModelDefinition definition, String parameterName, String text)
			throws AnalysisModelException {
		String context = context(definition.name(), parameterName, text);
		Expression expression;
		try {
			expression = StoEx.parseFormula(text);
		} catch (StoExParseException e) {
			throw new AnalysisModelException(context + ": " + e.getMessage(), e);
		}
		Map<String, WorkloadInput> inputsByName = new LinkedHashMap<>();
		List<String> unknown = new ArrayList<>();
		for (String variable : expression.variables()) {
			Optional<WorkloadInput> input = WorkloadInput.named(variable);
			if (input.isPresent()) {
				inputsByName.put(variable, input.get());
			} else {
				unknown.add(variable);
			}
		}
		if (!unknown.isEmpty()) {
			throw new AnalysisModelException(context + ": unknown variable" + (unknown.size() == 1 ? " " : "s ")
					+ String.join(", ", unknown.stream().limit(LISTED_UNKNOWN).map(FileProblems::excerpt).toList())
					+ (unknown.size() > LISTED_UNKNOWN ? ", … (" + unknown.size() + " in all)" : "") + "; valid names: "
					+ String.join(", ", WorkloadInput.names()));
		}
		CompiledExpression compiled;
		try {
			StoExType type = expression.type(INPUTS_ARE_NUMBERS);
			if (!type.isNumeric()) {
				throw new AnalysisModelException(context + ": the formula gives " + type + " but a delay is a number");
			}
			compiled = expression.compile(INPUTS_ARE_NUMBERS);
		} catch (StoExTypeException | StoExEvaluationException e) {
			throw new AnalysisModelException(context + ": " + e.getMessage(), e);
		}
		DelayFormula formula = new DelayFormula(definition.name(), parameterName, expression.text(), compiled,
				Map.copyOf(inputsByName));
		formula.rejectRandomness(context);
		return formula;
	}

	/**
	 * Tries the formula on a read and a write with every other input 0, to report a distribution in
	 * the formula when the model is created rather than at the first request; a distribution
	 * hidden in a branch these states do not take is still reported by {@link #delay}.
	 */
	private void rejectRandomness(String context) throws AnalysisModelException {
		for (IoType type : IoType.values()) {
			WorkloadState probe = WorkloadState.of(Map.of(WorkloadInput.TYPE, type == IoType.READ ? 0 : 1));
			try {
				compiled.sampleDouble(NoRandomness.INSTANCE, bindings(probe));
			} catch (NoRandomness.DrawAttempted e) {
				throw randomnessError(context);
			} catch (StoExEvaluationException e) {
				// An all-zero state may lie outside the formula's domain; a real state that does is
				// reported by delay() with the state named.
			}
		}
	}

	private static AnalysisModelException randomnessError(String context) {
		return new AnalysisModelException(context + ": the formula draws random numbers, but a delay must be "
				+ "a deterministic function of the workload state");
	}

	Set<WorkloadInput> inputs() {
		Set<WorkloadInput> inputs = EnumSet.noneOf(WorkloadInput.class);
		inputs.addAll(inputsByName.values());
		return Collections.unmodifiableSet(inputs);
	}

	String text() {
		return text;
	}

	double delay(WorkloadState state) throws AnalysisModelException {
		try {
			return compiled.sampleDouble(NoRandomness.INSTANCE, bindings(state));
		} catch (NoRandomness.DrawAttempted e) {
			throw randomnessError(context(modelName, parameterName, text));
		} catch (StoExEvaluationException e) {
			throw new AnalysisModelException(context(modelName, parameterName, text) + " failed for " + state + ": "
					+ e.getMessage(), e);
		}
	}

	private static String context(String modelName, String parameterName, String text) {
		// the formula comes from a user's file and may be thousands of characters: quoted as an excerpt
		return "analysis model '" + FileProblems.excerpt(modelName) + "', parameter '" + FileProblems.excerpt(parameterName)
				+ "' = '" + FileProblems.excerpt(text) + "'";
	}

	private Bindings bindings(WorkloadState state) {
		return name -> state.value(inputsByName.get(name));
	}
}
