package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.testing.ServerFixture;
import io.greptime.jdbc.testing.TypedRow;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.Properties;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Values of each Arrow type GreptimeDB sends, read through the wire (LZ4-compressed batches). */
class ResultSetTypesTest {
    private static ServerFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private interface RowCheck {
        void check(ResultSet rs) throws SQLException;
    }

    private static void withRow(String zone, RowCheck check) throws SQLException {
        Properties p = new Properties();
        p.setProperty("timezone", zone);
        try (Connection c = fixture.connect("", p);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT TYPES")) {
            assertThat(rs.next()).isTrue();
            check.check(rs);
            assertThat(rs.next()).isFalse();
        }
    }

    @Test
    void integers_signedAndUnsigned_neverNegative() throws Exception {
        withRow("UTC", rs -> {
            assertThat(rs.getByte("i8")).isEqualTo((byte) -5);
            assertThat(rs.getInt("u8")).isEqualTo(200);
            assertThat(rs.getInt("u16")).isEqualTo(60000);
            assertThat(rs.getLong("u32")).isEqualTo(4_000_000_000L);
            assertThat(rs.getObject("u64")).isEqualTo(new BigInteger("18446744073709551615"));
            assertThat(rs.getBigDecimal("u64")).isEqualTo(new BigDecimal("18446744073709551615"));
            assertThat(rs.getString("u64")).isEqualTo("18446744073709551615");
            assertThatThrownBy(() -> rs.getLong("u64"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22003"));
            assertThatThrownBy(() -> rs.getByte("u8"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22003"));
        });
    }

    @Test
    void scalars_readThroughEveryApplicableGetter() throws Exception {
        withRow("UTC", rs -> {
            assertThat(rs.getFloat("f32")).isEqualTo(1.5f);
            assertThat(rs.getDouble("f64")).isEqualTo(2.25);
            assertThat(rs.getBigDecimal("f64")).isEqualByComparingTo("2.25");
            assertThat(rs.getBoolean("b")).isTrue();
            assertThat(rs.getInt("b")).isEqualTo(1);
            assertThat(rs.getString("s")).isEqualTo("héllo 😀");
            assertThat(rs.getBytes("bin")).containsExactly(1, 2, 0xFF);
            assertThat(rs.getString("bin")).isEqualTo("0102ff");
            assertThat(rs.getBigDecimal("dec")).isEqualTo(new BigDecimal("123.45"));
            assertThat(rs.getObject("dec", Double.class)).isEqualTo(123.45);
            assertThat(rs.getInt("nothing")).isZero();
            assertThat(rs.wasNull()).isTrue();
            assertThat(rs.getObject("nothing")).isNull();
            assertThat(rs.getObject("nothing", Integer.class)).isNull();
        });
    }

    @Test
    void dateAndTime_areWallClockValues() throws Exception {
        withRow("Asia/Tokyo", rs -> {
            assertThat(rs.getObject("d", LocalDate.class)).isEqualTo(LocalDate.of(2024, 2, 29));
            assertThat(rs.getDate("d").toLocalDate()).isEqualTo(LocalDate.of(2024, 2, 29));
            assertThat(rs.getObject("t", LocalTime.class)).isEqualTo(LocalTime.of(12, 34, 56, 789_012_000));
            assertThat(rs.getTime("t").toLocalTime()).isEqualTo(LocalTime.of(12, 34, 56));
        });
    }

    @Test
    void metaData_typesForEachColumn() throws Exception {
        withRow("UTC", rs -> {
            ResultSetMetaData md = rs.getMetaData();
            assertThat(md.getColumnType(rs.findColumn("u64"))).isEqualTo(Types.NUMERIC);
            assertThat(md.isSigned(rs.findColumn("u64"))).isFalse();
            assertThat(md.getColumnType(rs.findColumn("dec"))).isEqualTo(Types.DECIMAL);
            assertThat(md.getPrecision(rs.findColumn("dec"))).isEqualTo(10);
            assertThat(md.getScale(rs.findColumn("dec"))).isEqualTo(2);
            assertThat(md.getColumnType(rs.findColumn("ts_ns"))).isEqualTo(Types.TIMESTAMP);
            assertThat(md.getScale(rs.findColumn("ts_ns"))).isEqualTo(9);
            assertThat(md.getColumnClassName(rs.findColumn("ts_ns"))).isEqualTo(Timestamp.class.getName());
            assertThat(md.getColumnType(rs.findColumn("d"))).isEqualTo(Types.DATE);
            assertThat(md.getColumnType(rs.findColumn("bin"))).isEqualTo(Types.VARBINARY);
        });
    }

    /**
     * The same instant reads the same whatever the JVM zone; wall-clock views use the session zone.
     * JVM zone, session zone.
     */
    @ParameterizedTest
    @CsvSource({
        "UTC, UTC",
        "America/Los_Angeles, Asia/Shanghai",
        "Asia/Kolkata, America/New_York",
        "Pacific/Kiritimati, Europe/Berlin"
    })
    void timestamps_areInstantsWhateverTheZones(String jvmZone, String sessionZone) throws Exception {
        TimeZone saved = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone(jvmZone));
        try {
            ZoneId session = ZoneId.of(sessionZone);
            withRow(sessionZone, rs -> {
                assertThat(rs.getTimestamp("ts_ns").toInstant()).isEqualTo(TypedRow.NANOS);
                assertThat(rs.getTimestamp("ts_ns").getNanos()).isEqualTo(123_456_789);
                assertThat(rs.getObject("ts_ns", Instant.class)).isEqualTo(TypedRow.NANOS);
                assertThat(rs.getObject("ts_s", Instant.class)).isEqualTo(TypedRow.SECONDS);
                assertThat(rs.getObject("ts_ns", OffsetDateTime.class).toInstant())
                        .isEqualTo(TypedRow.NANOS);
                assertThat(rs.getObject("ts_ns", ZonedDateTime.class)).isEqualTo(TypedRow.NANOS.atZone(session));
                assertThat(rs.getObject("ts_ns", LocalDateTime.class))
                        .isEqualTo(LocalDateTime.ofInstant(TypedRow.NANOS, session));
                // rendered like GreptimeDB's own clients (sqlness results): ISO wall clock in the session zone
                assertThat(rs.getString("ts_s"))
                        .isEqualTo(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss")
                                .format(LocalDateTime.ofInstant(TypedRow.SECONDS, session)));
                Calendar cal = Calendar.getInstance(TimeZone.getTimeZone("Pacific/Honolulu"));
                assertThat(rs.getTimestamp("ts_ns", cal).toInstant()).isEqualTo(TypedRow.NANOS);
                assertThat(rs.getObject("ts_ns")).isEqualTo(Timestamp.from(TypedRow.NANOS));
                assertThat(rs.getDate("ts_s").toLocalDate())
                        .isEqualTo(LocalDateTime.ofInstant(TypedRow.SECONDS, session)
                                .toLocalDate());
            });
        } finally {
            TimeZone.setDefault(saved);
        }
    }
}
