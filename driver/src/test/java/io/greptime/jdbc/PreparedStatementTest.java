package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.testing.DuckDbFixture;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Client-side binding against real SQL (the embedded server's DuckDB engine): values round-trip as data. */
class PreparedStatementTest {
    private static DuckDbFixture fixture;
    private Connection conn;

    @BeforeAll
    static void start() throws SQLException {
        fixture = new DuckDbFixture();
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE p (ts TIMESTAMP(9) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE, "
                    + "n BIGINT, d DECIMAL(20,6), b BOOLEAN, bin VARBINARY, `day` DATE)");
        }
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @BeforeEach
    void open() throws SQLException {
        conn = fixture.connect();
    }

    @AfterEach
    void close() throws SQLException {
        conn.close();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    /** Unique across the class: rows are looked up by their time index. */
    private static final java.util.concurrent.atomic.AtomicLong KEY = new java.util.concurrent.atomic.AtomicLong();

    private static Instant nextTs() {
        return Instant.ofEpochSecond(1_700_000_000L + KEY.incrementAndGet() * 60);
    }

    @Test
    void insertThenSelect_roundTripsEveryBoundType() throws Exception {
        Instant ts = Instant.parse("2024-05-06T07:08:09.123456789Z");
        try (PreparedStatement ins = conn.prepareStatement(
                "INSERT INTO p (ts, host, v, n, d, b, bin, day) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            ins.setTimestamp(1, Timestamp.from(ts));
            ins.setString(2, "round-trip");
            ins.setDouble(3, -1.25);
            ins.setLong(4, Long.MIN_VALUE + 1);
            ins.setBigDecimal(5, new BigDecimal("-12345678901234.123456"));
            ins.setBoolean(6, true);
            ins.setBytes(7, new byte[] {0, 1, (byte) 0xFE, (byte) 0xFF});
            ins.setObject(8, LocalDate.of(2024, 2, 29));
            assertThat(ins.executeUpdate()).isEqualTo(1);
        }
        try (PreparedStatement q = conn.prepareStatement("SELECT ts, v, n, d, b, bin, day FROM p WHERE host = ?")) {
            q.setString(1, "round-trip");
            try (ResultSet rs = q.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getObject("ts", Instant.class)).isEqualTo(ts);
                assertThat(rs.getDouble("v")).isEqualTo(-1.25);
                assertThat(rs.getLong("n")).isEqualTo(Long.MIN_VALUE + 1);
                assertThat(rs.getBigDecimal("d")).isEqualByComparingTo("-12345678901234.123456");
                assertThat(rs.getBoolean("b")).isTrue();
                assertThat(rs.getObject("day", LocalDate.class)).isEqualTo(LocalDate.of(2024, 2, 29));
                assertThat(rs.next()).isFalse();
            }
        }
    }

    /** jOOQ's insertInto(...).execute() calls execute() and then getUpdateCount(): it must see the row. */
    @Test
    void execute_ofAOneRowInsert_leavesItsUpdateCountOnBothWritePaths() throws Exception {
        for (String params : new String[] {"", "bulkWrites=false"}) {
            String url = "jdbc:greptime://" + fixture.server().address() + "?timezone=UTC&" + params;
            try (Connection c = java.sql.DriverManager.getConnection(url);
                    PreparedStatement ins = c.prepareStatement("INSERT INTO p (ts, host, v) VALUES (?, ?, ?)")) {
                long doPutRowsBefore =
                        c.unwrap(GreptimeConnection.class).getWriteStatistics().doPutRows();
                ins.setTimestamp(1, Timestamp.from(nextTs()));
                ins.setString(2, "execute-count");
                ins.setDouble(3, 1.5);
                assertThat(ins.execute()).as(params).isFalse();
                assertThat(ins.getResultSet()).as(params).isNull();
                assertThat(ins.getUpdateCount()).as(params).isEqualTo(1);
                assertThat(ins.getLargeUpdateCount()).as(params).isEqualTo(1L);
                long doPutRows =
                        c.unwrap(GreptimeConnection.class).getWriteStatistics().doPutRows() - doPutRowsBefore;
                assertThat(doPutRows).as("rows sent on DoPut with " + params).isEqualTo(params.isEmpty() ? 1 : 0);
                // JDBC's loop over results: the count is read once, then there is nothing more
                assertThat(ins.getMoreResults()).as(params).isFalse();
                assertThat(ins.getUpdateCount()).as(params).isEqualTo(-1);
            }
        }
    }

    @Test
    void bytes_roundTripAsHexLiterals() throws Exception {
        try (PreparedStatement q = conn.prepareStatement("SELECT ? AS b")) {
            q.setBytes(1, new byte[] {0, 1, (byte) 0xFE, (byte) 0xFF});
            try (ResultSet rs = q.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBytes(1)).containsExactly(0, 1, 0xFE, 0xFF);
            }
        }
    }

    @Test
    void bytes_roundTripThroughATable() throws Exception {
        Instant ts = nextTs();
        try (PreparedStatement ins = conn.prepareStatement("INSERT INTO p (ts, host, bin) VALUES (?, ?, ?)")) {
            ins.setTimestamp(1, Timestamp.from(ts));
            ins.setString(2, "bytes");
            ins.setBytes(3, new byte[] {0, 1, (byte) 0xFE, (byte) 0xFF});
            ins.executeUpdate();
        }
        try (PreparedStatement q = conn.prepareStatement("SELECT bin FROM p WHERE ts = ?")) {
            q.setTimestamp(1, Timestamp.from(ts));
            try (ResultSet rs = q.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBytes(1)).containsExactly(0, 1, 0xFE, 0xFF);
            }
        }
    }

    @Test
    void backslashBeforeQuote_isLiteral() throws Exception {
        try (PreparedStatement q = conn.prepareStatement("SELECT ? AS s")) {
            q.setString(1, "a\\");
            try (ResultSet rs = q.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("a\\");
            }
        }
    }

    @Test
    void timestampParameters_areInstantExactWhateverTheZones() throws Exception {
        TimeZone saved = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("America/Los_Angeles"));
        try (Statement st = conn.createStatement()) {
            st.execute("SET time_zone = 'Asia/Shanghai'");
            Instant ts = Instant.parse("2024-11-03T09:30:00.5Z"); // an LA DST change day
            try (PreparedStatement ins = conn.prepareStatement("INSERT INTO p (ts, host) VALUES (?, ?)")) {
                ins.setObject(1, OffsetDateTime.ofInstant(ts, ZoneOffset.ofHours(-7)));
                ins.setString(2, "zones");
                ins.executeUpdate();
            }
            try (PreparedStatement q = conn.prepareStatement("SELECT host FROM p WHERE ts = ?")) {
                q.setTimestamp(1, Timestamp.from(ts));
                try (ResultSet rs = q.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("zones");
                }
            }
        } finally {
            TimeZone.setDefault(saved);
        }
    }

    @Test
    void hostileStrings_roundTripAsDataThroughEveryStringSetter() throws Exception {
        java.util.List<String> corpus = io.greptime.jdbc.internal.jdbc.HostileStringsAccess.corpus(150);
        int setter = 0;
        try (PreparedStatement ins = conn.prepareStatement("INSERT INTO p (ts, host) VALUES (?, ?)");
                PreparedStatement q = conn.prepareStatement("SELECT host FROM p WHERE ts = ?")) {
            for (String s : corpus) {
                Instant ts = nextTs();
                ins.setTimestamp(1, Timestamp.from(ts));
                bindString(ins, 2, s, setter++ % 5);
                assertThat(ins.executeUpdate()).isEqualTo(1);
                q.setTimestamp(1, Timestamp.from(ts));
                try (ResultSet rs = q.executeQuery()) {
                    assertThat(rs.next()).as("row for %s", s).isTrue();
                    assertThat(rs.getString(1)).isEqualTo(s);
                }
            }
        }
        assertThat(corpus).anyMatch(s -> s.indexOf('\0') >= 0).anyMatch(s -> s.contains("\\'"));
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM p")) {
            assertThat(rs.next()).isTrue(); // the table is still there: no injected DROP ran
        }
    }

    private static void bindString(PreparedStatement ps, int i, String s, int how) throws SQLException {
        switch (how) {
            case 0 -> ps.setString(i, s);
            case 1 -> ps.setNString(i, s);
            case 2 -> ps.setObject(i, s);
            case 3 -> ps.setObject(i, s, Types.VARCHAR);
            default -> ps.setCharacterStream(i, new java.io.StringReader(s));
        }
    }

    @Test
    void questionMarksInsideLiterals_areNotParameters() throws Exception {
        try (PreparedStatement ps = conn.prepareStatement("SELECT '?' AS a, ? AS b -- ?")) {
            assertThat(ps.getParameterMetaData().getParameterCount()).isEqualTo(1);
            ps.setInt(1, 7);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString("a")).isEqualTo("?");
                assertThat(rs.getInt("b")).isEqualTo(7);
            }
        }
    }

    @Test
    void missingParameter_fails07001BeforeSending() throws Exception {
        try (PreparedStatement ps = conn.prepareStatement("SELECT ?, ?")) {
            ps.setInt(1, 1);
            assertThatThrownBy(ps::executeQuery)
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("07001"));
            ps.clearParameters();
            assertThatThrownBy(() -> ps.setInt(3, 1))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("07009"));
        }
    }

    @Test
    void nulls_ofAnyType_bindAsNull() throws Exception {
        try (PreparedStatement ps = conn.prepareStatement("SELECT ? IS NULL, ? IS NULL, ? IS NULL, ? IS NULL")) {
            ps.setNull(1, Types.NULL);
            ps.setNull(2, Types.OTHER);
            ps.setNull(3, Types.TIMESTAMP);
            ps.setString(4, null);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                for (int i = 1; i <= 4; i++) {
                    assertThat(rs.getBoolean(i)).as("param %d", i).isTrue();
                }
            }
        }
    }

    @Test
    void batch_insertsEveryParameterSet() throws Exception {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO p (ts, host, n) VALUES (?, ?, ?)")) {
            for (int i = 0; i < 5; i++) {
                ps.setTimestamp(1, Timestamp.from(nextTs()));
                ps.setString(2, "batch");
                ps.setInt(3, i);
                ps.addBatch();
            }
            assertThat(ps.executeBatch()).containsExactly(1, 1, 1, 1, 1);
            ps.setTimestamp(1, Timestamp.from(nextTs()));
            ps.setString(2, "batch");
            ps.setInt(3, 99);
            ps.addBatch();
            // On the DoPut path a value the column cannot hold fails at the setter, naming row and column,
            // and the rows added before it are still sent.
            assertThatThrownBy(() -> ps.setString(1, "not a timestamp"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22018"));
            assertThat(ps.executeBatch()).containsExactly(1);
        }
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM p WHERE host = 'batch'")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(6);
        }
    }

    @Test
    void parameterMetaData_knowsInsertColumnTypes() throws Exception {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO p (ts, host, v, n) VALUES (?, ?, ?, ?)")) {
            ParameterMetaData md = ps.getParameterMetaData();
            assertThat(md.getParameterCount()).isEqualTo(4);
            assertThat(md.getParameterType(1)).isEqualTo(Types.TIMESTAMP);
            assertThat(md.getParameterType(2)).isEqualTo(Types.VARCHAR);
            assertThat(md.getParameterType(3)).isEqualTo(Types.DOUBLE);
            assertThat(md.getParameterType(4)).isEqualTo(Types.BIGINT);
        }
        try (PreparedStatement ps = conn.prepareStatement("SELECT * FROM p WHERE n = ?")) {
            assertThat(ps.getParameterMetaData().getParameterCount()).isEqualTo(1);
            assertThatThrownBy(() -> ps.getParameterMetaData().getParameterType(1))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("0A000"));
        }
    }

    @Test
    void stringOverloads_areRefusedOnAPreparedStatement() throws Exception {
        try (PreparedStatement ps = conn.prepareStatement("SELECT 1")) {
            assertThatThrownBy(() -> ps.executeQuery("SELECT 2")).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> ps.addBatch("SELECT 2")).isInstanceOf(SQLException.class);
        }
    }
}
