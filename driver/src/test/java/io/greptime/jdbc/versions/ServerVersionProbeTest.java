package io.greptime.jdbc.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeServerCapability;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The driver reads each server's version once (audit C1) and derives its capabilities from it; a pinned
 * {@code serverVersion} replaces the probe; a reconnect to an upgraded server is noticed; a time zone the
 * server does not know is noticed (C9).
 */
class ServerVersionProbeTest {
    private final DuckDbEngine engine = DuckDbEngine.inMemory();
    private final AtomicInteger requests = new AtomicInteger();
    private EmbeddedGreptimeServer server;

    private EmbeddedGreptimeServer start(ServerProfile profile, int port) {
        return EmbeddedGreptimeServer.builder()
                .port(port)
                .engine(engine)
                .profile(profile)
                .onRequestHeader(h -> requests.incrementAndGet())
                .build()
                .start();
    }

    private Connection connect(String query) throws SQLException {
        return DriverManager.getConnection("jdbc:greptime://" + server.address() + "/public" + query);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        engine.close();
        assertThat(io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe.driverAllocatedBytes())
                .as("driver Arrow memory left")
                .isZero();
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void version_isReadOnceAndGivesTheLinesCapabilities(ServerProfile profile) throws SQLException {
        server = start(profile, 0);
        try (Connection c = connect("")) {
            GreptimeConnection g = c.unwrap(GreptimeConnection.class);
            int before = requests.get();
            assertThat(g.getServerVersion()).hasValue(profile.version());
            assertThat(requests.get() - before).as("one probe").isEqualTo(1);
            assertThat(g.getServerCapabilities().contains(GreptimeServerCapability.BULK_WRITES))
                    .isEqualTo(profile != ServerProfile.V0_14);
            assertThat(g.getServerCapabilities().contains(GreptimeServerCapability.BASIC_AUTH_ON_BULK_WRITES))
                    .isEqualTo(profile.acceptsBasicPutAuth());
            assertThat(g.getServerCapabilities().contains(GreptimeServerCapability.RETRY_HINTS))
                    .isEqualTo(profile.sendsRetryHint());
            assertThat(g.getServerCapabilities().contains(GreptimeServerCapability.KEY_COLUMN_USAGE_PER_CONSTRAINT))
                    .isEqualTo(profile.keyColumnUsagePerConstraint());
            assertThat(g.getServerCapabilities().contains(GreptimeServerCapability.IMMEDIATE_BULK_ACK))
                    .isEqualTo(profile.acksPutImmediately());
            assertThat(requests.get() - before).as("answers are remembered").isEqualTo(1);
            assertThat(c.getMetaData().getDatabaseProductVersion()).isEqualTo(profile.version());
        }
    }

    @Test
    void credentialsCheck_isTheProbe_soAnAuthenticatedConnectionAsksNothingMore() throws SQLException {
        server = EmbeddedGreptimeServer.builder()
                .port(0)
                .engine(engine)
                .profile(ServerProfile.V0_17)
                .user("u", "p")
                .onRequestHeader(h -> requests.incrementAndGet())
                .build()
                .start();
        try (Connection c =
                DriverManager.getConnection("jdbc:greptime://" + server.address() + "/public?user=u&password=p")) {
            int afterConnect = requests.get();
            assertThat(afterConnect).as("only the credentials check").isEqualTo(1);
            assertThat(c.unwrap(GreptimeConnection.class).getServerVersion()).hasValue("0.17.2");
            assertThat(requests.get()).isEqualTo(afterConnect);
        }
    }

    @Test
    void pinnedVersion_replacesTheProbe() throws SQLException {
        server = start(ServerProfile.V1_3, 0);
        try (Connection c = connect("?serverVersion=0.15.0")) {
            GreptimeConnection g = c.unwrap(GreptimeConnection.class);
            int before = requests.get();
            assertThat(g.getServerVersion()).hasValue("0.15.0");
            assertThat(g.getServerCapabilities())
                    .contains(GreptimeServerCapability.BULK_WRITES)
                    .doesNotContain(GreptimeServerCapability.BASIC_AUTH_ON_BULK_WRITES);
            assertThat(requests.get()).isEqualTo(before);
        }
    }

    @Test
    void pinnedVersion_mustBeAVersion() {
        server = start(ServerProfile.V1_3, 0);
        assertThatThrownBy(() -> connect("?serverVersion=latest"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("serverVersion=latest");
    }

    @Test
    void reconnectToAnUpgradedServer_isReadAgain() throws Exception {
        server = start(ServerProfile.V0_17, 0);
        int port = server.port();
        try (Connection c = connect("")) {
            GreptimeConnection g = c.unwrap(GreptimeConnection.class);
            assertThat(g.getServerVersion()).hasValue("0.17.2");
            server.close();
            server = start(ServerProfile.V1_2, port);
            // the first call after the upgrade may meet the broken connection; the driver retries reads
            try (var st = c.createStatement()) {
                st.executeQuery("SELECT 1").close();
            } catch (SQLException firstCallAfterRestart) {
                // tolerated: the channel learns of the restart here
            }
            long until = System.nanoTime() + 10_000_000_000L;
            while (!g.getServerVersion().equals(java.util.Optional.of("1.2.0-beta.2")) && System.nanoTime() < until) {
                Thread.sleep(50);
            }
            assertThat(g.getServerVersion()).hasValue("1.2.0-beta.2");
            assertThat(g.getServerCapabilities()).contains(GreptimeServerCapability.RETRY_HINTS);
        }
    }

    @Test
    void zoneTheServerDoesNotKnow_isWarnedAndReplacedByItsOffset() throws SQLException {
        server = start(ServerProfile.V1_3, 0);
        // The JDK knows SystemV/PST8PDT; GreptimeDB's chrono-tz does not and would read it as UTC, silently.
        java.time.ZoneOffset now =
                java.time.ZoneId.of("SystemV/PST8PDT").getRules().getOffset(java.time.Instant.now());
        try (Connection c = connect("?timezone=SystemV/PST8PDT")) {
            GreptimeConnection g = c.unwrap(GreptimeConnection.class);
            g.getServerVersion();
            SQLWarning w = c.getWarnings();
            Object warning = w;
            assertThat(warning).isNotNull();
            assertThat(w.getMessage()).contains("SystemV/PST8PDT").contains(now.getId());
            assertThat(g.getSessionTimeZone()).isEqualTo(now);
            try (var st = c.createStatement();
                    var rs = st.executeQuery("SELECT timezone()")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo(now.getId());
            }
        }
    }

    @Test
    void knownZone_raisesNoWarning() throws SQLException {
        server = start(ServerProfile.V1_3, 0);
        try (Connection c = connect("?timezone=Asia/Shanghai")) {
            c.unwrap(GreptimeConnection.class).getServerVersion();
            Object warning = c.getWarnings();
            assertThat(warning).isNull();
        }
    }
}
