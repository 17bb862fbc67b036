package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.bulk.ParameterSink;
import io.greptime.jdbc.sqlstate.SqlState;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;

/**
 * The statement route's parameter sink: each value becomes the SQL literal ({@link SqlLiterals}) the
 * statement text carries at its marker. Values are rendered when set, so a bad value fails at the setter,
 * through the same {@code setObject} dispatcher and conversions as every other route.
 */
final class LiteralSink implements ParameterSink {
    private final String[] literals;
    private final java.util.function.Supplier<java.time.ZoneId> sessionZone;

    /** A sink of {@code markers} literals; a {@code LocalDateTime} is taken in {@code sessionZone}'s zone. */
    LiteralSink(int markers, java.util.function.Supplier<java.time.ZoneId> sessionZone) {
        this.literals = new String[markers];
        this.sessionZone = sessionZone;
    }

    private void bind(int index, String literal) throws SQLException {
        if (index < 1 || index > literals.length) {
            throw new SQLException(
                    "Parameter index " + index + " is out of range 1.." + literals.length,
                    SqlState.INVALID_DESCRIPTOR_INDEX.code());
        }
        literals[index - 1] = literal;
    }

    /** The literals bound so far (a copy); 07001 when one is missing. */
    String[] bound() throws SQLException {
        for (int i = 0; i < literals.length; i++) {
            if (literals[i] == null) {
                throw new SQLException(
                        "No value specified for parameter " + (i + 1), SqlState.WRONG_NUMBER_OF_PARAMETERS.code());
            }
        }
        return literals.clone();
    }

    /** The literal bound at {@code index} (1-based), or null. */
    String literal(int index) {
        return literals[index - 1];
    }

    void clear() {
        Arrays.fill(literals, null);
    }

    @Override
    public void setNull(int index) throws SQLException {
        bind(index, SqlLiterals.NULL);
    }

    @Override
    public void setBoolean(int index, boolean x) throws SQLException {
        bind(index, SqlLiterals.bool(x));
    }

    @Override
    public void setLong(int index, long x) throws SQLException {
        bind(index, SqlLiterals.integer(x));
    }

    @Override
    public void setBigInteger(int index, BigInteger x) throws SQLException {
        bind(index, x == null ? SqlLiterals.NULL : SqlLiterals.integer(x));
    }

    @Override
    public void setDouble(int index, double x) throws SQLException {
        bind(index, SqlLiterals.doubleValue(x));
    }

    @Override
    public void setFloat(int index, float x) throws SQLException {
        bind(index, SqlLiterals.floatValue(x));
    }

    @Override
    public void setDecimal(int index, BigDecimal x) throws SQLException {
        bind(index, x == null ? SqlLiterals.NULL : SqlLiterals.decimal(x));
    }

    @Override
    public void setString(int index, String x) throws SQLException {
        bind(index, x == null ? SqlLiterals.NULL : SqlLiterals.string(x));
    }

    @Override
    public void setBytes(int index, byte[] x) throws SQLException {
        bind(index, x == null ? SqlLiterals.NULL : SqlLiterals.bytes(x));
    }

    @Override
    public void setInstant(int index, Instant x) throws SQLException {
        bind(index, x == null ? SqlLiterals.NULL : SqlLiterals.instant(x));
    }

    /**
     * A wall clock is sent as the instant it names in the session zone: GreptimeDB's slow insert path reads
     * naive timestamps in UTC on every tagged release (fidelity audit A2), so a zone-less text would shift.
     */
    @Override
    public void setLocalDateTime(int index, LocalDateTime x) throws SQLException {
        bind(index, x == null ? SqlLiterals.NULL : SqlLiterals.localDateTime(x, sessionZone.get()));
    }

    @Override
    public void setFloats(int index, float[] x) throws SQLException {
        bind(index, x == null ? SqlLiterals.NULL : SqlLiterals.vector(x));
    }

    @Override
    public void setDate(int index, LocalDate x) throws SQLException {
        bind(index, x == null ? SqlLiterals.NULL : SqlLiterals.date(x));
    }

    @Override
    public void setTime(int index, LocalTime x) throws SQLException {
        bind(index, x == null ? SqlLiterals.NULL : SqlLiterals.time(x));
    }
}
