package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import java.util.List;

/**
 * GreptimeDB's MySQL-compatible string functions ({@code locate}, {@code elt}, {@code field},
 * {@code insert}, {@code space}, {@code mid}) and its {@code clamp} family, as DuckDB SQL with MySQL's
 * edge cases: positions are 1-based and 0 means not found, out-of-range positions leave the string as it
 * is, a NULL argument gives NULL (except {@code field}, which answers 0).
 */
final class StringFunctions {
    private StringFunctions() {}

    static String render(ExprRenderer r, SqlAst.Call c) {
        List<Expr> a = c.args();
        switch (c.name()) {
            case "locate" -> {
                if (a.size() == 2) {
                    return "strpos(" + r.render(a.get(1)) + ", " + r.render(a.get(0)) + ")";
                }
                if (a.size() != 3) {
                    return null;
                }
                String sub = r.render(a.get(0));
                String s = r.render(a.get(1));
                String p = r.render(a.get(2));
                String found = "strpos(substr(" + s + ", " + p + "), " + sub + ")";
                return "CASE WHEN " + p + " < 1 THEN 0 WHEN " + found + " = 0 THEN 0 ELSE " + found + " + " + p
                        + " - 1 END";
            }
            case "elt" -> {
                if (a.size() < 2) {
                    return null;
                }
                String n = "CAST(" + r.render(a.get(0)) + " AS BIGINT)";
                return "CASE WHEN " + n + " >= 1 AND " + n + " <= " + (a.size() - 1) + " THEN ["
                        + r.list(a.subList(1, a.size())) + "][" + n + "] END";
            }
            case "field" -> {
                if (a.size() < 2) {
                    return null;
                }
                return "coalesce(list_position([" + r.list(a.subList(1, a.size())) + "], " + r.render(a.get(0))
                        + "), 0)";
            }
            case "insert" -> {
                if (a.size() != 4) {
                    return null;
                }
                String s = r.render(a.get(0));
                String pos = r.render(a.get(1));
                String len = r.render(a.get(2));
                String with = r.render(a.get(3));
                return "CASE WHEN " + pos + " < 1 OR " + pos + " > length(" + s + ") THEN " + s + " ELSE substr(" + s
                        + ", 1, " + pos + " - 1) || " + with + " || substr(" + s + ", " + pos + " + " + len + ") END";
            }
            case "space" -> {
                return a.size() == 1 ? "repeat(' ', greatest(" + r.render(a.get(0)) + ", 0))" : null;
            }
            case "mid" -> {
                return FunctionMap.generic(r, c, "substr");
            }
            case "substr" -> {
                return substr(r, c);
            }
            case "lpad", "rpad" -> {
                // DataFusion pads with spaces when no fill is given; DuckDB has no two-argument form
                return a.size() == 2
                        ? c.name() + "(" + r.render(a.get(0)) + ", " + r.render(a.get(1)) + ", ' ')"
                        : null;
            }
            case "split_part" -> {
                if (a.size() != 3) {
                    return null;
                }
                String n = r.render(a.get(2));
                return "CASE WHEN " + n + " = 0 THEN "
                        + Errors.raise(
                                io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY,
                                "Execution error: field position must not be zero")
                        + " ELSE split_part(" + r.render(a.get(0)) + ", " + r.render(a.get(1)) + ", " + n + ") END";
            }
            default -> {
                return clamp(r, c);
            }
        }
    }

    /**
     * DataFusion's substr counts characters from 1 like SQL's SUBSTRING: a start before the first character
     * shortens the count by the positions before it ({@code substr('abc', -1, 3)} is {@code 'a'}) where DuckDB
     * would count from the end, and a negative count fails the query.
     */
    private static String substr(ExprRenderer r, SqlAst.Call c) {
        List<Expr> a = c.args();
        if (a.size() != 2 && a.size() != 3) {
            return null;
        }
        String s = r.render(a.get(0));
        String start = "CAST(" + r.render(a.get(1)) + " AS BIGINT)";
        if (a.size() == 2) {
            return "CASE WHEN " + start + " < 1 THEN " + s + " ELSE substr(" + s + ", " + start + ") END";
        }
        String len = "CAST(" + r.render(a.get(2)) + " AS BIGINT)";
        String negative = "error('" + Errors.RAISED + io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY.code()
                + ":Execution error: negative substring length not allowed: substr(<str>, ' || " + start
                + " || ', ' || " + len + " || ')')";
        return "CASE WHEN " + len + " < 0 THEN " + negative + " WHEN " + start + " < 1 THEN substr(" + s
                + ", 1, greatest(" + start + " + " + len + " - 1, 0)) ELSE substr(" + s + ", " + start + ", " + len
                + ") END";
    }

    /** GreptimeDB refuses a range whose min exceeds its max (for constant bounds, as it checks them). */
    static String clamp3(ExprRenderer r, List<Expr> a) {
        String lo = r.render(a.get(1));
        String hi = r.render(a.get(2));
        String value = "greatest(" + lo + ", least(" + hi + ", " + r.render(a.get(0)) + "))";
        if (a.get(1) instanceof SqlAst.Literal l && a.get(2) instanceof SqlAst.Literal h) {
            return "CASE WHEN " + lo + " > " + hi + " THEN "
                    + Errors.raise(
                            io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY,
                            "Execution error: min '" + l.text() + "' > max '" + h.text() + "'")
                    + " ELSE " + value + " END";
        }
        return value;
    }

    private static String clamp(ExprRenderer r, SqlAst.Call c) {
        List<Expr> a = c.args();
        if (a.size() == (c.name().equals("clamp") ? 3 : 2)) {
            String coerced = Clamps.render(r, c);
            if (coerced != null) {
                return coerced;
            }
        }
        return switch (c.name()) {
            case "clamp" -> a.size() == 3 ? clamp3(r, a) : null;
            case "clamp_min" ->
                a.size() == 2 ? "greatest(" + r.render(a.get(1)) + ", " + r.render(a.get(0)) + ")" : null;
            case "clamp_max" -> a.size() == 2 ? "least(" + r.render(a.get(1)) + ", " + r.render(a.get(0)) + ")" : null;
            default -> null;
        };
    }
}
