package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.EngineProfile;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The SQL types DataFusion's planner does not take as a CAST target in GreptimeDB, though GreptimeDB's parser
 * reads them: status 1001, {@code Failed to plan SQL: This feature is not implemented: Unsupported SQL type T},
 * T as sqlparser displays the type. Seen on a GreptimeDB v1.0.0 (CAST(NULL AS T) for every spelling of the
 * type catalog, tck/server/src/test/resources/type-casts.tsv); applied from v1.0, whose SQL parser v1.2 and
 * v1.3 share. Some names a column may have are among them (BINARY, VARBINARY, BLOB, JSON, the TEXT aliases,
 * VECTOR(n)): GreptimeDB's own alias rule rewrites only INT64-style and TIMESTAMP names in casts.
 */
public final class CastTargets {
    private static final Set<String> REFUSED = Set.of(
            "bigdecimal",
            "bignumeric",
            "binary",
            "bit",
            "bit varying",
            "blob",
            "bytes",
            "char large object",
            "char varying",
            "character",
            "character large object",
            "character varying",
            "clob",
            "date32",
            "dec",
            "dec unsigned",
            "decimal unsigned",
            "double precision unsigned",
            "double unsigned",
            "float unsigned",
            "hugeint",
            "inet",
            "int1",
            "int128",
            "int256",
            "ipv4",
            "json",
            "json2",
            "jsonb",
            "longblob",
            "longtext",
            "mediumblob",
            "mediumint",
            "mediumint unsigned",
            "mediumtext",
            "nvarchar",
            "real unsigned",
            "regclass",
            "signed",
            "signed integer",
            "timestamp_ntz",
            "timetz",
            "tinyblob",
            "tinytext",
            "trigger",
            "ubigint",
            "uhugeint",
            "uint128",
            "uint256",
            "unsigned",
            "unsigned integer",
            "usmallint",
            "utinyint",
            "uuid",
            "varbinary",
            "varbit",
            "vector");

    /** sqlparser's Display where it is not the upper-cased spelling. */
    private static final Map<String, String> DISPLAY = Map.of(
            "date32", "Date32", "int128", "Int128", "int256", "Int256", "uint128", "UInt128", "uint256", "UInt256");

    private CastTargets() {}

    /** Refuses a CAST to a type DataFusion's planner lacks, on the lines from v1.0. */
    public static void check(SqlAst.TypeName type, EngineProfile profile) {
        if (type.arrayDepth() > 0 || !fromV1(profile)) {
            return;
        }
        String name = type.name().toLowerCase(Locale.ROOT);
        boolean refused = REFUSED.contains(name)
                || name.equals("timestamp")
                        && type.params().size() == 1
                        && !Set.of("0", "3", "6", "9").contains(type.params().get(0));
        if (!refused) {
            return;
        }
        String shown = DISPLAY.getOrDefault(name, name.toUpperCase(Locale.ROOT))
                + (type.params().isEmpty() ? "" : "(" + String.join(",", type.params()) + ")");
        throw new GreptimeError(
                StatusCode.UNSUPPORTED,
                "Failed to plan SQL: This feature is not implemented: Unsupported SQL type " + shown);
    }

    private static boolean fromV1(EngineProfile p) {
        String[] v = p.version().split("\\.");
        return Integer.parseInt(v[0]) >= 1;
    }
}
