package io.greptime.jdbc.hostile;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;

/**
 * Every way a value reaches the server from {@code PreparedStatement}: a DoPut batch, a row-insert batch,
 * a batch of statements with inlined literals, and one row executed alone. Each writes rows of
 * {@code (ts, k, v)} into a table with a millisecond time index and a string tag {@code k}.
 */
enum WritePath {
    DO_PUT(""),
    ROW_INSERTS("bulkRowPathBelow=1000000"),
    STATEMENTS("bulkWrites=false"),
    SINGLE_EXECUTE("");

    /** The URL properties that choose the path. */
    final String properties;

    WritePath(String properties) {
        this.properties = properties;
    }

    /** A value binder for the {@code v} column. */
    interface Binder<T> {
        void bind(PreparedStatement ps, int index, T value) throws SQLException;
    }

    /** Writes one row per value, with time index {@code firstTs + i} and tag {@code key}. */
    <T> void write(Connection c, String table, String key, long firstTs, List<T> values, Binder<T> binder)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (ts, k, v) VALUES (?, ?, ?)")) {
            for (int i = 0; i < values.size(); i++) {
                ps.setTimestamp(1, new Timestamp(firstTs + i));
                ps.setString(2, key);
                binder.bind(ps, 3, values.get(i));
                if (this == SINGLE_EXECUTE) {
                    if (ps.executeUpdate() != 1) {
                        throw new AssertionError("executeUpdate did not count one row");
                    }
                } else {
                    ps.addBatch();
                }
            }
            if (this != SINGLE_EXECUTE) {
                int[] counts = ps.executeBatch();
                for (int n : counts) {
                    if (n != 1) {
                        throw new AssertionError("executeBatch counted " + n + " for a row");
                    }
                }
            }
        }
    }
}
