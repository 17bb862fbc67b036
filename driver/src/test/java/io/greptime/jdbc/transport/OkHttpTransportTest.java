package io.greptime.jdbc.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.testing.ServerFixture;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code transport=okhttp} (grpc-java's OkHttp transport) against the embedded server: connect, queries
 * streamed in several batches, DoPut batches into a real table, cancel, close, the connect timeout, the
 * combinations it refuses, and its frame logger kept out of the logs. Failover over it is
 * {@code OkHttpFailoverTest}.
 */
class OkHttpTransportTest {
    private ServerFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.server().faults().reset();
            fixture.engine().release();
            fixture.close();
        }
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    private static boolean okHttpThreadRuns() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("grpc-okhttp-"));
    }

    @Test
    void queriesAndUpdates_travelOverOkHttp() throws Exception {
        fixture = new ServerFixture();
        try (Connection c = fixture.connect("?transport=okhttp", new Properties());
                Statement st = c.createStatement()) {
            assertThat(st.executeUpdate("INSERT 4")).isEqualTo(4);
            assertThat(okHttpThreadRuns())
                    .as("an OkHttp reader thread carries the connection")
                    .isTrue();
            try (ResultSet rs = st.executeQuery("SELECT ROWS 5000 BATCH 700")) {
                long rows = 0;
                while (rs.next()) {
                    rows++;
                }
                assertThat(rows).isEqualTo(5000);
            }
            assertThat(c.isValid(5)).isTrue();
        }
    }

    /**
     * Many small batches, read while they arrive: OkHttp delivers each message under its transport lock, so
     * callbacks run on that thread would meet the reader's {@code request()} in Arrow's FlightStream lock
     * and deadlock both (seen on a 2M-row read); the bound is a guard against a hang, not a timing claim.
     */
    @Test
    void longStreamsOfSmallBatches_readToTheEnd() throws Exception {
        fixture = new ServerFixture();
        try (Connection c = fixture.connect("?transport=okhttp", new Properties());
                Statement st = c.createStatement()) {
            assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
                for (int round = 0; round < 5; round++) {
                    try (ResultSet rs = st.executeQuery("SELECT ROWS 200000 BATCH 50")) {
                        long rows = 0;
                        while (rs.next()) {
                            rows++;
                        }
                        assertThat(rows).isEqualTo(200_000);
                    }
                }
            });
        }
    }

    @Test
    void executeBatch_storesEveryRowThroughDoPut() throws Exception {
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start();
                Connection c = DriverManager.getConnection(
                        "jdbc:greptime://" + server.address() + "/public?timezone=UTC&transport=okhttp")) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE ok_put (host STRING, ts TIMESTAMP TIME INDEX, v BIGINT, PRIMARY KEY(host))");
            }
            int rows = 20_000;
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO ok_put (host, ts, v) VALUES (?, ?, ?)")) {
                for (int i = 0; i < rows; i++) {
                    ps.setString(1, "h" + (i % 10));
                    ps.setTimestamp(2, new Timestamp(i));
                    ps.setLong(3, i);
                    ps.addBatch();
                }
                assertThat(ps.executeBatch()).hasSize(rows).containsOnly(1);
            }
            assertThat(server.faults().startedCalls()).isPositive();
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(*), sum(v), count(DISTINCT host) FROM ok_put")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(rows);
                assertThat(rs.getLong(2)).isEqualTo((long) rows * (rows - 1) / 2);
                assertThat(rs.getLong(3)).isEqualTo(10);
            }
        }
    }

    @Test
    void cancel_interruptsARunningQuery_andTheConnectionGoesOn() throws Exception {
        fixture = new ServerFixture();
        try (Connection c = fixture.connect("?transport=okhttp", new Properties());
                Statement st = c.createStatement()) {
            CompletableFuture<ResultSet> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return st.executeQuery("SELECT BLOCK");
                } catch (SQLException e) {
                    throw new CompletionException(e);
                }
            });
            assertThat(fixture.engine().blocked().await(30, TimeUnit.SECONDS)).isTrue();
            st.cancel();
            SQLException e = failureOf(running);
            assertThat(e.getSQLState()).isEqualTo("57014");
            fixture.engine().release();
            assertThat(st.executeUpdate("INSERT 3")).isEqualTo(3);
        }
    }

    @Test
    void close_endsTheStreamOfAnOpenResult_andFreesItsMemory() throws Exception {
        fixture = new ServerFixture();
        Connection c = fixture.connect("?transport=okhttp", new Properties());
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT ROWS 100000000 BATCH 1000");
        assertThat(rs.next()).isTrue();
        c.close();
        assertThat(rs.isClosed()).isTrue();
        assertThat(c.isClosed()).isTrue();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (fixture.server().activeCalls() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(fixture.server().activeCalls())
                .as("calls still open on the server")
                .isZero();
        assertThat(st.isClosed()).isTrue();
    }

    @Test
    void tlsAndUnixSockets_areRefusedWith08001NamingTheAlternatives() {
        Properties tls = new Properties();
        tls.setProperty("tls", "true");
        SQLException e = catchThrowableOfType(
                SQLException.class,
                () -> DriverManager.getConnection("jdbc:greptime://127.0.0.1:1?transport=okhttp", tls));
        assertThat(e.getSQLState()).isEqualTo("08001");
        assertThat(e.getMessage()).contains("transport=okhttp carries plaintext TCP only");

        SQLException unix = catchThrowableOfType(
                SQLException.class,
                () -> DriverManager.getConnection("jdbc:greptime:unix:///tmp/nobody.sock?transport=okhttp"));
        assertThat(unix.getSQLState()).isEqualTo("08001");
        assertThat(unix.getMessage()).contains("transport=okhttp cannot connect to a unix domain socket");
    }

    /** A listener that accepts and never answers: the HTTP/2 handshake never ends. */
    @Test
    void connectTimeout_boundsAServerThatNeverAnswers() throws Exception {
        ExecutorService acceptor = Executors.newSingleThreadExecutor();
        List<Socket> held = new ArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            acceptor.submit(() -> {
                while (!silent.isClosed()) {
                    held.add(silent.accept());
                }
                return null;
            });
            Properties p = new Properties();
            p.setProperty("connectTimeout", "700");
            SQLException e = catchThrowableOfType(
                    SQLException.class,
                    () -> DriverManager.getConnection(
                                    "jdbc:greptime://127.0.0.1:" + silent.getLocalPort() + "?transport=okhttp", p)
                            .close());
            assertThat(e.getSQLState()).isEqualTo("08001");
            assertThat(e.getMessage()).contains("within 700 ms");
        } finally {
            acceptor.shutdownNow();
            for (Socket s : held) {
                s.close();
            }
        }
    }

    @Test
    void refusedConnect_isATransientConnectionError() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        SQLException e = catchThrowableOfType(
                SQLException.class,
                () -> DriverManager.getConnection(
                                "jdbc:greptime://127.0.0.1:" + port + "?transport=okhttp&connectTimeout=3000")
                        .close());
        assertThat(e.getSQLState()).isEqualTo("08001");
        assertThat(e.getMessage()).contains("127.0.0.1:" + port);
    }

    @Test
    void frameLoggerRecords_areDropped_otherRecordsPass() throws Exception {
        java.util.logging.Logger frames = java.util.logging.Logger.getLogger("io.grpc.okhttp.OkHttpClientTransport");
        fixture = new ServerFixture();
        Properties p = new Properties();
        p.setProperty("user", "frank");
        p.setProperty("password", "s3cr3t-in-frames");
        List<LogRecord> seen = new ArrayList<>();
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(LogRecord r) {
                if (isLoggable(r)) {
                    seen.add(r);
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Level before = frames.getLevel();
        frames.setLevel(Level.FINE);
        frames.addHandler(capture);
        try (Connection c = fixture.connect("?transport=okhttp", p);
                Statement st = c.createStatement()) {
            assertThat(st.executeUpdate("INSERT 1")).isEqualTo(1);
        } finally {
            frames.removeHandler(capture);
            frames.setLevel(before);
        }
        assertThat(frames.getFilter())
                .as("the driver's filter is on the frame logger")
                .isNotNull();
        assertThat(seen).noneMatch(r -> r.getMessage() != null && r.getMessage().contains("HEADERS"));
        LogRecord other = new LogRecord(Level.FINE, "Transport failed");
        assertThat(frames.getFilter().isLoggable(other)).isTrue();
        assertThat(frames.getFilter().isLoggable(new LogRecord(Level.FINE, "OUTBOUND HEADERS: streamId=3")))
                .isFalse();
    }

    private static SQLException failureOf(CompletableFuture<?> f) throws Exception {
        try {
            f.get(30, TimeUnit.SECONDS);
            throw new AssertionError("expected the statement to fail");
        } catch (ExecutionException e) {
            return (SQLException) e.getCause();
        }
    }
}
