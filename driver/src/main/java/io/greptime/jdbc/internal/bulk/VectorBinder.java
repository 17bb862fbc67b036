package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.arrow.write.ColumnWriter;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.sqlstate.SqlState;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;

/**
 * A binder whose parameters go straight into the Arrow vectors of a {@link BatchBuffer}, through
 * flight-bridge's column writers (so every path converts and range-checks values the same way): the base
 * of DoPut inserts ({@link BulkInsertBinder}) and keyed row deletes ({@link RowDeleteBinder}). A setter's
 * error names the row and the column. Used by one statement from one thread at a time.
 */
abstract class VectorBinder implements ParameterSink {
    final RequestSession session;
    final BatchBuffer buffer;
    /** The writer of each parameter, held here so a setter reaches its column in one step. */
    private final ColumnWriter[] writers;
    /** Columns no parameter writes: NULL in every row (the table's full column set goes to the server). */
    private final int[] unlisted;
    /** Rows added since the last executeBatch. */
    long pendingRows;

    VectorBinder(RequestSession session, BatchBuffer buffer) {
        this(session, buffer, null);
    }

    /**
     * @param paramColumns the buffer column each parameter writes (parameter i+1 writes column
     *     paramColumns[i]); null when parameter i+1 writes column i and every column has a parameter
     */
    VectorBinder(RequestSession session, BatchBuffer buffer, int[] paramColumns) {
        this.session = session;
        this.buffer = buffer;
        ColumnWriter[] all = buffer.writers();
        if (paramColumns == null) {
            this.writers = all;
            this.unlisted = new int[0];
        } else {
            this.writers = new ColumnWriter[paramColumns.length];
            java.util.BitSet listed = new java.util.BitSet();
            for (int i = 0; i < paramColumns.length; i++) {
                writers[i] = all[paramColumns[i]];
                listed.set(paramColumns[i]);
            }
            java.util.BitSet rest = new java.util.BitSet();
            rest.set(0, all.length);
            rest.andNot(listed);
            this.unlisted = rest.stream().toArray();
        }
        nullUnlisted();
    }

    /** Unlisted columns hold NULL, and keep it row after row (a column not set takes its previous value). */
    private void nullUnlisted() {
        for (int c : unlisted) {
            buffer.writer(c).setNull(buffer.row());
        }
    }

    // ---------------------------------------------------------------- setters

    private ColumnWriter column(int index) throws SQLException {
        ColumnWriter[] w = writers;
        if (index < 1 || index > w.length) {
            throw new SQLException(
                    "Parameter index " + index + " is out of range 1.." + w.length,
                    SqlState.INVALID_DESCRIPTOR_INDEX.code());
        }
        return w[index - 1];
    }

    /** Names the row (1-based within the current batch) and the column in a setter's error. */
    private SQLException located(SQLException e, int index) {
        String where =
                "Row " + (pendingRows + 1) + ", parameter " + index + " (column '" + writers[index - 1].name() + "'): ";
        return new SQLException(where + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
    }

    @Override
    public void setNull(int index) throws SQLException {
        column(index).setNull(buffer.row());
    }

    @Override
    public void setBoolean(int index, boolean x) throws SQLException {
        ColumnWriter w = column(index);
        try {
            w.setBoolean(buffer.row(), x);
        } catch (SQLException e) {
            throw located(e, index);
        }
    }

    @Override
    public void setLong(int index, long x) throws SQLException {
        ColumnWriter w = column(index);
        try {
            w.setLong(buffer.row(), x);
        } catch (SQLException e) {
            throw located(e, index);
        }
    }

    @Override
    public void setDouble(int index, double x) throws SQLException {
        ColumnWriter w = column(index);
        try {
            w.setDouble(buffer.row(), x);
        } catch (SQLException e) {
            throw located(e, index);
        }
    }

    @Override
    public void setDecimal(int index, BigDecimal x) throws SQLException {
        if (x == null) {
            setNull(index);
            return;
        }
        ColumnWriter w = column(index);
        try {
            w.setDecimal(buffer.row(), x);
        } catch (SQLException e) {
            throw located(e, index);
        }
    }

    @Override
    public void setString(int index, String x) throws SQLException {
        if (x == null) {
            setNull(index);
            return;
        }
        ColumnWriter w = column(index);
        try {
            w.setString(buffer.row(), x);
        } catch (SQLException e) {
            throw located(e, index);
        }
    }

    @Override
    public void setBytes(int index, byte[] x) throws SQLException {
        if (x == null) {
            setNull(index);
            return;
        }
        ColumnWriter w = column(index);
        try {
            w.setBytes(buffer.row(), x);
        } catch (SQLException e) {
            throw located(e, index);
        }
    }

    @Override
    public void setFloats(int index, float[] x) throws SQLException {
        ColumnWriter w = column(index);
        try {
            w.setFloats(buffer.row(), x);
        } catch (SQLException e) {
            throw located(e, index);
        }
    }

    @Override
    public void setInstant(int index, Instant x) throws SQLException {
        if (x == null) {
            setNull(index);
            return;
        }
        setInstant(index, x.getEpochSecond(), x.getNano());
    }

    @Override
    public void setInstant(int index, long epochSecond, int nano) throws SQLException {
        ColumnWriter w = column(index);
        try {
            w.setInstant(buffer.row(), epochSecond, nano);
        } catch (SQLException e) {
            throw located(e, index);
        }
    }

    @Override
    public void setDate(int index, LocalDate x) throws SQLException {
        if (x == null) {
            setNull(index);
            return;
        }
        ColumnWriter w = column(index);
        try {
            w.setDate(buffer.row(), x);
        } catch (SQLException e) {
            throw located(e, index);
        }
    }

    @Override
    public void setTime(int index, LocalTime x) throws SQLException {
        if (x == null) {
            setNull(index);
            return;
        }
        ColumnWriter w = column(index);
        try {
            w.setTime(buffer.row(), x);
        } catch (SQLException e) {
            throw located(e, index);
        }
    }

    /** A wall clock is read in the session's zone, as the server would read it. */
    @Override
    public void setLocalDateTime(int index, java.time.LocalDateTime x) throws SQLException {
        setInstant(index, x == null ? null : x.atZone(session.timeZone()).toInstant());
    }

    public void clearParameters() {
        buffer.clearParameters();
        nullUnlisted();
    }

    /** Ends the current row in the buffer; the error names the row. */
    final void endRow() throws SQLException {
        try {
            buffer.endRow();
        } catch (SQLException e) {
            throw new SQLException("Row " + (pendingRows + 1) + ": " + e.getMessage(), e.getSQLState(), e);
        }
        pendingRows++;
    }

    /** Rows added since the last executeBatch. */
    public long pendingRows() {
        return pendingRows;
    }
}
