package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import java.util.ArrayList;
import java.util.List;

/**
 * DataFusion's string and regex functions where DuckDB's same-named ones differ (DataFusion 52,
 * datafusion/functions/src/{regex,string,unicode}): regexp_like's flags argument (Rust's inline flags, "g" refused),
 * chr's refusal of a value that is no Unicode scalar value, levenshtein and reverse over characters, regexp_count's
 * 0 for a NULL string, and Rust's {@code $1}/{@code ${name}} group references in regexp_replace's replacement.
 */
final class TextSql {
    private TextSql() {}

    static String render(ExprRenderer r, SqlAst.Call c) {
        if (c.over() != null
                || c.distinct()
                || c.star()
                || c.filter() != null
                || !c.orderBy().isEmpty()) {
            return null;
        }
        List<SqlAst.Expr> a = c.args();
        if (c.name().equals("initcap") && a.size() == 1) {
            refuseNonString(r, c.name(), a.get(0));
        }
        if (c.name().equals("levenshtein") && a.size() != 2) {
            List<String> got = new ArrayList<>();
            for (SqlAst.Expr e : a) {
                got.add(JsonPathSql.arrowType(r, e, "Utf8"));
            }
            throw new GreptimeError(
                    StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: Function 'levenshtein' expects 2 arguments but received "
                            + a.size() + " No function matches the given name and argument types 'levenshtein("
                            + String.join(", ", got) + ")'. You might need to add explicit type casts.\n\tCandidate"
                            + " functions:\n\tlevenshtein(Coercion(" + STRING_CLASS + "), Coercion(" + STRING_CLASS
                            + "))");
        }
        return switch (c.name()) {
            case "regexp_like" -> a.size() == 3 ? regexpLike(r, a) : null;
            case "chr" -> a.size() == 1 ? chr(r.render(a.get(0))) : null;
            case "levenshtein" ->
                a.size() == 2 ? "gt_levenshtein(" + text(r, a.get(0)) + ", " + text(r, a.get(1)) + ")" : null;
            case "reverse" -> a.size() == 1 && stringLike(r, a.get(0)) ? "gt_reverse(" + text(r, a.get(0)) + ")" : null;
            case "regexp_count" -> regexpCount(r, c);
            case "regexp_replace" -> regexpReplace(r, c);
            default -> null;
        };
    }

    private static final String STRING_CLASS = "TypeSignatureClass::Native(LogicalType(Native(String), String))";

    /** DataFusion's string-class signature refuses a number or boolean while planning. */
    private static void refuseNonString(ExprRenderer r, String fn, SqlAst.Expr e) {
        String got = JsonPathSql.arrowType(r, e, "Utf8");
        if (List.of(
                        "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Float32", "Float64",
                        "Boolean")
                .contains(got)) {
            throw new GreptimeError(
                    StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: Function '" + fn + "' requires " + STRING_CLASS
                            + ", but received " + got + " (DataType: " + got + ")."
                            + " No function matches the given name and argument types '" + fn + "(" + got
                            + ")'. You might need to add explicit type casts.\n\tCandidate functions:\n\t" + fn
                            + "(Coercion(" + STRING_CLASS + "))");
        }
    }

    private static boolean stringLike(ExprRenderer r, SqlAst.Expr e) {
        GreptimeType t = ExprTypes.of(r.scope, e);
        return t == null || t.kind() == GreptimeType.Kind.STRING;
    }

    private static String text(ExprRenderer r, SqlAst.Expr e) {
        return "CAST(" + r.render(e) + " AS VARCHAR)";
    }

