package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.functions.FunctionNames;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.time.IntervalValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The output column name DataFusion gives an unaliased expression (its {@code SchemaDisplay}): columns
 * qualified by their relation, literals typed ({@code Int64(1)}, {@code Utf8("a")}), casts dropped,
 * functions by their canonical name with arguments joined by a bare comma, binary operators spaced and
 * never parenthesised. GreptimeDB's rewrites come first: casts to its type aliases become
 * {@code arrow_cast(x, 'Type')}, interval abbreviations expand.
 */
public final class SchemaNames {
    private final QueryScope scope;
    private final Function<SqlAst.Query, List<String>> subqueryNames;
    /** The FILL of the enclosing ALIGN clause, which range expressions without their own inherit. */
    public String alignFill;
    /** Range expressions name their aggregate by its canonical name ({@code covar} is {@code covar_samp}). */
    boolean canonicalNames;

    /** Whether {@code c} reads a path of a JSON2 column (named as the json_get it is, not as a column). */
    boolean isJson2Path(SqlAst.Column c) {
        return Json2Paths.of(scope, c) != null;
    }

    public SchemaNames(QueryScope scope, Function<SqlAst.Query, List<String>> subqueryNames) {
        this.scope = scope;
        this.subqueryNames = subqueryNames;
    }

    public String name(Expr e) {
        if (e instanceof SqlAst.Column c) {
            return column(c);
        } else if (e instanceof SqlAst.Literal l) {
            return literal(l, false);
        } else if (e instanceof SqlAst.TypedString ts) {
            if (ts.type().name().equals(io.greptime.jdbc.tck.engine.duckdb.parse.ExprParser.HEX_LITERAL)) {
                return HexLiterals.name(ts.text());
            }
            return "Utf8(\"" + ts.text() + "\")";
        } else if (e instanceof SqlAst.Interval i) {
            return interval(i);
        } else if (e instanceof SqlAst.Unary u) {
            return unary(u);
        } else if (e instanceof SqlAst.Binary b) {
            return Json2Paths.arithmeticName(this, scope, b, true) + " " + operator(b.op()) + " "
                    + Json2Paths.arithmeticName(this, scope, b, false);
        } else if (e instanceof SqlAst.Call c) {
            return call(c);
        } else if (e instanceof SqlAst.Cast c) {
            return cast(c);
        } else if (e instanceof SqlAst.Case c) {
            return caseName(c);
        } else if (e instanceof SqlAst.InList in) {
            return name(in.expr()) + (in.negated() ? " NOT IN (" : " IN (") + list(in.list(), ", ") + ")";
        } else if (e instanceof SqlAst.InQuery in) {
            return in.negated() ? "NOT IN" : "IN";
        } else if (e instanceof SqlAst.Exists ex) {
            return ex.negated() ? "NOT EXISTS" : "EXISTS";
        } else if (e instanceof SqlAst.Subquery s) {
            return subqueryNames.apply(s.query()).get(0);
        } else if (e instanceof SqlAst.Between b) {
            return name(b.expr()) + (b.negated() ? " NOT BETWEEN " : " BETWEEN ") + name(b.low()) + " AND "
                    + name(b.high());
        } else if (e instanceof SqlAst.Like l) {
            return like(l);
        } else if (e instanceof SqlAst.IsTest is) {
            return name(is.expr()) + " IS " + (is.negated() ? "NOT " : "") + is.what();
        } else if (e instanceof SqlAst.ArrayLiteral a) {
            return "make_array(" + list(a.items(), ",") + ")";
        } else if (e instanceof SqlAst.Subscript s) {
            return subscript(s);
        } else if (e instanceof SqlAst.Extract x) {
            return "date_part(Utf8(\"" + x.field().toUpperCase(Locale.ROOT) + "\")," + name(x.expr()) + ")";
        } else if (e instanceof SqlAst.Nested n) {
            return name(n.expr());
        } else if (e instanceof SqlAst.RangeFn r) {
            return RangeNames.name(this, r, alignFill);
        } else if (e instanceof SqlAst.Placeholder p) {
            return p.text();
        }
        return "*";
    }

