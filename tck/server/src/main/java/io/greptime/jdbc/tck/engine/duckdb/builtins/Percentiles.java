package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.functions.TDigest;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryScope;
import io.greptime.jdbc.tck.engine.duckdb.sql.SchemaNames;
import java.util.ArrayList;
import java.util.List;

/**
 * DataFusion's t-digest aggregates on DuckDB: {@code approx_percentile_cont(p[, max_size]) WITHIN GROUP (ORDER
 * BY x)} (or the older {@code (x, p[, max_size])} form), {@code approx_percentile_cont_with_weight(w, p) WITHIN
 * GROUP (ORDER BY x)} (or {@code (x, w, p)}) and {@code approx_median(x)}. DuckDB collects the group's rows as a
 * list and {@link TDigest} estimates as DataFusion does (approx_percentile_cont.rs,
 * approx_percentile_cont_with_weight.rs): NULL rows are skipped, no rows answer NULL, a descending order reads
 * {@code 1 - p}, and the estimate is cast back to the input's type (integers truncated toward zero).
 */
final class Percentiles {
    private Percentiles() {}

    static String approx(ExprRenderer r, SqlAst.Call c) {
        return render(r, c, false);
    }

    static String weighted(ExprRenderer r, SqlAst.Call c) {
        return render(r, c, true);
    }

    private static String render(ExprRenderer r, SqlAst.Call c, boolean weighted) {
        if (c.over() != null || c.distinct()) {
            return null;
        }
        List<Expr> a = c.args();
        Expr value;
        List<Expr> rest;
        boolean descending = false;
        if (!c.withinGroup().isEmpty()) {
            if (c.withinGroup().size() != 1) {
                return null;
            }
            value = c.withinGroup().get(0).expr();
            descending = !c.withinGroup().get(0).ascending();
            rest = a;
        } else {
            if (a.isEmpty()) {
                return null;
            }
            value = a.get(0);
            rest = a.subList(1, a.size());
        }
        Expr weight = null;
        if (weighted) {
            if (rest.isEmpty()) {
                return null;
            }
            weight = rest.get(0);
            rest = rest.subList(1, rest.size());
        }
        if (rest.size() != 1 && rest.size() != 2) {
            return null;
        }
        checkRange(rest.get(0));
        String p = "CAST(" + r.render(rest.get(0)) + " AS DOUBLE)";
        String q = descending ? "1.0 - " + p : p;
        String maxSize =
                rest.size() == 2 ? "CAST(" + r.render(rest.get(1)) + " AS BIGINT)" : "" + TDigest.DEFAULT_MAX_SIZE;
        String x = "CAST(" + r.render(value) + " AS DOUBLE)";
        String rows = weighted ? "[" + x + ", CAST(" + r.render(weight) + " AS DOUBLE)]" : x;
        String filter = c.filter() == null ? "" : " FILTER (WHERE " + r.render(c.filter()) + ")";
        // the real scan hands the aggregate one batch per series, in primary key order: the rows go in that
        // order with their series' hash beside them, so the digest is built batch after batch as there
        String order = seriesOrder(r);
        String sql = "gt_tdigest(" + (weighted ? "'w'" : "'v'") + ", CAST(" + q + " AS VARCHAR), CAST(" + maxSize
                + " AS VARCHAR), CAST(list(" + rows + order + ")" + filter + " AS VARCHAR)"
                + (order.isEmpty() ? "" : ", CAST(list(" + seriesKey(r) + order + ")" + filter + " AS VARCHAR)")
                + ")";
        GreptimeType type = ExprTypes.of(r.scope, value);
        if (!weighted && rest.size() == 1 && type != null && type.kind() == GreptimeType.Kind.STRING) {
            throw notNumeric();
        }
        if (weighted) {
            // the signature takes value and weight of one type: a float weight makes the value (and the
            // answer) Float64, an integer weight leaves an integer value as it is
            GreptimeType wt = ExprTypes.of(r.scope, weight);
            if (wt == null || wt.kind() != GreptimeType.Kind.INT && wt.kind() != GreptimeType.Kind.UINT) {
                return sql;
            }
        }
        if (type != null && (type.kind() == GreptimeType.Kind.INT || type.kind() == GreptimeType.Kind.UINT)) {
            // Rust's float-to-integer `as`: truncated and saturated at the type's bounds (a real v1.0.0 answers a
            // BIGINT maximum's percentile, 9.223372036854776e18 as a double, with the maximum)
            String n = type.name();
            int bits = n.endsWith("64") ? 64 : n.endsWith("32") ? 32 : n.endsWith("16") ? 16 : 8;
            boolean signed = type.kind() == GreptimeType.Kind.INT;
            java.math.BigInteger top = java.math.BigInteger.ONE.shiftLeft(signed ? bits - 1 : bits);
            String min = signed ? top.negate().toString() : "0";
            String v = "(" + sql + ")";
            String t = type.duck();
            return "(CASE WHEN " + v + " >= CAST('" + top + "' AS DOUBLE) THEN CAST('"
                    + top.subtract(java.math.BigInteger.ONE) + "' AS " + t + ") WHEN " + v + " <= CAST('" + min
                    + "' AS DOUBLE) THEN CAST('" + min + "' AS " + t + ") ELSE CAST(trunc(" + v + ") AS " + t
                    + ") END)";
        }
        if (type != null && type.duck().equals("FLOAT")) {
            return "CAST(" + sql + " AS FLOAT)";
        }
        return sql;
    }

