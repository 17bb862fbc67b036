package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlParser;
import io.greptime.jdbc.tck.engine.duckdb.time.IntervalValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints an expression as DuckDB SQL with GreptimeDB's semantics: identifiers quoted, GreptimeDB types
 * mapped to DuckDB's, intervals evaluated the way GreptimeDB parses them, functions translated by
 * {@link FunctionMap}, and integers compared with timestamps read in the timestamp's unit.
 */
public final class ExprRenderer {
    public final QueryTranslator translator;
    public final QueryScope scope;
    /** SQL to print instead of particular nodes (a range query's aggregates are columns of its inner query). */
    private final Map<Expr, String> overrides;

    public ExprRenderer(QueryTranslator translator, QueryScope scope) {
        this(translator, scope, Map.of());
    }

    public ExprRenderer(QueryTranslator translator, QueryScope scope, Map<Expr, String> overrides) {
        this.translator = translator;
        this.scope = scope;
        this.overrides = overrides;
    }

    public String render(Expr e) {
        String override = overrides.isEmpty() ? null : overrides.get(e);
        if (override != null) {
            return override;
        }
        if (e instanceof SqlAst.Column c) {
            return column(c);
        } else if (e instanceof SqlAst.Literal l) {
            return literal(l);
        } else if (e instanceof SqlAst.TypedString ts) {
            return typedString(ts);
        } else if (e instanceof SqlAst.Interval i) {
            return interval(i);
        } else if (e instanceof SqlAst.Unary u) {
            return unary(u);
        } else if (e instanceof SqlAst.Binary b) {
            return binary(b);
        } else if (e instanceof SqlAst.Call c) {
            SqlAst.Cast arrowCast = ArrowCastNames.asCast(c);
            return arrowCast != null
                    ? cast(arrowCast)
                    : translator.extensions.functions().render(this, c);
        } else if (e instanceof SqlAst.Cast c) {
            return cast(c);
        } else if (e instanceof SqlAst.Case c) {
            return caseExpr(c);
        } else if (e instanceof SqlAst.InList in) {
            String typed = CastPreimages.inList(this, in);
            if (typed != null) {
                return typed;
            }
            List<String> items = new ArrayList<>();
            for (Expr item : in.list()) {
                items.add(coerced(in.expr(), item));
            }
            return "(" + render(in.expr()) + (in.negated() ? " NOT IN (" : " IN (") + String.join(", ", items) + "))";
        } else if (e instanceof SqlAst.InQuery in) {
            return "(" + render(in.expr()) + (in.negated() ? " NOT IN (" : " IN (")
                    + translator.subquery(in.query(), scope) + "))";
        } else if (e instanceof SqlAst.Exists ex) {
            return (ex.negated() ? "(NOT EXISTS (" : "(EXISTS (") + translator.subquery(ex.query(), scope) + "))";
        } else if (e instanceof SqlAst.Subquery s) {
            return "(" + translator.subquery(s.query(), scope) + ")";
        } else if (e instanceof SqlAst.Between b) {
            String typed = CastPreimages.between(this, b);
            if (typed != null) {
                return typed;
            }
            return "(" + render(b.expr()) + (b.negated() ? " NOT BETWEEN " : " BETWEEN ") + coerced(b.expr(), b.low())
                    + " AND " + coerced(b.expr(), b.high()) + ")";
        } else if (e instanceof SqlAst.Like l) {
            return like(l);
        } else if (e instanceof SqlAst.IsTest is) {
            return "(" + render(is.expr()) + " IS " + (is.negated() ? "NOT " : "") + is.what() + ")";
        } else if (e instanceof SqlAst.ArrayLiteral a) {
            return "[" + list(a.items()) + "]";
        } else if (e instanceof SqlAst.Subscript s) {
            return subscript(s);
        } else if (e instanceof SqlAst.Star s) {
            return star(s);
        } else if (e instanceof SqlAst.Extract x) {
            return TimestampPrecisions.datePart(this, x.field(), x.expr());
        } else if (e instanceof SqlAst.Nested n) {
            return "(" + render(n.expr()) + ")";
        } else if (e instanceof SqlAst.RangeFn r) {
            throw new SqlParser.Unsupported("RANGE outside a range query");
        } else if (e instanceof SqlAst.Placeholder p) {
            throw new SqlParser.Unsupported("placeholder " + p.text());
        }
        throw new SqlParser.Unsupported(e.getClass().getSimpleName());
    }

    /** {@code literal} as compared with {@code column}: converted by GreptimeDB's rule when it applies. */
    private String coerced(Expr column, Expr literal) {
        String converted = Coercions.convert(this, column, literal);
        return converted != null ? converted : render(literal);
    }

