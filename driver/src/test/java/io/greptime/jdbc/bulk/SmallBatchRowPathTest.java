package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** bulkRowPathBelow: small executeBatch calls go as RowInsertRequests and store the same rows as DoPut. */
class SmallBatchRowPathTest {
    private static final Instant T0 = Instant.parse("2024-09-01T00:00:00Z");
    private BulkFixture fixture;

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture);
    }

    private static void add(PreparedStatement ps, int i) throws SQLException {
        ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(i)));
        ps.setString(2, "h" + (i % 2));
        ps.setDouble(3, i * 0.25);
        ps.setBigDecimal(4, BigDecimal.valueOf(i * 101L, 2));
        if (i % 3 == 0) {
            ps.setNull(5, Types.BIGINT);
        } else {
            ps.setLong(5, -i);
        }
        ps.addBatch();
    }

    @Test
    void batchesUnderTheThreshold_goAsRows_largerOnesAsDoPut() throws Exception {
        fixture = new BulkFixture(ServerProfile.V1_2);
        try (Connection c = fixture.connect("bulkRowPathBelow=5")) {
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE, "
                        + "d DECIMAL(10,2), n BIGINT)");
            }
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO m (ts, host, v, d, n) VALUES (?, ?, ?, ?, ?)")) {
                for (int i = 0; i < 4; i++) {
                    add(ps, i);
                }
                assertThat(ps.executeBatch()).containsExactly(1, 1, 1, 1);
                GreptimeWriteStatistics s = stats(c);
                assertThat(s.rowInsertRequests()).isEqualTo(1);
                assertThat(s.rowInsertRows()).isEqualTo(4);
                assertThat(s.doPutRows()).isZero();
                for (int i = 4; i < 10; i++) {
                    add(ps, i);
                }
                assertThat(ps.executeBatch()).hasSize(6).containsOnly(1);
                assertThat(stats(c).doPutRows()).isEqualTo(6);
                assertThat(stats(c).rowInsertRequests()).isEqualTo(1);
            }
            assertThat(fixture.engine.rowInserts.get()).isEqualTo(1);
            assertThat(count(c, "m")).isEqualTo(10);
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT ts, host, v, d, n FROM m ORDER BY ts")) {
                for (int i = 0; i < 10; i++) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getTimestamp(1).toInstant()).isEqualTo(T0.plusSeconds(i));
                    assertThat(rs.getString(2)).isEqualTo("h" + (i % 2));
                    assertThat(rs.getDouble(3)).isEqualTo(i * 0.25);
                    assertThat(rs.getBigDecimal(4)).isEqualByComparingTo(BigDecimal.valueOf(i * 101L, 2));
                    assertThat(rs.getObject(5)).isEqualTo(i % 3 == 0 ? null : (long) -i);
                }
            }
        }
    }
}
