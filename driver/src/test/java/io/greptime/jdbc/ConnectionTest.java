package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.testing.ServerFixture;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.ZoneId;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ConnectionTest {
    private static ServerFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @AfterEach
    void noLeaks() {
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    @Test
    void connect_andIsValid() throws Exception {
        try (Connection c = fixture.connect()) {
            assertThat(c.isValid(5)).isTrue();
            assertThat(c.getSchema()).isEqualTo("public");
            assertThat(c.getCatalog()).isEqualTo("greptime");
            c.close();
            assertThat(c.isValid(1)).isFalse();
            assertThat(c.isClosed()).isTrue();
        }
    }

    @Test
    void sessionState_travelsWithEveryRequest() throws Exception {
        Properties p = new Properties();
        p.setProperty("timezone", "Asia/Shanghai");
        p.setProperty("hints", "ttl=7d,append_mode=true");
        try (Connection c = fixture.connect("/metrics", p);
                Statement st = c.createStatement()) {
            st.executeUpdate("INSERT 1");
            var ctx = fixture.engine().lastContext();
            assertThat(ctx.schema()).isEqualTo("metrics");
            assertThat(ctx.catalog()).isEqualTo("greptime");
            assertThat(ctx.timeZone()).isEqualTo(ZoneId.of("Asia/Shanghai"));
            assertThat(ctx.hints()).containsEntry("ttl", "7d").containsEntry("append_mode", "true");
        }
    }

    @Test
    void catalogSchemaDatabase_isSentAsDbname() throws Exception {
        try (Connection c = fixture.connect("/mycat-Sensors", new Properties());
                Statement st = c.createStatement()) {
            st.executeUpdate("INSERT 1");
            assertThat(fixture.engine().lastContext().catalog()).isEqualTo("mycat");
            assertThat(fixture.engine().lastContext().schema()).isEqualTo("Sensors");
            assertThat(c.getCatalog()).isEqualTo("mycat");
            assertThat(c.getSchema()).isEqualTo("Sensors");
        }
    }

    @Test
    void use_switchesOnlyWhenTheServerAccepts() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            assertThat(st.execute("USE Metrics")).isFalse();
            assertThat(c.getSchema()).isEqualTo("metrics");
            st.executeUpdate("INSERT 1");
            assertThat(fixture.engine().lastContext().schema()).isEqualTo("metrics");
            assertThatThrownBy(() -> st.execute("USE missing"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("3F000"));
            assertThat(c.getSchema()).isEqualTo("metrics");
            c.setSchema("other");
            st.executeUpdate("INSERT 1");
            assertThat(fixture.engine().lastContext().schema()).isEqualTo("other");
        }
    }

    @Test
    void setTimeZone_isKeptByTheDriver() throws Exception {
        try (Connection c = fixture.connect("?timezone=UTC", new Properties());
                Statement st = c.createStatement()) {
            st.execute("SET time_zone = 'america/new_york'");
            GreptimeConnection g = c.unwrap(GreptimeConnection.class);
            assertThat(g.getSessionTimeZone()).isEqualTo(ZoneId.of("America/New_York"));
            st.executeUpdate("INSERT 1");
            assertThat(fixture.engine().lastContext().timeZone()).isEqualTo(ZoneId.of("America/New_York"));
            st.execute("SET TIMEZONE TO '+08:00'");
            st.executeUpdate("INSERT 1");
            assertThat(fixture.engine().lastContext().timeZone()).isEqualTo(ZoneId.of("+08:00"));
            assertThatThrownBy(() -> st.execute("SET time_zone = 'Mars/Olympus'"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22023"));
            assertThat(g.getSessionTimeZone()).isEqualTo(ZoneId.of("+08:00"));
        }
    }

    @Test
    void defaultTimeZone_isTheJvmZone() throws Exception {
        try (Connection c = fixture.connect()) {
            assertThat(c.unwrap(GreptimeConnection.class).getSessionTimeZone()).isEqualTo(ZoneId.systemDefault());
        }
    }

    @Test
    void hints_canBeChangedThroughTheExtensionInterface() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            c.unwrap(GreptimeConnection.class).setHints(Map.of("auto_create_table", "false"));
            st.executeUpdate("INSERT 1");
            assertThat(fixture.engine().lastContext().hints()).containsEntry("auto_create_table", "false");
        }
    }

    @Test
    void close_closesStatementsAndResultSets() throws Exception {
        Connection c = fixture.connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT ROWS 1000 BATCH 100");
        assertThat(rs.next()).isTrue();
        c.close();
        assertThat(rs.isClosed()).isTrue();
        assertThat(st.isClosed()).isTrue();
        assertThatThrownBy(c::createStatement)
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("08003"));
    }

    @Test
    void transactions_areHarmlessNoOps() throws Exception {
        try (Connection c = fixture.connect()) {
            assertThat(c.getAutoCommit()).isTrue();
            c.setAutoCommit(false);
            c.commit();
            c.rollback();
            assertThat(c.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_NONE);
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            assertThat((Throwable) c.getWarnings()).isNotNull();
            assertThat(c.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_NONE);
            assertThatThrownBy(c::setSavepoint)
                    .isInstanceOfSatisfying(
                            SQLFeatureNotSupportedException.class,
                            e -> assertThat(e.getSQLState()).isEqualTo("0A000"));
            assertThatThrownBy(() -> c.prepareCall("CALL x()")).hasMessageContaining("prepareCall");
            assertThatThrownBy(() -> c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY))
                    .isInstanceOf(SQLFeatureNotSupportedException.class);
        }
    }

    @Test
    void metaData_answersIdentityAndBatchSupport() throws Exception {
        try (Connection c = fixture.connect("?user=", new Properties())) {
            DatabaseMetaData md = c.getMetaData();
            assertThat(md.getDriverName()).isEqualTo(GreptimeDriver.NAME);
            assertThat(md.getDriverVersion()).isEqualTo(GreptimeDriver.VERSION);
            assertThat(md.getDatabaseProductName()).isEqualTo("GreptimeDB");
            assertThat(md.getURL()).isEqualTo(fixture.url("?user="));
            assertThat(md.supportsBatchUpdates()).isTrue();
            assertThat(md.getConnection()).isSameAs(c);
            // catalog queries (information_schema) are covered by metadata.DatabaseMetaDataTest on the DuckDB engine
            assertThat(md.getTypeInfo().getMetaData().getColumnCount()).isEqualTo(18);
        }
    }
}
