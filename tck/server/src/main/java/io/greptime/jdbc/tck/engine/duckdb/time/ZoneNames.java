package io.greptime.jdbc.tck.engine.duckdb.time;

import java.time.ZoneId;
import java.time.ZoneOffset;

/** How GreptimeDB names a session time zone where it prints one ({@code timezone()}, {@code SHOW VARIABLES}). */
public final class ZoneNames {
    private ZoneNames() {}

    /** GreptimeDB prints its session zone as {@code UTC}, {@code +08:00} or the IANA name. */
    public static String zoneName(ZoneId zone) {
        if (zone instanceof ZoneOffset o) {
            return o.getTotalSeconds() == 0 ? "UTC" : o.getId();
        }
        return zone.getId();
    }
}
