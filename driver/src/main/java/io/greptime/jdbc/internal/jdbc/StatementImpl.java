package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.GreptimeSqlException;
import io.greptime.jdbc.GreptimeStatement;
import io.greptime.jdbc.arrow.flight.FlightBatchCursor;
import io.greptime.jdbc.arrow.flight.FlightCallException;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.greptime.jdbc.internal.bulk.CountArrays;
import io.greptime.jdbc.internal.client.GreptimeClient;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.observe.ObservedScope;
import io.greptime.jdbc.internal.observe.StatementObservation;
import io.greptime.jdbc.internal.resultset.SingleTableSource;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.PromRangeQuery;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A statement: each execution sends one GreptimeRequest (DoGet for statements answering rows, Handle for
 * the rest) carrying the connection's session. An execution stays current until its result set is
 * closed, so {@link #cancel()} from another thread also stops a result still streaming.
 */
public class StatementImpl extends StatementSettings implements GreptimeStatement {

    final ConnectionImpl connection;
    /** Which thread may use this statement now; see {@link ThreadAffinity}. */
    final ThreadAffinity affinity;

    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicReference<Execution> current = new AtomicReference<>();
    private final List<String> batch = new ArrayList<>();
    private volatile ResultSetImpl resultSet;
    private volatile long updateCount = -1;
    /** The text of the last query sent, for its result's getTableName/getSchemaName. */
    private volatile String querySql;

    StatementImpl(ConnectionImpl connection) {
        super(connection.config().queryTimeoutSeconds(), connection.config().fetchSize());
        this.connection = connection;
        this.affinity = connection.statementAffinity();
        affinity.adoptByCreator();
    }

    @Override
    void checkOpen() throws SQLException {
        if (closed.get()) {
            throw new SQLException("Statement is closed", SqlState.FUNCTION_SEQUENCE_ERROR.code());
        }
        connection.checkOpen();
        affinity.check();
    }

    /**
     * The per-setter check: the statement is open and the calling thread may use it. The connection's
     * state is not read: closing the connection closes its statements first.
     */
    final void checkUsable() throws SQLException {
        if (closed.get()) {
            throw new SQLException("Statement is closed", SqlState.FUNCTION_SEQUENCE_ERROR.code());
        }
        affinity.check();
    }

    // ---------------------------------------------------------------- execution

    /**
     * Runs one statement and leaves its result (rows or count) current; true when it answered rows. The
     * statement (under {@code threadAffinity=strict}, the connection) stays with the calling thread for the
     * whole call.
     */
    boolean run(String sql) throws SQLException {
        checkOpen();
        return affinity.call(() -> runOwned(sql));
    }

    private boolean runOwned(String sql) throws SQLException {
        closeResult();
        StatementClassifier.Classified c = StatementClassifier.classify(sql);
        Execution exec = begin(observedText(sql));
        StatementObservation obs = exec.observation();
        boolean keepRunning = false;
        try (ObservedScope scope = obs.enter()) {
            keepRunning = dispatch(c, exec);
            return keepRunning;
        } catch (SQLException e) {
            SQLException thrown = exec.wasCancelled() ? CursorRowSource.cancelled(e) : e;
            obs.failed(thrown);
            throw thrown;
        } finally {
            if (!keepRunning) {
                end(exec);
                obs.finished(updateCount);
            }
        }
    }

    /**
     * The text logs and traces show for an execution of {@code sent}: the statement itself here; a prepared
     * statement shows its template instead, so bound parameter values never reach logs or spans.
     */
    String observedText(String sent) {
        return sent;
    }

    /** The parameter literals of the execution about to start (hidden from error messages), or null. */
    String[] boundLiterals() {
        return null;
    }

    private boolean dispatch(StatementClassifier.Classified c, Execution exec) throws SQLException {
        RequestSession session = connection.session();
        long timeout = exec.callTimeoutMillis();
        switch (c.kind()) {
            case ROWS:
                return query(c.sql(), session, timeout, exec);
            case USE:
                useDatabase(c, session, timeout, exec);
                return false;
            case SET_TIME_ZONE:
                ZoneId zone = TimeZones.resolve(c.argument());
                updateCount = connection.client().handle(session, c.sql(), timeout, exec);
                connection.switchTimeZone(zone);
                return false;
            default:
                try {
                    updateCount = connection
                            .client()
                            .handleWrite(
                                    session,
                                    GreptimeClient.sqlRequest(session, c.sql()),
                                    timeout,
                                    exec,
                                    connection.repeatableWrite(session, c.sql(), exec));
                } finally {
                    if (StatementClassifier.isDdl(c.sql())) {
                        // what the write path read of tables (and parked streams) may describe the old table
                        connection.bulkWrites().schemaChanged();
                    }
                }
                return false;
        }
    }

    /**
     * USE goes through DoGet: every GreptimeDB answers it with an empty record-batch output, which Handle
     * refuses as a query (audit B3; {@code HEAD:src/operator/src/statement.rs:510-523},
     * {@code HEAD:src/servers/src/grpc/database.rs:65-77}). The server checks that the database exists and
     * keeps nothing, so the switch itself is the driver's; the statement counts as an update of 0 rows.
     */
    private void useDatabase(StatementClassifier.Classified c, RequestSession session, long timeout, Execution exec)
            throws SQLException {
        try (FlightBatchCursor cursor = connection
                .client()
                .doGet(
                        session,
                        c.sql(),
                        timeout,
                        exec,
                        connection.allocator(),
                        connection.cursorSettings(session.timeZone(), 0))) {
            while (!cursor.isUpdateCount() && cursor.nextBatch()) {
                // drain: a schema with no columns and no batch is the whole answer
            }
        } catch (FlightCallException e) {
            throw unknownDatabase(connection.client().errors().translate(e));
        } catch (SQLException e) {
            throw unknownDatabase(e);
        }
        updateCount = 0;
        connection.switchDatabase(c.argument());
    }

    /**
     * A USE of a database that does not exist fails with the operator's SchemaNotFound, which every GreptimeDB
     * line reports as InvalidArguments (1004, seen from a real v1.0.0; {@code v1.0.0:src/operator/src/statement.rs:
     * 448-456}): for USE that can only mean the database, so it gets SQL's "invalid schema name" class.
     */
    private static SQLException unknownDatabase(SQLException e) {
        if (GreptimeSqlException.statusCodeOf(e) != StatusCode.INVALID_ARGUMENTS) {
            return e;
        }
        SQLException named = new GreptimeSqlException(
                e.getMessage(),
                SqlState.INVALID_SCHEMA_NAME.code(),
                e.getErrorCode(),
                e instanceof GreptimeSqlException g ? g.grpcCode() : null);
        named.initCause(e);
        return named;
    }

    private boolean query(String sql, RequestSession session, long timeout, Execution exec) throws SQLException {
        querySql = sql;
        return query(GreptimeClient.sqlRequest(session, sql), session, timeout, exec);
    }

    private boolean query(GreptimeRequest request, RequestSession session, long timeout, Execution exec)
            throws SQLException {
        FlightBatchCursor cursor = connection
                .client()
                .doGet(
                        session,
                        request,
                        timeout,
                        exec,
                        connection.allocator(),
                        connection.cursorSettings(session.timeZone(), maxRows()));
        if (cursor.isUpdateCount()) {
            updateCount = cursor.updateCount();
            cursor.close();
            return false;
        }
        resultSet = new ResultSetImpl(
                this,
                new CursorRowSource(cursor, connection.client().errors(), exec, affinity),
                rs -> resultClosed(rs, exec));
        connection.observe().resultSetOpened();
        return true;
    }

    private Execution begin(String observedText) throws SQLException {
        return begin(connection.observe().start(observedText, 0));
    }

    /**
     * Starts an execution with the statement's timeout as its deadline, current until {@link #end}: a
     * cancel or close from another thread reaches it, and so does closing the connection.
     *
     * @param observation what logs, metrics and traces see of it (null: a part of a batch, not a statement)
     */
    final Execution begin(StatementObservation observation) throws SQLException {
        Execution previous = current.get();
        boolean busy = previous != null && previous.phase() != Execution.Phase.DONE;
        Execution exec = busy ? null : new Execution(observation, queryTimeoutSeconds() * 1000L, connection.clock());
        if (exec != null && observation != null) {
            observation.hideLiterals(boundLiterals());
        }
        if (busy || !current.compareAndSet(previous, exec)) {
            SQLException e = new SQLException(
                    "The statement is already executing; use another Statement for concurrent work",
                    SqlState.FUNCTION_SEQUENCE_ERROR.code());
            if (observation != null) {
                observation.failed(e);
            }
            throw e;
        }
        connection.executionStarted(exec);
        return exec;
    }

    final void end(Execution exec) {
        exec.finish();
        current.compareAndSet(exec, null);
        try {
            if (closed.get()) {
                afterClose();
            }
        } finally {
            // only now: a connection closing on another thread waits for its executions to end and then closes
            // the allocator, which must find what this statement's route held already freed
            connection.executionEnded(exec);
        }
    }

    /** One call of a batch, run as an execution. */
    @FunctionalInterface
    interface ExecutionBody<T> {
        T run(Execution exec) throws SQLException;
    }

    /**
     * Runs {@code body} as one execution of this statement: observed as a statement of {@code rows} rows
     * when {@code observedText} is not null (executeBatch), unobserved otherwise (an addBatch that sends a
     * part). Its deadline is the statement timeout; cancel, close and the connection's close stop it.
     */
    final <T> T execution(String observedText, long rows, ExecutionBody<T> body) throws SQLException {
        StatementObservation obs =
                observedText == null ? null : connection.observe().start(observedText, rows);
        Execution exec = begin(obs);
        if (obs == null) {
            try {
                return body.run(exec);
            } finally {
                end(exec);
            }
        }
        try (ObservedScope scope = obs.enter()) {
            T result = body.run(exec);
            obs.finished(
                    result instanceof long[] counts ? counts.length : result instanceof int[] ints ? ints.length : 0);
            return result;
        } catch (SQLException e) {
            obs.failed(e);
            throw e;
        } finally {
            obs.finished(0);
            end(exec);
        }
    }

    /**
     * Called when an execution ends on a statement closed meanwhile (closed from another thread while it
     * ran): what only the executing thread may release (a column buffer it was writing) is released here.
     */
    void afterClose() {}

    /** Whether an execution is running now (on any thread). */
    final boolean executing() {
        Execution exec = current.get();
        return exec != null && exec.phase() != Execution.Phase.DONE;
    }

    private void resultClosed(ResultSetImpl rs, Execution exec) {
        end(exec);
        connection.observe().resultSetClosed();
        // Only a result set the application closed completes the statement; one closed because the statement
        // runs again (closeResult clears the field first) must not close it.
        boolean closedByApplication = resultSet == rs;
        if (closedByApplication) {
            resultSet = null;
            if (closesOnCompletion()) {
                closeQuietly();
            }
        }
    }

    private void closeResult() throws SQLException {
        ResultSetImpl rs = resultSet;
        resultSet = null;
        updateCount = -1;
        if (rs != null) {
            rs.close();
        }
    }

    // ---------------------------------------------------------------- GreptimeStatement (PromQL)

    @Override
    public ResultSet executePromRange(String query, String start, String end, String step) throws SQLException {
        return executePromRange(query, start, end, step, null);
    }

    @Override
    public ResultSet executePromRange(String query, String start, String end, String step, String lookback)
            throws SQLException {
        checkOpen();
        PromRangeQuery q = PromqlRequests.rangeQuery(query, start, end, step, lookback);
        return affinity.call(() -> promRangeOwned(query, q));
    }

    private ResultSet promRangeOwned(String query, PromRangeQuery q) throws SQLException {
        closeResult();
        Execution exec = begin("PROMQL " + query);
        StatementObservation obs = exec.observation();
        boolean rows = false;
        try (ObservedScope scope = obs.enter()) {
            RequestSession session = connection.session();
            GreptimeRequest request = GreptimeRequest.newBuilder()
                    .setHeader(session.toHeader())
                    .setQuery(QueryRequest.newBuilder().setPromRangeQuery(q))
                    .build();
            rows = query(request, session, queryTimeoutSeconds() * 1000L, exec);
        } catch (SQLException e) {
            SQLException thrown = exec.wasCancelled() ? CursorRowSource.cancelled(e) : e;
            obs.failed(thrown);
            throw thrown;
        } finally {
            if (!rows) {
                end(exec);
                obs.finished(updateCount);
            }
        }
        if (!rows) {
            throw new SQLException(
                    "The PromQL range query returned an update count, not rows", SqlState.NO_DATA.code());
        }
        return resultSet;
    }

    // ---------------------------------------------------------------- java.sql.Statement

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        return doQuery(sql);
    }

    /** executeQuery without virtual dispatch, for subclasses that forbid the String overloads. */
    final ResultSet doQuery(String sql) throws SQLException {
        checkOpen();
        if (StatementClassifier.classify(sql).kind() != StatementClassifier.Kind.ROWS) {
            throw new SQLException(
                    "executeQuery needs a statement that returns rows (SELECT, SHOW, DESC, TQL...); "
                            + "use executeUpdate or execute",
                    SqlState.NO_DATA.code());
        }
        if (!run(sql)) {
            throw new SQLException("The statement returned an update count, not rows", SqlState.NO_DATA.code());
        }
        return resultSet;
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        return clampCount(doUpdate(sql));
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        return doUpdate(sql);
    }

    /** executeLargeUpdate without virtual dispatch, for subclasses that forbid the String overloads. */
    final long doUpdate(String sql) throws SQLException {
        checkOpen();
        if (StatementClassifier.classify(sql).kind() == StatementClassifier.Kind.ROWS) {
            throw new SQLException(
                    "executeUpdate cannot run a statement that returns rows; use executeQuery",
                    SqlState.TOO_MANY_RESULT_SETS.code());
        }
        run(sql);
        return updateCount;
    }

    /**
     * For executions that do not go through {@link #run} (a prepared INSERT's DoPut path): drops the previous
     * result and count before the write, so a failed write leaves no stale count behind.
     */
    final void forgetUpdateCount() throws SQLException {
        closeResult();
    }

    /** The count of an execution that did not go through {@link #run}. */
    final void recordUpdateCount(long count) {
        updateCount = count;
    }

    /** The one table the last query read, if it read exactly one in the plain shape; else null. */
    SingleTableSource resultSource() throws SQLException {
        String sql = querySql;
        return sql == null ? null : SingleTableSource.of(sql, connection.getSchema());
    }

    /** An update count as the int API can say it ({@link CountArrays#narrow}). */
    static int clampCount(long n) {
        return CountArrays.narrow(n);
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        return run(sql);
    }

    final boolean doExecute(String sql) throws SQLException {
        return run(sql);
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        checkOpen();
        return resultSet;
    }

    @Override
    public int getUpdateCount() throws SQLException {
        return clampCount(getLargeUpdateCount());
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        checkOpen();
        return resultSet != null ? -1 : updateCount;
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        return getMoreResults(CLOSE_CURRENT_RESULT);
    }

    /** There is only ever one result per execution: the next is "no more results". */
    @Override
    public boolean getMoreResults(int current) throws SQLException {
        checkOpen();
        if (current != KEEP_CURRENT_RESULT) {
            closeResult();
        } else {
            resultSet = null;
        }
        updateCount = -1;
        return false;
    }

    @Override
    public void cancel() throws SQLException {
        if (closed.get()) {
            throw new SQLException("Statement is closed", SqlState.FUNCTION_SEQUENCE_ERROR.code());
        }
        connection.checkNotClosed(); // not checkOpen: any thread may cancel (ThreadAffinity)
        Execution exec = current.get();
        if (exec != null) {
            exec.cancel();
        }
    }

    @Override
    public void close() throws SQLException {
        if (closed.compareAndSet(false, true)) {
            try {
                Execution exec = current.get();
                if (exec != null) {
                    exec.cancel();
                }
                closeResult();
            } finally {
                connection.statementClosed(this);
            }
        }
    }

    void closeQuietly() {
        try {
            close();
        } catch (SQLException ignored) {
            // closing on completion or with the connection: nothing useful to report
        }
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    // ---------------------------------------------------------------- batches

    @Override
    public void addBatch(String sql) throws SQLException {
        checkOpen();
        batch.add(sql);
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        return CountArrays.INTS.of(executeLargeBatch());
    }

    /** Runs the batch in order; the first failure stops it with the counts of what ran before. */
    @Override
    public long[] executeLargeBatch() throws SQLException {
        checkOpen();
        return affinity.call(this::runBatch);
    }

    private long[] runBatch() throws SQLException {
        List<String> work = new ArrayList<>(batch);
        batch.clear();
        long[] counts = new long[work.size()];
        for (int i = 0; i < work.size(); i++) {
            try {
                counts[i] = doUpdate(work.get(i));
            } catch (SQLException e) {
                throw batchFailure(e, java.util.Arrays.copyOf(counts, i));
            }
        }
        return counts;
    }

    static BatchUpdateException batchFailure(SQLException cause, long[] done) {
        return new BatchUpdateException(
                "Batch entry " + done.length + " failed: " + cause.getMessage(),
                cause.getSQLState(),
                cause.getErrorCode(),
                done,
                cause);
    }

    @Override
    public Connection getConnection() throws SQLException {
        checkOpen();
        return connection;
    }

    /** GreptimeDB generates no keys: always an empty result. */
    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        checkOpen();
        VectorSchemaRoot empty = VectorSchemaRoot.create(new Schema(List.of()), connection.allocator());
        return new ResultSetImpl(
                this,
                RowSource.of(empty, new ColumnReaderFactory(connection.session().timeZone())),
                rs -> {});
    }

    @Override
    public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return executeUpdate(sql);
    }

    @Override
    public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return executeUpdate(sql);
    }

    @Override
    public int executeUpdate(String sql, String[] columnNames) throws SQLException {
        return executeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return executeLargeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return executeLargeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
        return executeLargeUpdate(sql);
    }

    @Override
    public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        return execute(sql);
    }

    @Override
    public boolean execute(String sql, int[] columnIndexes) throws SQLException {
        return execute(sql);
    }

    @Override
    public boolean execute(String sql, String[] columnNames) throws SQLException {
        return execute(sql);
    }
}
