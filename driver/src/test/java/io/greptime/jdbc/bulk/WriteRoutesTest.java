package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.observe.CapturedLogs;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The write route is chosen when the statement is prepared, from the SQL and what the server and the
 * table take (fidelity audit A1, B1, B4, B5): DoPut where the server really writes it and the table takes
 * it, row inserts otherwise, and the same values bind alike on every route.
 */
class WriteRoutesTest {
    private static final long T0 = 1_700_000_000_000L;
    private BulkFixture fixture;

    private Connection open(String table) throws SQLException {
        fixture = new BulkFixture(ServerProfile.V1_2);
        Connection c = fixture.connect("");
        execute(c, table);
        return c;
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.engine.release();
        }
        BulkFixture.closeChecked(fixture);
    }

    private static int[] write(Connection c, String sql, int from, int rows) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = from; i < from + rows; i++) {
                ps.setTimestamp(1, new Timestamp(T0 + i));
                ps.setString(2, "h" + (i % 2));
                ps.setDouble(3, i);
                ps.addBatch();
            }
            return ps.executeBatch();
        }
    }

    private static final String CPU =
            "CREATE TABLE cpu (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)";
    private static final String INSERT = "INSERT INTO cpu (ts, host, v) VALUES (?, ?, ?)";

    /** DoPut rows never reach a streaming flow, so a table such a flow reads takes row inserts. */
    @Test
    void tableReadByAStreamingFlow_takesRowInserts_andDdlThroughTheConnectionIsSeen() throws Exception {
        try (Connection c = open(CPU)) {
            assertThat(write(c, INSERT, 0, 10)).containsOnly(1);
            assertThat(stats(c).doPutRows()).isEqualTo(10);
            execute(c, "CREATE FLOW hot SINK TO hot_out AS SELECT ts, host, v FROM cpu WHERE v > 15");
            assertThat(write(c, INSERT, 10, 10)).containsOnly(1);
            GreptimeWriteStatistics s = stats(c);
            assertThat(s.doPutRows()).as("no new DoPut rows").isEqualTo(10);
            assertThat(s.rowInsertRows()).isEqualTo(10);
            assertThat(count(c, "cpu")).isEqualTo(20);
        }
    }

    /**
     * A column added through the connection after the INSERT was prepared: the next batch leaves DoPut for
     * row inserts (the server fills the new column), the route code logs why, and the statement chooses
     * its route again, so the batch after goes by DoPut with the table as it now is.
     */
    @Test
    void columnAddedAfterPrepare_nextBatchGoesByRows_visiblyLogged_thenDoPutAgain() throws Exception {
        try (Connection c = open(CPU);
                PreparedStatement ps = c.prepareStatement(INSERT);
                CapturedLogs logs = new CapturedLogs()) {
            bind(ps, 0, 10);
            assertThat(ps.executeBatch()).containsOnly(1);
            assertThat(stats(c).doPutRows()).isEqualTo(10);
            execute(c, "ALTER TABLE cpu ADD COLUMN note STRING");
            bind(ps, 10, 10);
            assertThat(ps.executeBatch()).hasSize(10).containsOnly(1);
            assertThat(stats(c).doPutRows())
                    .as("no DoPut rows for the changed table")
                    .isEqualTo(10);
            assertThat(stats(c).rowInsertRows()).isEqualTo(10);
            assertThat(logs.records)
                    .filteredOn(r -> r.getLevel() == Level.FINE)
                    .extracting(LogRecord::getMessage)
                    .anySatisfy(m -> assertThat(m)
                            .contains("10 rows into cpu", "row inserts", "changed since the INSERT was prepared"));
            bind(ps, 20, 10);
            assertThat(ps.executeBatch()).containsOnly(1);
            assertThat(stats(c).doPutRows()).isEqualTo(20);
            assertThat(count(c, "cpu")).isEqualTo(30);
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(*) FROM cpu WHERE note IS NULL")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(30);
            }
        }
    }

    private static void bind(PreparedStatement ps, int from, int rows) throws SQLException {
        for (int i = from; i < from + rows; i++) {
            ps.setTimestamp(1, new Timestamp(T0 + i));
            ps.setString(2, "h" + (i % 2));
            ps.setDouble(3, i);
            ps.addBatch();
        }
    }

    /** A batching flow (an aggregate) recomputes the windows DoPut marks dirty: DoPut stays. */
    @Test
    void tableReadOnlyByABatchingFlow_keepsDoPut() throws Exception {
        try (Connection c = open(CPU)) {
            execute(
                    c,
                    "CREATE FLOW agg SINK TO agg_out AS SELECT host, max(v) AS peak, "
                            + "date_bin(INTERVAL '1 minute', ts) AS minute FROM cpu GROUP BY host, minute");
            assertThat(write(c, INSERT, 0, 10)).containsOnly(1);
            assertThat(stats(c).doPutRows()).isEqualTo(10);
            assertThat(stats(c).rowInsertRows()).isZero();
        }
    }

    @Test
    void instantTtlTable_takesRowInserts() throws Exception {
        try (Connection c = open(CPU + " WITH (ttl = 'instant')")) {
            assertThat(write(c, INSERT, 0, 5)).containsOnly(1);
            assertThat(stats(c).doPutRows()).isZero();
            assertThat(stats(c).rowInsertRows()).isEqualTo(5);
        }
    }

    /** v0.14's DoPut is a stub that writes nothing: batches there take row inserts (B1, A4). */
    @Test
    void serverWhoseDoPutWritesNothing_getsRowInserts() throws Exception {
        fixture = new BulkFixture(ServerProfile.V1_2);
        fixture.engine.version = "0.14.4";
        try (Connection c = fixture.connect("")) {
            execute(c, CPU);
            assertThat(write(c, INSERT, 0, 5)).containsOnly(1);
            assertThat(stats(c).doPutRows()).isZero();
            assertThat(stats(c).rowInsertRows()).isEqualTo(5);
        }
    }

    @Test
    void unknownVersion_getsTheConservativeRoute() throws Exception {
        fixture = new BulkFixture(ServerProfile.V1_2);
        fixture.engine.version = "GreptimeDB enterprise";
        try (Connection c = fixture.connect("")) {
            execute(c, CPU);
            assertThat(write(c, INSERT, 0, 5)).containsOnly(1);
            assertThat(stats(c).doPutRows()).isZero();
        }
    }

    /**
     * Before v1.1 a DoPut batch with fewer columns than the table panics or is refused (B4): a subset
     * INSERT sends the full column set, NULL for the unlisted ones, or takes row inserts when an unlisted
     * column has a default the server fills only there. From v1.1 the listed columns go as they are.
     */
    @ParameterizedTest
    @ValueSource(strings = {"0.17.2", "1.0.0", "1.1.4"})
    void subsetInsert_sendsWhatTheServerCanTake(String version) throws Exception {
        fixture = new BulkFixture(ServerProfile.V1_2);
        fixture.engine.version = version;
        List<Integer> widths = new ArrayList<>();
        fixture.engine.onPut =
                (VectorSchemaRoot batch) -> widths.add(batch.getFieldVectors().size());
        boolean fills = !version.startsWith("0.") && !version.startsWith("1.0");
        try (Connection c = fixture.connect("")) {
            execute(
                    c,
                    "CREATE TABLE wide (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE, "
                            + "note STRING, unit STRING DEFAULT 'ms')");
            assertThat(write(c, "INSERT INTO wide (ts, host, v) VALUES (?, ?, ?)", 0, 5))
                    .as("the unlisted 'unit' has a default")
                    .containsOnly(1);
            if (fills) {
                assertThat(widths).containsOnly(3);
                assertThat(stats(c).rowInsertRows()).isZero();
            } else {
                assertThat(widths)
                        .as("row inserts, which every version completes with defaults")
                        .isEmpty();
                assertThat(stats(c).rowInsertRows()).isEqualTo(5);
            }
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(*) FROM wide WHERE unit = 'ms'")) {
                rs.next();
                assertThat(rs.getLong(1)).as("the default was applied").isEqualTo(5);
            }
            widths.clear();
            execute(
                    c,
                    "CREATE TABLE narrow (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE, note STRING)");
            assertThat(write(c, "INSERT INTO narrow (ts, host, v) VALUES (?, ?, ?)", 0, 5))
                    .containsOnly(1);
            assertThat(widths)
                    .as("DoPut, with NULL notes when the server cannot fill them")
                    .containsOnly(fills ? 3 : 4);
            assertThat(count(c, "narrow")).isEqualTo(5);
        }
    }

    /** A table whose DoPut the server refused as unsupported takes row inserts from then on (B5). */
    @Test
    void doPutRefusedAsUnsupported_nextBatchesTakeRowInserts() throws Exception {
        try (Connection c = open(CPU)) {
            fixture.engine.onPut = batch -> {
                throw new GreptimeError(StatusCode.UNSUPPORTED, "partition_tree memtable does not support write_bulk");
            };
            assertThatThrownBy(() -> write(c, INSERT, 0, 5))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("0A000"));
            fixture.engine.onPut = batch -> {};
            assertThat(write(c, INSERT, 5, 5)).containsOnly(1);
            assertThat(stats(c).rowInsertRows()).isEqualTo(5);
        }
    }

    /** The same value binds alike on every route: UUID used to fail with 22018 on DoPut only. */
    @ParameterizedTest
    @ValueSource(strings = {"bulkWrites=true", "bulkWrites=false"})
    void setObject_bindsAndRefusesAlikeOnEveryRoute(String query) throws Exception {
        fixture = new BulkFixture(ServerProfile.V1_2);
        try (Connection c = fixture.connect(query)) {
            execute(c, "CREATE TABLE ids (ts TIMESTAMP(3) TIME INDEX, `id` STRING PRIMARY KEY, n BIGINT)");
            UUID id = UUID.fromString("2f1b7c3e-9a4d-4e21-8f0a-5b6c7d8e9f01");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO ids (ts, id, n) VALUES (?, ?, ?)")) {
                ps.setObject(1, new Timestamp(T0));
                ps.setObject(2, id);
                ps.setObject(3, "42", java.sql.Types.BIGINT);
                ps.addBatch();
                assertThat(ps.executeBatch()).containsExactly(1);
                assertThatThrownBy(() -> ps.setObject(3, new Object()))
                        .isInstanceOfSatisfying(
                                SQLException.class,
                                e -> assertThat(e.getSQLState()).isEqualTo("0A000"));
                assertThatThrownBy(() -> ps.setObject(3, "forty", java.sql.Types.BIGINT))
                        .isInstanceOfSatisfying(
                                SQLException.class,
                                e -> assertThat(e.getSQLState()).isEqualTo("22018"));
                assertThatThrownBy(() -> ps.setObject(3, java.time.OffsetTime.now()))
                        .isInstanceOfSatisfying(
                                SQLException.class,
                                e -> assertThat(e.getSQLState()).isEqualTo("0A000"));
            }
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT id, n FROM ids")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo(id.toString());
                assertThat(rs.getLong(2)).isEqualTo(42);
            }
            assertThat(stats(c).doPutRows()).isEqualTo(query.endsWith("true") ? 1 : 0);
        }
    }
}
