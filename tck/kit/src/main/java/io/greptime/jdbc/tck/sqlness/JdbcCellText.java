package io.greptime.jdbc.tck.sqlness;

import io.greptime.jdbc.tck.text.CellText;
import io.greptime.jdbc.tck.text.FloatText;
import io.greptime.jdbc.tck.text.TemporalText;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.Period;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The text of one result column read through JDBC, printed as {@link CellText} prints the Arrow vector
 * behind it. The column's JDBC type and GreptimeDB type name (greptime-jdbc reports Arrow-derived names
 * such as {@code UInt64}, {@code Float32}, {@code Json}, {@code Vector(3)},
 * {@code TimestampMillisecond(UTC)}, {@code IntervalMonthDayNano}) pick the getter, so the value is read
 * in its exact form (floats as floats, instants as instants) and only then formatted.
 */
@FunctionalInterface
interface JdbcCellText {
    HexFormat HEX = HexFormat.of();

    /** The text of column {@code column} of the current row, or null for SQL NULL. */
    String cell(ResultSet rs, int column) throws SQLException;

    /** The formatter for column {@code column} of {@code md}. */
    static JdbcCellText forColumn(ResultSetMetaData md, int column) throws SQLException {
        String name = md.getColumnTypeName(column);
        String lower = name == null ? "" : name.toLowerCase(Locale.ROOT);
        switch (md.getColumnType(column)) {
            case Types.NULL:
                return (rs, c) -> null;
            case Types.BOOLEAN:
            case Types.BIT:
                return (rs, c) -> nullable(rs, rs.getBoolean(c) ? "true" : "false");
            case Types.REAL:
                return (rs, c) -> nullable(rs, FloatText.of(rs.getFloat(c)));
            case Types.FLOAT:
            case Types.DOUBLE:
                return (rs, c) -> nullable(rs, FloatText.of(rs.getDouble(c)));
            case Types.DECIMAL:
                return (rs, c) -> {
                    BigDecimal d = rs.getBigDecimal(c);
                    return d == null ? null : d.toPlainString();
                };
            case Types.BINARY:
            case Types.VARBINARY:
            case Types.LONGVARBINARY:
                return JdbcCellText::hex;
            case Types.DATE:
                return (rs, c) -> {
                    LocalDate d = rs.getObject(c, LocalDate.class);
                    return d == null ? null : TemporalText.date(d);
                };
            case Types.TIME:
                return (rs, c) -> {
                    LocalTime t = rs.getObject(c, LocalTime.class);
                    return t == null ? null : TemporalText.time(t);
                };
            case Types.TIMESTAMP:
                return (rs, c) -> {
                    Instant i = rs.getObject(c, Instant.class);
                    return i == null ? null : TemporalText.naive(TemporalText.utc(i));
                };
            case Types.TIMESTAMP_WITH_TIMEZONE:
                String zone = name.substring(name.indexOf('(') + 1, name.lastIndexOf(')'));
                return (rs, c) -> {
                    Instant i = rs.getObject(c, Instant.class);
                    return i == null ? null : TemporalText.zoned(i, zone);
                };
            case Types.ARRAY:
                return JdbcCellText::list;
            default:
                return forOther(lower, md.getColumnClassName(column));
        }
    }

    /**
     * A list as arrow-rs prints it: {@code [a, b, ]}, elements unquoted and a NULL element as nothing (the
     * driver's own {@code getString} prints {@code null} there, as Java's collections do).
     */
    private static String list(ResultSet rs, int c) throws SQLException {
        java.sql.Array array = rs.getArray(c);
        return array == null ? null : element(array.getArray());
    }

    private static String element(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Object[] items) {
            StringBuilder out = new StringBuilder("[");
            for (int i = 0; i < items.length; i++) {
                out.append(i == 0 ? "" : ", ").append(element(items[i]));
            }
            return out.append(']').toString();
        }
        if (value instanceof java.util.List<?> items) {
            return element(items.toArray());
        }
        if (value instanceof Double d) {
            return FloatText.of(d);
        }
        if (value instanceof Float f) {
            return FloatText.of(f);
        }
        if (value instanceof byte[] bytes) {
            return HEX.formatHex(bytes);
        }
        return String.valueOf(value);
    }

    /**
     * OTHER and the remaining types, told apart by their type name. greptime-jdbc names both intervals and
     * durations {@code INTERVAL} (SQL's word); a column read as {@link Duration} is an Arrow duration (GreptimeDB's
     * results never carry the day-time intervals that the driver also reads as Duration: DataFusion's interval
     * literals and arithmetic are month-day-nano), printed as arrow-rs prints durations.
     */
    private static JdbcCellText forOther(String lowerName, String className) {
        boolean duration = lowerName.startsWith("duration")
                || (lowerName.equals("interval") && Duration.class.getName().equals(className));
        if (duration) {
            return (rs, c) -> {
                Duration d = rs.getObject(c, Duration.class);
                return d == null ? null : TemporalText.duration(d.toNanos(), TimeUnit.NANOSECONDS);
            };
        }
        if (lowerName.startsWith("vector(")) {
            return JdbcCellText::hex; // arrow-rs prints the Binary behind a vector as hex
        }
        if (lowerName.startsWith("interval")) {
            return (rs, c) -> interval(rs.getString(c), lowerName);
        }
        return ResultSet::getString;
    }

    private static String nullable(ResultSet rs, String text) throws SQLException {
        return rs.wasNull() ? null : text;
    }

    private static String hex(ResultSet rs, int c) throws SQLException {
        byte[] bytes = rs.getBytes(c);
        return bytes == null ? null : HEX.formatHex(bytes);
    }

    /** Re-reads the ISO-8601 text (P1Y2M3DT4H5.5S) of an interval into arrow-rs's interval words. */
    private static String interval(String iso, String lowerName) {
        if (iso == null) {
            return null;
        }
        int t = iso.indexOf('T');
        Period period = t == 1 ? Period.ZERO : Period.parse(t < 0 ? iso : iso.substring(0, t));
        long nanos = t < 0 ? 0 : Duration.parse("P" + iso.substring(t)).toNanos();
        int months = (int) period.toTotalMonths();
        if (lowerName.contains("yearmonth")) {
            return TemporalText.yearMonth(months);
        }
        if (lowerName.contains("daytime")) {
            return TemporalText.dayTime(period.getDays(), (int) (nanos / 1_000_000));
        }
        return TemporalText.monthDayNano(months, period.getDays(), nanos);
    }
}
