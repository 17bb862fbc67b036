package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.GreptimeStreamInserter.Column.field;
import static io.greptime.jdbc.GreptimeStreamInserter.Column.tag;
import static io.greptime.jdbc.GreptimeStreamInserter.Column.timestamp;
import static io.greptime.jdbc.bulk.BulkFixture.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeStreamInserter;
import io.greptime.jdbc.GreptimeStreamInserter.DataType;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.FaultInjector;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** streamInserter: rows for several tables over one HandleRequests stream, against the embedded server. */
class StreamInserterTest {
    private static final Instant T0 = Instant.parse("2024-06-01T00:00:00Z");
    private BulkFixture fixture;

    @BeforeEach
    void start() {
        fixture = new BulkFixture(ServerProfile.V1_2);
    }

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture);
    }

    private static GreptimeStreamInserter cpuAndMem(Connection c) throws SQLException {
        GreptimeStreamInserter in = c.unwrap(GreptimeConnection.class).streamInserter();
        in.declare(
                "cpu",
                tag("host", DataType.STRING),
                timestamp("ts", DataType.TIMESTAMP_MILLISECOND),
                field("usage", DataType.FLOAT64));
        in.declare(
                "mem",
                tag("host", DataType.STRING),
                tag("kind", DataType.STRING),
                timestamp("ts", DataType.TIMESTAMP_NANOSECOND),
                field("bytes", DataType.INT64));
        return in;
    }

    @Test
    void rowsToSeveralTables_finishReturnsTheServersTotal() throws Exception {
        try (Connection c = fixture.connect("bulkFlushRows=7");
                GreptimeStreamInserter in = cpuAndMem(c)) {
            for (int i = 0; i < 25; i++) {
                in.insert("cpu", "h" + (i % 3), Timestamp.from(T0.plusSeconds(i)), i * 1.5);
                if (i % 2 == 0) {
                    in.insert("mem", "h" + (i % 3), "rss", T0.plusNanos(i), (long) i << 20);
                }
            }
            assertThat(in.sentRows())
                    .as("38 rows in requests of 7, 3 still buffered")
                    .isEqualTo(35);
            assertThat(in.finish()).isEqualTo(38);
            assertThat(count(c, "cpu")).isEqualTo(25);
            assertThat(count(c, "mem")).isEqualTo(13);
            assertThat(fixture.engine.rowInserts.get())
                    .as("one engine call per request")
                    .isEqualTo(6);
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT ts, bytes FROM mem WHERE host = 'h1' ORDER BY ts")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getTimestamp(1).toInstant()).isEqualTo(T0.plusNanos(4));
                assertThat(rs.getLong(2)).isEqualTo(4L << 20);
            }
            assertThatThrownBy(() -> in.insert("cpu", "h0", T0, 1.0))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("finished");
        }
    }

    @Test
    void abort_dropsBufferedRows_andStoresAtMostWhatWasSent() throws Exception {
        try (Connection c = fixture.connect("bulkFlushRows=4")) {
            long sent;
            try (GreptimeStreamInserter in = cpuAndMem(c)) {
                for (int i = 0; i < 10; i++) {
                    in.insert("cpu", "h0", T0.plusSeconds(i), (double) i);
                }
                sent = in.sentRows();
                in.abort();
                assertThatThrownBy(() -> in.insert("cpu", "h0", T0.plusSeconds(99), 0.0))
                        .isInstanceOf(SQLException.class)
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("HY008");
                assertThatThrownBy(in::finish).isInstanceOf(SQLException.class);
            }
            assertThat(sent).isEqualTo(8);
            // The server writes each request as it arrives and the cancel races with the last ones, so the
            // table may hold 0, 4 or 8 rows (or not exist) — never the two buffered rows nor the one after abort.
            long stored = tableRows(c, "cpu");
            assertThat(stored).isIn(0L, 4L, 8L);
            try (Statement st = c.createStatement()) {
                if (stored > 0) {
                    try (ResultSet rs = st.executeQuery("SELECT count(*) FROM cpu WHERE usage >= 8")) {
                        rs.next();
                        assertThat(rs.getLong(1)).isZero();
                    }
                }
            }
        }
    }

    private static long tableRows(Connection c, String table) throws SQLException {
        try (ResultSet rs = c.getMetaData().getTables(null, null, table, null)) {
            if (!rs.next()) {
                return 0;
            }
        }
        return count(c, table);
    }

    @Test
    void serverErrorMidStream_surfacesAsSqlException() throws Exception {
        try (Connection c = fixture.connect("bulkFlushRows=2")) {
            try (Statement st = c.createStatement()) {
                st.executeUpdate(
                        "CREATE TABLE cpu (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, `usage` DOUBLE)");
            }
            try (GreptimeStreamInserter in = c.unwrap(GreptimeConnection.class).streamInserter()) {
                in.declare(
                        "cpu",
                        tag("host", DataType.STRING),
                        timestamp("ts", DataType.TIMESTAMP_MILLISECOND),
                        field("usage", DataType.STRING)); // a string into a DOUBLE column: the server refuses it
                in.insert("cpu", "h0", T0, "x");
                assertThatThrownBy(() -> {
                            for (int i = 1; i < 1000; i++) {
                                in.insert("cpu", "h0", T0.plusSeconds(i), "x");
                                Thread.sleep(1);
                            }
                            in.finish();
                        })
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("usage");
            }
            assertThat(count(c, "cpu")).isZero();
            assertThat(c.isValid(5)).isTrue();
        }
    }

    @Test
    void transportFailure_atFinish_isSqlException() throws Exception {
        fixture.server.faults().failNextCalls(1, FaultInjector.HANDLE_REQUESTS, StatusCode.STORAGE_UNAVAILABLE);
        try (Connection c = fixture.connect("");
                GreptimeStreamInserter in = cpuAndMem(c)) {
            in.insert("cpu", "h0", T0, 1.0);
            assertThatThrownBy(in::finish).isInstanceOf(SQLException.class);
        }
    }

    @Test
    void badValue_namesTableRowAndColumn_andTheRowIsNotAdded() throws Exception {
        try (Connection c = fixture.connect("");
                GreptimeStreamInserter in = cpuAndMem(c)) {
            in.insert("cpu", "h0", T0, 1.0);
            assertThatThrownBy(() -> in.insert("cpu", "h0", T0.plusSeconds(1), "not a number"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("cpu")
                    .hasMessageContaining("Row 2")
                    .hasMessageContaining("'usage'");
            assertThatThrownBy(() -> in.insert("cpu", "h0", null, 1.0))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("'ts'")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22004");
            assertThatThrownBy(() -> in.insert("cpu", "h0", T0))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("3 values expected");
            assertThatThrownBy(() -> in.insert("disk", "h0", T0, 1.0))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("not declared");
            in.insert("cpu", "h1", T0.plusSeconds(2), 2.0);
            assertThat(in.finish()).isEqualTo(2);
            assertThat(count(c, "cpu")).isEqualTo(2);
        }
    }

    @Test
    void badDeclaration_failsAtDeclare() throws Exception {
        try (Connection c = fixture.connect("");
                GreptimeStreamInserter in = c.unwrap(GreptimeConnection.class).streamInserter()) {
            assertThatThrownBy(() -> in.declare("t", tag("host", DataType.STRING), field("v", DataType.FLOAT64)))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("exactly one timestamp");
            assertThatThrownBy(() -> in.declare("t", timestamp("ts", DataType.INT64)))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("TIMESTAMP_");
            assertThatThrownBy(() ->
                            in.declare("t", timestamp("ts", DataType.TIMESTAMP_SECOND), field("ts", DataType.FLOAT64)))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("twice");
            assertThat(in.finish()).as("nothing sent, no stream opened").isZero();
        }
    }
}
