package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.functions.CoercionErrors;
import io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;

/**
 * GreptimeDB's HyperLogLog functions (aggrs/approximate/hll.rs, scalars/hll_count.rs): {@code hll(text)}
 * aggregates strings into a Binary state, {@code hll_merge(state)} unions states, {@code hll_count(state)}
 * answers the UInt64 estimate, NULL for bytes that are no state. GreptimeDB keeps a HyperLogLog++ sketch
 * (precision 14) whose sparse form counts small sets exactly; this state keeps the 64-bit hashes of the
 * distinct values, so counts are exact: equal to GreptimeDB's for small sets (thousands of values), without
 * HyperLogLog's error for large ones. The state's bytes are this engine's own, not GreptimeDB's bincode.
 */
final class HllFunctions {
    private static final String MAGIC = "gthll:";

    private HllFunctions() {}

    static String render(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        boolean modern = FunctionLines.line(r.translator.profile) >= FunctionLines.LINES.indexOf("1.0");
        if (modern
                && c.over() == null
                && List.of("hll", "hll_merge", "hll_count").contains(c.name())) {
            refuseSignature(r, c);
        }
        if (a.size() != 1 || c.over() != null) {
            return null;
        }
        String x = r.render(a.get(0));
        return switch (c.name()) {
            case "hll" -> {
                if (!modern) {
                    // v1.0.0 coerces a number to Utf8 for hll's Exact([Utf8]); kept refused before 1.0
                    refuseNonString(r, a.get(0));
                }
                yield "unhex(gt_hll_state(coalesce(CAST(list_sort(list(DISTINCT hash(CAST(" + x
                        + " AS VARCHAR))) FILTER (WHERE " + x + " IS NOT NULL)) AS VARCHAR), '[]')))";
            }
            case "hll_merge" -> "unhex(gt_hll_merge(coalesce(string_agg(hex(" + x + "), ','), '')))";
            case "hll_count" -> "CAST(gt_hll_count(hex(" + x + ")) AS UBIGINT)";
            default -> null;
        };
    }

    /**
     * hll.rs and hll_count.rs declare Exact([Utf8]), Exact([Binary]) and Exact([Binary]); from v1.0 DataFusion
     * refuses, while planning, a call with another arity, and hll_count of a literal (text or NULL) that is no
     * binary state, as a real v1.0.0 does.
     */
    private static void refuseSignature(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        String accepted = c.name().equals("hll") ? "Utf8" : "Binary";
        boolean literal = a.size() == 1 && a.get(0) instanceof SqlAst.Literal;
        if (a.size() == 1 && !(literal && c.name().equals("hll_count"))) {
            return;
        }
        List<String> types =
                a.stream().map(e -> JsonPathSql.arrowType(r, e, "Binary")).toList();
        throw CoercionErrors.coercion(c.name(), types, "Exact([" + accepted + "])", List.of(accepted));
    }

    /** hll.rs accepts Utf8 only: DataFusion's not_impl_err for any other input (status Unsupported). */
    private static void refuseNonString(ExprRenderer r, SqlAst.Expr e) {
        GreptimeType t = ExprTypes.of(r.scope, e);
        if (t == null) {
            return;
        }
        GreptimeType.Kind k = t.kind();
        if (k == GreptimeType.Kind.INT || k == GreptimeType.Kind.UINT || k == GreptimeType.Kind.FLOAT) {
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "This feature is not implemented: hll does not support data type: " + t.name());
        }
    }

    /** The state of DuckDB's list text of sorted hashes ({@code [1, 2]}), as hex. */
    static String state(String hashes) {
        String body = hashes.substring(1, hashes.length() - 1).replace(" ", "");
        return HexFormat.of().formatHex((MAGIC + body).getBytes(StandardCharsets.UTF_8));
    }

    /** The union of comma-separated hex states; bytes that are no state add nothing. */
    static String merge(String hexStates) {
        TreeSet<String> all = new TreeSet<>();
        for (String h : hexStates.split(",")) {
            List<String> hashes = h.isEmpty() ? null : hashes(h);
            if (hashes != null) {
                all.addAll(hashes);
            }
        }
        return HexFormat.of().formatHex((MAGIC + String.join(",", all)).getBytes(StandardCharsets.UTF_8));
    }

    /** The distinct count of a hex state, null when the bytes are no state. */
    static Long count(String hexState) {
        List<String> hashes = hashes(hexState);
        return hashes == null ? null : (long) hashes.size();
    }

    private static List<String> hashes(String hex) {
        String text;
        try {
            text = new String(HexFormat.of().parseHex(hex), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (!text.startsWith(MAGIC)) {
            return null;
        }
        String body = text.substring(MAGIC.length());
        return body.isEmpty() ? List.of() : List.of(body.split(","));
    }
}
