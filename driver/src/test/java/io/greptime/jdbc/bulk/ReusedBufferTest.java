package io.greptime.jdbc.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A statement preparing the INSERT a closed one prepared takes over that statement's column buffer (the
 * connection keeps it): nothing of the earlier statement's rows or parameter values may show through.
 */
class ReusedBufferTest {
    private static final Instant T0 = Instant.parse("2024-06-01T00:00:00Z");
    private static final String INSERT = "INSERT INTO t (ts, host, v) VALUES (?, ?, ?)";
    private BulkFixture fixture;
    private Connection conn;

    @BeforeEach
    void start() throws SQLException {
        fixture = new BulkFixture(ServerProfile.V1_2);
        conn = fixture.connect("bulkCompression=none");
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("CREATE TABLE t (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
    }

    @AfterEach
    void stop() throws SQLException {
        conn.close();
        BulkFixture.closeChecked(fixture);
    }

    @Test
    void nextStatement_startsWithoutTheClosedStatementsParameters() throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(INSERT)) {
            ps.setTimestamp(1, Timestamp.from(T0));
            ps.setString(2, "first");
            ps.setDouble(3, 1.5);
            ps.addBatch();
            ps.setString(2, "unsent"); // set for a row never added
            assertThat(ps.executeBatch()).containsExactly(1);
        }
        try (PreparedStatement ps = conn.prepareStatement(INSERT)) {
            assertThatThrownBy(ps::addBatch)
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("07001"));
            ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(1)));
            assertThatThrownBy(ps::addBatch)
                    .as("host and v were set only on the closed statement")
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("07001"));
            ps.setString(2, "second");
            ps.setDouble(3, 2.5);
            ps.addBatch();
            assertThat(ps.executeBatch()).containsExactly(1);
        }
        assertThat(rows()).containsExactly("2024-06-01T00:00:00Z first 1.5", "2024-06-01T00:00:01Z second 2.5");
    }

    @Test
    void rowsAddedButNotExecuted_areNotSentByTheNextStatement() throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(INSERT)) {
            ps.setTimestamp(1, Timestamp.from(T0));
            ps.setString(2, "dropped");
            ps.setDouble(3, 9);
            ps.addBatch(); // closed without executeBatch: JDBC drops the batch
        }
        try (PreparedStatement ps = conn.prepareStatement(INSERT)) {
            ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(5)));
            ps.setString(2, "kept");
            ps.setDouble(3, 5);
            ps.addBatch();
            assertThat(ps.executeBatch()).containsExactly(1);
        }
        assertThat(rows()).containsExactly("2024-06-01T00:00:05Z kept 5.0");
    }

    /** Many statements, one per batch as Spring runs them, with NULLs in some batches and not in others. */
    @Test
    void statementPerBatch_storesEachBatchAsGiven() throws SQLException {
        List<String> expected = new ArrayList<>();
        for (int b = 0; b < 6; b++) {
            try (PreparedStatement ps = conn.prepareStatement(INSERT)) {
                for (int r = 0; r < 300 + b * 50; r++) {
                    int i = b * 1000 + r;
                    Instant ts = T0.plusMillis(i);
                    ps.setTimestamp(1, Timestamp.from(ts));
                    String host = b % 2 == 0 && r % 7 == 0 ? null : "h" + (i % 11) + "-" + "x".repeat(b);
                    ps.setString(2, host);
                    ps.setDouble(3, i);
                    ps.addBatch();
                    expected.add(ts + " " + host + " " + (double) i);
                }
                assertThat(ps.executeBatch()).hasSize(300 + b * 50).containsOnly(1);
            }
        }
        assertThat(rows()).containsExactlyElementsOf(expected);
    }

    /** Another column order is another buffer: values land in the columns each statement names. */
    @Test
    void otherColumnOrder_doesNotShareTheBuffer() throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(INSERT)) {
            ps.setTimestamp(1, Timestamp.from(T0));
            ps.setString(2, "a");
            ps.setDouble(3, 1);
            ps.addBatch();
            ps.executeBatch();
        }
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO t (v, ts, host) VALUES (?, ?, ?)")) {
            ps.setDouble(1, 2);
            ps.setTimestamp(2, Timestamp.from(T0.plusSeconds(1)));
            ps.setString(3, "b");
            ps.addBatch();
            ps.executeBatch();
        }
        try (PreparedStatement ps = conn.prepareStatement(INSERT)) {
            ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(2)));
            ps.setString(2, "c");
            ps.setDouble(3, 3);
            ps.addBatch();
            ps.executeBatch();
        }
        assertThat(rows())
                .containsExactly(
                        "2024-06-01T00:00:00Z a 1.0", "2024-06-01T00:00:01Z b 2.0", "2024-06-01T00:00:02Z c 3.0");
    }

    private List<String> rows() throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT ts, host, v FROM t ORDER BY ts")) {
            while (rs.next()) {
                out.add(rs.getTimestamp(1).toInstant() + " " + rs.getString(2) + " " + rs.getDouble(3));
            }
        }
        return out;
    }
}
