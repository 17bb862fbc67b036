package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.GreptimeStreamInserter;
import io.greptime.jdbc.internal.client.HandleRequestsCall;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@link GreptimeStreamInserter} over one {@code HandleRequests} call: declared tables buffer their rows
 * (through the same column writers and row encoder as every write route)
 * in Arrow vectors; every {@code bulkFlushRows} rows (all tables together) the buffers leave as one
 * request with one {@code RowInsertRequest} per table. The call opens at the first request, so an
 * inserter that never sends a row never opens a stream. Each call that waits on the server (a flush that
 * waits for the stream to take more, finish waiting for the answer) runs as an execution of the
 * connection: its queryTimeout bounds the wait, and closing the connection stops it.
 */
final class StreamInserterImpl implements GreptimeStreamInserter {
    private enum State {
        OPEN,
        FINISHED,
        ABORTED,
        FAILED
    }

    private final BulkWrites owner;
    private final RequestSession session;
    private final WriteExecutions executions;
    private final int flushRows;
    private final Map<String, StreamTable> tables = new LinkedHashMap<>();
    private HandleRequestsCall call;
    private State state = State.OPEN;
    private int buffered;
    private long sentRows;

    StreamInserterImpl(BulkWrites owner, RequestSession session, WriteExecutions executions) {
        this.owner = owner;
        this.session = session;
        this.executions = executions;
        this.flushRows = owner.config().bulkFlushRows();
    }

    private void checkOpen() throws SQLException {
        switch (state) {
            case OPEN:
                return;
            case FINISHED:
                throw new SQLException("The stream inserter is finished", SqlState.FUNCTION_SEQUENCE_ERROR.code());
            case ABORTED:
                throw new SQLException("The stream inserter was aborted", SqlState.OPERATION_CANCELED.code());
            default:
                throw new SQLException(
                        "The stream inserter failed; its error was reported already",
                        SqlState.FUNCTION_SEQUENCE_ERROR.code());
        }
    }

    @Override
    public void declare(String table, Column... columns) throws SQLException {
        checkOpen();
        if (tables.containsKey(table)) {
            throw new SQLException(
                    "Table " + table + " is already declared on this stream", SqlState.INVALID_PARAMETER_VALUE.code());
        }
        tables.put(table, StreamTable.declare(session, table, columns, owner.allocator()));
    }

    @Override
    public void insert(String table, Object... values) throws SQLException {
        checkOpen();
        StreamTable t = tables.get(table);
        if (t == null) {
            throw new SQLException(
                    "Table " + table + " was not declared on this stream", SqlState.TABLE_NOT_FOUND.code());
        }
        if (call != null) {
            failed(call::checkFailure);
        }
        t.add(values);
        if (++buffered >= flushRows) {
            flush();
        }
    }

    /** Sends every table's buffered rows as one request. */
    private void flush() throws SQLException {
        if (buffered == 0) {
            return;
        }
        RowInsertRequests.Builder inserts = RowInsertRequests.newBuilder();
        for (StreamTable t : tables.values()) {
            RowInsertRequest r = t.drain();
            if (r != null) {
                inserts.addInserts(r);
            }
        }
        int rows = buffered;
        buffered = 0;
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setHeader(session.toHeader())
                .setRowInserts(inserts)
                .build();
        if (call == null) {
            call = owner.client().startHandleRequests(session);
        }
        failed(() -> sendOrReopen(request));
        sentRows += rows;
        owner.rowInsertRequests.incrementAndGet();
        owner.rowInsertRows.addAndGet(rows);
    }

    /**
     * Sends one request; when the call lost its connection before anything of it was sent (the endpoint died),
     * opens it again on another endpoint and sends there, as long as untried endpoints remain.
     */
    private void sendOrReopen(GreptimeRequest request) throws SQLException {
        while (true) {
            try {
                executions.run(scope -> {
                    call.send(request, scope);
                    return null;
                });
                return;
            } catch (SQLException e) {
                HandleRequestsCall next =
                        call.failedBeforeSending() ? owner.client().reopenHandleRequests(session, call) : null;
                if (next == null) {
                    throw e;
                }
                call = next;
            }
        }
    }

    private interface CallStep {
        void run() throws SQLException;
    }

    /** Runs a step of the call; its failure ends the inserter (the stream is over on the server too). */
    private void failed(CallStep step) throws SQLException {
        try {
            step.run();
        } catch (SQLException e) {
            state = State.FAILED;
            call.cancel("stream inserter failed");
            release();
            throw e;
        }
    }

    @Override
    public long sentRows() {
        return sentRows;
    }

    @Override
    public long finish() throws SQLException {
        checkOpen();
        flush();
        if (call == null) {
            state = State.FINISHED;
            release();
            return 0;
        }
        long[] total = new long[1];
        failed(() -> total[0] = executions.run(call::finish));
        state = State.FINISHED;
        release();
        return total[0];
    }

    @Override
    public void abort() {
        if (state != State.OPEN) {
            return;
        }
        state = State.ABORTED;
        if (call != null) {
            call.cancel("stream inserter aborted");
        }
        release();
    }

    private void release() {
        for (StreamTable t : tables.values()) {
            t.close();
        }
        tables.clear();
        buffered = 0;
    }

    @Override
    public void close() {
        abort();
    }
}