    String list(List<Expr> exprs, String sep) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < exprs.size(); i++) {
            if (i > 0) {
                sb.append(sep);
            }
            sb.append(name(exprs.get(i)));
        }
        return sb.toString();
    }

    private String column(SqlAst.Column c) {
        Json2Paths.Path json2 = Json2Paths.of(scope, c);
        if (json2 != null) {
            return name(json2.call());
        }
        QueryScope.Resolved r = scope == null ? null : scope.resolve(c.parts());
        if (r != null) {
            return r.display();
        }
        return String.join(".", c.parts());
    }

    /** DataFusion's literal: integers that fit i64 are Int64, then UInt64, else Float64 (no exponent). */
    static String literal(SqlAst.Literal l, boolean negative) {
        return switch (l.kind()) {
            case NULL -> "NULL";
            case BOOLEAN -> "Boolean(" + l.text() + ")";
            case STRING -> "Utf8(\"" + l.text() + "\")";
            case NUMBER -> number(l.text(), negative);
        };
    }

    static String number(String text, boolean negative) {
        String signed = negative ? "-" + text : text;
        if (isInteger(text)) {
            BigInteger v = new BigInteger(signed);
            if (v.bitLength() < 64) {
                return "Int64(" + v + ")";
            }
            if (!negative && v.bitLength() == 64) {
                return "UInt64(" + v + ")";
            }
        }
        return "Float64(" + floatText(Double.parseDouble(signed)) + ")";
    }

    public static boolean isInteger(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return false;
            }
        }
        return !text.isEmpty();
    }

    /** A double from DuckDB's text of one ({@code inf}, {@code -inf}, {@code nan} and {@code -nan} included). */
    public static double floatValue(String v) {
        return switch (v) {
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            case "nan", "-nan" -> Double.NaN;
            default -> Double.parseDouble(v);
        };
    }

    /** Rust's {@code Display} for f64: shortest round-trip digits, never an exponent, no trailing ".0". */
    public static String floatText(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0" : "0";
        }
        BigDecimal b = shortest(d).stripTrailingZeros();
        return b.scale() <= 0 ? b.toBigInteger().toString() : b.toPlainString();
    }

    /** The shortest decimal that reads back as {@code d} (Java 17's Double.toString is not always shortest). */
    private static BigDecimal shortest(double d) {
        BigDecimal exact = new BigDecimal(d);
        for (int digits = 1; digits < 17; digits++) {
            BigDecimal candidate = exact.round(new java.math.MathContext(digits, java.math.RoundingMode.HALF_EVEN));
            if (candidate.doubleValue() == d) {
                return candidate;
            }
        }
        return exact.round(new java.math.MathContext(17, java.math.RoundingMode.HALF_EVEN));
    }

    private String unary(SqlAst.Unary u) {
        Expr operand = u.operand();
        return switch (u.op()) {
            case "-" ->
                operand instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NUMBER
                        ? literal(l, true)
                        : "(- " + name(operand) + ")";
            case "+" -> name(operand);
            case "NOT" -> "NOT " + name(operand);
            default -> "~" + name(operand);
        };
    }

    static String operator(String op) {
        return switch (op) {
            case "==" -> "=";
            case "<>" -> "!=";
            case "^", "#", "XOR" -> "BIT_XOR";
            default -> op;
        };
    }

    private String call(SqlAst.Call c) {
        String fn = canonicalNames ? FunctionNames.canonical(c.name()) : c.name();
        if (fn.equals("unnest")) {
            fn = "UNNEST"; // DataFusion's Expr::Unnest displays upper-case
        }
        if (c.over() != null) {
            return WindowNames.name(this, c, fn);
        }
        StringBuilder sb = new StringBuilder(fn).append('(');
        if (c.star()) {
            sb.append('*');
        } else {
            if (c.distinct()) {
                sb.append("DISTINCT ");
            }
            sb.append(list(c.args(), ","));
        }
        sb.append(')');
        if (c.nullTreatment() != null) {
            sb.append(' ').append(c.nullTreatment());
        }
        if (c.filter() != null) {
            sb.append(" FILTER (WHERE ").append(name(c.filter())).append(')');
        }
        List<SqlAst.Order> order = !c.withinGroup().isEmpty() ? c.withinGroup() : c.orderBy();
        if (!order.isEmpty()) {
            sb.append(c.withinGroup().isEmpty() ? " ORDER BY [" : " WITHIN GROUP [")
                    .append(sorts(order))
                    .append(']');
        }
        return sb.toString();
    }

    String sorts(List<SqlAst.Order> order) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < order.size(); i++) {
            SqlAst.Order o = order.get(i);
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(name(o.expr()))
                    .append(o.ascending() ? " ASC" : " DESC")
                    .append(o.nullsFirstEffective() ? " NULLS FIRST" : " NULLS LAST");
        }
        return sb.toString();
    }

    private String cast(SqlAst.Cast c) {
        String arrow = CastTypes.lenient(c) ? null : CastTypes.arrowCastTarget(c.type());
        if (arrow != null) {
            return "arrow_cast(" + name(c.expr()) + ",Utf8(\"" + arrow + "\"))";
        }
        return name(c.expr());
    }

    private String caseName(SqlAst.Case c) {
        StringBuilder sb = new StringBuilder("CASE ");
        if (c.operand() != null) {
            sb.append(name(c.operand())).append(' ');
        }
        for (SqlAst.When w : c.whens()) {
            sb.append("WHEN ")
                    .append(name(w.when()))
                    .append(" THEN ")
                    .append(name(w.then()))
                    .append(' ');
        }
        if (c.otherwise() != null) {
            sb.append("ELSE ").append(name(c.otherwise())).append(' ');
        }
        return sb.append("END").toString();
    }

    private String like(SqlAst.Like l) {
        String kind = l.kind().equals("SIMILAR TO")
                ? (l.negated() ? "NOT SIMILAR TO" : "SIMILAR TO")
                : (l.negated() ? "NOT " : "") + l.kind();
        String s = name(l.expr()) + " " + kind + " " + name(l.pattern());
        if (l.escape() instanceof SqlAst.Literal lit) {
            s += " CHAR '" + lit.text() + "'";
        }
        return s;
    }

    private String subscript(SqlAst.Subscript s) {
        if (s.slice()) {
            return name(s.base()) + "[" + (s.index() == null ? "" : name(s.index())) + ":"
                    + (s.upper() == null ? "" : name(s.upper())) + "]";
        }
        return name(s.base()) + "[" + name(s.index()) + "]";
    }

    private String interval(SqlAst.Interval i) {
        IntervalValue v = IntervalValue.of(i);
        return v == null ? "interval" : v.schemaName();
    }
}
