package io.greptime.jdbc.arrow.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Instants never shift: for every (JVM zone, session zone, calendar zone, unit) the instant-typed
 * getters give the stored instant, and the wall-clock getters give it in the session zone. The JVM
 * zone is set per case with TimeZone.setDefault and restored after.
 */
class TimeZoneMatrixTest {
    /** 2024-03-31T01:30:00.123456789Z: inside the EU DST switch night and a half-hour zone's day. */
    private static final Instant STORED = Instant.parse("2024-03-31T01:30:00.123456789Z");

    private static final List<String> ZONES =
            List.of("UTC", "America/Los_Angeles", "Asia/Kolkata", "Europe/Berlin", "Pacific/Chatham");

    private TimeZone savedDefault;
    private BufferAllocator allocator;

    @BeforeEach
    void save() {
        savedDefault = TimeZone.getDefault();
        allocator = new RootAllocator();
    }

    @AfterEach
    void restore() {
        TimeZone.setDefault(savedDefault);
        allocator.close();
    }

    static Stream<Arguments> zones() {
        Stream.Builder<Arguments> cases = Stream.builder();
        for (String jvm : ZONES) {
            for (String session : ZONES) {
                if (!jvm.equals(session)) {
                    for (TimeUnit unit : TimeUnit.values()) {
                        cases.add(Arguments.of(jvm, session, "Asia/Tokyo", unit));
                    }
                }
            }
        }
        return cases.build();
    }

    private static long stored(TimeUnit unit) {
        long seconds = STORED.getEpochSecond();
        int nanos = STORED.getNano();
        return switch (unit) {
            case SECOND -> seconds;
            case MILLISECOND -> seconds * 1_000 + nanos / 1_000_000;
            case MICROSECOND -> seconds * 1_000_000 + nanos / 1_000;
            case NANOSECOND -> seconds * 1_000_000_000 + nanos;
        };
    }

    private static Instant truncated(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> STORED.truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
            case MILLISECOND -> STORED.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
            case MICROSECOND -> STORED.truncatedTo(java.time.temporal.ChronoUnit.MICROS);
            case NANOSECOND -> STORED;
        };
    }

    @ParameterizedTest(name = "jvm={0} session={1} calendar={2} unit={3}")
    @MethodSource("zones")
    void instantsNeverShift_wallClocksFollowTheSessionZone(
            String jvm, String session, String calendarZone, TimeUnit unit) throws SQLException {
        TimeZone.setDefault(TimeZone.getTimeZone(jvm));
        Field field = Field.nullable("ts", new ArrowType.Timestamp(unit, null));
        try (TimeStampVector vector = (TimeStampVector) field.createVector(allocator)) {
            vector.allocateNew(1);
            vector.set(0, stored(unit));
            vector.setValueCount(1);
            ColumnReader reader = new ColumnReaderFactory(ZoneId.of(session)).create(vector, null);
            Instant expected = truncated(unit);
            Calendar calendar = Calendar.getInstance(TimeZone.getTimeZone(calendarZone));

            assertThat(reader.getTimestamp(0, null).toInstant()).isEqualTo(expected);
            assertThat(reader.getTimestamp(0, calendar).toInstant()).isEqualTo(expected);
            assertThat(((Timestamp) reader.getObject(0)).toInstant()).isEqualTo(expected);
            assertThat(reader.getObject(0, Instant.class)).isEqualTo(expected);
            assertThat(reader.getObject(0, OffsetDateTime.class).toInstant()).isEqualTo(expected);
            assertThat(reader.getObject(0, ZonedDateTime.class).getZone()).isEqualTo(ZoneId.of(session));
            assertThat(reader.getObject(0, ZonedDateTime.class).toInstant()).isEqualTo(expected);
            LocalDateTime wallClock = reader.getObject(0, LocalDateTime.class);
            assertThat(wallClock.atZone(ZoneId.of(session)).toInstant()).isEqualTo(expected);
            assertThat(reader.getString(0)).startsWith(wallClock.toLocalDate() + "T");
            assertThat(LocalDateTime.parse(reader.getString(0))).isEqualTo(wallClock);
        }
    }
}
