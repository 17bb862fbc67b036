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
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** With bulkAutoCreateTable, a batch into a missing table goes as RowInsertRequests, which create it; later ones use DoPut. */
// v0.14 has no real DoPut (its stub answers byte counts), so its batches never take it over: left out here.
class RowInsertFallbackTest {
    private static final Instant T0 = Instant.parse("2024-09-01T10:00:00.123456789Z");
    private BulkFixture fixture;

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture);
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void unknownTable_rowsCreateIt_thenDoPutTakesOver(ServerProfile profile) throws Exception {
        fixture = new BulkFixture(profile);
        try (Connection c = fixture.connect("bulkAutoCreateTable=true")) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO fresh (ts, host, v) VALUES (?, ?, ?)")) {
                for (int i = 0; i < 10; i++) {
                    ps.setTimestamp(1, Timestamp.from(T0)); // same instant: rows differ only by the tag
                    ps.setString(2, "h" + i);
                    ps.setDouble(3, i);
                    ps.addBatch();
                }
                assertThat(ps.executeBatch()).hasSize(10).containsOnly(1);
            }
            GreptimeWriteStatistics s = stats(c);
            assertThat(s.rowInsertRequests()).isEqualTo(1);
            assertThat(s.rowInsertRows()).isEqualTo(10);
            assertThat(s.doPutRows()).isZero();
            assertThat(fixture.engine.rowInserts.get()).isEqualTo(1);
            assertThat(count(c, "fresh"))
                    .as("host became a tag, so equal timestamps do not collide")
                    .isEqualTo(10);
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT ts, v FROM fresh WHERE host = 'h7'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getTimestamp(1).toInstant()).isEqualTo(T0);
                assertThat(rs.getDouble(2)).isEqualTo(7.0);
            }

            try (PreparedStatement ps = c.prepareStatement("INSERT INTO fresh (ts, host, v) VALUES (?, ?, ?)")) {
                ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(1)));
                ps.setString(2, "h0");
                ps.setDouble(3, 42);
                ps.addBatch();
                assertThat(ps.executeBatch()).containsExactly(1);
            }
            assertThat(stats(c).doPutRows()).as("the table exists now").isEqualTo(1);
            assertThat(count(c, "fresh")).isEqualTo(11);
        }
    }

    /** Without bulkAutoCreateTable a batch into a missing (or mistyped) table fails as SQL does, creating nothing. */
    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void unknownTable_withoutOptIn_failsAsSqlDoes_andCreatesNothing(ServerProfile profile) throws Exception {
        fixture = new BulkFixture(profile);
        try (Connection c = fixture.connect("");
                PreparedStatement ps = c.prepareStatement("INSERT INTO Mistyped (ts, host, v) VALUES (?, ?, ?)")) {
            ps.setTimestamp(1, Timestamp.from(T0));
            ps.setString(2, "h");
            ps.setDouble(3, 1);
            ps.addBatch();
            assertThatThrownBy(ps::executeBatch)
                    .isInstanceOfSatisfying(
                            BatchUpdateException.class,
                            e -> assertThat(e.getSQLState()).isEqualTo("42S02"));
            assertThat(stats(c).rowInsertRequests()).isZero();
            assertThat(fixture.engine.rowInserts.get()).isZero();
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery(
                            "SELECT count(*) FROM information_schema.tables WHERE table_name = 'mistyped'")) {
                rs.next();
                assertThat(rs.getLong(1)).isZero();
            }
        }
    }

    /**
     * Auto-created columns keep what was bound: decimals exact (DECIMAL(38, largest scale)), and a column
     * NULL in every row becomes a string field, not a tag (fidelity audit C7).
     */
    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void autoCreatedTable_keepsDecimalsExact_andAllNullColumnsAreFields(ServerProfile profile) throws Exception {
        fixture = new BulkFixture(profile);
        try (Connection c = fixture.connect("bulkAutoCreateTable=true")) {
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO made (ts, host, price, note) VALUES (?, ?, ?, ?)")) {
                for (int i = 0; i < 3; i++) {
                    ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(i)));
                    ps.setString(2, "h");
                    ps.setBigDecimal(3, new java.math.BigDecimal(i == 2 ? "0.123456789012345678" : "12345678901234.5"));
                    ps.setNull(4, java.sql.Types.VARCHAR);
                    ps.addBatch();
                }
                assertThat(ps.executeBatch()).containsExactly(1, 1, 1);
            }
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT price FROM made ORDER BY ts")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBigDecimal(1)).isEqualByComparingTo("12345678901234.5");
                assertThat(rs.next()).isTrue();
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBigDecimal(1)).isEqualByComparingTo("0.123456789012345678");
            }
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT column_name, semantic_type FROM information_schema.columns "
                            + "WHERE table_name = 'made' ORDER BY column_name")) {
                java.util.Map<String, String> semantic = new java.util.TreeMap<>();
                while (rs.next()) {
                    semantic.put(rs.getString(1), rs.getString(2).toUpperCase(java.util.Locale.ROOT));
                }
                assertThat(semantic)
                        .containsEntry("host", "TAG")
                        .containsEntry("note", "FIELD")
                        .containsEntry("price", "FIELD")
                        .containsEntry("ts", "TIMESTAMP");
            }
        }
    }
}
