package io.greptime.jdbc.examples;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;

/**
 * Streams a result far larger than the memory it is read with. A ResultSet holds one Arrow record batch at
 * a time; {@code maxResultMemory=32m} (a connection property) caps the Arrow memory one result set may
 * hold, and the driver fails the read rather than exceed it, so finishing the read is itself the proof
 * that it stayed bounded. The heap is sampled after a GC at every quarter of the stream and must stay
 * flat. Rows: {@code -Dstreaming.rows=N} (default 1,000,000).
 */
public final class StreamingRead {
    private static final int BATCH = 50_000;

    private StreamingRead() {}

    public static void main(String[] args) throws Exception {
        long rows = Long.getLong("streaming.rows", 1_000_000L);
        try (ExampleTarget target = ExampleTarget.open()) {
            run(target.url(), rows);
        }
    }

    static void run(String url, long rows) throws SQLException {
        try (Connection conn = DriverManager.getConnection(url + "?maxResultMemory=32m");
                Statement st = conn.createStatement()) {
            st.execute("DROP TABLE IF EXISTS stream_events");
            st.execute("CREATE TABLE stream_events (device STRING, payload STRING, reading DOUBLE,"
                    + " ts TIMESTAMP(3) NOT NULL, TIME INDEX (ts), PRIMARY KEY (device)) WITH (append_mode = 'true')");
            fill(conn, rows);
            System.out.printf("wrote %,d rows (about %,d MiB as text)%n", rows, rows * 60 / (1 << 20));

            long[] heapAtQuarter = new long[4];
            long n = 0;
            double sum = 0;
            long start = System.nanoTime();
            st.setFetchSize(10_000);
            try (ResultSet rs = st.executeQuery("SELECT device, payload, reading, ts FROM stream_events")) {
                while (rs.next()) {
                    sum += rs.getDouble(3)
                            + rs.getString(2).length()
                            + rs.getString(1).length();
                    rs.getTimestamp(4);
                    n++;
                    if (n % (rows / 4) == 0 && n / (rows / 4) <= 4) {
                        heapAtQuarter[(int) (n / (rows / 4)) - 1] = heapAfterGc();
                        System.out.printf(
                                "  %,10d rows read: heap used after GC %,d KiB, JVM direct buffers %,d KiB%n",
                                n, heapAtQuarter[(int) (n / (rows / 4)) - 1] / 1024, directBuffers() / 1024);
                    }
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    "streamed %,d rows in %.1f s (%,.0f rows/s), checksum %.1f%n", n, seconds, n / seconds, sum);
            ExampleTarget.check(n == rows, "every row was read (" + n + ")");
            long spread = java.util.Arrays.stream(heapAtQuarter).max().getAsLong()
                    - java.util.Arrays.stream(heapAtQuarter).min().getAsLong();
            // Only a result larger than the allowed spread can tell streaming from buffering; below that the
            // spread is other threads' garbage (a test JVM runs servers and other examples beside this one).
            if (rows * 60 > 64L << 20) {
                ExampleTarget.check(
                        spread < 32L << 20,
                        "heap after GC stayed within 32 MiB across the quarters (spread " + spread / 1024 + " KiB)");
            } else {
                System.out.printf(
                        "heap spread %,d KiB not checked: %,d rows are too few to tell streaming from buffering%n",
                        spread / 1024, rows);
            }
            st.execute("DROP TABLE stream_events");
        }
    }

    private static void fill(Connection conn, long rows) throws SQLException {
        try (PreparedStatement ps =
                conn.prepareStatement("INSERT INTO stream_events (device, payload, reading, ts) VALUES (?, ?, ?, ?)")) {
            for (long i = 0; i < rows; i++) {
                ps.setString(1, "device-" + i % 100);
                ps.setString(2, "event payload number " + i);
                ps.setDouble(3, i * 0.5);
                ps.setTimestamp(4, new Timestamp(1_704_067_200_000L + i));
                ps.addBatch();
                if ((i + 1) % BATCH == 0 || i + 1 == rows) {
                    ps.executeBatch();
                }
            }
        }
    }

    /** Heap in use after a GC, read in one call (totalMemory - freeMemory races with the heap resizing). */
    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** NIO direct buffers of this JVM (Arrow's own memory is capped by maxResultMemory instead). */
    private static long directBuffers() {
        for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if (pool.getName().equals("direct")) {
                return pool.getMemoryUsed();
            }
        }
        return 0;
    }
}
