package io.greptime.jdbc.tck.engine.duckdb.functions;

import com.google.gson.JsonElement;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.duckdb.DuckDBFunctions;
import org.duckdb.DuckDBScalarFunctionBuilder;

/**
 * GreptimeDB's {@code json_object_keys(json)} (1.3 line, src/common/function/src/scalars/json/json_object_keys.rs):
 * the keys of the outermost JSON object as a list of strings, in the JSONB object's order (sorted); NULL for
 * a NULL value or one that is not an object.
 */
public final class JsonObjectKeys {
    /** Separates the keys the Java function returns; each key is written after one. */
    private static final char SEPARATOR = '\u0001';

    private JsonObjectKeys() {}

    /** The DuckDB SQL of a call with the rendered argument {@code json}. */
    public static String sql(String json) {
        return "(string_split(gt_json_object_keys(" + json + "), chr(1)))[2:]";
    }

    /** The keys, each after one separator character; null when the value is not an object. */
    public static String keys(String json) {
        JsonElement root = JsonFunctions.parse(json);
        if (root == null || !root.isJsonObject()) {
            return null;
        }
        List<String> keys = new ArrayList<>(root.getAsJsonObject().keySet());
        keys.sort(null);
        StringBuilder sb = new StringBuilder();
        for (String k : keys) {
            sb.append(SEPARATOR).append(k);
        }
        return sb.toString();
    }

    public static void install(Connection c) throws SQLException {
        try (DuckDBScalarFunctionBuilder b = DuckDBFunctions.scalarFunction()) {
            b.withName("gt_json_object_keys")
                    .withParameter(String.class)
                    .withReturnType(String.class)
                    .withFunction((String x) -> x == null ? null : keys(x))
                    .register(c);
        }
    }
}
