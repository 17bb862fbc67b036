package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The families added for GreptimeDB 1.0's remaining functions, wired in one place: their Java functions
 * ({@link #install}) and their SQL ({@link #render}, consulted by {@link FunctionMap}).
 */
final class MoreFunctions {
    private MoreFunctions() {}

    static void install(Connection c) throws SQLException {
        S2Functions.install(c);
        SphereDistance.install(c);
        PathAggregates.install(c);
        PlanOnlyFunctions.install(c);
        io.greptime.jdbc.tck.engine.duckdb.functions.DataFusionBuiltins.install(c);
        io.greptime.jdbc.tck.engine.duckdb.functions.JsonObjectKeys.install(c);
    }

    /** The DuckDB SQL of a call of one of these families, or null when the call is none of theirs. */
    static String render(ExprRenderer r, SqlAst.Call c) {
        String name = c.name();
        if (c.args().isEmpty() && !c.star()) {
            List<String> candidates = zeroArgumentCandidates(name);
            if (candidates != null) {
                throw noZeroArguments(name, candidates);
            }
        }
        if (name.startsWith("s2_")) {
            return S2Functions.render(r, c);
        }
        return switch (name) {
            case "st_distance_sphere_m" -> SphereDistance.render(r, c);
            case "geo_path", "json_encode_path" -> PathAggregates.render(r, c);
            case "count_hash" -> CountHash.render(r, c);
            case "rate", "prom_rate", "range_fn" -> PlanOnlyFunctions.render(r, c);
            default -> null;
        };
    }

    private static final List<String> INTEGERS =
            List.of("Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64");

    /**
     * The signatures DataFusion lists when it refuses a call of {@code name} without arguments (its
     * signature takes none), or null when the name is none of these families' scalars.
     */
    static List<String> zeroArgumentCandidates(String name) {
        return switch (name) {
            case "s2_latlng_to_cell" -> List.of("Float32, Float32", "Float64, Float64");
            case "s2_cell_level", "s2_cell_to_token" -> List.of("Int64", "UInt64");
            case "s2_cell_parent" -> {
                List<String> out = new ArrayList<>();
                for (String cell : List.of("Int64", "UInt64")) {
                    for (String level : INTEGERS) {
                        out.add(cell + ", " + level);
                    }
                }
                yield out;
            }
            case "rate", "prom_rate" -> {
                List<String> out = new ArrayList<>();
                for (String t : List.of(
                        "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Float32",
                        "Float64")) {
                    out.add(t + ", " + t);
                }
                yield out;
            }
            case "st_distance_sphere_m" -> List.of("String(2)");
            default -> null;
        };
    }

    /** DataFusion's planner refusal of a call without arguments to a function whose signature needs some. */
    static GreptimeError noZeroArguments(String name, List<String> candidates) {
        StringBuilder sb = new StringBuilder("Failed to plan SQL: Error during planning: '")
                .append(name)
                .append("' does not support zero arguments No function matches the given name and argument types '")
                .append(name)
                .append("()'. You might need to add explicit type casts.\n\tCandidate functions:");
        for (String c : candidates) {
            sb.append("\n\t").append(name).append('(').append(c).append(')');
        }
        return new GreptimeError(StatusCode.PLAN_QUERY, sb.toString());
    }
}
