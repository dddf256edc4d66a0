package org.iosim.stoex.internal;

import java.util.ArrayList;
import java.util.List;

import org.iosim.stoex.StoExEvaluationException;
import org.iosim.stoex.StoExType;
import org.iosim.stoex.TypeEnvironment;
import org.iosim.stoex.internal.ArithmeticNodes.Operation;
import org.iosim.stoex.internal.ArithmeticNodes.UnaryOperation;
import org.iosim.stoex.internal.LogicNodes.Comparison;

/**
 * Turns a syntax tree into evaluation nodes: checks types, picks the node specialised for the
 * operand types, folds sub-expressions without variables and randomness into constants, and
 * numbers the nodes that keep sampler state per context.
 */
public final class Compiler {

	private final TypeEnvironment environment;
	private int slotCount;

	private Compiler(TypeEnvironment environment) {
		this.environment = environment;
	}

	/**
	 * @throws org.iosim.stoex.StoExTypeException if the tree is ill-typed
	 * @throws StoExEvaluationException           if a distribution has invalid constant parameters
	 */
	public static CompiledTree compile(Ast root, String text, TypeEnvironment environment) {
		Compiler compiler = new Compiler(environment);
		Node node = compiler.compile(root);
		return new CompiledTree(node, text, compiler.slotCount);
	}

	private Node compile(Ast ast) {
		return switch (ast) {
			case Ast.IntLiteral literal -> new Constant(StoExType.INT, literal.value(), literal.column());
			case Ast.DoubleLiteral literal -> new Constant(StoExType.DOUBLE, literal.value(), literal.column());
			case Ast.StringLiteral literal -> new Constant(StoExType.STRING, literal.value(), literal.column());
			case Ast.BoolLiteral literal -> new Constant(StoExType.BOOL, literal.value(), literal.column());
			case Ast.Variable variable -> new VariableNode(variable.name(),
					Typing.declared(environment, variable.name()), variable.column());
			case Ast.Prefix prefix -> prefix(prefix);
			case Ast.Infix infix -> infix(infix);
			case Ast.Conditional conditional -> conditional(conditional);
			case Ast.Call call -> call(call);
			case Ast.ProbabilityFunction function -> probabilityFunction(function);
		};
	}

	private Node prefix(Ast.Prefix prefix) {
		Node operand = compile(prefix.operand());
		StoExType type = Typing.prefix(prefix.operator(), operand.type, prefix.column());
		Node node = prefix.operator() == PrefixOperator.NOT
				? new LogicNodes.Not(operand, prefix.column())
				: unary(UnaryOperation.NEGATE, type, operand, prefix.column());
		return foldIfConstant(node, operand);
	}

	/**
	 * Compiles {@code first op1 operand1 op2 operand2 ...} from the left into as few nodes as the
	 * changing type of the value so far allows: consecutive steps of one type share a chain node,
	 * so a long sum is a loop rather than a tree as deep as the sum is long.
	 */
	private Node infix(Ast.Infix infix) {
		Chain chain = new Chain(compile(infix.first()));
		for (Ast.Step step : infix.steps()) {
			chain.add(step.operator(), compile(step.operand()), step.column());
		}
		return chain.close();
	}

	private record PendingStep(InfixOperator operator, Node operand, int column) {
	}

	/** A chain being compiled: the value so far, and the steps after it that are not yet a node. */
	private static final class Chain {

		private Node value;
		private StoExType type;
		private final List<PendingStep> pending = new ArrayList<>();

		Chain(Node first) {
			value = first;
			type = first.type;
		}

		void add(InfixOperator operator, Node operand, int column) {
			StoExType resultType = Typing.infix(operator, type, operand.type, column);
			PendingStep step = new PendingStep(operator, operand, column);
			if (!pending.isEmpty() && resultType == type && !operator.isComparison()) {
				pending.add(step);
				return;
			}
			value = close();
			type = resultType;
			// While the value so far is constant, each step is folded as it comes.
			Node single = node(value, List.of(step), resultType);
			Node folded = foldIfConstant(single, value, operand);
			if (folded.isConstant() || operator.isComparison()) {
				value = folded;
			} else {
				pending.add(step);
			}
		}

