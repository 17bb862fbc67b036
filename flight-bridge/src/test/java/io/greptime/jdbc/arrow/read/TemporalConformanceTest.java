package io.greptime.jdbc.arrow.read;

import static io.greptime.jdbc.arrow.read.Conformance.INVALID;
import static io.greptime.jdbc.arrow.read.Conformance.c;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.TimeZone;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Type-conformance matrix for Timestamp (four units, with and without a zone), Date32/Date64,
 * Time32/Time64, Duration and the three Interval units. The JVM zone is America/Sao_Paulo (-03:00,
 * no DST) and the session zone Asia/Kolkata (+05:30), so a value that used the wrong zone differs.
 */
class TemporalConformanceTest {
    private static final ZoneId SESSION = ZoneId.of("Asia/Kolkata");
    private static final ZoneId JVM = ZoneId.of("America/Sao_Paulo");
    private static TimeZone savedDefault;
    private static BufferAllocator allocator;
    private static final Map<String, FieldVector> COLUMNS = new HashMap<>();
    private static final ColumnReaderFactory FACTORY = new ColumnReaderFactory(SESSION);

    @BeforeAll
    static void buildColumns() {
        savedDefault = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone(JVM));
        allocator = new RootAllocator();
        // 2023-01-01T00:00:00.123Z and one millisecond before the epoch
        longs("ts_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), 1_672_531_200_123L, -1L);
        // 2020-01-01T01:23:45Z in every unit
        longs("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null), 1_577_841_825L, 0L);
        longs(
                "ts_us",
                new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
                1_577_841_825_123_456L,
                1_577_841_825_123_450L);
        longs(
                "ts_ns",
                new ArrowType.Timestamp(TimeUnit.NANOSECOND, null),
                1_577_841_825_123_456_789L,
                1_577_841_825_123_456_780L);
        longs("ts_tz", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "+08:00"), 1_672_531_200_123L, 0L);
        longs("ts_utc", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), 1_672_531_200_123L, 0L);
        ints("date32", new ArrowType.Date(DateUnit.DAY), 19_358, -1); // 2023-01-01, 1969-12-31
        longs("date64", new ArrowType.Date(DateUnit.MILLISECOND), 1_672_531_200_000L, 0L);
        ints("time_s", new ArrowType.Time(TimeUnit.SECOND, 32), 5_025, 0); // 01:23:45
        ints("time_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32), 5_025_123, 86_399_999);
        longs("time_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64), 5_025_123_456L, 0L);
        longs("time_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64), 5_025_123_456_789L, 1L);
        longs("dur_ms", new ArrowType.Duration(TimeUnit.MILLISECOND), 1_500L, -7_200_000L);
        longs("dur_s", new ArrowType.Duration(TimeUnit.SECOND), -7_200L, 0L);
        IntervalYearVector ym = new IntervalYearVector("iv_ym", allocator);
        ym.allocateNew(3);
        ym.set(0, 14);
        ym.setNull(1);
        ym.set(2, -1);
        ym.setValueCount(3);
        COLUMNS.put("iv_ym", ym);
        IntervalDayVector dt = new IntervalDayVector("iv_dt", allocator);
        dt.allocateNew(3);
        dt.set(0, 3, 4_000);
        dt.setNull(1);
        dt.set(2, 0, 0);
        dt.setValueCount(3);
        COLUMNS.put("iv_dt", dt);
        IntervalMonthDayNanoVector mdn = new IntervalMonthDayNanoVector("iv_mdn", allocator);
        mdn.allocateNew(3);
        mdn.set(0, 14, 3, 3_723_000_000_007L);
        mdn.setNull(1);
        mdn.set(2, 0, 2, 0L);
        mdn.setValueCount(3);
        COLUMNS.put("iv_mdn", mdn);
    }

    private static void longs(String name, ArrowType type, long row0, long row2) {
        FieldVector vector = Field.nullable(name, type).createVector(allocator);
        vector.allocateNew();
        vector.getDataBuffer().setLong(0, row0);
        vector.getDataBuffer().setLong(16, row2);
        ((BaseFixedWidthVector) vector).setIndexDefined(0); // validity only; values written above
        vector.setNull(1);
        ((BaseFixedWidthVector) vector).setIndexDefined(2);
        vector.setValueCount(3);
        COLUMNS.put(name, vector);
    }

    private static void ints(String name, ArrowType type, int row0, int row2) {
        FieldVector vector = Field.nullable(name, type).createVector(allocator);
        vector.allocateNew();
        vector.getDataBuffer().setInt(0, row0);
        vector.getDataBuffer().setInt(8, row2);
        ((BaseFixedWidthVector) vector).setIndexDefined(0);
        vector.setNull(1);
        ((BaseFixedWidthVector) vector).setIndexDefined(2);
        vector.setValueCount(3);
        COLUMNS.put(name, vector);
    }

    @AfterAll
    static void release() {
        TimeZone.setDefault(savedDefault);
        COLUMNS.values().forEach(FieldVector::close);
        COLUMNS.clear();
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    private static Timestamp at(String instant) {
        return Timestamp.from(Instant.parse(instant));
    }

    static Stream<Arguments> timestamps() {
        return Stream.of(
                c("ts_ms", 0, "getString", "2023-01-01T05:30:00.123"),
                c("ts_ms", 0, "getTimestamp", at("2023-01-01T00:00:00.123Z")),
                c("ts_ms", 0, "getTimestamp@Tokyo", at("2023-01-01T00:00:00.123Z")),
                c("ts_ms", 0, "getObject", at("2023-01-01T00:00:00.123Z")),
                c("ts_ms", 0, "as:Instant", Instant.parse("2023-01-01T00:00:00.123Z")),
                c("ts_ms", 0, "as:LocalDateTime", LocalDateTime.parse("2023-01-01T05:30:00.123")),
                c("ts_ms", 0, "as:OffsetDateTime", OffsetDateTime.parse("2023-01-01T05:30:00.123+05:30")),
                c(
                        "ts_ms",
                        0,
                        "as:ZonedDateTime",
                        ZonedDateTime.of(LocalDateTime.parse("2023-01-01T05:30:00.123"), SESSION)),
                c("ts_ms", 0, "as:LocalDate", LocalDate.of(2023, 1, 1)),
                c("ts_ms", 0, "as:LocalTime", LocalTime.parse("05:30:00.123")),
                c("ts_ms", 0, "getDate", Date.valueOf("2023-01-01")),
                c(
                        "ts_ms",
                        0,
                        "getDate@Tokyo",
                        new Date(Instant.parse("2022-12-31T15:00:00Z").toEpochMilli())),
                c(
                        "ts_ms",
                        0,
                        "getTime",
                        new Time(Timestamp.valueOf("1970-01-01 05:30:00.123").getTime())),
                c("ts_ms", 0, "as:Timestamp", at("2023-01-01T00:00:00.123Z")),
                c("ts_ms", 0, "getLong", INVALID),
                c("ts_ms", 0, "getBytes", INVALID),
                c("ts_ms", 0, "as:Duration", INVALID),
                c("ts_ms", 2, "getString", "1970-01-01T05:29:59.999"),
                c("ts_ms", 2, "as:Instant", Instant.parse("1969-12-31T23:59:59.999Z")),
                c("ts_ms", 1, "getTimestamp", null),
                c("ts_ms", 1, "as:Instant", null),
                c("ts_s", 0, "getString", "2020-01-01T06:53:45"),
                c("ts_s", 0, "getTimestamp", at("2020-01-01T01:23:45Z")),
                c("ts_s", 2, "getString", "1970-01-01T05:30:00"),
                c("ts_us", 0, "getString", "2020-01-01T06:53:45.123456"),
                c("ts_us", 0, "as:Instant", Instant.parse("2020-01-01T01:23:45.123456Z")),
                c("ts_us", 2, "getString", "2020-01-01T06:53:45.123450"),
                c("ts_ns", 0, "getString", "2020-01-01T06:53:45.123456789"),
                c("ts_ns", 0, "getTimestamp", at("2020-01-01T01:23:45.123456789Z")),
                c("ts_ns", 0, "as:LocalDateTime", LocalDateTime.parse("2020-01-01T06:53:45.123456789")),
                c("ts_ns", 2, "getString", "2020-01-01T06:53:45.123456780"),
                c("ts_tz", 0, "getString", "2023-01-01T08:00:00.123+08:00"),
                c("ts_tz", 0, "getObject", OffsetDateTime.parse("2023-01-01T08:00:00.123+08:00")),
                c("ts_tz", 0, "getTimestamp", at("2023-01-01T00:00:00.123Z")),
                c("ts_tz", 0, "as:LocalDateTime", LocalDateTime.parse("2023-01-01T08:00:00.123")),
                c("ts_tz", 2, "getString", "1970-01-01T08:00:00.000+08:00"),
                c("ts_utc", 0, "getString", "2023-01-01T00:00:00.123+00:00"),
                c("ts_utc", 0, "getObject", OffsetDateTime.parse("2023-01-01T00:00:00.123Z")));
    }

    static Stream<Arguments> datesAndTimes() {
        return Stream.of(
                c("date32", 0, "getString", "2023-01-01"),
                c("date32", 0, "getDate", Date.valueOf("2023-01-01")),
                c("date32", 0, "getObject", Date.valueOf("2023-01-01")),
                c(
                        "date32",
                        0,
                        "getDate@Tokyo",
                        new Date(Instant.parse("2022-12-31T15:00:00Z").toEpochMilli())),
                c("date32", 0, "as:LocalDate", LocalDate.of(2023, 1, 1)),
                c("date32", 0, "as:LocalDateTime", LocalDateTime.of(2023, 1, 1, 0, 0)),
                c("date32", 0, "getTimestamp", Timestamp.valueOf("2023-01-01 00:00:00")),
                c("date32", 0, "getTimestamp@Tokyo", at("2022-12-31T15:00:00Z")),
                c("date32", 0, "getInt", INVALID),
                c("date32", 0, "getTime", INVALID),
                c("date32", 0, "as:Instant", INVALID),
                c("date32", 2, "getString", "1969-12-31"),
                c("date32", 1, "getDate", null),
                c("date64", 0, "getString", "2023-01-01"),
                c("date64", 2, "getString", "1970-01-01"),
                c("time_s", 0, "getString", "01:23:45"),
                c("time_s", 0, "getTime", Time.valueOf("01:23:45")),
                c("time_s", 0, "getObject", Time.valueOf("01:23:45")),
                c("time_s", 0, "as:LocalTime", LocalTime.of(1, 23, 45)),
                c(
                        "time_s",
                        0,
                        "getTime@Tokyo",
                        new Time(Instant.parse("1969-12-31T16:23:45Z").toEpochMilli())),
                c("time_s", 0, "getDate", INVALID),
                c("time_s", 0, "getLong", INVALID),
                c("time_ms", 0, "getString", "01:23:45.123"),
                c(
                        "time_ms",
                        0,
                        "getTime",
                        new Time(Timestamp.valueOf("1970-01-01 01:23:45.123").getTime())),
                c("time_ms", 2, "getString", "23:59:59.999"),
                c("time_us", 0, "getString", "01:23:45.123456"),
                c("time_us", 2, "getString", "00:00:00.000000"),
                c("time_ns", 0, "getString", "01:23:45.123456789"),
                c("time_ns", 0, "as:LocalTime", LocalTime.of(1, 23, 45, 123_456_789)),
                c("time_ns", 2, "getString", "00:00:00.000000001"),
                c("time_ns", 1, "getTime", null));
    }

    static Stream<Arguments> durationsAndIntervals() {
        return Stream.of(
                c("dur_ms", 0, "getObject", Duration.ofMillis(1_500)),
                c("dur_ms", 0, "as:Duration", Duration.ofMillis(1_500)),
                c("dur_ms", 0, "getString", "PT1.5S"),
                c("dur_ms", 2, "getString", "PT-2H"),
                c("dur_ms", 0, "getLong", INVALID),
                c("dur_ms", 0, "getTimestamp", INVALID),
                c("dur_s", 0, "getObject", Duration.ofHours(-2)),
                c("dur_s", 2, "getString", "PT0S"),
                c("dur_s", 1, "getObject", null),
                c("iv_ym", 0, "getObject", Period.of(1, 2, 0)),
                c("iv_ym", 0, "getString", "P1Y2M"),
                c("iv_ym", 0, "as:Period", Period.of(1, 2, 0)),
                c("iv_ym", 0, "as:Duration", INVALID),
                c("iv_ym", 2, "getString", "P-1M"),
                c("iv_ym", 0, "getInt", INVALID),
                c("iv_dt", 0, "getObject", Duration.ofDays(3).plusSeconds(4)),
                c("iv_dt", 0, "getString", "P3DT4S"),
                c("iv_dt", 0, "as:Period", INVALID),
                c("iv_dt", 2, "getString", "PT0S"),
                c("iv_mdn", 0, "getString", "P1Y2M3DT1H2M3.000000007S"),
                c("iv_mdn", 0, "getObject", "P1Y2M3DT1H2M3.000000007S"),
                c("iv_mdn", 0, "as:Period", INVALID),
                c("iv_mdn", 0, "as:Duration", INVALID),
                c("iv_mdn", 2, "as:Period", Period.ofDays(2)),
                c("iv_mdn", 2, "as:Duration", Duration.ofHours(48)),
                c("iv_mdn", 2, "getString", "P2D"),
                c("iv_mdn", 1, "getString", null));
    }

    @ParameterizedTest(name = "{0}[{1}].{2} -> {3}")
    @MethodSource({"timestamps", "datesAndTimes", "durationsAndIntervals"})
    void getter_matchesJdbcSemantics(String column, int row, String getter, Object expected) throws SQLException {
        ColumnReader reader = FACTORY.create(COLUMNS.get(column), null);
        Conformance.check(reader, row, getter, expected);
    }
}
