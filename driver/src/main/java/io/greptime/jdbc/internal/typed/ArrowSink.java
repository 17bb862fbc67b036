package io.greptime.jdbc.internal.typed;

import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.bulk.BatchSink;
import io.greptime.jdbc.internal.bulk.WriteExecutions;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.ZoneId;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Records written column by column into a {@link BatchBuffer} of the table's Arrow types, through the same
 * column writers as a prepared INSERT's parameters, and sent to the table's {@link BatchSink} (DoPut record
 * batches, or row inserts where the table must not take DoPut) each time the buffer fills. A record whose
 * value a column refuses is rolled back: the row stays open and the next record overwrites every cell of
 * it. Sending and flushing run as executions of the connection (its deadline, stopped by its close).
 */
final class ArrowSink<T> implements RecordSink<T> {
    private final List<ColumnMapping> columns;
    private final ArrowCells.Cell[] cells;
    private final BatchBuffer buffer;
    private final BufferAllocator allocator;
    private final BatchSink put;
    private final WriteExecutions executions;
    private final int flushRows;
    private final long flushBytes;
    private long pending;

    ArrowSink(
            RecordMapping<T> mapping,
            BatchBuffer buffer,
            BufferAllocator allocator,
            BatchSink put,
            WriteExecutions executions,
            ZoneId zone,
            int flushRows,
            long flushBytes) {
        this.columns = mapping.columns();
        this.buffer = buffer;
        this.allocator = allocator;
        this.put = put;
        this.executions = executions;
        this.flushRows = flushRows;
        this.flushBytes = flushBytes;
        this.cells = new ArrowCells.Cell[columns.size()];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = ArrowCells.forColumn(columns.get(i), zone);
        }
    }

    @Override
    public void add(T record) throws SQLException {
        int row = buffer.row();
        for (int c = 0; c < cells.length; c++) {
            try {
                cells[c].write(record, buffer.writer(c), row);
            } catch (SQLException e) {
                throw refused(c, e);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new SQLException(
                        "Reading component '" + columns.get(c).component() + "' failed: " + e,
                        SqlState.GENERAL_ERROR.code(),
                        e);
            }
        }
        try {
            buffer.endRow();
        } catch (SQLException e) {
            throw new SQLDataException(
                    "Record " + (pending + 1) + " since the last flush: " + e.getMessage(), e.getSQLState(), e);
        }
        pending++;
        int rows = buffer.row();
        if (rows >= flushRows || ((rows & 1023) == 0 && buffer.bufferedBytes() >= flushBytes)) {
            sendBuffered();
        }
    }

    private SQLException refused(int c, SQLException e) {
        ColumnMapping m = columns.get(c);
        return new SQLDataException(
                "Record " + (pending + 1) + " since the last flush, component '" + m.component() + "': "
                        + e.getMessage(),
                e.getSQLState(),
                e);
    }

    private void sendBuffered() throws SQLException {
        if (buffer.row() == 0) {
            return;
        }
        try {
            executions.run(scope -> {
                put.send(buffer, scope);
                return null;
            });
        } finally {
            buffer.reset();
        }
    }

    @Override
    public long flush() throws SQLException {
        sendBuffered();
        pending = 0;
        return executions.run(put::awaitAll);
    }

    @Override
    public long pending() {
        return pending;
    }

    @Override
    public void close() {
        try {
            put.close();
        } finally {
            buffer.close();
            allocator.close();
        }
    }
}
