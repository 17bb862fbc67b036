package io.greptime.jdbc.arrow.write;

import java.sql.SQLException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.TimeStampVector;

/**
 * Writers for timestamp, date and time columns. Timestamps are instants: a {@code java.sql.Timestamp}
 * or {@code Instant} needs no zone; wall-clock values (strings without offset, LocalDateTime, dates) are
 * read in the session zone, as GreptimeDB reads timestamp literals (protocol.md §8).
 */
final class TemporalWriters {
    /** {@code 2024-01-02 03:04:05.123}, with a space or a T, seconds and fraction optional. */
    private static final DateTimeFormatter LOCAL = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .optionalStart()
            .appendLiteral(' ')
            .optionalEnd()
            .optionalStart()
            .appendLiteral('T')
            .optionalEnd()
            .append(DateTimeFormatter.ISO_LOCAL_TIME)
            .toFormatter();

    private TemporalWriters() {}

    /** TIMESTAMP(0/3/6/9): stored in the column's unit; finer digits are truncated toward the past. */
    static final class TimestampWriter extends ColumnWriter {
        private final TimeUnit unit;
        private final ZoneId zone;

        TimestampWriter(TimeStampVector v, TimeUnit unit, ZoneId zone) {
            super(v, "Timestamp(" + unit.name().toLowerCase(java.util.Locale.ROOT) + ")", 8);
            this.unit = unit;
            this.zone = zone;
        }

        /** A number is taken as a count of the column's unit, as GreptimeDB takes an integer literal. */
        @Override
        public void setLong(int row, long value) {
            cells.putLong(row, value);
        }

        @Override
        public void setInstant(int row, long epochSecond, int nano) throws SQLException {
            try {
                cells.putLong(row, inUnit(epochSecond, nano));
            } catch (ArithmeticException e) {
                throw outOfRange(epochSecond + " s + " + nano + " ns since the epoch");
            }
        }

        private long inUnit(long seconds, int nano) {
            switch (unit) {
                case SECONDS:
                    return seconds;
                case MILLISECONDS:
                    return Math.addExact(Math.multiplyExact(seconds, 1_000L), nano / 1_000_000);
                case MICROSECONDS:
                    return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), nano / 1_000);
                default:
                    return Math.addExact(Math.multiplyExact(seconds, 1_000_000_000L), nano);
            }
        }

        @Override
        public void setDate(int row, LocalDate value) throws SQLException {
            setInstant(row, value.atStartOfDay(zone).toEpochSecond(), 0);
        }

        @Override
        public void setString(int row, String value) throws SQLException {
            Instant at = parseInstant(value.trim(), zone);
            if (at == null) {
                throw unparsable(value);
            }
            setInstant(row, at.getEpochSecond(), at.getNano());
        }
    }

    static Instant parseInstant(String s, ZoneId zone) {
        try {
            return OffsetDateTime.parse(s.replace(' ', 'T')).toInstant();
        } catch (DateTimeException offsetMissing) {
            try {
                return LocalDateTime.parse(s, LOCAL).atZone(zone).toInstant();
            } catch (DateTimeException notLocal) {
                try {
                    return LocalDate.parse(s).atStartOfDay(zone).toInstant();
                } catch (DateTimeException notDate) {
                    return null;
                }
            }
        }
    }

    /** DATE (Date32, days since the epoch). */
    static final class DateWriter extends ColumnWriter {
        private final ZoneId zone;

        DateWriter(DateDayVector v, ZoneId zone) {
            super(v, "Date", 4);
            this.zone = zone;
        }

        @Override
        public void setDate(int row, LocalDate value) throws SQLException {
            long day = value.toEpochDay();
            if (day < Integer.MIN_VALUE || day > Integer.MAX_VALUE) {
                throw outOfRange(value);
            }
            cells.putInt(row, (int) day);
        }

        @Override
        public void setInstant(int row, long epochSecond, int nano) throws SQLException {
            setDate(row, Instant.ofEpochSecond(epochSecond, nano).atZone(zone).toLocalDate());
        }

        @Override
        public void setString(int row, String value) throws SQLException {
            try {
                setDate(row, LocalDate.parse(value.trim()));
            } catch (DateTimeException e) {
                throw unparsable(value);
            }
        }
    }

    /** TIME(0/3/6/9): Time32 (s, ms) and Time64 (µs, ns), counted from midnight in the column's unit. */
    static final class TimeWriter extends ColumnWriter {
        private final TimeUnit unit;
        private final boolean wide;

        TimeWriter(org.apache.arrow.vector.FieldVector v, TimeUnit unit) {
            super(v, "Time(" + unit.name().toLowerCase(java.util.Locale.ROOT) + ")", wideUnit(unit) ? 8 : 4);
            this.unit = unit;
            this.wide = wideUnit(unit);
        }

        /** Time64 (µs, ns) holds 8 bytes a value, Time32 (s, ms) 4. */
        private static boolean wideUnit(TimeUnit unit) {
            return unit == TimeUnit.MICROSECONDS || unit == TimeUnit.NANOSECONDS;
        }

        @Override
        public void setTime(int row, LocalTime value) {
            long count = unit.convert(value.getLong(ChronoField.NANO_OF_DAY), TimeUnit.NANOSECONDS);
            if (wide) {
                cells.putLong(row, count);
            } else {
                cells.putInt(row, (int) count);
            }
        }

        @Override
        public void setString(int row, String value) throws SQLException {
            try {
                setTime(row, LocalTime.parse(value.trim()));
            } catch (DateTimeException e) {
                throw unparsable(value);
            }
        }
    }
}
