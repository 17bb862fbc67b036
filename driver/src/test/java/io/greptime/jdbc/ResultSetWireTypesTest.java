package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.testing.DuckDbFixture;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GreptimeDB's types end to end: created and written with SQL on the embedded server (DuckDB engine),
 * read back over DoGet through flight-bridge's readers. The JVM zone (Los Angeles) differs from the
 * session zone (Kolkata) and from UTC, so a reader that used the wrong zone would shift values.
 */
class ResultSetWireTypesTest {
    private static final ZoneId SESSION = ZoneId.of("Asia/Kolkata");
    private static final LocalDateTime WALL = LocalDateTime.of(2024, 3, 10, 12, 34, 56, 123_456_789);
    private static DuckDbFixture fixture;
    private TimeZone savedJvmZone;
    private Connection conn;

    @BeforeAll
    static void start() throws SQLException {
        fixture = new DuckDbFixture();
        try (Connection c = connect();
                Statement st = c.createStatement()) {
            st.executeUpdate(
                    "CREATE TABLE wt (ts TIMESTAMP(3) TIME INDEX, j JSON, v VECTOR(3), u BIGINT UNSIGNED, "
                            + "`dec` DECIMAL(12,3), tm TIME, d DATE, ts_s TIMESTAMP(0), ts_us TIMESTAMP(6), ts_ns TIMESTAMP(9))");
            // timestamp literals are read in the session zone (protocol.md §8)
            st.executeUpdate("INSERT INTO wt VALUES ('2024-03-10 12:34:56.123', '{\"a\":[1,2.5,\"x\"],\"b\":null}', "
                    + "'[1.5,-2,3.25]', 18446744073709551615, -12345.678, '23:59:58', '2024-02-29', "
                    + "'2024-03-10 12:34:56', '2024-03-10 12:34:56.123456', '2024-03-10 12:34:56.123456789')");
        }
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:greptime://" + fixture.server().address() + "?timezone=" + SESSION);
    }

