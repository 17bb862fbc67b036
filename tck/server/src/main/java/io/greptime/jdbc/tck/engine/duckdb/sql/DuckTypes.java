package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TypeParser;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;

/**
 * The DuckDB type for a SQL type written in a GreptimeDB query: GreptimeDB's names and aliases
 * ({@code TIMESTAMP} is milliseconds, {@code TIMESTAMP_NS}, {@code INT64}, {@code UINT8}, {@code STRING})
 * through {@link TypeParser}, types GreptimeDB does not have left as written.
 */
public final class DuckTypes {
    private DuckTypes() {}

    public static String of(SqlAst.TypeName type) {
        GreptimeType gt = greptime(type);
        String base;
        if (gt != null) {
            base = gt.kind() == GreptimeType.Kind.JSON ? "JSON" : gt.duck();
        } else {
            base = type.name().toUpperCase(java.util.Locale.ROOT)
                    + (type.params().isEmpty() ? "" : "(" + String.join(", ", type.params()) + ")");
        }
        return base + "[]".repeat(type.arrayDepth());
    }

    /** GreptimeDB's type for the written name, or null when it has none. */
    public static GreptimeType greptime(SqlAst.TypeName type) {
        String text = type.name() + (type.params().isEmpty() ? "" : "(" + String.join(",", type.params()) + ")");
        try {
            Tokens t = new Tokens(text);
            GreptimeType gt = TypeParser.parse(t);
            return t.atEnd() ? gt : null;
        } catch (GreptimeError | IllegalArgumentException e) {
            return null;
        }
    }
}
