package io.greptime.jdbc.flink;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.connector.jdbc.core.database.dialect.JdbcDialectConverter;
import org.apache.flink.connector.jdbc.statement.FieldNamedPreparedStatement;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.RowKind;

/**
 * The writer of {@link GreptimeCommitSink}: one connection with auto-commit off, so each buffer flush is an
 * {@code executeBatch} that returns once its rows are on the driver's DoPut stream, and {@code commit()} is where
 * they are confirmed. It commits at every checkpoint ({@link #flush(boolean)}, which Flink calls before the
 * checkpoint barrier goes on: the checkpoint completes only when every row before it is confirmed), at the end of
 * the input, and every {@code commitEvery} buffer flushes in between, so a failure is reported within a bounded
 * number of rows even without checkpointing. A commit that finds rows not confirmed throws, the task fails, and
 * Flink restarts it from the last completed checkpoint, whose rows were all confirmed: at-least-once, and no row
 * is counted that the server did not confirm.
 *
 * <p>Every JDBC call happens under {@link #lock}: the interval flusher runs on its own thread, and the driver
 * refuses a commit while another thread is sending on the connection.
 */
final class GreptimeCommitWriter implements SinkWriter<RowData> {
    private final GreptimeCommitSink.Settings settings;
    private final JdbcDialectConverter converter;
    /** Guards the connection, the statement and the counters; held by the task thread and the flusher. */
    private final ReentrantLock lock = new ReentrantLock();

    private final Connection connection;
    private final FieldNamedPreparedStatement statement;
    private final ScheduledExecutorService flusher;
    private int buffered;
    private int flushesSinceCommit;
    /** A failure of the interval flusher, thrown by the task thread's next call. */
    private volatile Exception flusherFailure;

    GreptimeCommitWriter(GreptimeCommitSink.Settings settings) throws IOException {
        this.settings = settings;
        this.converter = new GreptimeRowConverter(settings.rowType());
        try {
            Properties props = new Properties();
            if (settings.username() != null) {
                props.setProperty("user", settings.username());
            }
            if (settings.password() != null) {
                props.setProperty("password", settings.password());
            }
            this.connection = DriverManager.getConnection(settings.url(), props);
            connection.setAutoCommit(false);
            this.statement = FieldNamedPreparedStatement.prepareStatement(
                    connection, settings.insertSql(), settings.fieldNames());
        } catch (SQLException e) {
            throw new IOException("cannot open the GreptimeDB sink on " + settings.table(), e);
        }
        if (settings.flushIntervalMs() > 0) {
            flusher = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "greptime-sink-flusher");
                t.setDaemon(true);
                return t;
            });
            flusher.scheduleWithFixedDelay(
                    this::intervalFlush, settings.flushIntervalMs(), settings.flushIntervalMs(), TimeUnit.MILLISECONDS);
        } else {
            flusher = null;
        }
    }

    @Override
    public void write(RowData row, Context context) throws IOException {
        throwFlusherFailure();
        if (row.getRowKind() == RowKind.UPDATE_BEFORE) {
            return; // an upsert: the UPDATE_AFTER that follows is the row to write
        }
        if (row.getRowKind() == RowKind.DELETE) {
            throw new IOException("the greptime-jdbc sink writes inserts and upserts only; a DELETE reached "
                    + settings.table() + " (use 'connector' = 'jdbc' for changelogs with deletes)");
        }
        lock.lock();
        try {
            converter.toExternal(row, statement);
            statement.addBatch();
            if (++buffered >= settings.maxRows()) {
                sendBuffer();
            }
        } catch (SQLException e) {
            throw new IOException("writing to " + settings.table() + " failed", e);
        } finally {
            lock.unlock();
        }
    }

    /** At a checkpoint and at the end of the input: sends the buffer and confirms every row since the last commit. */
    @Override
    public void flush(boolean endOfInput) throws IOException {
        throwFlusherFailure();
        lock.lock();
        try {
            if (buffered > 0) {
                statement.executeBatch();
                buffered = 0;
            }
            commit();
        } catch (SQLException e) {
            throw new IOException("rows written to " + settings.table() + " were not all confirmed", e);
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock: one executeBatch of the buffered rows, and a commit every {@code commitEvery} of them. */
    private void sendBuffer() throws SQLException {
        statement.executeBatch();
        buffered = 0;
        if (++flushesSinceCommit >= settings.commitEvery()) {
            commit();
        }
    }

    private void commit() throws SQLException {
        flushesSinceCommit = 0;
        connection.commit();
    }

    private void intervalFlush() {
        if (flusherFailure != null || !lock.tryLock()) {
            return; // the task thread is writing or flushing: it sends the buffer itself
        }
        try {
            if (buffered > 0) {
                sendBuffer();
            }
        } catch (SQLException | RuntimeException e) {
            flusherFailure = e;
        } finally {
            lock.unlock();
        }
    }

    private void throwFlusherFailure() throws IOException {
        Exception failure = flusherFailure;
        if (failure != null) {
            throw new IOException("a timed flush to " + settings.table() + " failed", failure);
        }
    }

    /**
     * Without a final flush (the task failed or was cancelled): closing the connection waits for the outstanding
     * answers and throws for rows in doubt, which Flink then reports; the restart from the last checkpoint writes
     * those rows again.
     */
    @Override
    public void close() throws Exception {
        if (flusher != null) {
            flusher.shutdownNow();
            flusher.awaitTermination(10, TimeUnit.SECONDS);
        }
        lock.lock();
        try (Connection c = connection) {
            statement.close();
        } finally {
            lock.unlock();
        }
    }
}
