package io.greptime.jdbc.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Map;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The per-connection MXBean, read through the platform MBean server as a JMX console would. */
class JmxMetricsTest {
    private static final String PASSWORD = "jmx-pw";
    private static final MBeanServer JMX = ManagementFactory.getPlatformMBeanServer();
    private static ObservedServer server;

    @BeforeAll
    static void start() {
        server = new ObservedServer(PASSWORD);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Set<ObjectName> connectionBeans() throws Exception {
        return JMX.queryNames(new ObjectName("io.greptime.jdbc:type=Connection,*"), null);
    }

    /**
     * The beans once registration has caught up: the driver registers and unregisters them on a background
     * thread (off the connection's path), so a test waits, generously, for the set to stop changing.
     */
    private static Set<ObjectName> settledBeans() throws Exception {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        Set<ObjectName> last = connectionBeans();
        while (System.nanoTime() < deadline) {
            Thread.sleep(300);
            Set<ObjectName> now = connectionBeans();
            if (now.equals(last)) {
                return now;
            }
            last = now;
        }
        return last;
    }

    /** Polls until {@code check} holds (or 30 s pass, then asserts it once more). */
    private static void eventually(org.assertj.core.api.ThrowingConsumer<Void> check) throws Exception {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                check.accept(null);
                return;
            } catch (AssertionError e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }

    private static Connection connect(String query) throws SQLException {
        return server.connect(query, ObservedServer.USER, PASSWORD);
    }

    @Test
    void connectionBean_countsCallsRowsAndStatements_andGoesAwayOnClose() throws Exception {
        Set<ObjectName> before = settledBeans();
        ObjectName name;
        try (Connection c = connect("metrics=jmx")) {
            Set<ObjectName> during = new java.util.HashSet<>();
            eventually(v -> {
                during.clear();
                during.addAll(connectionBeans());
                during.removeAll(before);
                assertThat(during).hasSize(1);
            });
            name = during.iterator().next();
            assertThat(JMX.getAttribute(name, "User")).isEqualTo(ObservedServer.USER);
            assertThat((String) JMX.getAttribute(name, "Endpoint")).startsWith("127.0.0.1:");
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE j (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
                try (ResultSet rs = st.executeQuery("SELECT * FROM range(1000)")) {
                    assertThat(JMX.getAttribute(name, "OpenResultSets")).isEqualTo(1L);
                    while (rs.next()) {
                        // read every row so every batch is counted
                    }
                }
                assertThat(JMX.getAttribute(name, "OpenStatements")).isEqualTo(1L);
                assertThatThrownBy(() -> st.executeQuery("SELECT * FROM nowhere"))
                        .isInstanceOf(SQLException.class);
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO j (ts, host, v) VALUES (?, ?, ?)")) {
                for (int i = 0; i < 5; i++) {
                    ps.setTimestamp(1, new Timestamp(i));
                    ps.setString(2, "h" + i);
                    ps.setDouble(3, i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            assertThat(JMX.getAttribute(name, "RowsRead")).isEqualTo(1000L);
            assertThat(JMX.getAttribute(name, "RowsWritten")).isEqualTo(5L);
            assertThat(JMX.getAttribute(name, "OpenStatements")).isEqualTo(0L);
            assertThat(JMX.getAttribute(name, "OpenResultSets")).isEqualTo(0L);
            assertThat((Long) JMX.getAttribute(name, "StatementsFailed")).isEqualTo(1L);
            // LZ4-compressed batches: fewer bytes than the 8000 of raw values, but never none
            assertThat((Long) JMX.getAttribute(name, "BytesRead")).isGreaterThan(0L);
            assertThat((Long) JMX.getAttribute(name, "BytesWritten")).isGreaterThan(0L);
            Map<String, Long> byMethod = longs(JMX.getAttribute(name, "CallsByMethod"));
            assertThat(byMethod.get("doGet")).isGreaterThanOrEqualTo(2L);
            // the DoPut stream outlives its statement (kept for the next batch into the table): its rows count
            // as sent, the call itself only when the connection ends it
            assertThat(byMethod.getOrDefault("doPut", 0L)).isZero();
            assertThat(byMethod.get("unary")).isGreaterThanOrEqualTo(1L);
            assertThat(longs(JMX.getAttribute(name, "ErrorsByStatus"))).containsKey("4001");
            Map<String, Long> histogram = longs(JMX.getAttribute(name, "CallLatencyHistogram"));
            assertThat(histogram.get("doGet le +Inf")).isEqualTo(byMethod.get("doGet"));
        }
        ObjectName closed = name;
        eventually(v -> assertThat(JMX.isRegistered(closed)).isFalse());
        eventually(v -> assertThat(connectionBeans()).isEqualTo(before));
    }

    @Test
    void noBeanLeaks_afterManyConnectionsAndFailedLogins() throws Exception {
        Set<ObjectName> before = settledBeans();
        for (int i = 0; i < 5; i++) {
            try (Connection c = connect("")) {
                assertThat(c.isValid(5)).isTrue();
            }
            assertThatThrownBy(() -> server.connect("", ObservedServer.USER, "wrong"))
                    .isInstanceOf(SQLException.class);
        }
        eventually(v -> assertThat(connectionBeans()).isEqualTo(before));
    }

    @Test
    void metricsNone_registersNoBean() throws Exception {
        Set<ObjectName> before = settledBeans();
        try (Connection c = connect("metrics=none")) {
            assertThat(c.isValid(5)).isTrue();
            assertThat(settledBeans()).isEqualTo(before);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Long> longs(Object tabular) {
        Map<String, Long> out = new java.util.HashMap<>();
        for (Object row : ((TabularData) tabular).values()) {
            CompositeData d = (CompositeData) row;
            out.put((String) d.get("key"), (Long) d.get("value"));
        }
        return out;
    }
}
