package io.greptime.jdbc.bulk;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Locale;
import java.util.Random;

/**
 * A measuring harness, not a test (no assertions, not run by surefire): how long executeBatch takes on
 * the DoPut path (LZ4 and uncompressed IPC bodies) and on the RowInsertRequests row path ({@code bulkRowPathBelow}) for batches of 1, 10,
 * 100 and 1000 rows, and what {@code bulkSortByTime} / {@code bulkTimeWindow} cost or gain, against the
 * embedded server in this JVM. Rows: (ts, host tag, three doubles). Run from the project root after
 * {@code mvn -o -pl driver -am test-compile -Dserver.jar.skip=true}:
 *
 * <pre>
 * mvn -q -o -pl driver dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * java --add-opens=java.base/java.nio=ALL-UNNAMED \
 *   -cp driver/target/test-classes:driver/target/classes:flight-bridge/target/classes:tck/target/classes:\
 * proto/target/classes:$(cat /tmp/cp.txt) io.greptime.jdbc.bulk.BulkPathBench
 * </pre>
 */
public final class BulkPathBench {
    private static final int[] SIZES = {1, 10, 100, 1000};
    private static final int ROUNDS = 2;
    private static final int BATCHES = 40;
    private static final int SORT_ROWS = 20_000;
    private static final int SORT_BATCH = 5_000;

    private BulkPathBench() {}

    public static void main(String[] args) throws Exception {
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start()) {
            String url = "jdbc:greptime://" + server.address() + "?timezone=UTC";
            System.out.println("executeBatch latency, ms per batch (best of " + ROUNDS + " rounds)");
            System.out.println("rows/batch  DoPut(lz4)  DoPut(none)  RowInsertRequests");
            for (int size : SIZES) {
                double lz4 = Double.MAX_VALUE;
                double none = Double.MAX_VALUE;
                double rows = Double.MAX_VALUE;
                for (int round = 0; round < ROUNDS; round++) {
                    lz4 = Math.min(lz4, msPerBatch(url + "&bulkRowPathBelow=0", "l" + size + "_" + round, size));
                    none = Math.min(
                            none,
                            msPerBatch(
                                    url + "&bulkRowPathBelow=0&bulkCompression=none", "p" + size + "_" + round, size));
                    rows = Math.min(rows, msPerBatch(url + "&bulkRowPathBelow=100000", "r" + size + "_" + round, size));
                }
                System.out.printf(Locale.ROOT, "%10d %11.3f %12.3f %18.3f%n", size, lz4, none, rows);
            }
            sortAndWindow(url + "&bulkCompression=none");
        }
    }

    /** Average executeBatch time over {@link #BATCHES} batches, after 5 unmeasured ones. */
    private static double msPerBatch(String url, String table, int size) throws SQLException {
        int batches = BATCHES;
        try (Connection c = DriverManager.getConnection(url)) {
            create(c, table);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " VALUES (?, ?, ?, ?, ?)")) {
                long row = 0;
                for (int warm = 0; warm < 5; warm++) {
                    row = batch(ps, size, row, null);
                }
                long start = System.nanoTime();
                for (int b = 0; b < batches; b++) {
                    row = batch(ps, size, row, null);
                }
                return (System.nanoTime() - start) / 1e6 / batches;
            }
        }
    }

    private static void create(Connection c, String table) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE " + table + " (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, "
                    + "a DOUBLE, b DOUBLE, d DOUBLE)");
        }
    }

    /** One executeBatch of {@code size} rows; times in order, or scattered over six hours with {@code random}. */
    private static long batch(PreparedStatement ps, int size, long row, Random random) throws SQLException {
        for (int i = 0; i < size; i++, row++) {
            long millis = random == null ? row : random.nextInt(6 * 3_600_000);
            ps.setTimestamp(1, new Timestamp(1_700_000_000_000L + millis));
            ps.setString(2, "host-" + (random == null ? row % 20 : random.nextInt(20)));
            ps.setDouble(3, row);
            ps.setDouble(4, row * 0.5);
            ps.setDouble(5, -row);
            ps.addBatch();
        }
        ps.executeBatch();
        return row;
    }

    /** SORT_ROWS rows in executeBatch calls of SORT_BATCH, hosts and times shuffled, with each reordering. */
    private static void sortAndWindow(String url) throws SQLException {
        String[] modes = {"", "&bulkSortByTime=true", "&bulkTimeWindow=1h", "&bulkSortByTime=true&bulkTimeWindow=1h"};
        System.out.println(
                SORT_ROWS + " shuffled rows in batches of " + SORT_BATCH + ": rows/s (best of " + ROUNDS + " rounds)");
        for (int m = 0; m < modes.length; m++) {
            double best = 0;
            for (int round = 0; round < ROUNDS; round++) {
                try (Connection c = DriverManager.getConnection(url + modes[m])) {
                    String table = "s" + m + "_" + round;
                    create(c, table);
                    try (PreparedStatement ps =
                            c.prepareStatement("INSERT INTO " + table + " VALUES (?, ?, ?, ?, ?)")) {
                        Random random = new Random(42);
                        long start = System.nanoTime();
                        long row = 0;
                        for (int b = 0; b < SORT_ROWS / SORT_BATCH; b++) {
                            row = batch(ps, SORT_BATCH, row, random);
                        }
                        best = Math.max(best, row / ((System.nanoTime() - start) / 1e9));
                    }
                }
            }
            System.out.printf(
                    Locale.ROOT, "%-40s %10.0f%n", modes[m].isEmpty() ? "(none)" : modes[m].substring(1), best);
        }
    }
}
