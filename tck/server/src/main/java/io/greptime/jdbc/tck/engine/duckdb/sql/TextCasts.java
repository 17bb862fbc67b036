package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.Kind;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;

/**
 * Arrow's casts of text to a float, a decimal or a boolean where DuckDB's parsers take other forms (as a
 * GreptimeDB v1.0.0 answered them, probes/matrix_casts/cast_pairs_string and cast_literals):
 *
 * <ul>
 *   <li>to a float: an optional sign, digits with an optional point (or a point and digits) and an optional
 *       exponent, or the names NaN, inf and infinity in any case, nothing around them: {@code ' 12 '} and
 *       {@code ''} are not floats (DuckDB trims the blanks);
 *   <li>to a decimal: the text trimmed, an optional sign, digits and at most one point, no exponent; text with
 *       no digit at all ({@code ''}, {@code '-'}) is 0;
 *   <li>to a boolean: the text trimmed and lower-cased, {@code t tr tru true y ye yes on 1} true and
 *       {@code f fa fal fals false n no of off 0} false; the error names the trimmed lower-cased text.
 * </ul>
 *
 * CAST fails with Arrow's message (status 3001) where TRY_CAST gives NULL.
 */
public final class TextCasts {
    private static final String FLOAT =
            "[+-]?(([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?|[nN][aA][nN]|[iI][nN][fF]([iI][nN][iI][tT][yY])?)";
    private static final String DECIMAL = "[+-]?[0-9]*\\.?[0-9]*";

    private TextCasts() {}

    /** DuckDB SQL for the cast of text {@code sql} to {@code to}, or null when DuckDB's own cast is right. */
    public static String of(String sql, GreptimeType to, boolean tryCast) {
        Kind t = to.kind();
        if (t == Kind.FLOAT) {
            String fail = tryCast
                    ? "NULL"
                    : fail("Cast error: Cannot cast string ''' || " + sql + " || ''' to value of " + to.name()
                            + " type");
            return "CAST(CASE WHEN " + sql + " IS NULL OR regexp_full_match(" + sql + ", '" + FLOAT + "') THEN " + sql
                    + " ELSE " + fail + " END AS " + to.duck() + ")";
        }
        if (t == Kind.DECIMAL) {
            String trimmed = "trim(" + sql + ")";
            String fail = tryCast
                    ? "NULL"
                    : fail("Cast error: Cannot cast string ''' || " + sql
                            + " || ''' to value of Decimal128(38, 10) type");
            String cast = tryCast ? "TRY_CAST(" : "CAST(";
            return cast + "CASE WHEN " + sql + " IS NULL THEN NULL WHEN regexp_full_match(" + trimmed + ", '"
                    + DECIMAL + "') THEN CASE WHEN regexp_matches(" + trimmed + ", '[0-9]') THEN " + trimmed
                    + " ELSE '0' END ELSE " + fail + " END AS " + to.duck() + ")";
        }
        if (t == Kind.BOOLEAN) {
            String v = "lower(trim(" + sql + "))";
            String fail = tryCast
                    ? "NULL"
                    : fail("Cast error: Cannot cast value ''' || " + v + " || ''' to value of Boolean type");
            return "(CASE WHEN " + v + " IN ('t', 'tr', 'tru', 'true', 'y', 'ye', 'yes', 'on', '1') THEN true WHEN "
                    + v + " IN ('f', 'fa', 'fal', 'fals', 'false', 'n', 'no', 'of', 'off', '0') THEN false WHEN "
                    + sql + " IS NULL THEN NULL ELSE " + fail + " END)";
        }
        return null;
    }

    private static String fail(String messageSql) {
        return "error('" + Errors.RAISED + StatusCode.ENGINE_EXECUTE_QUERY.code() + ":" + messageSql + "')";
    }
}
