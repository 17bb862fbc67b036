package io.greptime.jdbc.spark;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The options this module adds to Spark's JDBC options (all case-insensitive, as Spark's are). They only steer
 * table creation and are removed before the driver sees the rest as connection properties, which it checks
 * strictly.
 */
public final class GreptimeOptions {
    /** The TIME INDEX column of a table Spark creates; default: the DataFrame's only timestamp column. */
    public static final String TIME_INDEX = "timeIndex";

    /** Comma-separated PRIMARY KEY (tag) columns of a table Spark creates; default: none. */
    public static final String PRIMARY_KEY = "primaryKey";

    /**
     * Table options of a table Spark creates, as {@code key=value} pairs separated by commas, e.g.
     * {@code append_mode=true,ttl=7d}; written as {@code WITH ('append_mode'='true', 'ttl'='7d')}.
     */
    public static final String TABLE_OPTIONS = "tableOptions";

    static final Set<String> ALL = Set.of(lower(TIME_INDEX), lower(PRIMARY_KEY), lower(TABLE_OPTIONS));

    private GreptimeOptions() {}

    static boolean isOurs(String key) {
        return ALL.contains(lower(key));
    }

    /** The value of {@code key} in {@code options}, matched case-insensitively, or null. */
    static String get(Map<String, String> options, String key) {
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (e.getKey().equalsIgnoreCase(key)) {
                return e.getValue();
            }
        }
        return null;
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
