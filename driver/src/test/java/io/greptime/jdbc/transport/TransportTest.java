package io.greptime.jdbc.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.testing.ServerFixture;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.uring.IoUring;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The netty transports (io_uring, epoll, NIO), unix domain sockets in both URL forms, and the connect
 * timeout, against the embedded server.
 */
class TransportTest {
    @TempDir
    Path dir;

    private ServerFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private static boolean available(String transport) {
        return switch (transport) {
            case "io_uring" -> IoUring.isAvailable();
            case "epoll" -> Epoll.isAvailable();
            default -> true;
        };
    }

    private static int insertOne(String url, Properties p) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, p);
                Statement st = c.createStatement()) {
            return st.executeUpdate("INSERT 1");
        }
    }

    private static boolean threadNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith(prefix));
    }

    @ParameterizedTest
    @ValueSource(strings = {"io_uring", "epoll", "nio"})
    void forcedTransport_carriesCallsOnItsOwnEventLoops(String transport) throws Exception {
        assumeTrue(available(transport), transport + " does not load here");
        fixture = new ServerFixture();
        assertThat(insertOne(fixture.url("?transport=" + transport), new Properties()))
                .isEqualTo(1);
        assertThat(threadNamed("greptime-jdbc-" + transport + "-"))
                .as("event loop threads of " + transport)
                .isTrue();
    }

    @Test
    void forcingAnUnavailableTransport_saysWhy() throws Exception {
        fixture = new ServerFixture();
        List<String> unavailable = new ArrayList<>();
        for (String t : List.of("io_uring", "epoll")) {
            if (!available(t)) {
                unavailable.add(t);
            }
        }
        assumeTrue(!unavailable.isEmpty(), "io_uring and epoll both load here");
        for (String t : unavailable) {
            SQLException e = catchThrowableOfType(
                    SQLException.class, () -> insertOne(fixture.url("?transport=" + t), new Properties()));
            assertThat(e.getSQLState()).isEqualTo("08001");
            assertThat(e.getMessage()).contains("transport=" + t + " cannot be used here");
        }
    }

    @Test
    void unixSocketUrl_separatesSocketPathFromDatabase() throws Exception {
        assumeTrue(Epoll.isAvailable(), "the embedded server listens on unix sockets through epoll");
        Path socket = Files.createDirectories(dir.resolve("run.d")).resolve("greptime.v1.sock");
        fixture = new ServerFixture(b -> b.unixSocket(socket));
        assertThat(insertOne("jdbc:greptime:unix://" + socket + "/metrics_db", new Properties()))
                .isEqualTo(1);
        assertThat(fixture.engine().lastContext().schema()).isEqualTo("metrics_db");
        assertThat(insertOne("jdbc:greptime:unix://" + socket + "?database=other", new Properties()))
                .isEqualTo(1);
        assertThat(fixture.engine().lastContext().schema()).isEqualTo("other");
    }

    @ParameterizedTest
    @ValueSource(strings = {"io_uring", "epoll"})
    void unixSocketProperty_worksOnEachNativeTransport(String transport) throws Exception {
        assumeTrue(Epoll.isAvailable(), "the embedded server listens on unix sockets through epoll");
        assumeTrue(available(transport), transport + " does not load here");
        Path socket = dir.resolve("gt");
        fixture = new ServerFixture(b -> b.unixSocket(socket));
        Properties p = new Properties();
        p.setProperty("unixSocket", socket.toString());
        p.setProperty("transport", transport);
        assertThat(insertOne("jdbc:greptime://localhost/unix_db", p)).isEqualTo(1);
        assertThat(fixture.engine().lastContext().schema()).isEqualTo("unix_db");
    }

    @Test
    void unixSocketWithTls_verifiesTheUrlHostAsServerName() throws Exception {
        assumeTrue(Epoll.isAvailable(), "the embedded server listens on unix sockets through epoll");
        TestPki pki = new TestPki("unix-ca");
        TestPki.Issued cert = pki.leaf("localhost", "localhost");
        Path socket = dir.resolve("tls.sock");
        fixture = new ServerFixture(b -> b.tls(cert.key(), cert.certificate()).unixSocket(socket));
        Properties p = new Properties();
        p.setProperty("tls", "true");
        p.setProperty("tlsRootCert", TestPki.pem(pki.ca.certificate()));
        assertThat(insertOne("jdbc:greptime:unix://" + socket, p)).isEqualTo(1);
    }

    @Test
    void unixSocketOnNio_isRefusedWithTheReason() throws Exception {
        Properties p = new Properties();
        p.setProperty("transport", "nio");
        SQLException e = catchThrowableOfType(
                SQLException.class, () -> insertOne("jdbc:greptime:unix://" + dir.resolve("x.sock"), p));
        assertThat(e.getSQLState()).isEqualTo("08001");
        assertThat(e.getMessage()).contains("transport=nio cannot connect to a unix domain socket");
    }

    @Test
    void missingUnixSocket_failsWith08001NamingThePath() throws Exception {
        assumeTrue(Epoll.isAvailable() || IoUring.isAvailable(), "no native transport here");
        Path missing = dir.resolve("nobody-listens.sock");
        SQLException e = catchThrowableOfType(
                SQLException.class, () -> insertOne("jdbc:greptime:unix://" + missing, new Properties()));
        assertThat(e.getSQLState()).isEqualTo("08001");
        assertThat(e.getMessage()).contains("unix:" + missing);
    }

    @Test
    void inProcessTransport_reachesTheEmbeddedServerWithoutSockets() throws Exception {
        String name = "transport-test-" + System.nanoTime();
        fixture = new ServerFixture(b -> b.inProcess(name));
        try (Connection c = DriverManager.getConnection("jdbc:greptime://" + name + "/inproc_db?transport=inprocess");
                Statement st = c.createStatement()) {
            assertThat(st.executeUpdate("INSERT 4")).isEqualTo(4);
            try (var rs = st.executeQuery("SELECT ROWS 5 BATCH 2")) {
                int rows = 0;
                while (rs.next()) {
                    rows++;
                }
                assertThat(rows).isEqualTo(5);
            }
        }
        assertThat(fixture.engine().lastContext().schema()).isEqualTo("inproc_db");
        SQLException e = catchThrowableOfType(
                SQLException.class,
                () -> insertOne("jdbc:greptime://no-such-" + name + "?transport=inprocess", new Properties()));
        assertThat(e.getSQLState()).isEqualTo("08001");
    }

    /** A TCP listener that accepts and never answers: connect succeeds, the HTTP/2 or TLS handshake never ends. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void connectTimeout_coversTheHandshakeAfterTcpConnect(boolean tls) throws Exception {
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
            p.setProperty("tls", Boolean.toString(tls));
            SQLException e = catchThrowableOfType(
                    SQLException.class, () -> insertOne("jdbc:greptime://127.0.0.1:" + silent.getLocalPort(), p));
            assertThat(e.getSQLState()).isEqualTo("08001");
            assertThat(e.getMessage()).contains("within 700 ms").contains("connectTimeout");
        } finally {
            acceptor.shutdownNow();
            for (Socket s : held) {
                s.close();
            }
        }
    }

    @Test
    void keepaliveSettings_areAcceptedAndTheConnectionWorks() throws Exception {
        fixture = new ServerFixture();
        Properties p = new Properties();
        p.setProperty("keepAliveTime", "10000");
        p.setProperty("keepAliveTimeout", "5000");
        p.setProperty("keepAliveWithoutCalls", "true");
        assertThat(insertOne(fixture.url(""), p)).isEqualTo(1);
        p.setProperty("keepAliveWithoutCalls", "sometimes");
        SQLException e = catchThrowableOfType(SQLException.class, () -> insertOne(fixture.url(""), p));
        assertThat(e.getMessage()).contains("keepAliveWithoutCalls=sometimes");
    }
}
