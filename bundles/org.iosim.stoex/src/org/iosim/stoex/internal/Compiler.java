package org.iosim.stoex.internal;

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

    private Node infix(Ast.Infix infix) {
        Node left = compile(infix.left());
        Node right = compile(infix.right());
        InfixOperator operator = infix.operator();
        StoExType type = Typing.infix(operator, left.type, right.type, infix.column());
        Node node;
        if (operator.isLogical()) {
            node = new LogicNodes.Logical(operator, left, right, infix.column());
        } else if (operator.isComparison()) {
            node = comparison(Comparison.of(operator), left, right, infix.column());
        } else {
            node = binary(switch (operator) {
                case ADD -> Operation.ADD;
                case SUB -> Operation.SUB;
                case MUL -> Operation.MUL;
                case DIV -> Operation.DIV;
                case MOD -> Operation.MOD;
                default -> Operation.POW;
            }, type, left, right, infix.column());
        }
        return foldIfConstant(node, left, right);
    }

    private static Node binary(Operation operation, StoExType type, Node left, Node right, int column) {
        return switch (type) {
            case INT -> new ArithmeticNodes.LongBinary(operation, left, right, column);
            case DOUBLE -> new ArithmeticNodes.DoubleBinary(operation, left, right, column);
            default -> new ArithmeticNodes.DynamicBinary(operation, left, right, column);
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
        List<Node> arguments = call.arguments().stream().map(this::compile).toList();
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
            case POW -> new ArithmeticNodes.DoubleBinary(Operation.POW, first, second, column);
            case MIN -> binary(Operation.MIN, type, first, second, column);
            case MAX -> binary(Operation.MAX, type, first, second, column);
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
