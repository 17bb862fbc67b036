package io.greptime.jdbc.internal.client;

import com.google.protobuf.InvalidProtocolBufferException;
import io.greptime.jdbc.proto.v1.FlightMetadata;
import java.nio.ByteBuffer;
import java.sql.SQLException;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The answer of one {@code DoGet}: either an affected-row count (a single schema-less frame, protocol.md
 * §3.3) or a stream of record batches, from which it skips the zero-row steps that metrics frames
 * produce (§3.5). Errors, including those arriving mid-stream, surface as SQLException.
 *
 * <p>Interim: the flight-bridge module's batch cursor will take over the frame handling; this class then
 * shrinks to the call's ownership (client, cancellation).
 */
public final class QueryStream implements AutoCloseable {
  private final FlightStream stream;
  private final FlightClient client;
  private final ErrorTranslator errors;
  private final long affectedRows;
  private boolean pendingFirst;
  private boolean done;

  private QueryStream(FlightStream stream, FlightClient client, ErrorTranslator errors, long affectedRows,
      boolean pendingFirst) {
    this.stream = stream;
    this.client = client;
    this.errors = errors;
    this.affectedRows = affectedRows;
    this.pendingFirst = pendingFirst;
    this.done = !pendingFirst;
  }

  static QueryStream start(FlightStream stream, FlightClient client, CancelHook hook, ErrorTranslator errors)
      throws SQLException {
    hook.onCancel(() -> stream.cancel("cancelled by Statement.cancel()", null));
    try {
      boolean more = stream.next();
      if (!stream.hasRoot()) {
        long count = more ? readAffectedRows(stream.getLatestMetadata()) : 0;
        drain(stream);
        return new QueryStream(stream, client, errors, count, false);
      }
      return new QueryStream(stream, client, errors, -1, more);
    } catch (RuntimeException e) {
      GreptimeClient.closeQuietly(stream);
      GreptimeClient.closeQuietly(client);
      throw errors.translate(e);
    }
  }

  private static void drain(FlightStream stream) {
    while (stream.next()) {
      // an affected-rows answer has no more frames; tolerate trailing metrics
    }
  }

  private static long readAffectedRows(ArrowBuf metadata) throws SQLException {
    if (metadata == null) {
      return 0;
    }
    byte[] bytes = new byte[(int) metadata.readableBytes()];
    metadata.getBytes(metadata.readerIndex(), bytes);
    try {
      FlightMetadata m = FlightMetadata.parseFrom(ByteBuffer.wrap(bytes));
      return m.getAffectedRows().getValue() & 0xFFFFFFFFL;
    } catch (InvalidProtocolBufferException e) {
      throw new SQLException("Unreadable affected-rows frame from the server", "08P01", e);
    }
  }

  /** Whether the statement answered with a row count instead of rows. */
  public boolean isUpdateCount() {
    return affectedRows >= 0;
  }

  /** The affected rows of an update-count answer. */
  public long affectedRows() {
    return affectedRows;
  }

  /** The result schema (rows answers only). */
  public Schema schema() {
    return stream.getSchema();
  }

  /**
   * Advances to the next batch with rows and returns its root (owned by the stream, valid until the next
   * call), or null at the end.
   */
  public VectorSchemaRoot nextBatch() throws SQLException {
    if (done) {
      return null;
    }
    try {
      if (pendingFirst) {
        pendingFirst = false;
        if (stream.getRoot().getRowCount() > 0) {
          return stream.getRoot();
        }
      }
      while (stream.next()) {
        if (stream.getRoot().getRowCount() > 0) {
          return stream.getRoot();
        }
      }
      done = true;
      return null;
    } catch (RuntimeException e) {
      done = true;
      throw errors.translate(e);
    }
  }

  /** Stops the call if it is still streaming, then frees the stream's memory. */
  @Override
  public void close() {
    if (!done) {
      done = true;
      stream.cancel("result set closed", null);
    }
    GreptimeClient.closeQuietly(stream);
    GreptimeClient.closeQuietly(client);
  }
}