    /** The one table read, when it has tags, else null. */
    private static QueryScope.Relation table(ExprRenderer r) {
        if (r.scope.relations.size() != 1) {
            return null;
        }
        QueryScope.Relation rel = r.scope.relations.get(0);
        TableMeta meta = rel.meta();
        String binding = rel.binding() != null ? rel.binding() : rel.qualifier();
        return meta == null || binding == null || meta.primaryKeys().isEmpty() ? null : rel;
    }

    private static String column(QueryScope.Relation rel, String name) {
        String binding = rel.binding() != null ? rel.binding() : rel.qualifier();
        return Catalog.quote(binding) + "." + Catalog.quote(name);
    }

    /** {@code ORDER BY} the primary key, then the time index; empty when the rows are no single table's. */
    private static String seriesOrder(ExprRenderer r) {
        QueryScope.Relation rel = table(r);
        if (rel == null) {
            return "";
        }
        List<String> keys = new ArrayList<>();
        for (String k : rel.meta().primaryKeys()) {
            keys.add(column(rel, k) + " ASC NULLS FIRST");
        }
        if (rel.meta().timeIndex() != null && !rel.meta().timeIndex().isEmpty()) {
            keys.add(column(rel, rel.meta().timeIndex()));
        }
        return " ORDER BY " + String.join(", ", keys);
    }

    private static String seriesKey(ExprRenderer r) {
        QueryScope.Relation rel = table(r);
        List<String> keys = new ArrayList<>();
        for (String k : rel.meta().primaryKeys()) {
            keys.add(column(rel, k));
        }
        return "hash(" + String.join(", ", keys) + ")";
    }

    private static final String[] NUMERICS = {
        "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Float16", "Float32", "Float64"
    };

    /**
     * DataFusion's coercion failure for a text value: the signature is one exact variant per numeric value type,
     * without and with each integer type of max_size (approx_percentile_cont.rs {@code new}).
     */
    private static GreptimeError notNumeric() {
        List<String> variants = new ArrayList<>();
        for (String num : NUMERICS) {
            variants.add(num + ", Float64");
            for (int i = 0; i < 8; i++) {
                variants.add(num + ", Float64, " + NUMERICS[i]);
            }
        }
        StringBuilder sb = new StringBuilder("Failed to plan SQL: Error during planning: Failed to coerce arguments"
                + " to satisfy a call to 'approx_percentile_cont' function: coercion from Utf8, Float64 to the"
                + " signature OneOf([");
        for (int i = 0; i < variants.size(); i++) {
            sb.append(i == 0 ? "" : ", ")
                    .append("Exact([")
                    .append(variants.get(i))
                    .append("])");
        }
        sb.append("]) failed No function matches the given name and argument types 'approx_percentile_cont(Utf8,"
                + " Float64)'. You might need to add explicit type casts.\n\tCandidate functions:");
        for (String v : variants) {
            sb.append("\n\tapprox_percentile_cont(").append(v).append(')');
        }
        return new GreptimeError(StatusCode.PLAN_QUERY, sb.toString());
    }

