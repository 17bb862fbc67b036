package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Batched DELETEs by whole key go as RowDeleteRequests; every other DELETE keeps the statement path. */
class KeyedDeleteTest {
    private static final Instant T0 = Instant.parse("2024-05-01T00:00:00Z");
    private BulkFixture fixture;

    private Connection open(String query) throws SQLException {
        fixture = new BulkFixture(ServerProfile.V1_2);
        Connection c = fixture.connect(query);
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE cpu (ts TIMESTAMP(3) TIME INDEX, host STRING, dc STRING, v DOUBLE, "
                    + "PRIMARY KEY (host, dc))");
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO cpu (ts, host, dc, v) VALUES (?, ?, ?, ?)")) {
            for (int i = 0; i < 20; i++) {
                ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(i)));
                ps.setString(2, "h" + (i % 4));
                ps.setString(3, "dc" + (i % 2));
                ps.setDouble(4, i);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        return c;
    }

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture);
    }

    private static List<Integer> remaining(Connection c) throws SQLException {
        List<Integer> out = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT v FROM cpu ORDER BY v")) {
            while (rs.next()) {
                out.add((int) rs.getDouble(1));
            }
        }
        return out;
    }

    /** Binds the key of row i (as written by open) in the statement's parameter order ts, host, dc. */
    private static void bindKey(PreparedStatement ps, int i) throws SQLException {
        ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(i)));
        ps.setString(2, "h" + (i % 4));
        ps.setString(3, "dc" + (i % 2));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "DELETE FROM cpu WHERE ts = ? AND host = ? AND dc = ?",
                "delete from CPU where ? = ts and host = ? and \"dc\" = ?;"
            })
    void wholeKeyDelete_goesAsRowDeleteRequests_successNoInfoPerKey(String sql) throws Exception {
        try (Connection c = open("");
                PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < 20; i += 2) {
                bindKey(ps, i);
                ps.addBatch();
            }
            // GreptimeDB counts the keys it was sent, not the rows they matched (fidelity audit A5): a key
            // that was sent says nothing about whether it named a row
            assertThat(ps.executeBatch()).hasSize(10).containsOnly(Statement.SUCCESS_NO_INFO);
            GreptimeWriteStatistics s = stats(c);
            assertThat(s.rowDeleteRequests()).isEqualTo(1);
            assertThat(s.statementBatches()).isZero();
            assertThat(fixture.engine.rowDeletes.get()).isEqualTo(1);
            assertThat(remaining(c)).containsExactly(1, 3, 5, 7, 9, 11, 13, 15, 17, 19);
        }
    }

    @Test
    void keysOfAbsentRows_countZero_andNullTagMatchesNothing() throws Exception {
        try (Connection c = open("");
                PreparedStatement ps = c.prepareStatement("DELETE FROM cpu WHERE host = ? AND dc = ? AND ts = ?")) {
            ps.setString(1, "nobody");
            ps.setString(2, "dc0");
            ps.setTimestamp(3, Timestamp.from(T0));
            ps.addBatch();
            ps.setString(1, "h1");
            ps.setNull(2, Types.VARCHAR);
            ps.setTimestamp(3, Timestamp.from(T0.plusSeconds(1)));
            ps.addBatch();
            assertThat(ps.executeBatch()).containsExactly(0, 0);
            ps.setString(1, "h1");
            ps.setString(2, "dc1");
            ps.setTimestamp(3, Timestamp.from(T0.plusSeconds(1)));
            ps.addBatch();
            ps.setString(1, "h2");
            ps.setString(2, "dc0");
            ps.setTimestamp(3, Timestamp.from(T0.plusSeconds(999)));
            ps.addBatch();
            assertThat(ps.executeBatch())
                    .as("one of two keys exists: the total says nothing per key")
                    .containsExactly(Statement.SUCCESS_NO_INFO, Statement.SUCCESS_NO_INFO);
            assertThat(count(c, "cpu")).isEqualTo(19);
            assertThat(stats(c).rowDeleteRequests()).isEqualTo(2);
        }
    }

    @Test
    void keysSplitIntoRequestsOfFlushRows() throws Exception {
        try (Connection c = open("bulkFlushRows=3");
                PreparedStatement ps = c.prepareStatement("DELETE FROM cpu WHERE ts = ? AND host = ? AND dc = ?")) {
            for (int i = 0; i < 8; i++) {
                bindKey(ps, i);
                ps.addBatch();
            }
            assertThat(ps.executeBatch()).hasSize(8).containsOnly(Statement.SUCCESS_NO_INFO);
            assertThat(stats(c).rowDeleteRequests()).isEqualTo(3);
            assertThat(count(c, "cpu")).isEqualTo(12);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "DELETE FROM cpu WHERE ts = ? AND host = ?", // a tag missing
                "DELETE FROM cpu WHERE ts = ? AND host = ? AND dc = ? AND v = ?", // a field too
                "DELETE FROM cpu WHERE ts = ? AND host = ? OR dc = ?", // OR
                "DELETE FROM cpu WHERE ts >= ? AND host = ? AND dc = ?"
            }) // a range
    void otherDeletes_keepTheStatementPath(String sql) throws Exception {
        try (Connection c = open("");
                PreparedStatement ps = c.prepareStatement(sql)) {
            int params = ps.getParameterMetaData().getParameterCount();
            ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(4)));
            ps.setString(2, "h0");
            if (params > 2) {
                ps.setString(3, "dc0");
            }
            if (params > 3) {
                ps.setDouble(4, 4);
            }
            ps.addBatch();
            int[] counts = ps.executeBatch();
            assertThat(counts).hasSize(1);
            GreptimeWriteStatistics s = stats(c);
            assertThat(s.rowDeleteRequests()).isZero();
            assertThat(s.statementBatches()).isEqualTo(1);
            assertThat(fixture.engine.rowDeletes.get()).isZero();
            assertThat(remaining(c)).doesNotContain(4);
        }
    }

    @Test
    void nullTimeIndex_failsAtAddBatch_namingRowAndColumn_nothingDeleted() throws Exception {
        try (Connection c = open("");
                PreparedStatement ps = c.prepareStatement("DELETE FROM cpu WHERE ts = ? AND host = ? AND dc = ?")) {
            bindKey(ps, 0);
            ps.addBatch();
            ps.setNull(1, Types.TIMESTAMP);
            ps.setString(2, "h1");
            ps.setString(3, "dc1");
            assertThatThrownBy(ps::addBatch)
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Row 2")
                    .hasMessageContaining("'ts'")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22004");
            assertThat(count(c, "cpu")).as("nothing sent before executeBatch").isEqualTo(20);
            assertThat(ps.executeBatch())
                    .as("the good row is still in the batch")
                    .containsExactly(Statement.SUCCESS_NO_INFO);
            assertThat(count(c, "cpu")).isEqualTo(19);
        }
    }

    @Test
    void wrongType_failsAtTheSetter_namingRowAndColumn() throws Exception {
        try (Connection c = open("");
                PreparedStatement ps = c.prepareStatement("DELETE FROM cpu WHERE ts = ? AND host = ? AND dc = ?")) {
            bindKey(ps, 0);
            ps.addBatch();
            assertThatThrownBy(() -> ps.setString(1, "not a time"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Row 2")
                    .hasMessageContaining("'ts'")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22018");
            ps.clearBatch();
            assertThat(ps.executeBatch()).isEmpty();
            assertThat(count(c, "cpu")).isEqualTo(20);
        }
    }

    @Test
    void serverFailure_reportsEveryKeyFailed_andTheConnectionStaysUsable() throws Exception {
        try (Connection c = open("bulkFlushRows=2");
                PreparedStatement ps = c.prepareStatement("DELETE FROM cpu WHERE ts = ? AND host = ? AND dc = ?")) {
            for (int i = 0; i < 4; i++) {
                bindKey(ps, i);
                ps.addBatch();
            }
            try (Statement st = c.createStatement()) {
                st.executeUpdate("DROP TABLE cpu");
            }
            assertThatThrownBy(ps::executeBatch)
                    .isInstanceOfSatisfying(
                            BatchUpdateException.class,
                            e -> assertThat(e.getLargeUpdateCounts())
                                    .containsExactly(
                                            Statement.EXECUTE_FAILED,
                                            Statement.EXECUTE_FAILED,
                                            Statement.EXECUTE_FAILED,
                                            Statement.EXECUTE_FAILED));
            assertThat(c.isValid(5)).isTrue();
        }
    }
}
