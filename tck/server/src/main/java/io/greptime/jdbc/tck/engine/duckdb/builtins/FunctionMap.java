package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.functions.AdminProcedures;
import io.greptime.jdbc.tck.engine.duckdb.functions.CoercionErrors;
import io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import io.greptime.jdbc.tck.engine.duckdb.sql.Json2Paths;
import io.greptime.jdbc.tck.engine.duckdb.sql.OverClauses;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryScope;
import io.greptime.jdbc.tck.engine.duckdb.sql.TimestampPrecisions;
import java.util.List;

/**
 * GreptimeDB's functions (DataFusion's and its own) as DuckDB SQL. Functions DuckDB has under the same
 * name and meaning pass through; the others are translated here, or provided as macros (see
 * {@link SqlMacros}).
 */
public final class FunctionMap {
    private FunctionMap() {}

    public static String render(ExprRenderer r, SqlAst.Call c) {
        FunctionLines.check(r.translator.profile, c.name());
        NumericRefusals.check(r, c);
        String special = special(r, c);
        if (special != null) {
            return special;
        }
        return generic(r, c, c.name());
    }

    /**
     * From v1.0 GreptimeDB's JSON functions take JSONB (binary) only, so a literal of another type fails as a real
     * v1.0.0 fails it: the json_get_* family when it runs ({@code json_get.rs}: "JSON_GET not supported argument
     * type Utf8"), json_is_* and json_to_string while planning (their Uniform binary signatures), parse_json (a
     * String signature) when the literal is not text.
     */
    private static void refuseJsonArgument(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        if (a.isEmpty() || FunctionLines.line(r.translator.profile) < FunctionLines.LINES.indexOf("1.0")) {
            return;
        }
        String type = JsonPathSql.arrowType(a.get(0), "Binary");
        String fn = c.name();
        if (fn.equals("parse_json")) {
            if (a.size() == 1 && !type.equals("Utf8") && !type.equals("Null") && !type.equals("Binary")) {
                throw new GreptimeError(
                        StatusCode.PLAN_QUERY,
                        "Failed to plan SQL: Error during planning: Function 'parse_json' expects NativeType::String"
                                + " but NativeType::received NativeType::" + type
                                + " No function matches the given name and argument types 'parse_json(" + type
                                + ")'. You might need to add explicit type casts.\n\tCandidate functions:\n"
                                + "\tparse_json(String(1))");
            }
            return;
        }
        if (type.equals("Binary")) {
            return;
        }
        if (fn.startsWith("json_get_")) {
            if (a.size() == 2) {
                throw new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        "Execution error: JSON_GET not supported argument type " + type);
            }
            return;
        }
        if (a.size() == 1) {
            String kinds = fn.equals("json_to_string") ? "Binary, LargeBinary, BinaryView" : "Binary, BinaryView";
            throw CoercionErrors.coercion(
                    fn, List.of(type), "Uniform(1, [" + kinds + "])", List.of(kinds.replace(", ", "/")));
        }
    }

    /** {@code name(args)} with the call's DISTINCT, ORDER BY, FILTER and OVER, under DuckDB name {@code name}. */
    static String generic(ExprRenderer r, SqlAst.Call c, String name) {
        StringBuilder sb = new StringBuilder(name).append('(');
        if (c.star()) {
            sb.append('*');
        } else {
            if (c.distinct()) {
                sb.append("DISTINCT ");
            }
            sb.append(r.list(c.args()));
        }
        if (!c.orderBy().isEmpty()) {
            sb.append(" ORDER BY ").append(OverClauses.orderList(r, c.orderBy()));
        }
        sb.append(')');
        if (c.nullTreatment() != null) {
            sb.append(' ').append(c.nullTreatment());
        }
        if (c.filter() != null) {
            sb.append(" FILTER (WHERE ").append(r.render(c.filter())).append(')');
        }
        if (c.over() != null) {
            sb.append(" OVER ").append(OverClauses.window(r, c.over()));
        }
        return sb.toString();
    }

    /**
     * flush_table/compact_table called in a query: v1.0 registers the admin functions as scalar functions too
     * (a real v1.0.0 answers {@code SELECT flush_table('t')} with UInt64 0 and a missing table with 3001
     * "Function execution error: Table not found"). Flushing and compacting are no-ops here; the table must
     * exist. Older lines (and other arguments) leave the call to the usual unknown-function path.
     */
    private static String adminScalar(ExprRenderer r, SqlAst.Call c) {
        if (FunctionLines.line(r.translator.profile) < FunctionLines.LINES.indexOf("1.0")
                || c.args().isEmpty()
                || !(c.args().get(0) instanceof SqlAst.Literal l)
                || l.kind() != SqlAst.LiteralKind.STRING) {
            return null;
        }
        String[] parts = AdminProcedures.tableName(r.translator.profile, c.name(), l.text(), r.translator.schema);
        String schema = parts[0];
        String name = parts[1];
        if (!r.translator.tableExists(schema, name)) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "Execution error: Function execution error: Table not found: greptime." + schema + "." + name);
        }
        return "CAST(0 AS UBIGINT)";
    }

    private static String special(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        if (UddSketchFunctions.handles(c.name())) {
            return UddSketchFunctions.render(r, c);
        }
        if (AnomalyScores.handles(c.name())) {
            return AnomalyScores.render(r, c);
        }
        if (VectorAggregates.handles(c.name())) {
            return VectorAggregates.render(r, c);
        }
        if (VectorSql.handles(c.name())) {
            return VectorSql.render(r, c);
        }
        String ip = IpSql.render(r, c);
        if (ip != null) {
            return ip;
        }
        String hll = HllFunctions.render(r, c);
        if (hll != null) {
            return hll;
        }
        String json2 = Json2Paths.function(r, c);
        if (json2 != null) {
            return json2;
        }
        String more = MoreFunctions.render(r, c);
        if (more != null) {
            return more;
        }
        String conditional = ConditionalSql.render(r, c);
        if (conditional != null) {
            return conditional;
        }
        String strings = TextSql.render(r, c);
        if (strings != null) {
            return strings;
        }
        String math = MathSql.render(r, c);
        if (math != null) {
            return math;
        }
        switch (c.name()) {
            case "flush_table", "compact_table":
                return adminScalar(r, c);
            case "database", "current_schema", "schema":
                return a.isEmpty() ? quoted(r.translator.schema) : null;
            case "version":
                return a.isEmpty() ? quoted(r.translator.profile.version()) : null;
            case "build":
                // system/build.rs: common_version's BuildInfo display, one "key: value" a line
                return a.isEmpty()
                        ? quoted("branch: \ncommit: \ncommit_short: \nclean: true\nversion: "
                                + r.translator.profile.version())
                        : null;
            case "read_preference":
                // system/database.rs: the session's ReadPreference, LEADER unless set
                return a.isEmpty() ? quoted("LEADER") : null;
            case "connection_id", "pg_backend_pid":
                // system/database.rs: the session's process id, which a gRPC session leaves at 0; UInt64
                // (v0.15-v0.17 declare UInt64 for both), connection_id UInt32 from v1.0
                if (!a.isEmpty()) {
                    throw nullary(c);
                }
                return a.isEmpty()
                        ? "CAST(0 AS "
                                + (c.name().equals("connection_id")
                                                && FunctionLines.line(r.translator.profile)
                                                        >= FunctionLines.LINES.indexOf("1.0")
                                        ? "UINTEGER"
                                        : "UBIGINT")
                                + ")"
                        : null;
            case "timezone":
                return a.isEmpty() ? quoted(TimeFunctions.zoneName(r.translator.zone)) : null;
            case "date_add":
                return TimeFunctions.dateArithmetic(r, c, true);
            case "date_sub":
                return TimeFunctions.dateArithmetic(r, c, false);
            case "date_format":
                return TimeFunctions.dateFormat(r, c);
            case "to_unixtime":
                return TimeFunctions.toUnixtime(r, c);
            case "date_trunc", "datetrunc":
                return TimestampPrecisions.dateTrunc(r, c);
            case "date_part", "datepart":
                return a.size() == 2
                                && a.get(0) instanceof SqlAst.Literal l
                                && l.kind() == SqlAst.LiteralKind.STRING
                                && c.over() == null
                        ? TimestampPrecisions.datePart(r, l.text(), a.get(1))
                        : null;
            case "date_bin": {
                String binned = TimestampPrecisions.dateBin(r, c);
                return binned != null ? binned : generic(r, c, "greptime.main.gt_date_bin");
            }
            case "regexp_like":
                return generic(r, c, "greptime.main.gt_" + c.name());
            case "json_get_int", "json_get_float", "json_get_bool", "json_get_string", "json_to_string", "parse_json":
                refuseJsonArgument(r, c);
                return generic(r, c, "gt_" + c.name());
            case "json_get", "json_get_object", "format", "matches", "matches_term":
                return generic(r, c, "gt_" + c.name());
            case "json_path_exists", "json_path_match":
                return JsonPathSql.render(r, c);
            case "json_is_null",
                    "json_is_bool",
                    "json_is_int",
                    "json_is_float",
                    "json_is_string",
                    "json_is_array",
                    "json_is_object":
                refuseJsonArgument(r, c);
                return a.size() == 1
                        ? "gt_json_is(" + r.render(a.get(0)) + ", '" + c.name().substring(8) + "')"
                        : null;
            case "wkt_point_from_latlng":
                return a.size() == 2
                        ? "gt_wkt_point_from_latlng(CAST(" + r.render(a.get(0)) + " AS DOUBLE), CAST("
                                + r.render(a.get(1)) + " AS DOUBLE))"
                        : null;
            case "geohash":
                return a.size() == 3 ? geo(r, a, "gt_geohash(") : null;
            case "geohash_neighbours":
                // a list of the eight neighbour hashes
                return a.size() == 3 ? "string_split(" + geo(r, a, "gt_geohash_neighbours(") + ", ',')" : null;
            case "h3_latlng_to_cell",
                    "h3_latlng_to_cell_string",
                    "h3_cell_to_string",
                    "h3_string_to_cell",
                    "h3_cell_center_latlng",
                    "h3_cell_resolution",
                    "h3_cell_base",
                    "h3_cell_is_pentagon",
                    "h3_cell_parent",
                    "h3_cell_to_children",
                    "h3_cell_to_children_size",
                    "h3_cell_to_child_pos",
                    "h3_child_pos_to_cell",
                    "h3_cell_center_child",
                    "h3_cells_contains",
                    "h3_distance_sphere_km",
                    "h3_distance_degree",
                    "h3_grid_disk",
                    "h3_grid_disk_distances",
                    "h3_grid_distance",
                    "h3_grid_path_cells":
                return H3Sql.render(r, c);
            case "btrim":
                return generic(r, c, "trim");
            case "upper", "lower": {
                // DataFusion maps case with Rust's full Unicode mapping (ß to SS, ﬁ to FI, İ to i̇), which Java's
                // shares and DuckDB's one-to-one mapping lacks; arguments that are no text keep DuckDB's refusal
                if (a.size() != 1 || c.over() != null || c.distinct()) {
                    return null;
                }
                GreptimeType t = ExprTypes.of(r.scope, a.get(0));
                String literal = JsonPathSql.arrowType(a.get(0), "Utf8");
                boolean text = (t == null || t.kind() == GreptimeType.Kind.STRING)
                        && (literal.equals("Utf8") || literal.equals("Null"));
                boolean number = List.of("Int64", "Float64", "Boolean").contains(literal)
                        || t != null
                                && List.of(
                                                GreptimeType.Kind.INT,
                                                GreptimeType.Kind.UINT,
                                                GreptimeType.Kind.FLOAT,
                                                GreptimeType.Kind.BOOLEAN)
                                        .contains(t.kind());
                if (number && FunctionLines.line(r.translator.profile) >= FunctionLines.LINES.indexOf("1.0")) {
                    // DataFusion 50's string-class signature refuses a number or boolean while planning
                    String got = !literal.equals("Utf8") ? literal : t.name();
                    String sig = "TypeSignatureClass::Native(LogicalType(Native(String), String))";
                    throw new GreptimeError(
                            StatusCode.PLAN_QUERY,
                            "Failed to plan SQL: Error during planning: Function '" + c.name() + "' requires " + sig
                                    + ", but received " + got + " (DataType: " + got + ")."
                                    + " No function matches the given name and argument types '" + c.name() + "("
                                    + got + ")'. You might need to add explicit type casts.\n\tCandidate functions:"
                                    + "\n\t" + c.name() + "(Coercion(" + sig + "))");
                }
                return text ? "gt_" + c.name() + "(CAST(" + r.render(a.get(0)) + " AS VARCHAR))" : null;
            }
            case "octet_length":
                return a.size() == 1 ? "octet_length(encode(CAST(" + r.render(a.get(0)) + " AS VARCHAR)))" : null;
            case "mod":
                // GreptimeDB's own mod (modulo.rs), not DuckDB's
                return a.size() == 2 && c.over() == null ? Clamps.render(r, c) : null;
            case "isnull":
                return a.size() == 1 ? "(" + r.render(a.get(0)) + " IS NULL)" : null;
            case "locate",
                    "elt",
                    "field",
                    "insert",
                    "space",
                    "mid",
                    "clamp",
                    "clamp_min",
                    "clamp_max",
                    "substr",
                    "lpad",
                    "rpad",
                    "split_part":
                return StringFunctions.render(r, c);
            case "first_value", "last_value":
                return c.over() == null ? firstLast(r, c) : null;
            case "sum", "avg":
                return NumericAggregates.render(r, c);
            case "median": {
                String exact = NumericAggregates.render(r, c);
                if (exact != null) {
                    return exact;
                }
                // DataFusion's median keeps an integer input's type: the two middle values of an even
                // count are averaged in it, (low + high) / 2 truncated (datafusion-functions-aggregate median.rs)
                GreptimeType t = a.size() == 1 ? ExprTypes.of(r.scope, a.get(0)) : null;
                boolean integer =
                        t != null && (t.kind() == GreptimeType.Kind.INT || t.kind() == GreptimeType.Kind.UINT);
                return integer ? "CAST(trunc(" + generic(r, c, "median") + ") AS " + t.duck() + ")" : null;
            }
            case "covar":
                return generic(r, c, "covar_samp");
            case "approx_percentile_cont":
                return Percentiles.approx(r, c);
            case "approx_percentile_cont_with_weight":
                return Percentiles.weighted(r, c);
            case "approx_median":
                // DataFusion's approx_median is approx_percentile_cont at 0.5
                return a.size() == 1 && c.over() == null && !c.distinct()
                        ? Percentiles.approx(
                                r,
                                new SqlAst.Call(
                                        "approx_percentile_cont",
                                        List.of(a.get(0), new SqlAst.Literal(SqlAst.LiteralKind.NUMBER, "0.5")),
                                        false,
                                        false,
                                        List.of(),
                                        c.filter(),
                                        null,
                                        List.of(),
                                        null))
                        : null;
            default:
                return DataFusionSql.render(r, c);
        }
    }

    /**
     * DataFusion's first_value/last_value aggregates (DuckDB's are window-only): rows tied on the ORDER BY
     * (or all rows, without one) keep their scan order, which for a GreptimeDB table is time order, so
     * the time index breaks ties.
     */
    private static String firstLast(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Order> order = new java.util.ArrayList<>(c.orderBy());
        QueryScope.Relation only = r.scope != null && r.scope.relations.size() == 1 ? r.scope.relations.get(0) : null;
        if (only != null && only.timeIndex() != null) {
            SqlAst.Column ts = new SqlAst.Column(
                    List.of(r.translator.bindingName(only), only.timeIndex().name()), true);
            order.add(new SqlAst.Order(ts, Boolean.TRUE, null));
        }
        SqlAst.Call ordered = new SqlAst.Call(
                c.name(),
                c.args(),
                c.distinct(),
                c.star(),
                order,
                c.filter(),
                null,
                c.withinGroup(),
                c.nullTreatment());
        return generic(r, ordered, c.name().equals("first_value") ? "first" : "last");
    }

    private static String geo(ExprRenderer r, List<SqlAst.Expr> a, String fn) {
        // the resolution goes as a whole number through the function's DOUBLE arguments
        return fn + "CAST(" + r.render(a.get(0)) + " AS DOUBLE), CAST(" + r.render(a.get(1)) + " AS DOUBLE), CAST(CAST("
                + r.render(a.get(2)) + " AS BIGINT) AS DOUBLE))";
    }

    /** DataFusion's planner error for arguments given to a nullary function (argument types from literals). */
    private static io.greptime.jdbc.tck.engine.GreptimeError nullary(SqlAst.Call c) {
        List<String> types = new java.util.ArrayList<>();
        for (SqlAst.Expr e : c.args()) {
            types.add(JsonPathSql.arrowType(e, "Utf8"));
        }
        return new io.greptime.jdbc.tck.engine.GreptimeError(
                io.greptime.jdbc.proto.StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: The function '" + c.name()
                        + "' expected zero argument but received " + c.args().size()
                        + " No function matches the given name and argument types '" + c.name() + "("
                        + String.join(", ", types) + ")'. You might need to add explicit type casts.\n"
                        + "\tCandidate functions:\n\t" + c.name() + "(NullAry())");
    }

    static String quoted(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