    public String list(List<Expr> exprs) {
        List<String> out = new ArrayList<>();
        for (Expr e : exprs) {
            out.add(render(e));
        }
        return String.join(", ", out);
    }

    private String column(SqlAst.Column c) {
        Json2Paths.Path json2 = Json2Paths.of(scope, c);
        if (json2 != null) {
            return Json2Paths.text(this, json2.call());
        }
        if (c.parts().size() == 1) {
            return Catalog.quote(c.name());
        }
        QueryScope.Resolved r = scope == null ? null : scope.resolve(c.parts());
        String binding = r != null && r.relation().qualifier() != null
                ? translator.bindingName(r.relation())
                : c.parts().get(c.parts().size() - 2);
        return Catalog.quote(binding) + "." + Catalog.quote(c.name());
    }

    private static String literal(SqlAst.Literal l) {
        return switch (l.kind()) {
            case NULL -> "NULL";
            case BOOLEAN -> l.text();
            case STRING -> QueryRewriter.stringLiteral(l.text()); // a NUL spliced in as chr(0)
            case NUMBER -> number(l.text());
        };
    }

    /** Integers beyond BIGINT are DataFusion Float64s; the rest keep their text. */
    private static String number(String text) {
        if (SchemaNames.isInteger(text) && new java.math.BigInteger(text).bitLength() >= 64) {
            return "CAST(" + text + " AS DOUBLE)";
        }
        return text;
    }

    private String typedString(SqlAst.TypedString ts) {
        if (ts.type().name().equals(io.greptime.jdbc.tck.engine.duckdb.parse.ExprParser.HEX_LITERAL)) {
            return "from_hex('" + HexLiterals.digits(ts.text()) + "')";
        }
        GreptimeType target = ExprTypes.typedString(ts);
        if (target != null && target.kind() == GreptimeType.Kind.TIMESTAMP) {
            return TemporalCasts.timestampLiteral(ts.text(), target, false);
        }
        String type = DuckTypes.of(ts.type());
        return "CAST('" + ts.text().replace("'", "''") + "' AS " + type + ")";
    }

