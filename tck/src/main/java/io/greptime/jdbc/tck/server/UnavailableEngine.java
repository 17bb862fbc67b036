package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.DdlRequest;
import io.greptime.jdbc.proto.v1.DeleteRequests;
import io.greptime.jdbc.proto.v1.InsertRequests;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * TODO(server): stand-in for the standalone main until DuckDbEngine lands on main; then the main
 * constructs DuckDbEngine and this class goes. It answers every statement with Unsupported so that the
 * wire front (health checks, auth, errors) can already be run standalone.
 */
final class UnavailableEngine implements Engine {
  private static GreptimeError unavailable() {
    return new GreptimeError(StatusCode.UNSUPPORTED, "Not supported: this build has no SQL engine yet");
  }

  @Override
  public Output execute(QueryContext ctx, String sql, BufferAllocator allocator) {
    throw unavailable();
  }

  @Override
  public long insertRows(QueryContext ctx, RowInsertRequests requests) {
    throw unavailable();
  }

  @Override
  public long deleteRows(QueryContext ctx, RowDeleteRequests requests) {
    throw unavailable();
  }

  @Override
  public long insertColumns(QueryContext ctx, InsertRequests requests) {
    throw unavailable();
  }

  @Override
  public long deleteColumns(QueryContext ctx, DeleteRequests requests) {
    throw unavailable();
  }

  @Override
  public long ddl(QueryContext ctx, DdlRequest request) {
    throw unavailable();
  }

  @Override
  public Schema tableSchema(QueryContext ctx, String table) {
    throw unavailable();
  }

  @Override
  public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
    throw unavailable();
  }

  @Override
  public void close() {}
}