    @BeforeEach
    void open() throws SQLException {
        savedJvmZone = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("America/Los_Angeles"));
        conn = connect();
    }

    @AfterEach
    void close() throws SQLException {
        conn.close();
        TimeZone.setDefault(savedJvmZone);
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    private interface RowCheck {
        void check(ResultSet rs) throws SQLException;
    }

    private void withRow(String sql, RowCheck check) throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            check.check(rs);
            assertThat(rs.next()).isFalse();
        }
    }

    @Test
    void json_readsAsJsonText() throws Exception {
        withRow("SELECT j FROM wt", rs -> {
            assertThat(rs.getString(1).replace(" ", "")).isEqualTo("{\"a\":[1,2.5,\"x\"],\"b\":null}");
            assertThat(rs.getObject(1)).isEqualTo(rs.getString(1));
            assertThat(rs.getMetaData().getColumnTypeName(1)).isEqualTo("JSON");
        });
    }

    @Test
    void vector_readsAsFloatArray() throws Exception {
        withRow("SELECT v FROM wt", rs -> {
            assertThat(rs.getObject(1)).isInstanceOf(float[].class);
            assertThat((float[]) rs.getObject(1)).containsExactly(1.5f, -2f, 3.25f);
            assertThat(rs.getString(1)).isEqualTo("[1.5,-2,3.25]");
            assertThat(rs.getMetaData().getColumnTypeName(1)).isEqualTo("VECTOR(3)");
        });
    }

    @Test
    void uint64Max_isBigIntegerNeverNegative() throws Exception {
        BigInteger max = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
        withRow("SELECT u FROM wt", rs -> {
            assertThat(rs.getObject(1)).isEqualTo(max);
            assertThat(rs.getBigDecimal(1)).isEqualTo(new BigDecimal(max));
            assertThat(rs.getString(1)).isEqualTo(max.toString());
            assertThat(rs.getMetaData().isSigned(1)).isFalse();
        });
    }

    @Test
    void decimal_keepsScale() throws Exception {
        withRow("SELECT dec FROM wt", rs -> {
            assertThat(rs.getBigDecimal(1)).isEqualTo(new BigDecimal("-12345.678"));
            assertThat(rs.getString(1)).isEqualTo("-12345.678");
            ResultSetMetaData md = rs.getMetaData();
            assertThat(md.getColumnType(1)).isEqualTo(Types.DECIMAL);
            assertThat(md.getPrecision(1)).isEqualTo(12);
            assertThat(md.getScale(1)).isEqualTo(3);
        });
    }

    @Test
    void timeAndDate_areWallClocksWhateverTheZones() throws Exception {
        withRow("SELECT tm, d FROM wt", rs -> {
            assertThat(rs.getObject("tm", LocalTime.class)).isEqualTo(LocalTime.of(23, 59, 58));
            assertThat(rs.getTime("tm").toLocalTime()).isEqualTo(LocalTime.of(23, 59, 58));
            assertThat(rs.getObject("d", LocalDate.class)).isEqualTo(LocalDate.of(2024, 2, 29));
            assertThat(rs.getDate("d").toLocalDate()).isEqualTo(LocalDate.of(2024, 2, 29));
            assertThat(rs.getString("d")).isEqualTo("2024-02-29");
        });
    }

    @Test
    void timestamps_inEveryUnit_areInstantsOfTheSessionWallClock() throws Exception {
        Instant nanos = WALL.atZone(SESSION).toInstant();
        withRow("SELECT ts, ts_s, ts_us, ts_ns FROM wt", rs -> {
            assertThat(rs.getObject("ts_s", Instant.class)).isEqualTo(nanos.minusNanos(123_456_789));
            assertThat(rs.getObject("ts", Instant.class)).isEqualTo(nanos.minusNanos(456_789));
            assertThat(rs.getObject("ts_us", Instant.class)).isEqualTo(nanos.minusNanos(789));
            assertThat(rs.getObject("ts_ns", Instant.class)).isEqualTo(nanos);
            assertThat(rs.getTimestamp("ts_ns").toInstant()).isEqualTo(nanos);
            assertThat(rs.getObject("ts_ns", LocalDateTime.class)).isEqualTo(WALL);
            assertThat(rs.getString("ts_s")).isEqualTo("2024-03-10T12:34:56");
            assertThat(rs.getString("ts_ns")).isEqualTo("2024-03-10T12:34:56.123456789");
            ResultSetMetaData md = rs.getMetaData();
            for (int i = 1; i <= 4; i++) {
                assertThat(md.getColumnType(i)).isEqualTo(Types.TIMESTAMP);
            }
            assertThat(md.unwrap(GreptimeResultSetMetaData.class).isTimeIndex(1))
                    .isTrue();
            assertThat(md.unwrap(GreptimeResultSetMetaData.class).isTimeIndex(2))
                    .isFalse();
        });
    }

    @Test
    void interval_readsAsTextAndDuration() throws Exception {
        withRow("SELECT INTERVAL '1 day 2 hours' AS i, INTERVAL '14 months' AS m", rs -> {
            assertThat(rs.getString("i")).isEqualTo("P1DT2H");
            assertThat(rs.getObject("i", Duration.class)).isEqualTo(Duration.ofHours(26));
            assertThat(rs.getString("m")).isEqualTo("P1Y2M");
            assertThat(rs.getMetaData().getColumnType(1)).isEqualTo(Types.OTHER);
        });
    }

    @Test
    void utf8ViewFunctions_readAsStrings() throws Exception {
        withRow("SELECT version(), database()", rs -> {
            assertThat(rs.getString(1)).isNotBlank();
            assertThat(rs.getString(2)).isEqualTo("public");
            assertThat(rs.getObject(2)).isEqualTo("public");
            assertThat(rs.getMetaData().getColumnType(2)).isEqualTo(Types.VARCHAR);
        });
    }
}
