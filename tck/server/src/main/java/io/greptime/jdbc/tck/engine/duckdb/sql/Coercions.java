package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.time.ArrowUnits;
import io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals;
import java.time.ZoneId;
import java.util.Set;

/**
 * GreptimeDB's type-conversion rule (its {@code TypeConversionRule}): in a comparison, BETWEEN or IN list
 * where one side is a timestamp or boolean column and the other a literal, the literal is cast to the
 * column's type first: an integer counts units of the column's precision ({@code ts = 1700000000701} on
 * a millisecond column), a string is a timestamp in the session time zone, {@code 'true'}/{@code 'false'}
 * are booleans. A literal that does not cast is an error, as in GreptimeDB.
 */
final class Coercions {
    private static final Set<String> COMPARISONS = Set.of("=", "==", "!=", "<>", "<", "<=", ">", ">=");

    private Coercions() {}

    /** The rendered sides of {@code b}, with a literal side converted when the rule applies. */
    static String[] timestampComparison(ExprRenderer r, SqlAst.Binary b, String left, String right) {
        if (!COMPARISONS.contains(b.op())) {
            return new String[] {left, right};
        }
        String l = convert(r, b.right(), b.left());
        String rr = convert(r, b.left(), b.right());
        return new String[] {l != null ? l : left, rr != null ? rr : right};
    }

    /** {@code literal} rendered as {@code column}'s type when the rule applies to the pair, else null. */
    static String convert(ExprRenderer r, Expr column, Expr literal) {
        if (!(column instanceof SqlAst.Column c)) {
            return null;
        }
        SqlAst.Literal lit = literalOf(literal);
        if (lit == null || lit.kind() == SqlAst.LiteralKind.NULL) {
            return null;
        }
        ColumnMeta meta = columnMeta(r, c);
        if (meta == null) {
            return null;
        }
        GreptimeType type = meta.type();
        if (type.kind() == GreptimeType.Kind.TIMESTAMP) {
            return timestamp(lit, type, r.translator.zone, c);
        }
        if (type.kind() == GreptimeType.Kind.BOOLEAN && lit.kind() == SqlAst.LiteralKind.STRING) {
            return switch (lit.text().toLowerCase(java.util.Locale.ROOT)) {
                case "true" -> "true";
                case "false" -> "false";
                default -> throw invalid(c, lit, "Boolean");
            };
        }
        return null;
    }

    static ColumnMeta columnMeta(ExprRenderer r, SqlAst.Column c) {
        QueryScope.Resolved res = r.scope == null ? null : r.scope.resolve(c.parts());
        return res == null ? null : res.relation().column(res.name());
    }

    /** A literal, including a negated number (DataFusion folds {@code -1} into one literal). */
    private static SqlAst.Literal literalOf(Expr e) {
        if (e instanceof SqlAst.Literal l) {
            return l;
        }
        if (e instanceof SqlAst.Unary u
                && u.op().equals("-")
                && u.operand() instanceof SqlAst.Literal l
                && l.kind() == SqlAst.LiteralKind.NUMBER) {
            return new SqlAst.Literal(SqlAst.LiteralKind.NUMBER, "-" + l.text());
        }
        return null;
    }

    private static String timestamp(SqlAst.Literal lit, GreptimeType type, ZoneId zone, SqlAst.Column c) {
        String duck = type.duck();
        if (lit.kind() == SqlAst.LiteralKind.NUMBER) {
            if (!isSignedInteger(lit.text())) {
                return null;
            }
            return TimestampLiterals.fromUnits(Long.parseLong(lit.text()), type.unit(), duck);
        }
        if (lit.kind() == SqlAst.LiteralKind.STRING) {
            Long nanos = TimestampLiterals.parseNanos(lit.text(), zone);
            if (nanos == null) {
                throw invalid(c, lit, "Timestamp(" + ArrowUnits.shortName(type.unit()) + ")");
            }
            return TimestampLiterals.fromNanos(nanos, duck);
        }
        return null;
    }

    private static boolean isSignedInteger(String text) {
        String digits = text.startsWith("-") ? text.substring(1) : text;
        return SchemaNames.isInteger(digits) && digits.length() < 19;
    }

    private static GreptimeError invalid(SqlAst.Column c, SqlAst.Literal lit, String type) {
        return new GreptimeError(
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: column:" + c.name() + ". Casting value:"
                        + SchemaNames.literal(lit, false) + " to " + type + " is invalid");
    }
}
