package io.greptime.jdbc.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeDataSource;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Meters in a registry given to the DataSource, read back from a SimpleMeterRegistry. */
class MicrometerMetricsTest {
    private static final String PASSWORD = "mm-pw";
    private static ObservedServer server;

    @BeforeAll
    static void start() {
        server = new ObservedServer(PASSWORD);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static GreptimeDataSource dataSource(String query, Object registry) {
        GreptimeDataSource ds = new GreptimeDataSource();
        ds.setUrl(server.url(query));
        ds.setUser(ObservedServer.USER);
        ds.setPassword(PASSWORD);
        ds.setMeterRegistry(registry);
        return ds;
    }

    @Test
    void registry_getsCallsRowsErrorsAndGauges() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        String endpoint;
        try (Connection c = dataSource("metrics=micrometer", registry).getConnection()) {
            endpoint = server.url("").substring("jdbc:greptime://".length()).replaceAll("\\?.*", "");
            assertThat(registry.get("greptime.jdbc.connections.open").gauge().value())
                    .isEqualTo(1.0);
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE mm (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
                try (ResultSet rs = st.executeQuery("SELECT * FROM range(300)")) {
                    assertThat(registry.get("greptime.jdbc.resultsets.open")
                                    .gauge()
                                    .value())
                            .isEqualTo(1.0);
                    while (rs.next()) {
                        // every batch counted
                    }
                }
                assertThatThrownBy(() -> st.executeQuery("SELECT * FROM nowhere"))
                        .isInstanceOf(SQLException.class);
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO mm (ts, host, v) VALUES (?, ?, ?)")) {
                for (int i = 0; i < 7; i++) {
                    ps.setTimestamp(1, new Timestamp(i));
                    ps.setString(2, "h");
                    ps.setDouble(3, i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            assertThat(registry.get("greptime.jdbc.rows.read").counter().count())
                    .isEqualTo(300.0);
            assertThat(registry.get("greptime.jdbc.rows.written").counter().count())
                    .isEqualTo(7.0);
            Timer doGet = registry.get("greptime.jdbc.calls")
                    .tags("endpoint", endpoint, "method", "doGet", "status", "OK")
                    .timer();
            assertThat(doGet.count()).isGreaterThanOrEqualTo(2);
            assertThat(registry.get("greptime.jdbc.calls.errors")
                            .tags("method", "doGet", "status", "4001")
                            .counter()
                            .count())
                    .isEqualTo(1.0);
            assertThat(registry.get("greptime.jdbc.statements")
                            .tags("outcome", "error")
                            .timer()
                            .count())
                    .isEqualTo(1);
            assertThat(registry.find("greptime.jdbc.arrow.memory").gauges()).hasSize(1);
            // no tag carries a statement id (unbounded cardinality)
            registry.getMeters()
                    .forEach(m -> m.getId()
                            .getTags()
                            .forEach(t -> assertThat(t.getValue()).doesNotContainPattern("^[0-9a-f]{4}-[0-9a-z]+$")));
        }
        // the DoPut stream outlives its statement (kept for the next batch into the table) and is timed
        // as one call when the connection ends it
        assertThat(registry.get("greptime.jdbc.calls")
                        .tags("method", "doPut", "status", "OK")
                        .timer()
                        .count())
                .isEqualTo(1);
        assertThat(registry.get("greptime.jdbc.bytes.written")
                        .tags("method", "doPut")
                        .counter()
                        .count())
                .isGreaterThan(0);
        assertThat(registry.get("greptime.jdbc.connections.open").gauge().value())
                .isEqualTo(0.0);
        assertThat(registry.get("greptime.jdbc.statements.open").gauge().value())
                .isEqualTo(0.0);
        assertThat(registry.find("greptime.jdbc.arrow.memory").gauges()).isEmpty();
    }

    @Test
    void metricsJmxOrNone_leaveTheRegistryEmpty() throws Exception {
        for (String mode : new String[] {"jmx", "none"}) {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            try (Connection c = dataSource("metrics=" + mode, registry).getConnection();
                    Statement st = c.createStatement()) {
                st.execute("SELECT 1");
            }
            assertThat(registry.getMeters()).as(mode).isEmpty();
        }
    }

    @Test
    void notARegistry_isAClearError() {
        assertThatThrownBy(() -> dataSource("metrics=micrometer", new Object()).getConnection())
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getSQLState()).isEqualTo("HY024");
                    assertThat(e.getMessage()).contains("MeterRegistry");
                });
    }
}
