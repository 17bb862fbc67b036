package io.greptime.jdbc.tck.engine.duckdb.range;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.functions.Aggregates;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryScope;
import io.greptime.jdbc.tck.engine.duckdb.sql.SchemaNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The range queries GreptimeDB refuses, with its status codes and messages. */
final class RangeChecks {
    private RangeChecks() {}

    private static GreptimeError syntax(String msg) {
        return new GreptimeError(StatusCode.INVALID_SYNTAX, "Invalid SQL syntax: sql parser error: " + msg);
    }

    static GreptimeError plan(String msg) {
        return new GreptimeError(StatusCode.PLAN_QUERY, "Error during planning: " + msg);
    }

    private static GreptimeError rangeQuery(String msg) {
        return new GreptimeError(StatusCode.INVALID_SYNTAX, "Range Query: " + msg);
    }

    /** ALIGN without RANGE, RANGE without ALIGN (GreptimeDB's parser refuses both). */
    static void syntax(SqlAst.Select s) {
        if (s.align() == null) {
            throw syntax("ALIGN argument cannot be omitted in the range select query");
        }
        if (!RangeQuery.hasRange(s)) {
            throw syntax("Illegal Range select, no RANGE keyword found in any SelectItem");
        }
    }

    /** Every operand a RANGE is pushed onto must hold a function: {@code min(v) * 2 RANGE '5s'} is refused. */
    static void rangeOperands(Expr e) {
        if (e instanceof SqlAst.Nested n) {
            rangeOperands(n.expr());
        } else if (e instanceof SqlAst.Binary b) {
            rangeOperands(b.left());
            rangeOperands(b.right());
        } else if (e instanceof SqlAst.Unary u) {
            rangeOperands(u.operand());
        } else if (e instanceof SqlAst.Literal l) {
            throw syntax("Can't use the RANGE keyword in Expr " + l.text() + " without function");
        } else if (e instanceof SqlAst.Column c) {
            throw syntax("Can't use the RANGE keyword in Expr " + String.join(".", c.parts()) + " without function");
        }
    }

    static void aggregate(SqlAst.Call agg) {
        if (agg.over() != null || !Aggregates.isAggregate(agg.name())) {
            throw rangeQuery("Window functions is not allowed in Range Query");
        }
        for (Expr a : agg.args()) {
            if (RangeQuery.contains(a)) {
                throw rangeQuery("Nest Range Query is not allowed");
            }
        }
    }

    /** FILL LINEAR needs a numeric result; a constant must convert to the result type. */
    static void fill(String fill, GreptimeType type) {
        if (fill == null || fill.equals("NULL") || fill.equals("PREV") || type == null) {
            return;
        }
        if (fill.equals("LINEAR")) {
            if (!ExprTypes.isNumeric(type)) {
                throw plan("Use FILL LINEAR on Non-numeric DataType " + type.name());
            }
            return;
        }
        boolean integer = type.kind() == GreptimeType.Kind.INT || type.kind() == GreptimeType.Kind.UINT;
        boolean ok = integer ? fill.matches("-?\\d+") : !ExprTypes.isNumeric(type) || fill.matches("-?\\d+(\\.\\d*)?");
        if (!ok) {
            throw plan(
                    fill + " is not a valid fill option, fail to convert to a const value. { Arrow error: Cast error:"
                            + " Cannot cast string '" + fill + "' to value of " + type.name() + " type }");
        }
    }

    /** An aggregate outside RANGE has no column in the range output: DataFusion's "No field named". */
    static void noPlainAggregates(
            List<Expr> items,
            Map<Expr, String> overrides,
            List<String> rangeNames,
            QueryScope.Relation rel,
            ColumnMeta timeIndex,
            List<Expr> by,
            SchemaNames names) {
        for (Expr item : items) {
            SqlAst.Call plain = plainAggregate(item, overrides);
            if (plain != null) {
                List<String> valid = new ArrayList<>();
                for (String n : rangeNames) {
                    valid.add("\"" + n + "\"");
                }
                String q = rel.qualifier() == null ? "" : rel.qualifier() + ".";
                valid.add(q + timeIndex.name());
                for (Expr b : by) {
                    valid.add(b instanceof SqlAst.Column c ? q + c.name() : names.name(b));
                }
                throw new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        "No field named \"" + names.name(plain) + "\". Valid fields are " + String.join(", ", valid)
                                + ".");
            }
        }
    }

    private static SqlAst.Call plainAggregate(Expr e, Map<Expr, String> overrides) {
        if (overrides.containsKey(e)) {
            return null;
        }
        if (e instanceof SqlAst.Call c) {
            if (Aggregates.isAggregate(c.name()) && c.over() == null) {
                return c;
            }
            for (Expr a : c.args()) {
                SqlAst.Call found = plainAggregate(a, overrides);
                if (found != null) {
                    return found;
                }
            }
        } else if (e instanceof SqlAst.Binary b) {
            SqlAst.Call l = plainAggregate(b.left(), overrides);
            return l != null ? l : plainAggregate(b.right(), overrides);
        } else if (e instanceof SqlAst.Nested n) {
            return plainAggregate(n.expr(), overrides);
        } else if (e instanceof SqlAst.Cast c) {
            return plainAggregate(c.expr(), overrides);
        } else if (e instanceof SqlAst.Unary u) {
            return plainAggregate(u.operand(), overrides);
        }
        return null;
    }
}
