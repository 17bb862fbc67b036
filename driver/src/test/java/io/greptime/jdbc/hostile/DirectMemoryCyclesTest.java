package io.greptime.jdbc.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.hostile.Act;
import io.greptime.jdbc.tck.hostile.HostileServer;
import io.grpc.Status;
import io.netty.util.ResourceLeakDetector;
import java.lang.reflect.Field;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Direct memory does not grow across open/use/close cycles of a hostile session (#17 item 6: "direct
 * memory rose from 10 to 52 MB after a hostile run with everything closed"). Each cycle starts a hostile
 * server, writes and reads through three connections, hits the result memory limit, takes corrupt
 * batches, failed calls and a connection reset, and closes everything; the figures of {@link DirectMemory}
 * are read after each cycle, with netty's leak detector at PARANOID throughout.
 *
 * <p>What this proves and what it does not: the first cycles grow the two netty pools (gRPC's and the
 * one behind Arrow's allocators) to what the workload needs at its peak, and netty keeps those chunks
 * for reuse; later cycles reuse them, so after the warm-up the figures stop growing. A leak (Arrow buffers
 * never released, buffers of closed channels, groups never shut down) adds with every cycle.
 */
class DirectMemoryCyclesTest {
    private static final int CYCLES = 10;
    private static final int ROWS = 4_000;
    /** One 4 MiB chunk in each of Arrow's four arenas and one 2 MiB chunk in each of gRPC's. */
    private static final long MARGIN = 24L << 20;

    @Test
    void directMemoryStopsGrowing_acrossHostileOpenUseCloseCycles() throws Exception {
        List<String> leaks = new CopyOnWriteArrayList<>();
        ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        triggerLeakReports(); // buffers earlier tests of this JVM dropped are reported before the listener
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        byteBufLeakDetector().setLeakListener((type, records) -> leaks.add(type + ": " + records));
        List<DirectMemory> after = new ArrayList<>();
        try {
            DirectMemory before = DirectMemory.sample();
            System.out.println("before: " + before);
            for (int i = 1; i <= CYCLES; i++) {
                cycle();
                DirectMemory m = DirectMemory.sample();
                after.add(m);
                System.out.println("after cycle " + i + ": " + m);
            }
            triggerLeakReports();
            assertThat(leaks).as("netty buffers never released").isEmpty();
            DirectMemory last = after.get(CYCLES - 1);
            assertThat(last.driverArrow()).as("driver Arrow memory").isZero();
            assertThat(last.arrowInUse())
                    .as("Arrow buffers still allocated after everything closed")
                    .isLessThanOrEqualTo(Math.max(0, before.arrowInUse()));
            DirectMemory second = after.get(1);
            assertThat(last.jdkDirect())
                    .as("direct memory after cycle %d against cycle 2: %s / %s", CYCLES, last, second)
                    .isLessThanOrEqualTo(second.jdkDirect() + MARGIN);
            assertThat(last.pooled())
                    .as("pooled direct memory after cycle %d against cycle 2", CYCLES)
                    .isLessThanOrEqualTo(second.pooled() + MARGIN);
        } finally {
            byteBufLeakDetector().setLeakListener(null);
            ResourceLeakDetector.setLevel(level);
        }
    }

    /** One hostile session: writes, reads, a memory limit, corrupt and failed calls, a reset; all closed. */
    private static void cycle() throws Exception {
        try (HostileServer server = HostileServer.start()) {
            String url = server.url("?timezone=UTC&connectTimeout=5000");
            try (Connection a = DriverManager.getConnection(url);
                    Connection b = DriverManager.getConnection(url + "&maxResultMemory=64k");
                    Connection c = DriverManager.getConnection(url)) {
                try (Statement st = a.createStatement()) {
                    st.executeUpdate(
                            "CREATE TABLE w (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, s STRING, v DOUBLE)");
                }
                insert(a, 0);
                insert(c, ROWS);
                assertThat(readAll(a)).isEqualTo(2 * ROWS);
                failsWith(() -> readAll(b), "53200");
                server.next(HostileServer.DO_GET, Act.corruptData(1));
                failsWith(() -> readAll(c), null);
                server.next(HostileServer.DO_GET, Act.fail(Status.Code.INTERNAL, "boom", Map.of()));
                failsWith(() -> readAll(a), null);
                for (String write :
                        List.of(HostileServer.DO_PUT, HostileServer.HANDLE, HostileServer.HANDLE_REQUESTS)) {
                    server.always(write, Act.fail(Status.Code.INTERNAL, "write refused", Map.of()));
                }
                try (Connection d = DriverManager.getConnection(url)) { // its own DoPut: c's stream stays open
                    failsWith(() -> insert(d, 2 * ROWS), null);
                }
                server.behave();
                server.proxy().resetAll(); // every connection reset (RST) under the open calls' channels
                assertThat(afterReconnect(c)).isGreaterThanOrEqualTo(2 * ROWS);
                assertThat(afterReconnect(a)).isGreaterThanOrEqualTo(2 * ROWS);
            }
        }
    }

    private static void insert(Connection c, int from) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO w (ts, host, s, v) VALUES (?, ?, ?, ?)")) {
            for (int i = from; i < from + ROWS; i++) {
                ps.setTimestamp(1, new Timestamp(i));
                ps.setString(2, "h" + (i % 7));
                ps.setString(3, ("value-" + i + "-").repeat(1 + i % 5));
                ps.setDouble(4, i * 0.5);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** Reads all rows once the channel has reconnected: the first call after a reset may fail. */
    private static long afterReconnect(Connection c) throws SQLException {
        SQLException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            try {
                return readAll(c);
            } catch (SQLException e) {
                last = e;
            }
        }
        throw last;
    }

    private static long readAll(Connection c) throws SQLException {
        long rows = 0;
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM w")) {
            while (rs.next()) {
                rs.getString(3);
                rows++;
            }
        }
        return rows;
    }

    private interface Call {
        void run() throws SQLException;
    }

    private static void failsWith(Call call, String sqlState) {
        SQLException failure = null;
        try {
            call.run();
        } catch (SQLException e) {
            failure = e;
        }
        assertThat((Object) failure).as("the hostile call fails").isNotNull();
        assertThat(failure.getSQLState()).as(failure.toString()).isNotNull();
        if (sqlState != null) {
            assertThat(failure.getSQLState()).as(failure.toString()).isEqualTo(sqlState);
        }
    }

    /** Netty reports a leaked buffer when a later buffer is tracked after the leaked one was collected. */
    private static void triggerLeakReports() {
        for (int i = 0; i < 3; i++) {
            System.gc();
            System.runFinalization();
            io.netty.buffer.ByteBuf probe = io.netty.buffer.PooledByteBufAllocator.DEFAULT.directBuffer(16);
            probe.release();
        }
    }

    @SuppressWarnings("unchecked")
    private static ResourceLeakDetector<io.netty.buffer.ByteBuf> byteBufLeakDetector() throws Exception {
        Field f = io.netty.buffer.AbstractByteBuf.class.getDeclaredField("leakDetector");
        f.setAccessible(true);
        return (ResourceLeakDetector<io.netty.buffer.ByteBuf>) f.get(null);
    }
}
