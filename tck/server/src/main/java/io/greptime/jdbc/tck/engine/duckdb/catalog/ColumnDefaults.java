package io.greptime.jdbc.tck.engine.duckdb.catalog;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Column DEFAULTs as GreptimeDB stores them: a literal converted to the column's type when the DDL runs
 * (text for a timestamp column read in the session time zone and kept as {@code 'YYYY-MM-DD HH:MM:SS+0000'}),
 * or {@code current_timestamp()}; an identifier (a double-quoted word) is not a default GreptimeDB can
 * store, nor is NULL for a NOT NULL column.
 */
public final class ColumnDefaults {
    private static final DateTimeFormatter UTC_TEXT = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private ColumnDefaults() {}

    /** Reads {@code SET DEFAULT <expr>} for {@code c}; null means no default. */
    static String parse(Tokens t, ColumnMeta c, ZoneId zone) {
        Token tok = t.peek();
        if (tok.type() == Token.Type.QUOTED) {
            t.next();
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "Unsupported default constraint for column: '" + c.name() + "', reason: expr '"
                            + t.raw(t.pos - 1, t.pos) + "' not supported");
        }
        if (tok.is("null")) {
            t.next();
            if (!c.nullable()) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS, "Default value should not be null for non null column");
            }
            return null;
        }
        return normalize(c.type(), ColumnOptionsParser.defaultValue(t), zone);
    }

    /** A default as SHOW CREATE TABLE prints it once stored. */
    public static String normalize(GreptimeType type, String defaultSql, ZoneId zone) {
        if (defaultSql == null
                || type.kind() != GreptimeType.Kind.TIMESTAMP
                || !defaultSql.startsWith("'")
                || defaultSql.length() < 2) {
            return defaultSql;
        }
        String text = defaultSql.substring(1, defaultSql.length() - 1).replace("''", "'");
        Long nanos = TimestampLiterals.parseNanos(text, zone);
        if (nanos == null) {
            return defaultSql;
        }
        Instant i = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
        String base = UTC_TEXT.format(i.atOffset(ZoneOffset.UTC));
        String fraction = "";
        if (i.getNano() != 0) {
            fraction = ("." + String.format("%09d", i.getNano())).replaceAll("0+$", "");
        }
        return "'" + base + fraction + "+0000'";
    }
}
