package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.time.DateTimeException;
import java.time.ZoneId;

/**
 * Reads a time zone the way GreptimeDB does ({@code SET time_zone}, protocol.md §8): IANA names
 * case-insensitively, {@code +hh:mm} offsets, {@code UTC}. {@code SYSTEM} (the server's own zone) cannot
 * be known by the driver, so it is refused rather than guessed.
 */
final class TimeZones {
    private TimeZones() {}

    static ZoneId resolve(String text) throws SQLException {
        String t = text.trim();
        if (t.equalsIgnoreCase("SYSTEM")) {
            throw new SQLException(
                    "time_zone 'SYSTEM' (the server's zone) is not supported by the driver; "
                            + "name the zone, e.g. 'Asia/Shanghai' or '+08:00'",
                    SqlState.INVALID_PARAMETER_VALUE.code());
        }
        if (t.equalsIgnoreCase("UTC") || t.equalsIgnoreCase("Z")) {
            return ZoneId.of("UTC");
        }
        try {
            return ZoneId.of(t);
        } catch (DateTimeException e) {
            for (String id : ZoneId.getAvailableZoneIds()) {
                if (id.equalsIgnoreCase(t)) {
                    return ZoneId.of(id);
                }
            }
            throw new SQLException("Unknown time zone '" + t + "'", SqlState.INVALID_PARAMETER_VALUE.code());
        }
    }
}