		/** @return the node of the whole chain so far */
		Node close() {
			if (pending.isEmpty()) {
				return value;
			}
			Node node = node(value, pending, type);
			pending.clear();
			return node;
		}

		/** @param steps steps of one kind giving the type, or a single comparison */
		private static Node node(Node first, List<PendingStep> steps, StoExType type) {
			InfixOperator operator = steps.get(0).operator();
			int column = steps.get(0).column();
			if (operator.isComparison()) {
				return comparison(Comparison.of(operator), first, steps.get(0).operand(), column);
			}
			if (operator.isLogical()) {
				return new LogicNodes.Logical(first,
						steps.stream().map(PendingStep::operator).toArray(InfixOperator[]::new),
						steps.stream().map(PendingStep::operand).toArray(Node[]::new), column);
			}
			return arithmetic(type, first, steps.stream()
					.map(step -> new ArithmeticNodes.Step(operation(step.operator()), step.operand(), step.column()))
					.toArray(ArithmeticNodes.Step[]::new));
		}

		private static Operation operation(InfixOperator operator) {
			return switch (operator) {
				case ADD -> Operation.ADD;
				case SUB -> Operation.SUB;
				case MUL -> Operation.MUL;
				case DIV -> Operation.DIV;
				case MOD -> Operation.MOD;
				case POW -> Operation.POW;
				default -> throw new IllegalArgumentException(operator + " is not arithmetic");
			};
		}
	}

	/** @return a chain computing in the arithmetic of its result type */
	private static Node arithmetic(StoExType type, Node first, ArithmeticNodes.Step... steps) {
		return switch (type) {
			case INT -> new ArithmeticNodes.LongChain(first, steps);
			case DOUBLE -> new ArithmeticNodes.DoubleChain(first, steps);
			default -> new ArithmeticNodes.DynamicChain(first, steps);
		};
	}

	private static Node unary(UnaryOperation operation, StoExType type, Node operand, int column) {
		return switch (type) {
			case INT -> new ArithmeticNodes.LongUnary(operation, operand, column);
			case DOUBLE -> new ArithmeticNodes.DoubleUnary(operation, operand, column);
			default -> new ArithmeticNodes.DynamicUnary(operation, operand, column);
		};
	}

	private static Node comparison(Comparison comparison, Node left, Node right, int column) {
		StoExType l = left.type;
		StoExType r = right.type;
		if (l == StoExType.INT && r == StoExType.INT) {
			return new LogicNodes.LongComparison(comparison, left, right, column);
		}
		if (comparison.isEquality()) {
			if (l == StoExType.BOOL || r == StoExType.BOOL) {
				return new LogicNodes.BooleanEquality(comparison, left, right, column);
			}
			if (!l.isNumeric() || !r.isNumeric() || l == StoExType.ANY && r == StoExType.ANY) {
				return new LogicNodes.ObjectEquality(comparison, left, right, column);
			}
		}
		return new LogicNodes.DoubleComparison(comparison, left, right, column);
	}

	private Node conditional(Ast.Conditional conditional) {
		Node condition = compile(conditional.condition());
		Node then = compile(conditional.then());
		Node otherwise = compile(conditional.otherwise());
		StoExType type = Typing.conditional(condition.type, then.type, otherwise.type, conditional.column());
		then = convert(then, type);
		otherwise = convert(otherwise, type);
		if (condition.isConstant()) {
			return condition.asBoolean(null) ? then : otherwise;
		}
		return new LogicNodes.Conditional(condition, then, otherwise, conditional.column());
	}

	/** Gives a branch the conditional's type: INT to DOUBLE, or any type to ANY; STRING and ENUM share their values. */
	private static Node convert(Node branch, StoExType type) {
		if (type == StoExType.DOUBLE && branch.type == StoExType.INT) {
			return new LogicNodes.AsDouble(branch);
		}
		if (type == StoExType.ANY && branch.type != StoExType.ANY) {
			return new LogicNodes.AsAny(branch);
		}
		return branch;
	}

