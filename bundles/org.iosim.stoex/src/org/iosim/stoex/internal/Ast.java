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

    record Infix(InfixOperator operator, Ast left, Ast right, int column) implements Ast {
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
