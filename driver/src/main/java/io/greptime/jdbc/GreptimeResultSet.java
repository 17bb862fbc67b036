package io.greptime.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Arrow access to a query result, reached with {@code resultSet.unwrap(GreptimeResultSet.class)}: the
 * record batches exactly as GreptimeDB sent them over Flight, without copying.
 *
 * <p>A result is read either row by row ({@link #next()} and the getters) or batch by batch
 * ({@link #nextBatch()}), never both: whichever is called first decides, and calling the other one
 * afterwards throws a SQLException with SQLState HY010. In batch mode the getters have no current row.
 */
public interface GreptimeResultSet extends ResultSet {

    /**
     * Moves to the next record batch with rows and returns it, or null at the end of the result.
     *
     * <p>The root belongs to the result set: it is valid until the next {@code nextBatch()} or
     * {@code close()}, which reload or free its vectors (the same root object may be returned with new
     * contents). Do not close it; to keep data longer, copy or transfer the vectors into an allocator of
     * your own. Its row count honours {@code setMaxRows}. Columns GreptimeDB sends dictionary-encoded
     * arrive as dictionary indices.
     */
    VectorSchemaRoot nextBatch() throws SQLException;
}
