package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.GreptimeResultSet;
import io.greptime.jdbc.arrow.meta.ColumnMetadata;
import io.greptime.jdbc.arrow.read.ColumnReader;
import io.greptime.jdbc.internal.resultset.LabelledResultSet;
import io.greptime.jdbc.internal.resultset.ResultSetMetaDataImpl;
import io.greptime.jdbc.internal.resultset.SingleTableSource;
import io.greptime.jdbc.sqlstate.SqlState;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A forward-only, read-only result over record batches, read with flight-bridge's column readers. It
 * holds one batch at a time, so memory stays bounded by the batch size whatever the result size; closing
 * it (or reading past the end, or reaching {@code maxRows}, which the source enforces) stops the stream
 * and frees its Arrow memory.
 */
public final class ResultSetImpl extends LabelledResultSet implements GreptimeResultSet {
    private final Statement statement;
    private final RowSource source;
    private final Consumer<ResultSetImpl> onClose;
    private final List<ColumnMetadata> columns;
    private final Map<String, Integer> labels = new HashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private static final ColumnReader[] NO_READERS = new ColumnReader[0];

    /** The current batch's readers; empty before the first row, after the last and once closed. */
    private ColumnReader[] readers = NO_READERS;

    private int batchRows;
    private int rowInBatch = -1;
    private long rowNumber;
    private boolean exhausted;
    /**
     * wasNull() is answered lazily: a getter records the reader and row it read, and only wasNull() (or
     * leaving the batch, which settles the answer into {@link #settledWasNull}) asks the vector whether
     * that value was NULL. Getters already check validity once for their own answer; this keeps the
     * per-value cost to that one check.
     */
    private ColumnReader lastReader;

    private int lastRow;
    private boolean settledWasNull;
    private int fetchSize;
    /** Decided by the first next() or nextBatch(): the two ways of reading do not mix. */
    private ReadMode mode = ReadMode.UNDECIDED;
    /** The table the columns come from, read from the statement's text on the first getMetaData. */
    private SingleTableSource tableSource;

    private enum ReadMode {
        UNDECIDED,
        ROWS,
        BATCHES
    }

    /**
     * @param statement the statement that made it, or null
     * @param onClose told once when the result set closes
     */
    ResultSetImpl(Statement statement, RowSource source, Consumer<ResultSetImpl> onClose) {
        this.statement = statement;
        this.source = source;
        this.onClose = onClose;
        this.columns = source.columns();
        for (int i = 0; i < columns.size(); i++) {
            labels.putIfAbsent(columns.get(i).name().toLowerCase(Locale.ROOT), i + 1);
        }
    }

    @Override
    protected void checkOpen() throws SQLException {
        if (closed.get()) {
            throw new SQLException("ResultSet is closed", SqlState.INVALID_CURSOR_STATE.code());
        }
    }

    private void readAs(ReadMode wanted) throws SQLException {
        if (mode == ReadMode.UNDECIDED) {
            mode = wanted;
        } else if (mode != wanted) {
            throw new SQLException(
                    wanted == ReadMode.ROWS
                            ? "next() cannot follow nextBatch(): this result set is read batch by batch"
                            : "nextBatch() cannot follow next(): this result set is read row by row",
                    SqlState.FUNCTION_SEQUENCE_ERROR.code());
        }
    }

