package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.bulk.ObjectParameters;
import io.greptime.jdbc.sqlstate.SqlState;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.sql.SQLException;

/**
 * The SQL literal of a {@code setObject} value (and of its target-type overloads), through the one
 * dispatcher every route uses ({@link ObjectParameters}) into a {@link LiteralSink}; and the reading of
 * stream parameters, which GreptimeDB binds whole.
 */
final class ParameterLiterals {
    private ParameterLiterals() {}

    /**
     * The literal for a value of any supported Java type; a {@code LocalDateTime} is taken in
     * {@code sessionZone} (see {@link SqlLiterals#localDateTime}).
     */
    static String of(Object x, java.time.ZoneId sessionZone) throws SQLException {
        LiteralSink one = new LiteralSink(1, () -> sessionZone);
        ObjectParameters.bind(one, 1, x);
        return one.literal(1);
    }

    /** The literal for {@code setObject(i, x, targetSqlType)}: the value converted to the target type first. */
    static String of(Object x, int targetSqlType, java.time.ZoneId sessionZone) throws SQLException {
        LiteralSink one = new LiteralSink(1, () -> sessionZone);
        one.setObject(1, x, targetSqlType);
        return one.literal(1);
    }

    /** Reads a character stream fully (GreptimeDB has no streaming parameters). */
    static String read(Reader r, long length) throws SQLException {
        try {
            StringBuilder sb = new StringBuilder();
            char[] buf = new char[8192];
            int n;
            while ((length < 0 || sb.length() < length) && (n = r.read(buf)) > 0) {
                sb.append(buf, 0, n);
            }
            return length >= 0 && sb.length() > length ? sb.substring(0, (int) length) : sb.toString();
        } catch (IOException e) {
            throw new SQLException(
                    "Cannot read the parameter stream: " + e.getMessage(), SqlState.DATA_EXCEPTION.code(), e);
        }
    }

    /** Reads a byte stream fully. */
    static byte[] read(InputStream in, long length) throws SQLException {
        try {
            byte[] all = in.readAllBytes();
            return length >= 0 && all.length > length ? java.util.Arrays.copyOf(all, (int) length) : all;
        } catch (IOException e) {
            throw new SQLException(
                    "Cannot read the parameter stream: " + e.getMessage(), SqlState.DATA_EXCEPTION.code(), e);
        }
    }
}
