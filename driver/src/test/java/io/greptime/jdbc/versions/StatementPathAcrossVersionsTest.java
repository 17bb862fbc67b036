package io.greptime.jdbc.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Statements on every line: USE (audit B3: every release answers it with record batches, which Handle
 * refuses) and prepared INSERTs whose literals must keep GreptimeDB's fast INSERT path (A2: off it, every
 * tagged release reads naive timestamps in UTC, not the session zone).
 */
class StatementPathAcrossVersionsTest {
    private static ProfileServers servers;

    @BeforeAll
    static void start() {
        servers = new ProfileServers();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        servers.close();
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void use_switchesTheDatabase_andCountsAsAnUpdateOfZero(ServerProfile profile) throws SQLException {
        try (Connection c = servers.connect(profile, "");
                Statement st = c.createStatement()) {
            st.executeUpdate("CREATE DATABASE IF NOT EXISTS other");
            assertThat(st.execute("USE other")).isFalse();
            assertThat(st.getUpdateCount()).isZero();
            assertThat(c.getSchema()).isEqualTo("other");
            try (ResultSet rs = st.executeQuery("SELECT database()")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("other");
            }
            assertThatThrownBy(() -> st.execute("USE no_such_db"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("3F000"));
            assertThat(c.getSchema()).isEqualTo("other");
        }
    }

    /**
     * In Asia/Shanghai (UTC+8) a wall clock of 12:00:00.001 is 04:00:00.001Z. A negative int rendered as
     * {@code (-3)}, a float as a CAST, or a date as {@code DATE '…'} used to push the INSERT off the fast
     * path, where the naive timestamp became 12:00Z on every tagged release.
     */
    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void preparedInsert_keepsTheSessionZone_andExactValues(ServerProfile profile) throws SQLException {
        try (Connection c = servers.connect(profile, "?timezone=Asia/Shanghai&bulkWrites=false");
                Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE IF NOT EXISTS lit (ts TIMESTAMP(3) TIME INDEX, v INT, f FLOAT,"
                    + " d DECIMAL(10, 2), `day` DATE, s STRING, PRIMARY KEY (s))");
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO lit (ts, v, f, d, day, s) VALUES (?, ?, ?, ?, ?, ?)")) {
                ps.setObject(1, LocalDateTime.of(2026, 8, 2, 12, 0, 0, 1_000_000));
                ps.setInt(2, -3);
                ps.setFloat(3, 0.1f);
                ps.setBigDecimal(4, new BigDecimal("-12.50"));
                ps.setObject(5, LocalDate.of(2026, 8, 2));
                ps.setString(6, "object");
                assertThat(ps.executeUpdate()).isEqualTo(1);
                ps.setString(1, "2026-08-02 12:00:00.001"); // a naive string: the server reads it
                ps.setString(6, "string");
                assertThat(ps.executeUpdate()).isEqualTo(1);
            }
            try (ResultSet rs = st.executeQuery("SELECT s, ts, v, f, d, day FROM lit ORDER BY s")) {
                for (String s : new String[] {"object", "string"}) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo(s);
                    assertThat(rs.getObject(2, Instant.class))
                            .as(s)
                            .isEqualTo(Instant.parse("2026-08-02T04:00:00.001Z"));
                    assertThat(rs.getInt(3)).isEqualTo(-3);
                    assertThat(rs.getFloat(4)).isEqualTo(0.1f);
                    assertThat(rs.getBigDecimal(5)).isEqualByComparingTo("-12.50");
                    assertThat(rs.getObject(6, LocalDate.class)).isEqualTo(LocalDate.of(2026, 8, 2));
                }
            }
        }
    }
}
