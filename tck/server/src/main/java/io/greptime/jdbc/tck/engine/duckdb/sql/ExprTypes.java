package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;

/**
 * The GreptimeDB type of an expression where it can be told from the query alone (columns of known
 * relations, literals, casts, common aggregates and arithmetic); null otherwise.
 */
public final class ExprTypes {
    private ExprTypes() {}

    public static GreptimeType of(QueryScope scope, Expr e) {
        if (e instanceof SqlAst.Nested n) {
            return of(scope, n.expr());
        } else if (e instanceof SqlAst.Column c) {
            if (Json2Paths.of(scope, c) != null) {
                return GreptimeType.STRING;
            }
            QueryScope.Resolved r = scope == null ? null : scope.resolve(c.parts());
            ColumnMeta m = r == null ? null : r.relation().column(r.name());
            return m == null ? null : m.type();
        } else if (e instanceof SqlAst.Literal l) {
            return switch (l.kind()) {
                case NUMBER -> SchemaNames.isInteger(l.text()) ? GreptimeType.INT64 : GreptimeType.FLOAT64;
                case STRING -> GreptimeType.STRING;
                case BOOLEAN -> GreptimeType.BOOLEAN;
                case NULL -> null;
            };
        } else if (e instanceof SqlAst.Cast c) {
            return DuckTypes.greptime(c.type());
        } else if (e instanceof SqlAst.TypedString ts) {
            return typedString(ts);
        } else if (e instanceof SqlAst.Call c) {
            return call(scope, c);
        } else if (e instanceof SqlAst.Binary b) {
            return arithmetic(of(scope, b.left()), b.op(), of(scope, b.right()));
        } else if (e instanceof SqlAst.Unary u && u.op().equals("-")) {
            return of(scope, u.operand());
        }
        return null;
    }

    /** {@code TIMESTAMP '...'} is DataFusion's nanosecond timestamp (GreptimeDB's aliases do not apply). */
    static GreptimeType typedString(SqlAst.TypedString ts) {
        if (ts.type().name().equals(io.greptime.jdbc.tck.engine.duckdb.parse.ExprParser.HEX_LITERAL)) {
            return GreptimeType.BINARY;
        }
        return ts.type().name().equals("timestamp") ? GreptimeType.TS_NANO : DuckTypes.greptime(ts.type());
    }

    private static GreptimeType call(QueryScope scope, SqlAst.Call c) {
        if (c.name().equals("arrow_cast")
                && c.args().size() == 2
                && c.args().get(1) instanceof SqlAst.Literal l
                && l.kind() == SqlAst.LiteralKind.STRING) {
            SqlAst.TypeName type = ArrowCastNames.typeName(l.text().strip());
            return type == null ? null : DuckTypes.greptime(type);
        }
        GreptimeType arg = c.args().isEmpty() ? null : of(scope, c.args().get(0));
        return switch (c.name()) {
            case "count", "approx_distinct" -> GreptimeType.INT64;
            case "avg", "mean" ->
                arg != null && arg.arrow() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Decimal d
                        ? GreptimeType.decimal(Math.min(38, d.getPrecision() + 4), Math.min(38, d.getScale() + 4))
                        : GreptimeType.FLOAT64;
            case "stddev",
                    "stddev_pop",
                    "stddev_samp",
                    "var",
                    "var_pop",
                    "var_samp",
                    "corr",
                    "covar",
                    "covar_samp",
                    "covar_pop" -> GreptimeType.FLOAT64;
            case "min", "max", "first_value", "last_value", "median" -> arg;
            // DataFusion's date constructors and conversions: Date32 and the named timestamp units
            case "to_date", "make_date" -> GreptimeType.DATE;
            case "to_timestamp", "to_timestamp_nanos" -> GreptimeType.TS_NANO;
            case "to_timestamp_micros" -> GreptimeType.TS_MICRO;
            case "to_timestamp_millis" -> GreptimeType.TS_MILLI;
            case "to_timestamp_seconds" -> GreptimeType.TS_SECOND;
            case "sum" ->
                arg == null
                        ? null
                        : arg.kind() == GreptimeType.Kind.INT
                                ? GreptimeType.INT64
                                : arg.kind() == GreptimeType.Kind.UINT
                                        ? GreptimeType.UINT64
                                        : arg.kind() == GreptimeType.Kind.FLOAT
                                                ? GreptimeType.FLOAT64
                                                : arg.arrow()
                                                                instanceof
                                                                org.apache.arrow.vector.types.pojo.ArrowType.Decimal d
                                                        ? GreptimeType.decimal(
                                                                Math.min(38, d.getPrecision() + 10), d.getScale())
                                                        : arg;
            case "greatest", "least" -> {
                java.util.List<GreptimeType> types = new java.util.ArrayList<>();
                for (Expr a : c.args()) {
                    types.add(of(scope, a));
                }
                yield MathTypes.comparisonNumeric(types);
            }
            case "clamp", "clamp_min", "clamp_max", "mod" -> {
                java.util.List<GreptimeType> types = new java.util.ArrayList<>();
                for (Expr a : c.args()) {
                    GreptimeType t = of(scope, a);
                    if (t == null && !(a instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NULL)) {
                        yield null;
                    }
                    types.add(t);
                }
                GreptimeType coerced = MathTypes.uniformNumeric(types);
                yield coerced == null || !c.name().equals("mod") ? coerced : MathTypes.modResult(coerced);
            }
            default -> {
                if (!MathTypes.handles(c.name()) || c.over() != null) {
                    yield null;
                }
                java.util.List<GreptimeType> types = new java.util.ArrayList<>();
                for (Expr a : c.args()) {
                    types.add(of(scope, a));
                }
                yield MathTypes.result(c.name(), types);
            }
        };
    }

    private static GreptimeType arithmetic(GreptimeType l, String op, GreptimeType r) {
        GreptimeType difference = TimestampPrecisions.differenceType(l, op, r);
        if (difference != null) {
            return difference;
        }
        if (l == null || r == null || !isNumeric(l) || !isNumeric(r)) {
            return null;
        }
        if (!(op.equals("+") || op.equals("-") || op.equals("*") || op.equals("/") || op.equals("%"))) {
            return null;
        }
        if (l.kind() == GreptimeType.Kind.FLOAT || r.kind() == GreptimeType.Kind.FLOAT) {
            // a Float32 with an integer, a decimal or a Float32 stays Float32 (arrow_typeof(f32 * d) on a real v1.0.0)
            return l.name().equals("Float64") || r.name().equals("Float64")
                    ? GreptimeType.FLOAT64
                    : GreptimeType.FLOAT32;
        }
        GreptimeType decimal = DecimalArithmetic.resultType(l, op, r);
        if (decimal != null) {
            return decimal;
        }
        GreptimeType integer = IntegerWrap.resultType(l, op, r);
        return integer != null ? integer : GreptimeType.INT64;
    }

    public static boolean isNumeric(GreptimeType t) {
        return switch (t.kind()) {
            case INT, UINT, FLOAT, DECIMAL -> true;
            default -> false;
        };
    }
}
