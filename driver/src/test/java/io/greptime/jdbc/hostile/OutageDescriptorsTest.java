package io.greptime.jdbc.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Descriptors stay flat through refused connects and a server outage, on every transport (#17 item 2:
 * io_uring left one socket per refused connect, and reconnect storms added more that outlived close()).
 */
class OutageDescriptorsTest {
    /** Sockets the JVM may open or close on its own meanwhile (DNS, JMX, the server's own). */
    private static final int SLACK = 6;

    @ParameterizedTest
    @ValueSource(strings = {"auto", "io_uring", "epoll", "nio", "okhttp"})
    void refusedConnects_leaveNoSocketOpen(String transport) throws Exception {
        assumeTrue(Descriptors.readable(), "needs /proc/self/fd");
        int port = closedPort();
        String url = "jdbc:greptime://127.0.0.1:" + port + "?connectTimeout=2000&transport=" + transport;
        assumeAvailable(url);
        int before = Descriptors.sockets();
        for (int i = 0; i < 200; i++) {
            assertThatThrownBy(() -> DriverManager.getConnection(url).close()).isInstanceOf(SQLException.class);
        }
        int after = Descriptors.socketsSettlingTo(before + SLACK, 10_000);
        assertThat(after - before)
                .as("sockets left by 200 refused connects over " + transport)
                .isLessThanOrEqualTo(SLACK);
    }

    /**
     * Closing the refused channel must not hide why it failed: closed at once, gRPC's held writes failed with
     * "Connection closing while performing protocol negotiation" instead of the refusal.
     */
    @ParameterizedTest
    @ValueSource(strings = {"io_uring", "epoll", "nio"})
    void refusedConnect_saysItWasRefused(String transport) throws Exception {
        String url = "jdbc:greptime://127.0.0.1:" + closedPort() + "?connectTimeout=2000&transport=" + transport;
        assumeAvailable(url);
        assertThatThrownBy(() -> DriverManager.getConnection(url).close())
                .isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(((SQLException) e).getSQLState()).startsWith("08"))
                .hasMessageContaining("refused")
                .hasMessageNotContaining("protocol negotiation");
    }

    @ParameterizedTest
    @ValueSource(strings = {"auto", "io_uring", "epoll", "nio", "okhttp"})
    void serverOutage_reconnectsLeaveNoSocketOpen_afterClose(String transport) throws Exception {
        assumeTrue(Descriptors.readable(), "needs /proc/self/fd");
        int before = Descriptors.sockets();
        try (ProfileServer server = new ProfileServer(ServerProfile.values()[0])) {
            String query = "connectTimeout=5000&transport=" + transport;
            assumeAvailable(server.url(query));
            List<Connection> open = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                Connection c = server.connect(query);
                try (Statement st = c.createStatement()) {
                    st.executeQuery("SELECT 1").close();
                }
                open.add(c);
            }
            server.server().stop();
            long until = System.nanoTime() + 8_000_000_000L;
            while (System.nanoTime() < until) {
                for (Connection c : open) {
                    try (Statement st = c.createStatement()) {
                        st.setQueryTimeout(1);
                        st.executeQuery("SELECT 1").close();
                    } catch (SQLException expected) {
                        // the server is gone: every query fails, channels keep reconnecting
                    }
                }
            }
            for (Connection c : open) {
                c.close();
            }
        }
        int after = Descriptors.socketsSettlingTo(before + SLACK, 10_000);
        assertThat(after - before)
                .as("sockets left after an outage over " + transport)
                .isLessThanOrEqualTo(SLACK);
    }

    /** A loopback port nothing listens on (bound once, then released). */
    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Skips a forced transport that cannot load on this machine (the driver says so with 08001). */
    private static void assumeAvailable(String url) {
        try {
            DriverManager.getConnection(url).close();
        } catch (SQLException e) {
            assumeTrue(e.getMessage() == null || !e.getMessage().contains("cannot be used here"), e.getMessage());
        }
    }
}
