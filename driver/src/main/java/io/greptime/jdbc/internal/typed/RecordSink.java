package io.greptime.jdbc.internal.typed;

import java.sql.SQLException;

/** Where a bulk writer's records go: Arrow batches on DoPut, or protobuf rows on RowInsertRequests. */
interface RecordSink<T> {
    /** Buffers one record (sending a batch when full); on a SQLException the record is not buffered. */
    void add(T record) throws SQLException;

    /** Sends what is buffered and waits for the server; returns the records confirmed since the last flush. */
    long flush() throws SQLException;

    /** Records added since the last flush. */
    long pending();

    /** Frees the sink's resources without sending anything. */
    void close();
}
