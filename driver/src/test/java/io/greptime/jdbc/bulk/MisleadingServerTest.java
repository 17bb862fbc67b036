package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bad input of issue #14: a server whose version answer lies (garbage, a line newer than the driver knows,
 * or an old server claiming a new version), and a table that changes under the writer (its engine, or its
 * columns, through another connection between two batches). The write goes the safe way or fails with an
 * SQLException naming the table; no row is counted that the server did not store.
 */
class MisleadingServerTest {
    private static final long T0 = 1_700_000_000_000L;
    private static final String CPU =
            "CREATE TABLE cpu (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)";
    private static final String INSERT = "INSERT INTO cpu (ts, host, v) VALUES (?, ?, ?)";
    private BulkFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.engine.release();
        }
        BulkFixture.closeChecked(fixture);
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private static int[] write(PreparedStatement ps, int from, int rows) throws SQLException {
        for (int i = from; i < from + rows; i++) {
            ps.setTimestamp(1, new Timestamp(T0 + i));
            ps.setString(2, "h" + (i % 3));
            ps.setDouble(3, i);
            ps.addBatch();
        }
        return ps.executeBatch();
    }

    /**
     * A version text that is no version, or one of a line after 1.3 whose rules nobody read: the oldest line's
     * rules (row inserts, never DoPut), and the rows are all stored.
     */
    @ParameterizedTest
    @ValueSource(strings = {"garbage ☃", "8.4.2-greptimedb", "1.4.0", "2.0.0-nightly-20270101", "99.0.0"})
    void versionTheDriverDoesNotKnow_getsTheOldestLinesRules(String answer) throws Exception {
        fixture = new BulkFixture(ServerProfile.V1_3);
        fixture.engine.version = answer;
        try (Connection c = fixture.connect("")) {
            execute(c, CPU);
            GreptimeConnection g = c.unwrap(GreptimeConnection.class);
            assertThat(g.getServerCapabilities()).isEmpty();
            try (PreparedStatement ps = c.prepareStatement(INSERT)) {
                assertThat(write(ps, 0, 6)).containsOnly(1);
            }
            assertThat(stats(c).doPutRows()).isZero();
            assertThat(stats(c).rowInsertRows()).isEqualTo(6);
            assertThat(count(c, "cpu")).isEqualTo(6);
        }
    }

    /**
     * A v0.14 server (whose DoPut is a stub that stores nothing) claiming to be 1.3: the driver believes it and
     * takes DoPut, but counts only what the server confirms, so executeBatch fails naming the table, nothing is
     * counted, and nothing was stored.
     */
    @Test
    void oldServerClaimingANewVersion_countsNothingItDidNotStore() throws Exception {
        fixture = new BulkFixture(ServerProfile.V0_14);
        fixture.engine.version = "1.3.0";
        try (Connection c = fixture.connect("")) {
            execute(c, CPU);
            try (PreparedStatement ps = c.prepareStatement(INSERT)) {
                assertThat(safeOrRefused(() -> write(ps, 0, 6), c))
                        .as("the stub's answers confirm nothing")
                        .isZero();
                assertThat(stats(c).doPutStreams())
                        .as("the driver believed the claim")
                        .isEqualTo(1);
                assertThat(count(c, "cpu")).isZero();
            }
        }
    }

    /**
     * Another connection turns the table the writer is filling into a metric-engine table (which refuses
     * DoPut) between two batches: that batch goes the safe way or fails naming the table with nothing counted
     * that is not stored, and the next one is stored.
     */
    @Test
    void tableWhoseEngineChangesUnderTheWriter_isWrittenSafelyOrRefusedNamingIt() throws Exception {
        fixture = new BulkFixture(ServerProfile.V1_2);
        try (Connection writer = fixture.connect("");
                Connection other = fixture.connect("")) {
            execute(writer, CPU);
            long stored;
            try (PreparedStatement ps = writer.prepareStatement(INSERT)) {
                assertThat(write(ps, 0, 5)).containsOnly(1);
                assertThat(stats(writer).doPutRows()).isEqualTo(5);
                execute(other, "DROP TABLE cpu");
                execute(
                        other,
                        "CREATE TABLE phy (ts TIMESTAMP(3) TIME INDEX, v DOUBLE) ENGINE = metric"
                                + " WITH ('physical_metric_table' = '')");
                execute(
                        other,
                        "CREATE TABLE cpu (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)"
                                + " ENGINE = metric WITH ('on_physical_table' = 'phy')");
                stored = safeOrRefused(() -> write(ps, 5, 5), writer);
                assertThat(count(writer, "cpu")).isEqualTo(stored);
            }
            try (PreparedStatement ps = writer.prepareStatement(INSERT)) {
                assertThat(write(ps, 10, 5)).containsOnly(1);
            }
            assertThat(count(writer, "cpu")).isEqualTo(stored + 5);
        }
    }

    /**
     * Another connection adds a column (v1.0 refuses a DoPut batch that lacks one) or drops one the writer's
     * batches carry (v0.17 refuses an extra column) between two batches: the same rule.
     */
    @ParameterizedTest
    @ValueSource(strings = {"V1_0:ALTER TABLE cpu ADD COLUMN note STRING", "V0_17:ALTER TABLE cpu DROP COLUMN extra"})
    void ddlBetweenTwoBatches_isWrittenSafelyOrRefusedNamingTheTable(String caseText) throws Exception {
        String[] parts = caseText.split(":", 2);
        fixture = new BulkFixture(ServerProfile.valueOf(parts[0]));
        try (Connection writer = fixture.connect("");
                Connection other = fixture.connect("")) {
            execute(
                    writer,
                    "CREATE TABLE cpu (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE,"
                            + " extra STRING)");
            long stored;
            try (PreparedStatement ps = writer.prepareStatement(INSERT)) {
                assertThat(write(ps, 0, 5)).containsOnly(1);
                execute(other, parts[1]);
                stored = safeOrRefused(() -> write(ps, 5, 5), writer);
                assertThat(count(writer, "cpu")).isEqualTo(5 + stored);
            }
            // a statement prepared after the change writes as the table now is
            try (PreparedStatement ps = writer.prepareStatement(INSERT)) {
                assertThat(write(ps, 10, 5)).containsOnly(1);
            }
            assertThat(count(writer, "cpu")).isEqualTo(5 + stored + 5);
        }
    }

    @FunctionalInterface
    private interface Batch {
        int[] run() throws SQLException;
    }

    /**
     * Runs a batch that meets a changed table: either every row is counted (and so must be stored), or it
     * fails with a BatchUpdateException naming the table whose counts claim nothing. Returns the rows counted.
     */
    private static long safeOrRefused(Batch batch, Connection c) throws SQLException {
        try {
            int[] counts = batch.run();
            assertThat(counts).containsOnly(1);
            return counts.length;
        } catch (BatchUpdateException e) {
            assertThat(e.getSQLState()).isNotNull();
            assertThat(e.getMessage()).contains("cpu");
            assertThat(Arrays.stream(e.getUpdateCounts()).filter(n -> n >= 0 || n == Statement.SUCCESS_NO_INFO))
                    .as("no row counted as stored")
                    .isEmpty();
            return 0;
        }
    }
}
