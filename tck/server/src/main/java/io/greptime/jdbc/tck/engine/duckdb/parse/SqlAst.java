package io.greptime.jdbc.tck.engine.duckdb.parse;

import java.util.List;

/**
 * The syntax tree of a GreptimeDB query, as sqlparser (GreptimeDB's dialect, with its RANGE/ALIGN
 * extension) would parse it. It is kept close to the text so that it can be rendered twice: as the column
 * names DataFusion derives from it ({@link SchemaNames}) and as DuckDB SQL ({@link DuckSql}).
 * Identifiers are as the lexer gives them: bare words lower-cased, quoted ones verbatim.
 */
public final class SqlAst {
    private SqlAst() {}

    /** A scalar expression. */
    public sealed interface Expr
            permits Column,
                    Literal,
                    TypedString,
                    Interval,
                    Unary,
                    Binary,
                    Call,
                    Cast,
                    Case,
                    InList,
                    InQuery,
                    Exists,
                    Subquery,
                    Between,
                    Like,
                    IsTest,
                    ArrayLiteral,
                    Subscript,
                    Star,
                    Extract,
                    Nested,
                    RangeFn,
                    Placeholder {}

    /** {@code a}, {@code t.a}, {@code db.t.a}; {@code quoted} tells whether the last part was quoted. */
    public record Column(List<String> parts, boolean quoted) implements Expr {
        public String name() {
            return parts.get(parts.size() - 1);
        }

        List<String> qualifier() {
            return parts.subList(0, parts.size() - 1);
        }
    }

    /** Literal kinds as sqlparser sees them. */
    public enum LiteralKind {
        NUMBER,
        STRING,
        BOOLEAN,
        NULL
    }

    /** A literal; {@code text} is the number as written, the unescaped string, or true/false. */
    public record Literal(LiteralKind kind, String text) implements Expr {}

    /** {@code TIMESTAMP '2020-01-01 00:00:00'}, {@code DATE '...'}: a typed string literal. */
    public record TypedString(TypeName type, String text) implements Expr {}

    /** {@code INTERVAL '1 day'} or {@code INTERVAL '1' DAY}; {@code unit} is null for the first form. */
    public record Interval(Expr value, String unit) implements Expr {}

    /** {@code -x}, {@code +x}, {@code NOT x}, {@code ~x}. */
    public record Unary(String op, Expr operand) implements Expr {}

    /** A binary operator, upper-cased for words ({@code AND}, {@code IS DISTINCT FROM}). */
    public record Binary(Expr left, String op, Expr right) implements Expr {}

    /** One ORDER BY key. {@code asc}/{@code nullsFirst} are null when not written. */
    public record Order(Expr expr, Boolean asc, Boolean nullsFirst) {
        public boolean ascending() {
            return asc == null || asc;
        }

        /** DataFusion's default: NULLS LAST for ASC, NULLS FIRST for DESC. */
        public boolean nullsFirstEffective() {
            return nullsFirst != null ? nullsFirst : !ascending();
        }
    }

    /** A window frame bound as written ({@code UNBOUNDED PRECEDING}, {@code 1 FOLLOWING}, {@code CURRENT ROW}). */
    public record Bound(String kind, Expr offset) {}

    /** {@code ROWS|RANGE|GROUPS BETWEEN start AND end}; {@code end} null for the one-bound form. */
    public record Frame(String units, Bound start, Bound end) {}

    /** An OVER clause (or a reference to a named window in {@code name}). */
    public record Window(String name, List<Expr> partitionBy, List<Order> orderBy, Frame frame) {}

    /**
     * A function call. {@code name} may be qualified ({@code db.f}) only in its text; {@code star} is
     * {@code f(*)}; {@code withinGroup} is the ORDER BY of {@code WITHIN GROUP}.
     */
    public record Call(
            String name,
            List<Expr> args,
            boolean distinct,
            boolean star,
            List<Order> orderBy,
            Expr filter,
            Window over,
            List<Order> withinGroup,
            String nullTreatment)
            implements Expr {
        public Call(String name, List<Expr> args) {
            this(name, args, false, false, List.of(), null, null, List.of(), null);
        }

        /** This call over other arguments (a rewrite of its arguments), all else as it is. */
        public Call withArgs(List<Expr> args) {
            return new Call(name, args, distinct, star, orderBy, filter, over, withinGroup, nullTreatment);
        }
    }

    /** A SQL type as written: {@code name} lower-cased words joined by a space, its parameters, array depth. */
    public record TypeName(String name, List<String> params, int arrayDepth) {
        TypeName(String name) {
            this(name, List.of(), 0);
        }
    }

