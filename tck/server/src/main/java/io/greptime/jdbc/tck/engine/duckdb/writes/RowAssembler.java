package io.greptime.jdbc.tck.engine.duckdb.writes;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.sql.Json2Hints;
import io.greptime.jdbc.tck.engine.duckdb.sql.Json2Values;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/** Builds a full table row from the columns a write named: defaults for the rest, values coerced. */
public final class RowAssembler {
    private RowAssembler() {}

    public static Object[] assemble(TableMeta tm, List<ColumnMeta> targets, Object[] given, ZoneId zone) {
        Object[] row = new Object[tm.columns().size()];
        for (int i = 0; i < row.length; i++) {
            ColumnMeta c = tm.columns().get(i);
            int at = targets.indexOf(c);
            Object v = at < 0 || given[at] == SqlWrites.DEFAULT ? defaultValue(c, zone) : given[at];
            row[i] = coerce(v, c, zone);
            if (row[i] == null && !c.nullable()) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid argument: column " + c.name() + " is not nullable but got a NULL value");
            }
        }
        return row;
    }

    /**
     * Text GreptimeDB cannot read as a timestamp, date or decimal is its SQL parser's error (InvalidSyntax,
     * {@code Failed to parse value: Failed to parse x to Timestamp value}), not a write error.
     */
    private static Object coerce(Object v, ColumnMeta c, ZoneId zone) {
        try {
            if (v != null && c.type().kind() == GreptimeType.Kind.JSON2) {
                return Json2Values.store(v, Json2Hints.of(c));
            }
            return Values.coerce(v, c.type(), zone, c.name());
        } catch (GreptimeError e) {
            if (!(v instanceof String s)
                    || e.status() != StatusCode.INVALID_ARGUMENTS
                    || String.valueOf(e.getMessage()).startsWith("Converting timestamp ")) {
                throw e; // a timestamp read but out of the column unit's range is TimestampOverflow as it is
            }
            String what = switch (c.type().kind()) {
                case TIMESTAMP -> "Failed to parse " + s + " to Timestamp value";
                case DATE -> "Failed to parse " + s + " to Date value";
                case DECIMAL -> "Fail to parse number " + s + " to Decimal128 value";
                default -> null;
            };
            if (what == null) {
                throw e;
            }
            throw new GreptimeError(StatusCode.INVALID_SYNTAX, "Failed to parse value: " + what, e);
        }
    }

    static Object defaultValue(ColumnMeta c, ZoneId zone) {
        String d = c.defaultSql();
        if (d == null) {
            if (c.nullable()) {
                return null;
            }
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "No valid default value can be built automatically, column: " + c.name());
        }
        String lower = d.toLowerCase(java.util.Locale.ROOT);
        if (lower.startsWith("current_timestamp") || lower.startsWith("now(") || lower.startsWith("localtimestamp")) {
            return Instant.now();
        }
        if (d.startsWith("'")) {
            return c.defaultDisplay();
        }
        if (lower.equals("true") || lower.equals("false")) {
            return Boolean.valueOf(lower);
        }
        return LiteralParser.number(d);
    }
}