    /** The next whole record batch, as the source holds it (no copy); null at the end. */
    @Override
    public org.apache.arrow.vector.VectorSchemaRoot nextBatch() throws SQLException {
        checkOpen();
        source.checkCaller();
        readAs(ReadMode.BATCHES);
        if (exhausted) {
            return null;
        }
        boolean more;
        try {
            more = source.nextBatch();
        } catch (SQLException e) {
            finishStream();
            throw e;
        }
        if (!more) {
            finishStream();
            return null;
        }
        org.apache.arrow.vector.VectorSchemaRoot root = source.root();
        int rows = source.batchRowCount();
        if (root.getRowCount() > rows) {
            root.setRowCount(rows); // maxRows cut this last batch short
        }
        rowNumber += rows;
        return root;
    }

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        source.checkCaller();
        readAs(ReadMode.ROWS);
        if (exhausted) {
            return false;
        }
        if (rowInBatch + 1 >= batchRows) {
            settleWasNull();
            boolean more;
            try {
                more = source.nextBatch();
            } catch (SQLException e) {
                finishStream();
                throw e;
            }
            if (!more) {
                finishStream();
                return false;
            }
            readers = source.readers().toArray(NO_READERS);
            batchRows = source.batchRowCount();
            rowInBatch = -1;
        }
        rowInBatch++;
        rowNumber++;
        return true;
    }

    /** Ends the stream early or at its end; the Arrow memory goes with it. */
    private void finishStream() {
        settleWasNull();
        exhausted = true;
        readers = NO_READERS;
        batchRows = 0;
        source.close();
    }

    @Override
    public void close() throws SQLException {
        if (closed.compareAndSet(false, true)) {
            finishStream();
            onClose.accept(this);
        }
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    /**
     * The reader of a column at the current row, remembered for wasNull(). One bounds check serves the
     * common case: the readers array is empty whenever there is no current row (also once closed), so
     * every failure takes the slow path, which tells the cases apart.
     */
    private ColumnReader reader(int column) throws SQLException {
        ColumnReader[] current = readers;
        if (column < 1 || column > current.length || rowInBatch < 0) {
            throw noReader(column);
        }
        source.checkCaller(); // one volatile read for the owner (ThreadAffinity)
        ColumnReader r = current[column - 1];
        lastReader = r;
        lastRow = rowInBatch;
        return r;
    }

    private SQLException noReader(int column) throws SQLException {
        checkOpen();
        source.checkCaller();
        if (column < 1 || column > columns.size()) {
            return new SQLException(
                    "Column index " + column + " is out of range 1.." + columns.size(),
                    SqlState.INVALID_DESCRIPTOR_INDEX.code());
        }
        return new SQLException(
                mode == ReadMode.BATCHES
                        ? "No current row: this result set is read with nextBatch()"
                        : "No current row: call next() first",
                SqlState.INVALID_CURSOR_STATE.code());
    }

    /** Answers wasNull() for the last value read before its batch goes away. */
    private void settleWasNull() {
        if (lastReader != null) {
            settledWasNull = lastReader.isNull(lastRow);
            lastReader = null;
        }
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        return lastReader != null ? lastReader.isNull(lastRow) : settledWasNull;
    }

    @Override
    public int findColumn(String columnLabel) throws SQLException {
        checkOpen();
        Integer i = columnLabel == null ? null : labels.get(columnLabel.toLowerCase(Locale.ROOT));
        if (i == null) {
            throw new SQLException("No column labelled '" + columnLabel + "'", SqlState.COLUMN_NOT_FOUND.code());
        }
        return i;
    }

    @Override
    public String getString(int columnIndex) throws SQLException {
        return reader(columnIndex).getString(rowInBatch);
    }

    @Override
    public boolean getBoolean(int columnIndex) throws SQLException {
        return reader(columnIndex).getBoolean(rowInBatch);
    }

    @Override
    public byte getByte(int columnIndex) throws SQLException {
        return reader(columnIndex).getByte(rowInBatch);
    }

    @Override
    public short getShort(int columnIndex) throws SQLException {
        return reader(columnIndex).getShort(rowInBatch);
    }

    @Override
    public int getInt(int columnIndex) throws SQLException {
        return reader(columnIndex).getInt(rowInBatch);
    }

    @Override
    public long getLong(int columnIndex) throws SQLException {
        return reader(columnIndex).getLong(rowInBatch);
    }

    @Override
    public float getFloat(int columnIndex) throws SQLException {
        return reader(columnIndex).getFloat(rowInBatch);
    }

    @Override
    public double getDouble(int columnIndex) throws SQLException {
        return reader(columnIndex).getDouble(rowInBatch);
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
        BigDecimal d = getBigDecimal(columnIndex);
        return d == null ? null : d.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
        return reader(columnIndex).getBigDecimal(rowInBatch);
    }

    @Override
    public byte[] getBytes(int columnIndex) throws SQLException {
        return reader(columnIndex).getBytes(rowInBatch);
    }

    @Override
    public Date getDate(int columnIndex) throws SQLException {
        return getDate(columnIndex, (Calendar) null);
    }

    @Override
    public Time getTime(int columnIndex) throws SQLException {
        return getTime(columnIndex, (Calendar) null);
    }

    @Override
    public Timestamp getTimestamp(int columnIndex) throws SQLException {
        return getTimestamp(columnIndex, (Calendar) null);
    }

    @Override
    public Date getDate(int columnIndex, Calendar cal) throws SQLException {
        return reader(columnIndex).getDate(rowInBatch, cal);
    }

    @Override
    public Time getTime(int columnIndex, Calendar cal) throws SQLException {
        return reader(columnIndex).getTime(rowInBatch, cal);
    }

    /** Timestamps are instants: the calendar only matters for values without one (dates, times, text). */
    @Override
    public Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
        return reader(columnIndex).getTimestamp(rowInBatch, cal);
    }

    @Override
    public InputStream getAsciiStream(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    @Deprecated
    public InputStream getUnicodeStream(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_16BE));
    }

    @Override
    public InputStream getBinaryStream(int columnIndex) throws SQLException {
        byte[] b = getBytes(columnIndex);
        return b == null ? null : new ByteArrayInputStream(b);
    }

    @Override
    public Object getObject(int columnIndex) throws SQLException {
        return reader(columnIndex).getObject(rowInBatch);
    }

    @Override
    public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
        if (type == null) {
            throw new SQLException("getObject type must not be null", SqlState.INVALID_USE_OF_NULL_POINTER.code());
        }
        return reader(columnIndex).getObject(rowInBatch, type);
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        if (tableSource == null && statement instanceof StatementImpl st) {
            tableSource = st.resultSource();
        }
        return new ResultSetMetaDataImpl(columns, tableSource);
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
    }

    @Override
    public boolean isFirst() throws SQLException {
        checkOpen();
        return !exhausted && rowNumber == 1;
    }

    @Override
    public int getRow() throws SQLException {
        checkOpen();
        return exhausted || rowNumber > Integer.MAX_VALUE ? 0 : (int) rowNumber;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        if (rows < 0) {
            throw new SQLException("Fetch size must not be negative: " + rows, SqlState.INVALID_PARAMETER_VALUE.code());
        }
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchSize;
    }

    @Override
    public Statement getStatement() throws SQLException {
        checkOpen();
        return statement;
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public Array getArray(int columnIndex) throws SQLException {
        return reader(columnIndex).getArray(rowInBatch);
    }
}
