package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.testing.ServerFixture;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DataSourceTest {
    private static ServerFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture(b -> b.user("pool", "pool-pass"));
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void settersOverrideTheUrl() throws Exception {
        GreptimeDataSource ds = new GreptimeDataSource();
        ds.setUrl(fixture.url("/fromurl?timezone=UTC&user=nobody"));
        ds.setUser("pool");
        ds.setPassword("pool-pass");
        ds.setDatabase("fromsetter");
        ds.setTimezone("Europe/Paris");
        ds.setHints("ttl=1d");
        ds.setApplicationName("pool-test");
        ds.setProperty(GreptimeProperty.COMPRESSION, "gzip");
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            assertThat(st.executeUpdate("INSERT 3")).isEqualTo(3);
            var ctx = fixture.engine().lastContext();
            assertThat(ctx.user()).isEqualTo("pool");
            assertThat(ctx.schema()).isEqualTo("fromsetter");
            assertThat(ctx.timeZone()).isEqualTo(ZoneId.of("Europe/Paris"));
            assertThat(ctx.hints()).containsEntry("ttl", "1d");
        }
    }

    @Test
    void getConnectionWithCredentials_overridesTheSetOnes() throws Exception {
        GreptimeDataSource ds = new GreptimeDataSource();
        ds.setUrl(fixture.url(""));
        ds.setUser("someone");
        ds.setPassword("wrong");
        try (Connection c = ds.getConnection("pool", "pool-pass")) {
            assertThat(c.isValid(5)).isTrue();
        }
    }

    @Test
    void badSettings_areReportedTogetherAtConnect() {
        GreptimeDataSource ds = new GreptimeDataSource();
        ds.setUrl(fixture.url(""));
        ds.setTimezone("Nowhere/Land");
        ds.setProperty(GreptimeProperty.TLS, "yes");
        assertThatThrownBy(ds::getConnection).isInstanceOfSatisfying(SQLException.class, e -> {
            assertThat(e.getSQLState()).isEqualTo("08001");
            assertThat(e.getMessage()).contains("timezone=Nowhere/Land").contains("tls=yes");
        });
    }

    @Test
    void foreignUrl_isRefused() {
        GreptimeDataSource ds = new GreptimeDataSource();
        ds.setUrl("jdbc:postgresql://localhost/db");
        assertThatThrownBy(ds::getConnection).hasMessageContaining("Not a GreptimeDB URL");
    }
}
