package io.greptime.jdbc.tck.promql;

import java.util.List;

/** The PromQL syntax tree the parser builds and the evaluator walks. */
public final class Ast {
    private Ast() {}

    /** Any PromQL expression. */
    public sealed interface Expr
            permits NumberLit,
                    StringLit,
                    Selector,
                    RangeSelector,
                    Subquery,
                    Call,
                    Aggregate,
                    Binary,
                    Unary,
                    Paren,
                    Computed {}

    /** A number literal (durations in scalar position are seconds). */
    public record NumberLit(double value) implements Expr {}

    /** A string literal. */
    public record StringLit(String value) implements Expr {}

    /** Label matcher operators. */
    public enum MatchOp {
        EQ("="),
        NE("!="),
        RE("=~"),
        NRE("!~");

        final String text;

        MatchOp(String text) {
            this.text = text;
        }
    }

    /** One label matcher; regexes are fully anchored like Prometheus'. */
    public record Matcher(String label, MatchOp op, String value, java.util.regex.Pattern pattern) {
        static Matcher of(String label, MatchOp op, String value) {
            java.util.regex.Pattern p = op == MatchOp.RE || op == MatchOp.NRE
                    ? java.util.regex.Pattern.compile("^(?:" + value + ")$", java.util.regex.Pattern.DOTALL)
                    : null;
            return new Matcher(label, op, value, p);
        }

        /** Whether a label value (empty when the label is absent) satisfies this matcher. */
        public boolean matches(String v) {
            String s = v == null ? "" : v;
            return switch (op) {
                case EQ -> s.equals(value);
                case NE -> !s.equals(value);
                case RE -> pattern.matcher(s).matches();
                case NRE -> !pattern.matcher(s).matches();
            };
        }
    }

    /** {@code @ start()} and {@code @ end()}: resolved against the query range by the evaluator. */
    public static final long AT_START = Long.MIN_VALUE;

    public static final long AT_END = Long.MAX_VALUE;

    /**
     * An instant vector selector; {@code name} may be null when only matchers are given; {@code atMs} is the
     * {@code @} time in milliseconds ({@link #AT_START}/{@link #AT_END}), or null.
     */
    public record Selector(String name, List<Matcher> matchers, long offsetMs, Long atMs) implements Expr {
        Selector withOffset(long ms) {
            return new Selector(name, matchers, ms, atMs);
        }

        Selector withAt(long ms) {
            return new Selector(name, matchers, offsetMs, ms);
        }
    }

    /** A range vector selector {@code sel[range]}. */
    public record RangeSelector(Selector selector, long rangeMs) implements Expr {}

    /** A subquery {@code expr[range:step] offset d}; a step of 0 means the default evaluation interval. */
    public record Subquery(Expr expr, long rangeMs, long stepMs, long offsetMs) implements Expr {}

    /** A function call. */
    public record Call(String func, List<Expr> args) implements Expr {}

    /** An aggregation; {@code param} is the k of topk / the φ of quantile, else null. */
    public record Aggregate(String op, Expr param, Expr expr, List<String> grouping, boolean without) implements Expr {}

    /** Vector matching clause of a binary operation between two vectors. */
    public record VectorMatching(boolean on, List<String> labels, Card card, List<String> include) {
        static final VectorMatching DEFAULT = new VectorMatching(false, List.of(), Card.ONE_TO_ONE, List.of());
    }

    /** Matching cardinality. */
    public enum Card {
        ONE_TO_ONE,
        MANY_TO_ONE,
        ONE_TO_MANY,
        MANY_TO_MANY
    }

    /** A binary operation. */
    public record Binary(String op, Expr lhs, Expr rhs, boolean returnBool, VectorMatching matching) implements Expr {}

    /** Unary minus. */
    public record Unary(Expr expr) implements Expr {}

    /** Parentheses, kept for naming only. */
    public record Paren(Expr expr) implements Expr {}

    /**
     * A value already evaluated, standing in for the subexpression it came from: {@link Fieldwise} evaluates
     * an expression over a table with several fields one field at a time and hands each node its operand this
     * way. The parser never builds one.
     */
    record Computed(Value value) implements Expr {}
}