    /** DataFusion checks a literal percentile when it builds the accumulator (functions-aggregate utils.rs). */
    private static void checkRange(Expr p) {
        Double v = null;
        if (p instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NUMBER) {
            v = Double.parseDouble(l.text());
        } else if (p instanceof SqlAst.Unary u
                && u.operand() instanceof SqlAst.Literal l
                && l.kind() == SqlAst.LiteralKind.NUMBER
                && u.op().equals("-")) {
            v = -Double.parseDouble(l.text());
        }
        if (v != null && !(v >= 0.0 && v <= 1.0)) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "Error during planning: Percentile value must be between 0.0 and 1.0 inclusive, "
                            + SchemaNames.floatText(v) + " is invalid");
        }
    }

    /**
     * The estimate for {@code kind} 'v' (a list of values) or 'w' (a list of [value, weight] pairs), the
     * quantile and the digest's size as text; NULL when no row has a value (and a weight).
     */
    static Double estimate(String[] args) {
        double q = Double.parseDouble(args[1]);
        int maxSize = Integer.parseInt(args[2]);
        String body = args[3].trim();
        body = body.substring(1, body.length() - 1).trim();
        List<String> items = items(args[3], args[0].equals("w"));
        List<String> keys = args.length > 4 ? items(args[4], false) : null;
        List<double[]> values = new ArrayList<>();
        List<double[]> weights = new ArrayList<>();
        List<Double> vs = new ArrayList<>();
        List<Double> ws = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (keys != null && i > 0 && !keys.get(i).equals(keys.get(i - 1))) {
                values.add(array(vs));
                weights.add(array(ws));
                vs.clear();
                ws.clear();
            }
            String item = items.get(i);
            if (args[0].equals("w")) {
                // [value, weight], or NULL for a NULL pair
                String[] pair = item.equals("NULL")
                        ? new String[] {"NULL", "NULL"}
                        : item.substring(1, item.length() - 1).split(",");
                String v = pair[0].trim();
                String w = pair[1].trim();
                if (!v.equals("NULL") && !w.equals("NULL")) {
                    vs.add(SchemaNames.floatValue(v));
                    ws.add(SchemaNames.floatValue(w));
                }
            } else if (!item.equals("NULL")) {
                vs.add(SchemaNames.floatValue(item));
            }
        }
        values.add(array(vs));
        weights.add(array(ws));
        TDigest d =
                args[0].equals("w") ? TDigest.ofWeighted(maxSize, values, weights) : TDigest.ofValues(maxSize, values);
        return d.count() == 0.0 ? null : d.quantile(q);
    }

    private static double[] array(List<Double> l) {
        return l.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The items of DuckDB's list text: numbers, NULL, or (pairs) bracketed {@code [a, b]}. */
    private static List<String> items(String text, boolean pairs) {
        String body = text.trim();
        body = body.substring(1, body.length() - 1).trim();
        List<String> out = new ArrayList<>();
        if (body.isEmpty()) {
            return out;
        }
        if (!pairs) {
            for (String item : body.split(",")) {
                out.add(item.trim());
            }
            return out;
        }
        int i = 0;
        while (i < body.length()) {
            char ch = body.charAt(i);
            if (ch == '[') {
                int close = body.indexOf(']', i);
                out.add(body.substring(i, close + 1));
                i = close + 1;
            } else if (body.startsWith("NULL", i)) {
                out.add("NULL");
                i += 4;
            } else {
                i++;
            }
        }
        return out;
    }
}
