package io.greptime.jdbc.internal.jdbc;

import java.sql.SQLException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Where a result set's record batches come from: a DoGet stream, or batches already in memory (empty
 * generated keys, metadata results, tests).
 */
interface RowSource extends AutoCloseable {
  Schema schema();

  /** The next batch with at least one row (owned by the source, valid until the next call), or null. */
  VectorSchemaRoot nextBatch() throws SQLException;

  /** Stops the source (cancelling a stream still running) and frees its memory. */
  @Override
  void close();

  /** A source of one in-memory batch, which it closes when it is closed. */
  static RowSource of(VectorSchemaRoot root) {
    return new RowSource() {
      private boolean served;

      @Override
      public Schema schema() {
        return root.getSchema();
      }

      @Override
      public VectorSchemaRoot nextBatch() {
        if (served || root.getRowCount() == 0) {
          return null;
        }
        served = true;
        return root;
      }

      @Override
      public void close() {
        root.close();
      }
    };
  }
}
