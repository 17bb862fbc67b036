package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.functions.CoercionErrors;
import io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import java.util.List;

/**
 * GreptimeDB's IP-address functions as calls of {@link IpFunctions}' Java functions, with GreptimeDB's
 * argument and result types: ipv4_num_to_string (and its alias inet_ntoa, on the lines that have it) takes a UInt32,
 * ipv4_string_to_num answers UInt32, ipv6_string_to_num a 16-byte binary, the rest text or boolean.
 */
final class IpSql {
    private IpSql() {}

    static String render(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        String name = c.name().equals("inet_ntoa") ? "ipv4_num_to_string" : c.name();
        return switch (name) {
            case "ipv4_num_to_string" -> {
                if (a.size() != 1) {
                    yield null;
                }
                // a negated literal or a typed column counts as its type too (-1 is an Int64)
                String type = JsonPathSql.arrowType(r, a.get(0), "UInt32");
                if (fromOneDotZero(r)
                        && !List.of("UInt8", "UInt16", "UInt32", "Null").contains(type)) {
                    // ipv4.rs: Exact([UInt32]), which from v1.0 DataFusion checks itself: a literal number is Int64;
                    // a real v1.0.0 widens UInt8/UInt16 losslessly and refuses Int32 and UInt64
                    throw CoercionErrors.coercion(name, List.of(type), "Exact([UInt32])", List.of("UInt32"));
                }
                yield "gt_ipv4_num_to_string(CAST(" + r.render(a.get(0)) + " AS UINTEGER))";
            }
            case "ipv4_string_to_num" ->
                a.size() == 1 ? "CAST(gt_ipv4_string_to_num(" + text(r, a.get(0)) + ") AS UINTEGER)" : null;
            case "ipv4_to_cidr" -> cidr(r, a, "gt_" + name);
            case "ipv6_to_cidr" -> {
                String mask = a.size() == 2 ? JsonPathSql.arrowType(a.get(1), "UInt8") : "UInt8";
                if (fromOneDotZero(r) && !mask.equals("UInt8") && !mask.equals("Null")) {
                    // cidr.rs: OneOf([String(1), Exact([Utf8, UInt8])]); unlike ipv4_to_cidr's Coercible mask, a
                    // literal Int64 mask matches neither
                    throw CoercionErrors.coercion(
                            name,
                            List.of(JsonPathSql.arrowType(a.get(0), "Utf8"), mask),
                            "OneOf([String(1), Exact([Utf8, UInt8])])",
                            List.of("String(1)", "Utf8, UInt8"));
                }
                yield cidr(r, a, "gt_" + name);
            }
            case "ipv4_in_range", "ipv6_in_range" ->
                a.size() == 2 ? "gt_" + name + "(" + text(r, a.get(0)) + ", " + text(r, a.get(1)) + ")" : null;
            case "ipv6_num_to_string" -> a.size() == 1 ? "gt_ipv6_num_to_string(" + text(r, a.get(0)) + ")" : null;
            case "ipv6_string_to_num" ->
                a.size() == 1 ? "unhex(gt_ipv6_string_to_num(" + text(r, a.get(0)) + "))" : null;
            default -> null;
        };
    }

    private static boolean fromOneDotZero(ExprRenderer r) {
        return FunctionLines.line(r.translator.profile) >= FunctionLines.LINES.indexOf("1.0");
    }

    private static String text(ExprRenderer r, SqlAst.Expr e) {
        return "CAST(" + r.render(e) + " AS VARCHAR)";
    }

    /** A NULL mask (or none) asks for the prefix the address implies: the Java function's -1. */
    private static String cidr(ExprRenderer r, List<SqlAst.Expr> a, String fn) {
        if (a.size() == 1) {
            return fn + "(" + text(r, a.get(0)) + ", -1)";
        }
        return a.size() == 2
                ? fn + "(" + text(r, a.get(0)) + ", coalesce(CAST(CAST(" + r.render(a.get(1))
                        + " AS UTINYINT) AS BIGINT), -1))"
                : null;
    }
}
