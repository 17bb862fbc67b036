package io.greptime.jdbc.failover;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeEndpointStatus;
import io.greptime.jdbc.internal.client.FrontendDiscovery;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code discoverFrontends} against clusters of embedded servers on one engine (each lists the cluster's
 * frontends in information_schema.cluster_info as a real cluster's frontends do): only a frontend that answers
 * with the connection's credentials joins, never an internal gRPC port, a node of another type, a stopped
 * frontend or one with other users; a standalone server's own STANDALONE row adds nothing.
 */
class FrontendDiscoveryTest {
    private final DuckDbEngine engine = DuckDbEngine.inMemory();
    private final List<EmbeddedGreptimeServer> servers = new ArrayList<>();

    @AfterEach
    void close() {
        servers.forEach(EmbeddedGreptimeServer::close);
        engine.close();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    @Test
    void frontends_keepsActiveFrontendRowsWithAnAddress() {
        List<String[]> rows = List.of(
                new String[] {"METASRV", "10.0.0.9:3002", "1s"},
                new String[] {"FRONTEND", "10.0.0.1:4001", "2s 145ms"},
                new String[] {"FRONTEND", "10.0.0.2:4001", "3m 1s"},
                new String[] {"DATANODE", "10.0.0.5:3001", "1s"},
                new String[] {"frontend", "[fd00::3]:4001", null},
                new String[] {"FRONTEND", "", "1s"},
                new String[] {"FRONTEND", "10.0.0.4:0", "1s"},
                new String[] {"FRONTEND", "10.0.0.1:4001", "5s"},
                new String[] {"STANDALONE", "", ""});
        assertThat(FrontendDiscovery.frontends(rows))
                .containsExactly(new JdbcUrl.Endpoint("10.0.0.1", 4001), new JdbcUrl.Endpoint("fd00::3", 4001));
    }

    @Test
    void activeTime_overAMinuteIsStale() {
        assertThat(FrontendDiscovery.stale("59s 999ms")).isFalse();
        assertThat(FrontendDiscovery.stale("1m 1s")).isTrue();
        assertThat(FrontendDiscovery.stale("2h")).isTrue();
        // humantime spells days, months and years out: a frontend gone for two days is not fresh
        assertThat(FrontendDiscovery.stale("2days")).isTrue();
        assertThat(FrontendDiscovery.stale("1day 3ms")).isTrue();
        assertThat(FrontendDiscovery.stale("1month")).isTrue();
        assertThat(FrontendDiscovery.stale("1year 2months")).isTrue();
        assertThat(FrontendDiscovery.stale("not a span")).isFalse();
    }

    /** A standalone GreptimeDB lists itself as STANDALONE with an empty address, in its line's columns. */
    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void discoveryAgainstAStandaloneServer_addsNothing(ServerProfile profile) throws Exception {
        EmbeddedGreptimeServer server = serve(builder(profile, "127.0.0.1", 0));
        try (Connection c = DriverManager.getConnection(url(server, "discoverFrontends=true"))) {
            assertThat(addresses(c)).containsExactly(server.address());
            assertThat(c.unwrap(GreptimeConnection.class)
                            .getEndpointStatus()
                            .get(0)
                            .breaker())
                    .isEqualTo(GreptimeEndpointStatus.Breaker.CLOSED);
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT * FROM information_schema.cluster_info")) {
                int columns = rs.getMetaData().getColumnCount();
                assertThat(columns).isEqualTo(profile.compareTo(ServerProfile.V1_0) >= 0 ? 14 : 8);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString("peer_type")).isEqualTo("STANDALONE");
                assertThat(rs.getString("peer_addr")).isEmpty();
                assertThat(rs.getString("active_time")).isNull();
                assertThat(rs.getString("version")).isEqualTo(profile.version());
                assertThat(rs.next()).isFalse();
            }
        }
    }

    /**
     * From v0.17 a frontend with internal gRPC advertises that unauthenticated port. With the default
     * {@code discoveredPort=url} the driver keeps the host, takes the URL's port, and adds only frontends that
     * answer the connection's credentials.
     */
    @ParameterizedTest
    @EnumSource(
            value = ServerProfile.class,
            names = {"V0_17", "V1_0", "V1_3"})
    void urlPort_addsFrontendsAnsweringTheCredentials_neverTheirInternalPorts(ServerProfile profile) throws Exception {
        EmbeddedGreptimeServer a =
                serve(frontend(profile, "127.0.0.1", 0, "u", "p").internalGrpc(0));
        int port = a.port();
        EmbeddedGreptimeServer b =
                serve(frontend(profile, "127.0.0.2", port, "u", "p").internalGrpc(0));
        serve(frontend(profile, "127.0.0.3", port, "other", "x")); // another user base
        EmbeddedGreptimeServer d = serve(frontend(profile, "127.0.0.4", port, "u", "p"));
        d.stop(); // its row stays, as the metasrv keeps it
        // a datanode that would answer the credentials: not a frontend, never added
        serve(builder(profile, "127.0.0.5", port).user("u", "p"));
        engine.cluster().heartbeat("DATANODE", "127.0.0.5:" + port, "dn", profile.version());

        try (Connection c = DriverManager.getConnection(url(a, "discoverFrontends=true&user=u&password=p"))) {
            assertThat(peerAddresses(c, "FRONTEND"))
                    .containsExactlyInAnyOrder(
                            a.internalAddress(), b.internalAddress(), "127.0.0.3:" + port, "127.0.0.4:" + port);
            assertThat(addresses(c)).containsExactly(a.address(), b.address());
            a.stop();
            assertThat(answer(c)).isEqualTo(1); // the discovered frontend serves once the URL's host is gone
        }
        // the internal port really skips authentication: that is what the driver must not move traffic to
        try (Connection anonymous = DriverManager.getConnection("jdbc:greptime://" + b.internalAddress())) {
            assertThat(answer(anonymous)).isEqualTo(1);
        }
    }

    /**
     * {@code discoveredPort=advertised} takes each frontend's address as reported, and still adds only frontends
     * that answer the credentials and refuse an anonymous query as the URL's host does: an internal gRPC port
     * (which checks nothing) stays out.
     */
    @ParameterizedTest
    @EnumSource(
            value = ServerProfile.class,
            names = {"V0_14", "V0_15", "V0_17", "V1_2"})
    void advertisedPort_addsOnlyFrontendsThatCheckTheSameCredentials(ServerProfile profile) throws Exception {
        EmbeddedGreptimeServer a = serve(frontend(profile, "127.0.0.1", 0, "u", "p"));
        EmbeddedGreptimeServer b = serve(frontend(profile, "127.0.0.1", 0, "u", "p"));
        serve(frontend(profile, "127.0.0.1", 0, "other", "x"));
        EmbeddedGreptimeServer d = serve(frontend(profile, "127.0.0.1", 0, "u", "p"));
        d.stop();
        EmbeddedGreptimeServer internal = null;
        if (profile.hasInternalGrpc()) {
            internal = serve(frontend(profile, "127.0.0.1", 0, "u", "p").internalGrpc(0));
        }
        try (Connection c = DriverManager.getConnection(
                url(a, "discoverFrontends=true&discoveredPort=advertised&user=u&password=p"))) {
            assertThat(peerAddresses(c, "FRONTEND")).hasSize(internal == null ? 4 : 5);
            if (internal != null) {
                assertThat(peerAddresses(c, "FRONTEND")).contains(internal.internalAddress());
            }
            assertThat(addresses(c)).containsExactly(a.address(), b.address());
        }
    }

    /** Without credentials anywhere, frontends join; one that requires a user does not. */
    @Test
    void advertisedPort_withoutAuth_addsTheFrontendsThatNeedNone() throws Exception {
        EmbeddedGreptimeServer a = serve(frontend(ServerProfile.V1_2, "127.0.0.1", 0, null, null));
        EmbeddedGreptimeServer b = serve(frontend(ServerProfile.V1_2, "127.0.0.1", 0, null, null));
        serve(frontend(ServerProfile.V1_2, "127.0.0.1", 0, "u", "p"));
        try (Connection c = DriverManager.getConnection(url(a, "discoverFrontends=true&discoveredPort=advertised"))) {
            assertThat(addresses(c)).containsExactly(a.address(), b.address());
        }
    }

    /** A connection whose discovery finds nothing new keeps its URL's hosts and works (the driver adds none twice). */
    @Test
    void urlPort_aFrontendListingOnlyItselfAddsNothing() throws Exception {
        EmbeddedGreptimeServer a = serve(frontend(ServerProfile.V1_3, "127.0.0.1", 0, "u", "p"));
        try (Connection c = DriverManager.getConnection(url(a, "discoverFrontends=true&user=u&password=p"))) {
            assertThat(peerAddresses(c, "FRONTEND")).containsExactly(a.address());
            assertThat(addresses(c)).containsExactly(a.address());
            assertThat(answer(c)).isEqualTo(1);
        }
    }

    private EmbeddedGreptimeServer.Builder builder(ServerProfile profile, String host, int port) {
        return EmbeddedGreptimeServer.builder()
                .engine(engine)
                .profile(profile)
                .host(host)
                .port(port);
    }

    private EmbeddedGreptimeServer.Builder frontend(
            ServerProfile profile, String host, int port, String user, String password) {
        EmbeddedGreptimeServer.Builder b = builder(profile, host, port).clusterFrontend();
        return user == null ? b : b.user(user, password);
    }

    private EmbeddedGreptimeServer serve(EmbeddedGreptimeServer.Builder builder) {
        EmbeddedGreptimeServer s = builder.build();
        servers.add(s);
        return s.start();
    }

    private static String url(EmbeddedGreptimeServer server, String query) {
        return "jdbc:greptime://" + server.address() + "?connectTimeout=5000&" + query;
    }

    private static List<String> addresses(Connection c) throws SQLException {
        return c.unwrap(GreptimeConnection.class).getEndpointStatus().stream()
                .map(GreptimeEndpointStatus::address)
                .toList();
    }

    private static List<String> peerAddresses(Connection c, String type) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT peer_addr FROM information_schema.cluster_info WHERE peer_type = '" + type + "'")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    private static int answer(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
            return rs.getInt(1);
        }
    }
}
