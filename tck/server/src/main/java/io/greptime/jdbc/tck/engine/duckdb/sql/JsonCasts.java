package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;

/**
 * A cast of {@code json_get(...)} reads the value with the typed getter of the target type, as
 * GreptimeDB's JSON values cast: {@code ::int8} is {@code json_get_int}, {@code ::double}
 * {@code json_get_float}, {@code ::bool} {@code json_get_bool}, {@code ::string} {@code json_get_string}.
 */
final class JsonCasts {
    private JsonCasts() {}

    static String of(ExprRenderer r, SqlAst.Cast c, GreptimeType target) {
        if (target == null
                || !(RangeNames.unwrap(c.expr()) instanceof SqlAst.Call call)
                || !call.name().equals("json_get")
                || call.args().size() != 2) {
            return null;
        }
        String getter = switch (target.kind()) {
            case INT, UINT -> "gt_json_get_int";
            case FLOAT -> "gt_json_get_float";
            case BOOLEAN -> "gt_json_get_bool";
            case STRING -> "gt_json_get_string";
            default -> null;
        };
        if (getter == null) {
            return null;
        }
        String value = getter + "(" + r.list(call.args()) + ")";
        return target.kind() == GreptimeType.Kind.STRING ? value : "CAST(" + value + " AS " + target.duck() + ")";
    }
}