    /** {@code CAST(x AS t)}, {@code TRY_CAST}, {@code x::t}. */
    public record Cast(Expr expr, TypeName type, boolean tryCast, boolean doubleColon) implements Expr {}

    /** One WHEN ... THEN ... arm. */
    public record When(Expr when, Expr then) {}

    public record Case(Expr operand, List<When> whens, Expr otherwise) implements Expr {}

    public record InList(Expr expr, List<Expr> list, boolean negated) implements Expr {}

    public record InQuery(Expr expr, Query query, boolean negated) implements Expr {}

    public record Exists(Query query, boolean negated) implements Expr {}

    /** A scalar subquery. */
    public record Subquery(Query query) implements Expr {}

    public record Between(Expr expr, Expr low, Expr high, boolean negated) implements Expr {}

    /** {@code LIKE}, {@code ILIKE} or {@code SIMILAR TO}. */
    public record Like(Expr expr, Expr pattern, boolean negated, String kind, Expr escape) implements Expr {}

    /** {@code IS [NOT] NULL|TRUE|FALSE|UNKNOWN}. */
    public record IsTest(Expr expr, String what, boolean negated) implements Expr {}

    /** {@code [a, b]} or {@code ARRAY[a, b]}. */
    public record ArrayLiteral(List<Expr> items) implements Expr {}

    /** {@code a[i]}, or a slice {@code a[i:j]} when {@code upper} is set or {@code slice}. */
    public record Subscript(Expr base, Expr index, Expr upper, boolean slice) implements Expr {}

    /** {@code *} or {@code t.*}, with optional {@code EXCLUDE (...)}/{@code EXCEPT (...)} column names. */
    public record Star(List<String> qualifier, List<String> excluded) implements Expr {}

    public record Extract(String field, Expr expr) implements Expr {}

    /** A parenthesised expression, kept so DuckDB SQL can be printed as written. */
    public record Nested(Expr expr) implements Expr {}

    /** GreptimeDB's {@code agg(...) RANGE '5s' [FILL x]}. */
    public record RangeFn(Expr expr, Expr range, String fill) implements Expr {}

    /** {@code $1} or {@code ?}. */
    public record Placeholder(String text) implements Expr {}

    // ---- queries ----

    /** A query expression. */
    public sealed interface Query permits Select, SetOperation, Values, Full, Tql {}

    /** A TQL statement used as a query (GreptimeDB allows {@code WITH x AS (TQL EVAL ...)}). */
    public record Tql(String text) implements Query {}

    public record SelectItem(Expr expr, String alias) {}

    /** GreptimeDB's {@code ALIGN 'x' [TO y] [BY (...)] [FILL z]} of a range query. */
    public record Align(Expr interval, Expr to, List<Expr> by, String fill) {}

    public record Select(
            boolean distinct,
            List<Expr> distinctOn,
            List<SelectItem> items,
            List<From> from,
            Expr where,
            List<Expr> groupBy,
            boolean groupByAll,
            Expr having,
            Expr qualify,
            List<NamedWindow> windows,
            Align align)
            implements Query {}

    public record NamedWindow(String name, Window window) {}

    /** UNION / INTERSECT / EXCEPT, with ALL or DISTINCT ({@code quantifier} empty when not written). */
    public record SetOperation(Query left, String op, String quantifier, Query right) implements Query {}

    public record Values(List<List<Expr>> rows) implements Query {}

    public record Cte(String name, List<String> columns, Query query) {}

    /** A query with its WITH, ORDER BY and LIMIT/OFFSET. */
    public record Full(boolean recursive, List<Cte> with, Query body, List<Order> orderBy, Expr limit, Expr offset)
            implements Query {}

    /** A table alias with optional column aliases. */
    public record Alias(String name, List<String> columns) {}

    /** A FROM item. */
    public sealed interface From permits TableRef, Derived, Join, TableFunction {}

    public record TableRef(List<String> parts, Alias alias) implements From {
        public String name() {
            return parts.get(parts.size() - 1);
        }
    }

    public record Derived(Query query, Alias alias, boolean lateral) implements From {}

    /** {@code kind} is INNER, LEFT, RIGHT, FULL, CROSS, SEMI/ANTI variants; {@code using} may be empty. */
    public record Join(From left, From right, String kind, Expr on, List<String> using, boolean natural)
            implements From {}

    public record TableFunction(String name, List<Expr> args, Alias alias) implements From {}
}