    private String interval(SqlAst.Interval i) {
        IntervalValue v = IntervalValue.of(i);
        if (v != null) {
            return v.duckSql();
        }
        if (i.unit() == null && i.value() instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING) {
            // text Arrow's interval parser refuses (an unknown unit, no unit): refused while planning
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Parser error: Invalid input syntax for type interval: \""
                            + IntervalValue.expand(l.text()) + "\"");
        }
        if (i.unit() != null) {
            return "(" + render(i.value()) + ") * INTERVAL 1 " + i.unit().toUpperCase(Locale.ROOT);
        }
        return "CAST(" + render(i.value()) + " AS INTERVAL)";
    }

    private String unary(SqlAst.Unary u) {
        return switch (u.op()) {
            case "NOT" -> "(NOT " + render(u.operand()) + ")";
            case "~" -> "(~" + render(u.operand()) + ")";
            default -> {
                String operand = render(u.operand());
                String negated = IntegerWrap.negation(this, u, operand);
                yield negated != null ? negated : "(" + u.op() + operand + ")";
            }
        };
    }

    private String binary(SqlAst.Binary b) {
        String op = switch (b.op()) {
            case "==" -> "=";
            case "XOR", "#", "^" -> "#";
            case "~" -> null;
            default -> b.op();
        };
        String l = Json2Paths.arithmeticOperand(this, b, true);
        String r = Json2Paths.arithmeticOperand(this, b, false);
        if (op == null) {
            return "regexp_matches(" + l + ", " + r + ")";
        }
        switch (op) {
            case "~*" -> {
                return "regexp_matches(" + l + ", " + r + ", 'i')";
            }
            case "!~" -> {
                return "(NOT regexp_matches(" + l + ", " + r + "))";
            }
            case "!~*" -> {
                return "(NOT regexp_matches(" + l + ", " + r + ", 'i'))";
            }
            case "AT TIME ZONE" -> {
                return "timezone(" + r + ", " + l + ")";
            }
            case "@@" -> {
                return "gt_matches_term(" + l + ", " + r + ")";
            }
            default -> {}
        }
        if (op.equals("||")) {
            String concat = StringOperators.concat(this, b);
            if (concat != null) {
                return concat;
            }
        }
        if (Coercions.COMPARISONS.contains(b.op())) {
            String bytes = StringOperators.binaryComparison(this, b, op);
            if (bytes != null) {
                return bytes;
            }
        }
        Coercions.checkComparable(this, b);
        Coercions.checkIntervalScaling(this, b);
        IntegerWrap.checkOperands(this, b);
        TimestampPrecisions.checkNullOperand(this, b);
        String dated = Coercions.dateInterval(this, b, l, r);
        if (dated != null) {
            return dated;
        }
        String nanos = TimestampPrecisions.nanoInterval(this, b, l, r);
        if (nanos != null) {
            return nanos;
        }
        String wrapped = IntegerWrap.sql(this, b, l, r);
        if (wrapped != null) {
            return wrapped;
        }
        String decimal = DecimalArithmetic.sql(this, b, l, r);
        if (decimal != null) {
            return decimal;
        }
        String divided = FloatDivision.sql(this, b, l, r);
        if (divided != null) {
            return divided;
        }
        String[] floated = IntegerWrap.floatLiteralOperands(this, b, l, r);
        if (floated != null) {
            return "(" + floated[0] + " " + op + " " + floated[1] + ")";
        }
        String typed = CastPreimages.comparison(this, b, op);
        if (typed != null) {
            return typed;
        }
        String[] coarser = Coercions.COMPARISONS.contains(b.op()) ? TimestampPrecisions.coarser(this, b, l, r) : null;
        String[] coerced = coarser != null ? coarser : Coercions.timestampComparison(this, b, l, r);
        return "(" + coerced[0] + " " + op + " " + coerced[1] + ")";
    }

    private String cast(SqlAst.Cast given) {
        io.greptime.jdbc.tck.engine.duckdb.sql.CastTargets.check(given.type(), translator.profile);
        SqlAst.Cast c = given.tryCast() && !CastTypes.lenient(given)
                ? new SqlAst.Cast(given.expr(), given.type(), false, given.doubleColon())
                : given;
        GreptimeType target = DuckTypes.greptime(c.type());
        String type = DuckTypes.of(c.type());
        if (target != null
                && target.kind() == GreptimeType.Kind.TIMESTAMP
                && c.expr() instanceof SqlAst.Literal l
                && l.kind() == SqlAst.LiteralKind.STRING) {
            return TemporalCasts.timestampLiteral(l.text(), target, c.tryCast());
        }
        SqlAst.Call json2 = target == null ? null : Json2Paths.read(scope, c.expr());
        if (json2 != null) {
            return Json2Paths.typed(this, json2, target);
        }
        String jsonCast = JsonCasts.of(this, c, target);
        if (jsonCast != null) {
            return jsonCast;
        }
        String inner = render(c.expr());
        GreptimeType source = target == null ? null : ExprTypes.of(scope, c.expr());
        if (source != null && source.kind() == GreptimeType.Kind.BINARY && target.kind() == GreptimeType.Kind.STRING) {
            // Arrow reads a binary's bytes as UTF-8 text (DuckDB's CAST would escape every non-ASCII byte)
            return "decode(" + inner + ")";
        }
        String text = source == null
                        || source.kind() != GreptimeType.Kind.STRING
                        || c.type().arrayDepth() > 0
                ? null
                : TextCasts.of(inner, target, c.tryCast());
        if (text != null) {
            return text;
        }
        String bytes = source == null
                        || target.kind() != GreptimeType.Kind.BINARY
                        || c.type().arrayDepth() > 0
                ? null
                : NumericTemporalCasts.integerBytes(inner, source);
        if (bytes != null) {
            return bytes;
        }
        if (source != null
                && source.kind() == GreptimeType.Kind.STRING
                && target.kind() == GreptimeType.Kind.TIMESTAMP
                && !c.tryCast()
                && c.type().arrayDepth() == 0) {
            // Arrow's text parser per value (DuckDB's own cast takes other forms and fails otherwise)
            return NumericTemporalCasts.timestampOf(
                    "gt_text_timestamp(" + inner + ", "
                            + io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals.nanosPer(target.unit()) + ")",
                    target.unit());
        }
        if (source != null
                && source.kind() == GreptimeType.Kind.DATE
                && target.kind() == GreptimeType.Kind.TIMESTAMP
                && target.unit() == org.apache.arrow.vector.types.TimeUnit.NANOSECOND
                && c.type().arrayDepth() == 0) {
            // Arrow's Date32 to Timestamp(ns) checks the i64 range (about 1677-09-22 to 2262-04-11)
            String days = "(" + inner + " - DATE '1970-01-01')";
            return "(CASE WHEN " + days + " NOT BETWEEN -106751 AND 106751 THEN error('"
                    + io.greptime.jdbc.tck.engine.duckdb.exec.Errors.RAISED
                    + io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY.code()
                    + ":Execution error: Cannot cast Date32 value ' || " + days
                    + " || ' to Timestamp(ns): converted value exceeds the representable i64 range') ELSE CAST("
                    + inner + " AS TIMESTAMP_NS) END)";
        }
        if (source != null && source.kind() == GreptimeType.Kind.TIMESTAMP) {
            if (target.kind() == GreptimeType.Kind.STRING) {
                return TemporalCasts.timestampText(inner, source);
            }
            if (target.kind() == GreptimeType.Kind.TIMESTAMP) {
                return TemporalCasts.timestampToTimestamp(inner, source, target);
            }
            if (target.kind() == GreptimeType.Kind.DATE
                    && source.unit() == org.apache.arrow.vector.types.TimeUnit.NANOSECOND) {
                // the day of the floored microseconds (DuckDB would round to them first)
                return "CAST(" + io.greptime.jdbc.tck.engine.duckdb.time.NanoTimestamps.floorMicros(inner)
                        + " AS DATE)";
            }
        }
        String integer = source == null || c.type().arrayDepth() > 0
                ? null
                : io.greptime.jdbc.tck.engine.duckdb.sql.NumericTemporalCasts.toInteger(
                        inner, source, target, c.tryCast());
        if (integer != null) {
            return integer;
        }
        String numeric = source == null || c.type().arrayDepth() > 0
                ? null
                : c.tryCast()
                        ? io.greptime.jdbc.tck.engine.duckdb.sql.NumericTemporalCasts.tryOf(inner, source, target)
                        : io.greptime.jdbc.tck.engine.duckdb.sql.NumericTemporalCasts.of(inner, source, target);
        if (numeric != null) {
            return numeric;
        }
        String rendered = (c.tryCast() ? "TRY_CAST(" : "CAST(") + inner + " AS " + type + ")";
        if (source != null && source.kind() == GreptimeType.Kind.FLOAT && target.kind() == GreptimeType.Kind.STRING) {
            // Arrow writes NaN where DuckDB writes nan, and an exponent without its plus sign (1.7e308)
            return "replace(replace(" + rendered + ", 'nan', 'NaN'), 'e+', 'e')";
        }
        if (source != null && source.name().equals("Float64") && target.name().equals("Float32")) {
            // Rust's f64 as f32: past Float32's range the value is infinite (DuckDB fails)
            return "(CASE WHEN " + inner + " IS NULL THEN NULL ELSE coalesce(TRY_CAST(" + inner
                    + " AS FLOAT), CAST(sign(" + inner + ") * 'Infinity'::DOUBLE AS FLOAT)) END)";
        }
        return rendered;
    }

    private String caseExpr(SqlAst.Case c) {
        StringBuilder sb = new StringBuilder("(CASE");
        if (c.operand() != null) {
            sb.append(' ').append(render(c.operand()));
        }
        for (SqlAst.When w : c.whens()) {
            sb.append(" WHEN ").append(render(w.when())).append(" THEN ").append(render(w.then()));
        }
        if (c.otherwise() != null) {
            sb.append(" ELSE ").append(render(c.otherwise()));
        }
        return sb.append(" END)").toString();
    }

    private String like(SqlAst.Like l) {
        String coerced = StringOperators.like(this, l);
        if (coerced != null) {
            return coerced;
        }
        String s = "(" + render(l.expr()) + (l.negated() ? " NOT " : " ") + l.kind() + " " + render(l.pattern());
        if (l.escape() != null) {
            s += " ESCAPE " + render(l.escape());
        }
        return s + ")";
    }

    private String subscript(SqlAst.Subscript s) {
        String base = render(s.base());
        if (s.slice()) {
            return base + "[" + (s.index() == null ? "" : render(s.index())) + ":"
                    + (s.upper() == null ? "" : render(s.upper())) + "]";
        }
        return base + "[" + render(s.index()) + "]";
    }

    private String star(SqlAst.Star s) {
        String base;
        if (s.qualifier().isEmpty()) {
            base = "*";
        } else {
            List<QueryScope.Relation> rs = scope == null ? List.of() : scope.starRelations(s.qualifier());
            String binding =
                    rs.isEmpty() ? s.qualifier().get(s.qualifier().size() - 1) : translator.bindingName(rs.get(0));
            base = Catalog.quote(binding) + ".*";
        }
        if (s.excluded().isEmpty()) {
            return base;
        }
        List<String> q = new ArrayList<>();
        for (String x : s.excluded()) {
            q.add(Catalog.quote(x));
        }
        return base + " EXCLUDE (" + String.join(", ", q) + ")";
    }
}
