package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.GreptimeBulkWriter;
import java.sql.SQLException;

/**
 * A typed-row writer whose server calls (a write that sends a batch, flush, close) hold the connection's
 * thread affinity like a statement's calls do, so another thread cannot take the connection over while a
 * batch is in flight.
 */
final class OwnedBulkWriter<T> implements GreptimeBulkWriter<T> {
    private final GreptimeBulkWriter<T> writer;
    private final ThreadAffinity affinity;

    OwnedBulkWriter(GreptimeBulkWriter<T> writer, ThreadAffinity affinity) {
        this.writer = writer;
        this.affinity = affinity;
    }

    @Override
    public void write(T row) throws SQLException {
        affinity.run(() -> writer.write(row));
    }

    @Override
    public long flush() throws SQLException {
        return affinity.call(writer::flush);
    }

    @Override
    public long pendingRows() {
        return writer.pendingRows();
    }

    @Override
    public void close() throws SQLException {
        affinity.run(writer::close);
    }
}
