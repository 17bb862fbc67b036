package io.greptime.jdbc.failover;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeEndpointStatus;
import io.greptime.jdbc.internal.client.FrontendDiscovery;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.testing.DuckDbFixture;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrontendDiscoveryTest {

    @Test
    void frontends_keepsActiveFrontendRowsWithAnAddress() {
        List<String[]> rows = List.of(
                new String[] {"METASRV", "10.0.0.9:3002", "1s"},
                new String[] {"FRONTEND", "10.0.0.1:4001", "2s 145ms"},
                new String[] {"FRONTEND", "10.0.0.2:4001", "3m 1s"},
                new String[] {"DATANODE", "10.0.0.5:3001", "1s"},
                new String[] {"frontend", "[fd00::3]:4001", null},
                new String[] {"FRONTEND", "", "1s"},
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
        assertThat(FrontendDiscovery.stale("not a span")).isFalse();
    }

    /** The embedded server answers cluster_info as a standalone GreptimeDB: one STANDALONE row, no address. */
    @Test
    void discoveryAgainstAStandaloneServer_addsNothing() throws Exception {
        try (DuckDbFixture fixture = new DuckDbFixture();
                Connection c = DriverManager.getConnection(
                        "jdbc:greptime://" + fixture.server().address() + "?discoverFrontends=true")) {
            List<GreptimeEndpointStatus> status =
                    c.unwrap(GreptimeConnection.class).getEndpointStatus();
            assertThat(status)
                    .extracting(GreptimeEndpointStatus::address)
                    .containsExactly(fixture.server().address());
            assertThat(status.get(0).breaker()).isEqualTo(GreptimeEndpointStatus.Breaker.CLOSED);
        }
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }
}
