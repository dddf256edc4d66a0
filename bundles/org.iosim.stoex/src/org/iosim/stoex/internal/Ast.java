package org.iosim.stoex.internal;

import java.util.List;

/**
 * Syntax tree of a stochastic expression. Every node records the 1-based column it starts at or,
 * for operators, the operator's column.
 */
public sealed interface Ast {

	int column();

	/** Whole-number literal; {@code unit} is Palladio's optional unit suffix such as {@code [B]}, or empty. */
	record IntLiteral(long value, String unit, int column) implements Ast {
	}

	/** Floating-point literal; {@code unit} as for {@link IntLiteral}. */
	record DoubleLiteral(double value, String unit, int column) implements Ast {
	}

	record StringLiteral(String value, int column) implements Ast {
	}

	record BoolLiteral(boolean value, int column) implements Ast {
	}

	/**
	 * Variable; {@code name} is the dotted path ending in the characterisation, e.g.
	 * {@code a.b.BYTESIZE}, or in a formula possibly a bare name, e.g. {@code concurrency}.
	 */
	record Variable(String name, int column) implements Ast {
	}

	record Prefix(PrefixOperator operator, Ast operand, int column) implements Ast {
	}

	/**
	 * {@code first op1 operand1 op2 operand2 ...}, grouped to the left: a whole chain of sums,
	 * products or boolean operators of one precedence level, so that a long chain is one node
	 * instead of a tree as deep as the chain is long; or a single comparison or power. The column
	 * is that of the first operator.
	 */
	record Infix(Ast first, List<Step> steps) implements Ast {

		public Infix {
			steps = List.copyOf(steps);
			if (steps.isEmpty()) {
				throw new IllegalArgumentException("an infix expression has at least one operator");
			}
		}

		static Infix of(Ast left, InfixOperator operator, Ast right, int column) {
			return new Infix(left, List.of(new Step(operator, right, column)));
		}

		/** @return the first operator; the others have its precedence */
		public InfixOperator operator() {
			return steps.get(0).operator();
		}

		@Override
		public int column() {
			return steps.get(0).column();
		}
	}

	/** One operator of an {@link Infix} with its right operand; the column is the operator's. */
	record Step(InfixOperator operator, Ast operand, int column) {
	}

	/** {@code condition ? then : otherwise}; the column is that of {@code ?}. */
	record Conditional(Ast condition, Ast then, Ast otherwise, int column) implements Ast {
	}

	record Call(BuiltinFunction function, List<Ast> arguments, int column) implements Ast {
		public Call {
			arguments = List.copyOf(arguments);
		}
	}

	/**
	 * Probability function literal. {@code values} hold {@link Long} (IntPMF), {@link Double}
	 * (DoublePMF, and the interval ends of DoublePDF), {@link String} (EnumPMF) or {@link Boolean}
	 * (BoolPMF); {@code probabilities} are aligned with them.
	 */
	record ProbabilityFunction(Kind kind, boolean ordered, List<Object> values, List<Double> probabilities,
			String unit, int column) implements Ast {

		public ProbabilityFunction {
			values = List.copyOf(values);
			probabilities = List.copyOf(probabilities);
		}

		public enum Kind {
			INT_PMF("IntPMF"), DOUBLE_PMF("DoublePMF"), ENUM_PMF("EnumPMF"), BOOL_PMF("BoolPMF"),
			DOUBLE_PDF("DoublePDF");

			public final String keyword;

			Kind(String keyword) {
				this.keyword = keyword;
			}
		}
	}
}