	private Node call(Ast.Call call) {
		List<Node> arguments = new ArrayList<>();
		for (Ast argument : call.arguments()) {
			arguments.add(compile(argument));
		}
		BuiltinFunction function = call.function();
		StoExType type = Typing.call(function, arguments.stream().map(argument -> argument.type).toList(),
				call.column());
		int column = call.column();
		Node first = arguments.get(0);
		Node second = arguments.size() > 1 ? arguments.get(1) : null;
		Node node = switch (function) {
			case EXP -> new DistributionNodes.Exponential(first, column);
			case NORM -> new DistributionNodes.Normal(first, second, column);
			case POIS -> new DistributionNodes.Poisson(first, slotCount++, column);
			case UNI_DOUBLE -> new DistributionNodes.UniformDouble(first, second, column);
			case UNI_INT -> new DistributionNodes.UniformInt(first, second, column);
			case GAMMA, GAMMA_MOMENTS -> new DistributionNodes.Gamma(function, first, second, slotCount++, column);
			case LOGNORM, LOGNORM_MOMENTS -> new DistributionNodes.LogNormal(function, first, second, column);
			case BINOM -> new DistributionNodes.Binomial(first, second, slotCount++, column);
			case TRUNC, ROUND, CEIL, FLOOR -> first.type == StoExType.INT
					? first
					: new ArithmeticNodes.Rounding(function, first, column);
			case ABS -> unary(UnaryOperation.ABS, type, first, column);
			case SQRT -> new ArithmeticNodes.DoubleUnary(UnaryOperation.SQRT, first, column);
			case LOG -> second == null
					? new ArithmeticNodes.Logarithm(null, first, column)
					: new ArithmeticNodes.Logarithm(first, second, column);
			case POW -> arithmetic(StoExType.DOUBLE, first, new ArithmeticNodes.Step(Operation.POW, second, column));
			case MIN -> arithmetic(type, first, new ArithmeticNodes.Step(Operation.MIN, second, column));
			case MAX -> arithmetic(type, first, new ArithmeticNodes.Step(Operation.MAX, second, column));
		};
		return function.random ? node : foldIfConstant(node, arguments.toArray(Node[]::new));
	}

	private Node probabilityFunction(Ast.ProbabilityFunction function) {
		List<Object> values = function.values();
		double[] probabilities = function.probabilities().stream().mapToDouble(Double::doubleValue).toArray();
		int column = function.column();
		return switch (function.kind()) {
			case INT_PMF -> new ProbabilityFunctionNodes.IntPmf(
					values.stream().mapToLong(value -> (Long) value).toArray(), probabilities, slotCount++, column);
			case DOUBLE_PMF -> new ProbabilityFunctionNodes.DoublePmf(
					values.stream().mapToDouble(value -> (Double) value).toArray(), probabilities, slotCount++, column);
			case DOUBLE_PDF -> new ProbabilityFunctionNodes.DoublePdf(
					values.stream().mapToDouble(value -> (Double) value).toArray(), probabilities, slotCount++, column);
			case ENUM_PMF -> new ProbabilityFunctionNodes.EnumPmf(values.toArray(String[]::new), probabilities,
					slotCount++, column);
			case BOOL_PMF -> {
				double ofTrue = 0;
				double total = 0;
				for (int i = 0; i < probabilities.length; i++) {
					ofTrue += Boolean.TRUE.equals(values.get(i)) ? probabilities[i] : 0;
					total += probabilities[i];
				}
				yield new ProbabilityFunctionNodes.BoolPmf(ofTrue / total, column);
			}
		};
	}

	/**
	 * Replaces a node without randomness whose inputs are all constant by its value. A node that
	 * fails on its constant inputs, such as {@code 1 % 0}, is kept so that it fails when sampled.
	 */
	private static Node foldIfConstant(Node node, Node... inputs) {
		for (Node input : inputs) {
			if (!input.isConstant()) {
				return node;
			}
		}
		try {
			return new Constant(node.type, node.asObject(null), node.column);
		} catch (StoExEvaluationException e) {
			return node;
		}
	}
}
