package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** executeBatch as Flight DoPut against the embedded server's real DoPut, as both GreptimeDB releases answer it. */
// v0.14 has no real DoPut (its stub answers byte counts, so the write route sends row inserts there): the DoPut
// tests here leave that profile out; WriteRoutesTest and ValueFidelityTest cover it.
class BulkInsertTest {
    private static final Instant T0 = Instant.parse("2024-03-01T00:00:00Z");
    private BulkFixture fixture;

    private Connection open(ServerProfile profile, String query) throws SQLException {
        fixture = new BulkFixture(profile);
        Connection c = fixture.connect(query);
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE, n BIGINT, "
                    + "f FLOAT, flag BOOLEAN, d DECIMAL(10,2), u TINYINT UNSIGNED, `day` DATE, bin VARBINARY)");
        }
        return c;
    }

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture);
    }

    private static void bindRow(PreparedStatement ps, int i) throws SQLException {
        ps.setTimestamp(1, Timestamp.from(T0.plusMillis(i)));
        ps.setString(2, "host-" + (i % 7));
        ps.setDouble(3, i * 0.5);
        ps.setLong(4, Long.MAX_VALUE - i);
        ps.setFloat(5, i / 4f);
        ps.setBoolean(6, i % 2 == 0);
        ps.setBigDecimal(7, BigDecimal.valueOf(i, 2));
        ps.setInt(8, i % 256);
        ps.setDate(9, Date.valueOf(LocalDate.of(2024, 1, 1).plusDays(i % 300)));
        if (i % 5 == 0) {
            ps.setNull(10, Types.VARBINARY);
        } else {
            ps.setBytes(10, new byte[] {(byte) i, (byte) (i >> 8)});
        }
    }

    private static final String INSERT =
            "INSERT INTO m (ts, host, v, n, f, flag, d, u, day, bin) " + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    @ParameterizedTest
    @CsvSource({"V1_2,none", "V1_2,lz4", "V1_2,zstd", "V0_17,none", "V0_17,lz4", "V0_17,zstd"})
    void executeBatch_storesEveryRowExactly_overDoPut(ServerProfile profile, String compression) throws Exception {
        try (Connection c = open(profile, "bulkFlushRows=300&bulkCompression=" + compression);
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (int i = 0; i < 1000; i++) {
                bindRow(ps, i);
                ps.addBatch();
            }
            int[] counts = ps.executeBatch();
            assertThat(counts).hasSize(1000).containsOnly(1);
            GreptimeWriteStatistics s = stats(c);
            assertThat(s.doPutStreams()).isEqualTo(1);
            assertThat(s.doPutBatches()).isEqualTo(4);
            assertThat(s.doPutRows()).isEqualTo(1000);
            assertThat(s.statementBatches()).isZero();
            assertThat(fixture.engine.putBatches.get()).isEqualTo(4);
            assertRowsStored(c, 1000);
        }
    }

    /**
     * A large batch leaves in parts while the caller is still binding: of 16384 rows while the table's
     * batch size is unknown, then of a third of the previous batch; executeBatch answers for every row.
     */
    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void largeBatch_isSentInPartsWhileBinding_sizedByThePreviousBatch(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "bulkCompression=none");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (int i = 0; i < 60_000; i++) {
                bindRow(ps, i);
                ps.addBatch();
            }
            assertThat(stats(c).doPutBatches())
                    .as("16384 x 3 sent before executeBatch")
                    .isEqualTo(3);
            assertThat(stats(c).doPutRows()).isEqualTo(3 * 16384);
            assertThat(ps.executeBatch()).hasSize(60_000).containsOnly(1);
            assertThat(stats(c).doPutBatches()).isEqualTo(4);

            for (int i = 60_000; i < 120_000; i++) {
                bindRow(ps, i);
                ps.addBatch();
            }
            assertThat(stats(c).doPutBatches()).as("then parts of 60,000 / 3").isEqualTo(4 + 3);
            assertThat(ps.executeBatch()).hasSize(60_000).containsOnly(1);
            assertThat(stats(c).doPutBatches()).isEqualTo(7);
            assertThat(fixture.engine.putBatches.get()).isEqualTo(7);
            assertRowsStored(c, 120_000);
        }
    }

    /** A batch no larger than the smallest part goes whole, as one DoPut batch, at executeBatch. */
    @Test
    void batchUpToTheSmallestPart_goesAsOneDoPutBatch() throws Exception {
        try (Connection c = open(ServerProfile.V1_3, "bulkCompression=none");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < 10_000; i++) {
                    bindRow(ps, round * 10_000 + i);
                    ps.addBatch();
                }
                assertThat(stats(c).doPutBatches())
                        .as("nothing sent while binding")
                        .isEqualTo(round);
                assertThat(ps.executeBatch()).hasSize(10_000).containsOnly(1);
                assertThat(stats(c).doPutBatches()).isEqualTo(round + 1);
            }
            assertRowsStored(c, 20_000);
        }
    }

    /** One lexer decides the route: a comment anywhere in the INSERT no longer sends it one row at a time. */
    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void commentedInsert_stillGoesOverDoPut(ServerProfile profile) throws Exception {
        String commented = "INSERT /* c */ INTO m -- columns\n (ts, host, v, n, f, flag, d, u, day, bin) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, /* last */ ?);";
        try (Connection c = open(profile, "");
                PreparedStatement ps = c.prepareStatement(commented)) {
            for (int i = 0; i < 10; i++) {
                bindRow(ps, i);
                ps.addBatch();
            }
            assertThat(ps.executeBatch()).hasSize(10).containsOnly(1);
            // v0.14's DoPut is a stub that stores nothing: the batch goes as row inserts there, never per row
            boolean stub = profile == ServerProfile.V0_14;
            assertThat(stats(c).doPutRows()).isEqualTo(stub ? 0 : 10);
            assertThat(stats(c).rowInsertRows()).isEqualTo(stub ? 10 : 0);
            assertThat(stats(c).statementBatches()).isZero();
            assertRowsStored(c, 10);
        }
    }

    private static void assertRowsStored(Connection c, int rows) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ts, host, v, n, f, flag, d, u, day, bin FROM m ORDER BY ts")) {
            for (int i = 0; i < rows; i++) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getTimestamp(1).toInstant()).isEqualTo(T0.plusMillis(i));
                assertThat(rs.getString(2)).isEqualTo("host-" + (i % 7));
                assertThat(rs.getDouble(3)).isEqualTo(i * 0.5);
                assertThat(rs.getLong(4)).isEqualTo(Long.MAX_VALUE - i);
                assertThat(rs.getFloat(5)).isEqualTo(i / 4f);
                assertThat(rs.getBoolean(6)).isEqualTo(i % 2 == 0);
                assertThat(rs.getBigDecimal(7)).isEqualByComparingTo(BigDecimal.valueOf(i, 2));
                assertThat(rs.getInt(8)).isEqualTo(i % 256);
                assertThat(rs.getObject(9, LocalDate.class))
                        .isEqualTo(LocalDate.of(2024, 1, 1).plusDays(i % 300));
                if (i % 5 == 0) {
                    assertThat(rs.getBytes(10)).isNull();
                } else {
                    assertThat(rs.getBytes(10)).containsExactly((byte) i, (byte) (i >> 8));
                }
            }
            assertThat(rs.next()).isFalse();
        }
    }

    @ParameterizedTest
    // A subset of the columns: v0.15-v0.17 panic on such a DoPut and v1.0 refuses it (audit B4), so the write
    // route sends the full column set there. v0.14 takes row inserts (no DoPut stream to reuse).
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void sameKeyTwice_keepsTheLastRow_upsert(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "");
                PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, ?)")) {
            for (double v : new double[] {1.0, 2.0, 3.0}) {
                ps.setTimestamp(1, Timestamp.from(T0));
                ps.setString(2, "a");
                ps.setDouble(3, v);
                ps.addBatch();
            }
            assertThat(ps.executeBatch()).containsExactly(1, 1, 1);
            ps.setTimestamp(1, Timestamp.from(T0));
            ps.setString(2, "a");
            ps.setDouble(3, 4.0);
            ps.addBatch();
            ps.executeBatch();
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT v, n FROM m")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getDouble(1)).isEqualTo(4.0);
                assertThat(rs.getObject(2)).isNull();
                assertThat(rs.next()).isFalse();
            }
            assertThat(stats(c).doPutStreams())
                    .as("one stream reused across executeBatch calls")
                    .isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void parametersCarryOverBetweenRows_andColumnlessInsertUsesTableOrder(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "");
                PreparedStatement ps = c.prepareStatement("insert into M values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(2, "same-host");
            for (int i = 3; i <= 10; i++) {
                ps.setNull(i, Types.NULL);
            }
            for (int i = 0; i < 3; i++) {
                ps.setObject(1, T0.plusSeconds(i));
                ps.addBatch();
            }
            assertThat(ps.executeBatch()).containsExactly(1, 1, 1);
            assertThat(stats(c).doPutRows()).isEqualTo(3);
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(*) FROM m WHERE host = 'same-host'")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(3);
            }
        }
    }

    @ParameterizedTest
    // A subset of the columns, on every line: the write route sends what each one can take (audit B4)
    @EnumSource(ServerProfile.class)
    void executeUpdate_onTheBulkPath_writesOneRow(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "");
                PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host) VALUES (?, ?)")) {
            ps.setTimestamp(1, Timestamp.from(T0));
            ps.setString(2, "single");
            assertThat(ps.executeUpdate()).isEqualTo(1);
            assertThat(count(c, "m")).isEqualTo(1);
            assertThat(ps.executeBatch()).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void serverFailureAfterTwoBatches_countsSayExactlyWhichRowsAreIn(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "bulkFlushRows=100&bulkWindow=2");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            fixture.engine.failPutAfter(2);
            for (int i = 0; i < 450; i++) {
                bindRow(ps, i);
                ps.addBatch();
            }
            java.sql.BatchUpdateException e = org.assertj.core.api.Assertions.catchThrowableOfType(
                    java.sql.BatchUpdateException.class, ps::executeBatch);
            assertThat((Throwable) e).isNotNull();
            // 5000 StorageUnavailable is a retryable server error on a healthy connection: 40000, not class 08
            assertThat(e.getSQLState()).isEqualTo("40000");
            assertThat(e.getMessage()).contains("Injected region failure on batch 3");
            long[] counts = e.getLargeUpdateCounts();
            assertThat(counts).hasSize(450);
            assertThat(Arrays.copyOf(counts, 200)).containsOnly(1);
            assertThat(Arrays.copyOfRange(counts, 200, 450)).containsOnly(Statement.EXECUTE_FAILED);
            assertThat(count(c, "m")).as("exactly the rows the counts report").isEqualTo(200);
            assertRowsStored(c, 200);

            // the statement and the connection stay usable: a new stream takes the next batch
            for (int i = 200; i < 250; i++) {
                bindRow(ps, i);
                ps.addBatch();
            }
            assertThat(ps.executeBatch()).hasSize(50).containsOnly(1);
            assertThat(count(c, "m")).isEqualTo(250);
            assertThat(stats(c).doPutStreams()).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void droppedConnectionMidStream_reportsOnlyAnsweredRowsAsIn(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "bulkFlushRows=100&bulkWindow=1");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            // the ack of the call (v1.2) or of the schema (v0.17), then two batch answers, then the cut
            fixture.serverStreamCut = true;
            fixture.server.faults().dropStreamAfter(3, io.greptime.jdbc.tck.server.FaultInjector.DO_PUT);
            for (int i = 0; i < 500; i++) {
                bindRow(ps, i);
                ps.addBatch();
            }
            java.sql.BatchUpdateException e = org.assertj.core.api.Assertions.catchThrowableOfType(
                    java.sql.BatchUpdateException.class, ps::executeBatch);
            assertThat((Throwable) e).isNotNull();
            long[] counts = e.getLargeUpdateCounts();
            long in = Arrays.stream(counts).filter(n -> n == 1).count();
            assertThat(in).isEqualTo(200);
            assertThat(Arrays.copyOfRange(counts, 200, 500)).containsOnly(Statement.EXECUTE_FAILED);
            // rows reported in are stored; with a window of 1 at most the one unanswered batch may also be
            assertThat(count(c, "m")).isBetween(200L, 300L);
            assertThat(c.isValid(5)).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void badValues_failAtTheSetterNamingRowAndColumn_andNothingIsHalfWritten(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            bindRow(ps, 0);
            ps.addBatch();
            bindRow(ps, 1);
            assertThatThrownBy(() -> ps.setInt(8, 256))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Row 2")
                    .hasMessageContaining("column 'u'")
                    .extracting(t -> ((SQLException) t).getSQLState())
                    .isEqualTo("22003");
            assertThatThrownBy(() -> ps.setString(3, "not a number"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("column 'v'")
                    .extracting(t -> ((SQLException) t).getSQLState())
                    .isEqualTo("22018");
            assertThatThrownBy(() -> ps.setBigDecimal(7, new BigDecimal("123456789.5")))
                    .extracting(t -> ((SQLException) t).getSQLState())
                    .isEqualTo("22003");
            assertThatThrownBy(() -> ps.setBytes(2, new byte[] {1}))
                    .extracting(t -> ((SQLException) t).getSQLState())
                    .isEqualTo("22018");
            ps.setNull(1, Types.TIMESTAMP);
            assertThatThrownBy(ps::addBatch)
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Row 2")
                    .hasMessageContaining("'ts'")
                    .extracting(t -> ((SQLException) t).getSQLState())
                    .isEqualTo("22004");
            assertThat(ps.executeBatch()).containsExactly(1);
            assertThat(count(c, "m")).isEqualTo(1);
            assertRowsStored(c, 1);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void missingParameter_failsAddBatchWith07001(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "");
                PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, ?)")) {
            ps.setTimestamp(1, Timestamp.from(T0));
            ps.setString(2, "x");
            assertThatThrownBy(ps::addBatch)
                    .extracting(t -> ((SQLException) t).getSQLState())
                    .isEqualTo("07001");
            assertThatThrownBy(() -> ps.setLong(4, 1))
                    .extracting(t -> ((SQLException) t).getSQLState())
                    .isEqualTo("07009");
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void otherStatements_keepTheStatementPath(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "");
                PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, ? + 1)")) {
            ps.setTimestamp(1, Timestamp.from(T0));
            ps.setString(2, "expr");
            ps.setDouble(3, 1);
            ps.addBatch();
            assertThat(ps.executeBatch()).containsExactly(1);
            assertThat(stats(c).statementBatches()).isEqualTo(1);
            assertThat(stats(c).doPutRows()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void bulkWritesOff_keepsTheStatementPath(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "bulkWrites=false");
                PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host) VALUES (?, ?)")) {
            ps.setTimestamp(1, Timestamp.from(T0));
            ps.setString(2, "off");
            ps.addBatch();
            assertThat(ps.executeBatch()).containsExactly(1);
            assertThat(stats(c).doPutStreams()).isZero();
            assertThat(count(c, "m")).isEqualTo(1);
        }
    }
}
