package io.greptime.jdbc.internal.bulk;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/** {@code setObject} on the DoPut path: the Java type of the value picks the typed setter. */
final class ObjectParameters {
    private ObjectParameters() {}

    static void bind(ParameterSink b, int index, Object x, ZoneId zone) throws SQLException {
        if (x == null) {
            b.setNull(index);
        } else if (x instanceof String s) {
            b.setString(index, s);
        } else if (x instanceof Boolean v) {
            b.setBoolean(index, v);
        } else if (x instanceof Byte || x instanceof Short || x instanceof Integer || x instanceof Long) {
            b.setLong(index, ((Number) x).longValue());
        } else if (x instanceof Float || x instanceof Double) {
            b.setDouble(index, ((Number) x).doubleValue());
        } else if (x instanceof BigDecimal d) {
            b.setDecimal(index, d);
        } else if (x instanceof BigInteger i) {
            b.setDecimal(index, new BigDecimal(i));
        } else if (x instanceof byte[] bytes) {
            b.setBytes(index, bytes);
        } else if (x instanceof float[] floats) {
            b.setFloats(index, floats);
        } else {
            bindTemporal(b, index, x, zone);
        }
    }

    private static void bindTemporal(ParameterSink b, int index, Object x, ZoneId zone) throws SQLException {
        if (x instanceof java.sql.Timestamp t) {
            b.setInstant(index, t.toInstant());
        } else if (x instanceof java.sql.Date d) {
            b.setDate(index, d.toLocalDate());
        } else if (x instanceof java.sql.Time t) {
            b.setTime(index, t.toLocalTime());
        } else if (x instanceof java.util.Date d) {
            b.setInstant(index, d.toInstant());
        } else if (x instanceof Instant i) {
            b.setInstant(index, i);
        } else if (x instanceof OffsetDateTime o) {
            b.setInstant(index, o.toInstant());
        } else if (x instanceof ZonedDateTime z) {
            b.setInstant(index, z.toInstant());
        } else if (x instanceof LocalDateTime l) {
            b.setInstant(index, l.atZone(zone).toInstant());
        } else if (x instanceof LocalDate d) {
            b.setDate(index, d);
        } else if (x instanceof LocalTime t) {
            b.setTime(index, t);
        } else {
            throw new SQLDataException(
                    "Parameter " + index + ": cannot bind a " + x.getClass().getName(), "22018");
        }
    }
}
