package io.greptime.jdbc.spark;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How the {@code greptime} source partitions a read: by the table's TIME INDEX, into {@code numPartitions} time
 * ranges between the column's min and max unless the caller gave bounds. Spark's JDBC partitioning then leaves the
 * first range open below and the last open above, so rows outside the bounds are still read, exactly once.
 */
final class TimeIndexPlan {
    static final String PARTITION_COLUMN = "partitionColumn";
    static final String LOWER_BOUND = "lowerBound";
    static final String UPPER_BOUND = "upperBound";
    static final String NUM_PARTITIONS = "numPartitions";

    private TimeIndexPlan() {}

    /**
     * The options to hand Spark's JDBC source: {@code options} plus the partitioning. A table without rows, or a
     * single partition, reads unpartitioned.
     */
    static Map<String, String> plan(Connection conn, String table, Map<String, String> options, int defaultPartitions)
            throws SQLException {
        Map<String, String> out = new LinkedHashMap<>(options);
        String timeIndex = timeIndexOf(conn, table);
        String column = GreptimeOptions.get(options, PARTITION_COLUMN);
        if (column != null && !unquote(column).equals(timeIndex)) {
            throw new IllegalArgumentException("option '" + PARTITION_COLUMN + "' is '" + column + "', but the greptime"
                    + " source partitions by the time index"
                    + (timeIndex == null ? " and " + table + " has none" : " of " + table + ", '" + timeIndex + "'")
                    + ": leave it out, or use format(\"jdbc\") to partition by another column");
        }
        String lower = GreptimeOptions.get(options, LOWER_BOUND);
        String upper = GreptimeOptions.get(options, UPPER_BOUND);
        if ((lower == null) != (upper == null)) {
            throw new IllegalArgumentException("options '" + LOWER_BOUND + "' and '" + UPPER_BOUND
                    + "' go together (or leave both out to read them from the time index)");
        }
        String given = GreptimeOptions.get(options, NUM_PARTITIONS);
        int partitions = given == null ? defaultPartitions : parsePartitions(given);
        removeKeys(out);
        if (timeIndex == null || partitions <= 1) {
            return out;
        }
        if (lower == null) {
            Timestamp[] range = minMax(conn, table, timeIndex);
            if (range == null) {
                return out;
            }
            lower = range[0].toInstant().toString();
            upper = range[1].toInstant().toString();
        }
        out.put(PARTITION_COLUMN, GreptimeDialect.INSTANCE.quoteIdentifier(timeIndex));
        out.put(LOWER_BOUND, lower);
        out.put(UPPER_BOUND, upper);
        out.put(NUM_PARTITIONS, Integer.toString(partitions));
        return out;
    }

    private static int parsePartitions(String text) {
        try {
            int n = Integer.parseInt(text.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "option '" + NUM_PARTITIONS + "' must be a whole number of at least 1, not '" + text + "'");
    }

    static void removeKeys(Map<String, String> options) {
        options.keySet()
                .removeIf(k -> k.equalsIgnoreCase(PARTITION_COLUMN)
                        || k.equalsIgnoreCase(LOWER_BOUND)
                        || k.equalsIgnoreCase(UPPER_BOUND)
                        || k.equalsIgnoreCase(NUM_PARTITIONS));
    }

    /** The TIME INDEX column of {@code table} ({@code db.table} or {@code table}), or null (a subquery, a view). */
    static String timeIndexOf(Connection conn, String table) throws SQLException {
        String name = table.trim();
        String schema = conn.getSchema();
        int dot = lastDotOutsideQuotes(name);
        if (dot > 0) {
            schema = unquote(name.substring(0, dot));
            name = name.substring(dot + 1);
        }
        name = unquote(name);
        String sql = "SELECT column_name FROM information_schema.columns WHERE table_schema = ? AND table_name = ?"
                + " AND semantic_type = 'TIMESTAMP'";
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            ps.setString(1, schema);
            ps.setString(2, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private static Timestamp[] minMax(Connection conn, String table, String timeIndex) throws SQLException {
        String col = GreptimeDialect.INSTANCE.quoteIdentifier(timeIndex);
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT min(" + col + "), max(" + col + ") FROM " + table)) {
            if (!rs.next() || rs.getTimestamp(1) == null) {
                return null;
            }
            return new Timestamp[] {rs.getTimestamp(1), rs.getTimestamp(2)};
        }
    }

    private static int lastDotOutsideQuotes(String s) {
        boolean quoted = false;
        int dot = -1;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '`') {
                quoted = !quoted;
            } else if (c == '.' && !quoted) {
                dot = i;
            }
        }
        return dot;
    }

    static String unquote(String s) {
        String t = s.trim();
        if (t.length() >= 2 && ((t.startsWith("\"") && t.endsWith("\"")) || (t.startsWith("`") && t.endsWith("`")))) {
            return t.substring(1, t.length() - 1);
        }
        return t;
    }
}
