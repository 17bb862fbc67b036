package io.greptime.jdbc.tck.engine.duckdb.functions;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.List;

/**
 * DataFusion's planning error for a call whose argument types no signature of the function accepts, as GreptimeDB
 * v1.0.0 shows it (e.g. {@code json_is_int('1')}, {@code hll_count(NULL)}, {@code ipv4_num_to_string(1)}): the
 * argument types, the signature, and one candidate line per accepted form.
 */
public final class CoercionErrors {
    private CoercionErrors() {}

    /**
     * @param fn the function's name
     * @param args the Arrow types of the arguments as DataFusion names them ({@code Utf8}, {@code Int64}, {@code Null})
     * @param signature the signature as DataFusion prints it ({@code Exact([Binary])})
     * @param candidates the accepted forms, each as a candidate line shows it without the name ({@code Binary})
     */
    public static GreptimeError coercion(String fn, List<String> args, String signature, List<String> candidates) {
        String types = String.join(", ", args);
        StringBuilder msg = new StringBuilder("Failed to plan SQL: Error during planning: Failed to coerce arguments")
                .append(" to satisfy a call to '")
                .append(fn)
                .append("' function: coercion from ")
                .append(types)
                .append(" to the signature ")
                .append(signature)
                .append(" failed No function matches the given name and argument types '")
                .append(fn)
                .append('(')
                .append(types)
                .append(")'. You might need to add explicit type casts.\n\tCandidate functions:");
        for (String c : candidates) {
            msg.append("\n\t").append(fn).append('(').append(c).append(')');
        }
        return new GreptimeError(StatusCode.PLAN_QUERY, msg.toString());
    }
}