    /**
     * regexplike.rs: the flags become the pattern's inline flags {@code (?flags)}; a NULL flags argument is no
     * flags; "g" is refused while the call runs.
     */
    private static String regexpLike(ExprRenderer r, List<SqlAst.Expr> a) {
        String s = r.render(a.get(0));
        String p = r.render(a.get(1));
        SqlAst.Expr f = a.get(2);
        String global = Errors.raise(
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Error during planning: regexp_like() does not support the \"global\" option");
        if (f instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING) {
            if (l.text().contains("g")) {
                throw new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        "Error during planning: regexp_like() does not support the \"global\" option");
            }
            return "regexp_matches(" + s + ", " + FunctionMap.quoted("(?" + l.text() + ")") + " || " + p + ")";
        }
        String flags = text(r, f);
        return "(CASE WHEN contains(" + flags + ", 'g') THEN " + global + " ELSE regexp_matches(" + s
                + ", coalesce('(?' || " + flags + " || ')', '') || " + p + ") END)";
    }

    /** chr.rs: a code point that is no Unicode scalar value (negative, a surrogate, past U+10FFFF) fails. */
    private static String chr(String x) {
        String n = "CAST(" + x + " AS BIGINT)";
        String fail = "error('" + Errors.RAISED + StatusCode.ENGINE_EXECUTE_QUERY.code()
                + ":Execution error: invalid Unicode scalar value: ' || " + n + ")";
        return "(CASE WHEN " + n + " < 0 OR " + n + " > 1114111 OR " + n + " BETWEEN 55296 AND 57343 THEN " + fail
                + " ELSE chr(CAST(" + n + " AS INTEGER)) END)";
    }

    /** regexpcount.rs: 0 for a NULL string; a start below 1 fails. */
    private static String regexpCount(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        if (a.size() < 2 || a.size() > 4) {
            return null;
        }
        if (a.size() >= 3
                && a.get(2) instanceof SqlAst.Literal l
                && l.kind() == SqlAst.LiteralKind.NUMBER
                && new java.math.BigDecimal(l.text()).signum() <= 0) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY, "Compute error: regexp_count() requires start to be 1 based");
        }
        List<String> args = new ArrayList<>();
        for (SqlAst.Expr e : a) {
            args.add(r.render(e));
        }
        String sql = io.greptime.jdbc.tck.engine.duckdb.functions.DataFusionBuiltins.scalar("regexp_count", args);
        return sql == null
                ? null
                : "(CASE WHEN " + args.get(0) + " IS NULL THEN CAST(0 AS BIGINT) ELSE " + sql + " END)";
    }

    /**
     * regexp_replace's replacement names groups as Rust's regex does ({@code $1}, {@code ${1}}, {@code ${name}},
     * {@code $$} for a dollar; a PostgreSQL {@code \1} is read as {@code ${1}}); DuckDB's RE2 rewrite takes
     * {@code \1}. A literal replacement (and, for names, a literal pattern) is rewritten; other calls pass through.
     */
    private static String regexpReplace(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        if ((a.size() != 3 && a.size() != 4)
                || !(a.get(2) instanceof SqlAst.Literal rep && rep.kind() == SqlAst.LiteralKind.STRING)) {
            return null;
        }
        String pattern =
                a.get(1) instanceof SqlAst.Literal p && p.kind() == SqlAst.LiteralKind.STRING ? p.text() : null;
        String rewritten = re2Rewrite(rep.text(), pattern);
        if (rewritten == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder("regexp_replace(")
                .append(r.render(a.get(0)))
                .append(", ")
                .append(r.render(a.get(1)))
                .append(", ")
                .append(FunctionMap.quoted(rewritten));
        if (a.size() == 4) {
            sb.append(", ").append(r.render(a.get(3)));
        }
        return sb.append(')').toString();
    }

    /** Rust's replacement syntax as RE2's rewrite string, or null when a group name cannot be resolved. */
    static String re2Rewrite(String rep, String pattern) {
        List<String> names = pattern == null ? null : groupNames(pattern);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < rep.length(); i++) {
            char ch = rep.charAt(i);
            if (ch == '\\') {
                if (i + 1 < rep.length() && Character.isDigit(rep.charAt(i + 1))) {
                    out.append('\\').append(rep.charAt(++i));
                } else {
                    out.append("\\\\");
                }
            } else if (ch == '$' && i + 1 < rep.length()) {
                String ref;
                int end;
                if (rep.charAt(i + 1) == '$') {
                    out.append('$');
                    i++;
                    continue;
                } else if (rep.charAt(i + 1) == '{' && rep.indexOf('}', i) > 0) {
                    end = rep.indexOf('}', i);
                    ref = rep.substring(i + 2, end);
                } else {
                    end = i + 1;
                    while (end < rep.length()
                            && (Character.isLetterOrDigit(rep.charAt(end)) || rep.charAt(end) == '_')) {
                        end++;
                    }
                    ref = rep.substring(i + 1, end);
                    end--;
                }
                if (ref.isEmpty()) {
                    out.append('$');
                    continue;
                }
                int group;
                if (ref.chars().allMatch(Character::isDigit)) {
                    group = Integer.parseInt(ref.length() > 3 ? "999" : ref);
                } else {
                    if (names == null) {
                        return null;
                    }
                    group = names.indexOf(ref) + 1;
                }
                // a group that does not exist is replaced by nothing
                if (group > 9) {
                    return null;
                }
                if (group > 0) {
                    out.append('\\').append(group);
                }
                i = end;
            } else {
                out.append(ch);
            }
        }
        return out.toString();
    }

    /** The capture groups of a pattern in order, a named group by its name and an unnamed one as "". */
    private static List<String> groupNames(String p) {
        List<String> out = new ArrayList<>();
        boolean inClass = false;
        for (int i = 0; i < p.length(); i++) {
            char ch = p.charAt(i);
            if (ch == '\\') {
                i++;
            } else if (inClass) {
                inClass = ch != ']';
            } else if (ch == '[') {
                inClass = true;
            } else if (ch == '(') {
                if (p.startsWith("(?P<", i)
                        || (p.startsWith("(?<", i) && !p.startsWith("(?<=", i) && !p.startsWith("(?<!", i))) {
                    int start = p.indexOf('<', i) + 1;
                    int end = p.indexOf('>', start);
                    out.add(end < 0 ? "" : p.substring(start, end));
                } else if (!p.startsWith("(?", i)) {
                    out.add("");
                }
            }
        }
        return out;
    }
}
