package io.greptime.jdbc.arrow.read;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Calendar;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.VariableWidthFieldVector;

/**
 * Utf8, LargeUtf8 and Utf8View. Besides text, values parse on request: numbers (22018 when the
 * text is not one), booleans ({@code true/false/1/0}, any case), ISO dates/times/timestamps (a
 * space or {@code T} between date and time). A timestamp parsed from text is a wall clock in the
 * calendar's zone, or the session zone without a calendar, the same rule the server applies to
 * timestamp literals.
 */
final class TextReader extends AbstractColumnReader {
    private final VariableWidthFieldVector vector;
    private final ZoneId sessionZone;
    /** The vector when it is plain Utf8 (4-byte offsets), read without its getter's second check. */
    private final BaseVariableWidthVector utf8;

    TextReader(VariableWidthFieldVector vector, ZoneId sessionZone, String typeName) {
        super(typeName);
        this.vector = vector;
        this.sessionZone = sessionZone;
        this.utf8 = vector instanceof BaseVariableWidthVector v ? v : null;
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    @Override
    public String getString(int row) {
        byte[] bytes = getBytes(row);
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * The hot path of string reads: one validity check (ours), then the bytes between two offsets; the
     * vector's own getter would check validity a second time.
     */
    @Override
    public byte[] getBytes(int row) {
        if (vector.isNull(row)) {
            return null;
        }
        if (utf8 == null) {
            return vector.get(row);
        }
        ArrowBuf offsets = utf8.getOffsetBuffer();
        long at = (long) row * BaseVariableWidthVector.OFFSET_WIDTH;
        int start = offsets.getInt(at);
        byte[] bytes = new byte[offsets.getInt(at + BaseVariableWidthVector.OFFSET_WIDTH) - start];
        utf8.getDataBuffer().getBytes(start, bytes, 0, bytes.length);
        return bytes;
    }

    @Override
    public boolean getBoolean(int row) throws SQLException {
        String text = getString(row);
        if (text == null) {
            return false;
        }
        return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw ConversionErrors.invalid(typeName, "boolean", "not true/false/1/0");
        };
    }

    @Override
    public long getLong(int row) throws SQLException {
        String text = getString(row);
        if (text == null) {
            return 0L;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return super.getLong(row); // decimals truncate; 22003/22018 from there
        }
    }

    @Override
    public double getDouble(int row) throws SQLException {
        String text = getString(row);
        if (text == null) {
            return 0d;
        }
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw ConversionErrors.invalid(typeName, "double", "not a number");
        }
    }

    @Override
    public BigDecimal getBigDecimal(int row) throws SQLException {
        String text = getString(row);
        if (text == null) {
            return null;
        }
        try {
            return new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            throw ConversionErrors.invalid(typeName, "BigDecimal", "not a number");
        }
    }

    @Override
    public Date getDate(int row, Calendar calendar) throws SQLException {
        LocalDate date = parse(row, LocalDate.class);
        return date == null ? null : TemporalConversions.date(date, calendar);
    }

    @Override
    public Time getTime(int row, Calendar calendar) throws SQLException {
        LocalTime time = parse(row, LocalTime.class);
        return time == null ? null : TemporalConversions.time(time, calendar);
    }

    @Override
    public Timestamp getTimestamp(int row, Calendar calendar) throws SQLException {
        LocalDateTime wallClock = parse(row, LocalDateTime.class);
        if (wallClock == null) {
            return null;
        }
        ZoneId zone = calendar == null ? sessionZone : calendar.getTimeZone().toZoneId();
        return Timestamp.from(wallClock.atZone(zone).toInstant());
    }

    @Override
    public Object getObject(int row) {
        return getString(row);
    }

    @Override
    protected Object javaTime(int row, Class<?> type) throws SQLException {
        if (type == LocalDate.class
                || type == LocalTime.class
                || type == LocalDateTime.class
                || type == OffsetDateTime.class) {
            return parse(row, type);
        }
        return null;
    }

    private <T> T parse(int row, Class<T> type) throws SQLException {
        String text = getString(row);
        if (text == null) {
            return null;
        }
        String iso = text.trim().replace(' ', 'T');
        try {
            Object value;
            if (type == LocalDate.class) {
                value = LocalDate.parse(iso);
            } else if (type == LocalTime.class) {
                value = LocalTime.parse(iso);
            } else if (type == LocalDateTime.class) {
                value = LocalDateTime.parse(iso);
            } else {
                value = OffsetDateTime.parse(iso);
            }
            return type.cast(value);
        } catch (DateTimeParseException e) {
            throw ConversionErrors.invalid(typeName, type.getSimpleName(), "not an ISO-8601 value");
        }
    }
}
