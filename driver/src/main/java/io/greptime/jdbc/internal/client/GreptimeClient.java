package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.arrow.flight.CursorSettings;
import io.greptime.jdbc.arrow.flight.FlightBatchCursor;
import io.greptime.jdbc.arrow.flight.FlightCallException;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.HintsFormat;
import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.GreptimeResponse;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.CallOptions;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightGrpcUtils;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;

/**
 * One connection's gRPC channel and the three calls a JDBC connection needs: {@code Handle} for
 * statements answering a row count, Flight {@code DoGet} for statements answering rows, and
 * {@code HealthCheck}. Thread-safe: calls may run concurrently on the one channel.
 */
public final class GreptimeClient implements AutoCloseable {
  private static final Metadata.Key<String> HINTS_KEY =
      Metadata.Key.of("x-greptime-hints", Metadata.ASCII_STRING_MARSHALLER);

  private final ChannelSource channels;
  private final ManagedChannel channel;
  private final String compression;
  private final ErrorTranslator errors;

  private GreptimeClient(ChannelSource channels, ManagedChannel channel, String compression,
      ErrorTranslator errors) {
    this.channels = channels;
    this.channel = channel;
    this.compression = compression;
    this.errors = errors;
  }

  /** Opens a client on the first endpoint of the configuration (the channel connects lazily). */
  public static GreptimeClient open(ConnectionConfig config) throws SQLException {
    return open(config, ChannelSource.owned(config));
  }

  /** Opens a client whose channels come from {@code channels}; closing the client closes the source. */
  public static GreptimeClient open(ConnectionConfig config, ChannelSource channels) throws SQLException {
    try {
      return new GreptimeClient(channels, channels.channel(config.primaryEndpoint()), config.compression(),
          new ErrorTranslator(config.password()));
    } catch (SQLException | RuntimeException e) {
      channels.close();
      throw e;
    }
  }

  /** The translator for this connection's errors (masks its password). */
  public ErrorTranslator errors() {
    return errors;
  }

  /** A request carrying one SQL statement. */
  public static GreptimeRequest sqlRequest(RequestSession session, String sql) {
    return GreptimeRequest.newBuilder().setHeader(session.toHeader())
        .setQuery(QueryRequest.newBuilder().setSql(sql)).build();
  }

  /**
   * Runs a statement through {@code GreptimeDatabase/Handle} and returns the affected rows.
   *
   * @param timeoutMillis deadline of the call, 0 for none
   */
  public long handle(RequestSession session, String sql, long timeoutMillis, CancelHook hook) throws SQLException {
    return handle(session, sqlRequest(session, sql), timeoutMillis, hook);
  }

  /** Sends any request (row inserts and deletes too) through {@code Handle}; returns the affected rows. */
  public long handle(RequestSession session, GreptimeRequest request, long timeoutMillis, CancelHook hook)
      throws SQLException {
    GreptimeDatabaseGrpc.GreptimeDatabaseBlockingStub stub = GreptimeDatabaseGrpc.newBlockingStub(channel)
        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(hintHeaders(session.hints())));
    if (timeoutMillis > 0) {
      stub = stub.withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS);
    }
    if (!compression.equals("none")) {
      stub = stub.withCompression(compression);
    }
    GreptimeDatabaseGrpc.GreptimeDatabaseBlockingStub call = stub;
    Context.CancellableContext ctx = Context.current().withCancellation();
    hook.onCancel(() -> ctx.cancel(new CancellationException("cancelled by Statement.cancel()")));
    try {
      GreptimeResponse response = ctx.call(() -> call.handle(request));
      checkInBand(response);
      return response.getAffectedRows().getValue() & 0xFFFFFFFFL;
    } catch (SQLException e) {
      throw e;
    } catch (Exception e) {
      throw errors.translate(e);
    } finally {
      ctx.close();
    }
  }

  /** The server only sends status 0 in-band, but the official client treats non-zero as an error. */
  private void checkInBand(GreptimeResponse response) throws SQLException {
    if (response.hasHeader() && response.getHeader().hasStatus()
        && response.getHeader().getStatus().getStatusCode() != 0) {
      var st = response.getHeader().getStatus();
      throw errors.translate(io.grpc.Status.UNKNOWN.withDescription(st.getErrMsg()),
          trailerWithCode(st.getStatusCode()));
    }
  }

  private static Metadata trailerWithCode(int code) {
    Metadata m = new Metadata();
    m.put(Metadata.Key.of(io.greptime.jdbc.proto.StatusCode.ERR_CODE_HEADER, Metadata.ASCII_STRING_MARSHALLER),
        Integer.toString(code));
    return m;
  }

  private static Metadata hintHeaders(Map<String, String> hints) {
    Metadata m = new Metadata();
    if (!hints.isEmpty()) {
      m.put(HINTS_KEY, HintsFormat.format(hints));
    }
    return m;
  }

  /**
   * Starts a Flight {@code DoGet} for one statement and reads its first message. The result reads into
   * its own child of {@code parent}, limited to {@code settings.maxResultMemory()}, through its own
   * Flight client on the shared channel; closing the cursor releases both.
   *
   * <p>{@code hook} first cancels the raw stream (a cancel may arrive while the server is still
   * planning, before the cursor exists), then the cursor, so {@code Statement.cancel} reaches the call
   * at every point of its life.
   */
  public FlightBatchCursor doGet(RequestSession session, String sql, long timeoutMillis, CancelHook hook,
      BufferAllocator parent, CursorSettings settings) throws SQLException {
    return doGet(session, sqlRequest(session, sql), timeoutMillis, hook, parent, settings);
  }

  /** As the SQL form of {@code doGet}, for any query request (PromQL range queries too). */
  public FlightBatchCursor doGet(RequestSession session, GreptimeRequest request, long timeoutMillis,
      CancelHook hook, BufferAllocator parent, CursorSettings settings) throws SQLException {
    BufferAllocator allocator = parent.newChildAllocator("result-set", 0, settings.maxResultMemory());
    FlightClient flight = null;
    try {
      flight = FlightGrpcUtils.createFlightClientWithSharedChannel(allocator, channel);
      FlightStream stream = flight.getStream(new Ticket(request.toByteArray()),
          callOptions(session, timeoutMillis));
      hook.onCancel(() -> stream.cancel("cancelled by Statement.cancel()", null));
      FlightBatchCursor cursor = FlightBatchCursor.over(stream, AutoCloseables.all(List.of(flight, allocator)),
          settings);
      hook.onCancel(cursor::cancel);
      return cursor;
    } catch (FlightCallException e) {
      // over() already closed the stream, the client and the allocator
      throw errors.translate(e);
    } catch (RuntimeException e) {
      if (flight != null) {
        closeQuietly(flight);
      }
      closeQuietly(allocator);
      throw errors.translate(e);
    }
  }

  private static CallOption[] callOptions(RequestSession session, long timeoutMillis) {
    FlightCallHeaders headers = new FlightCallHeaders();
    if (!session.hints().isEmpty()) {
      headers.insert(HINTS_KEY.name(), HintsFormat.format(session.hints()));
    }
    return timeoutMillis > 0
        ? new CallOption[] {new HeaderCallOption(headers), CallOptions.timeout(timeoutMillis, TimeUnit.MILLISECONDS)}
        : new CallOption[] {new HeaderCallOption(headers)};
  }

  /** Opens a Flight {@code DoPut} call whose answers go to {@code answers} (protocol.md §4). */
  public io.greptime.jdbc.arrow.write.DoPutWriter.Transport startPut(RequestSession session,
      io.greptime.jdbc.arrow.write.DoPutWriter.Answers answers) {
    return FlightPutCall.open(channel, session, answers);
  }

  /**
   * Opens a client-streaming {@code HandleRequests} call with this session's hints and the transport
   * compression; no deadline, because the stream lives as long as its writer (streamInserter).
   */
  public HandleRequestsCall startHandleRequests(RequestSession session) {
    GreptimeDatabaseGrpc.GreptimeDatabaseStub stub = GreptimeDatabaseGrpc.newStub(channel)
        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(hintHeaders(session.hints())));
    return HandleRequestsCall.open(compression.equals("none") ? stub : stub.withCompression(compression), errors);
  }

  /** A PrometheusGateway stub with this session's hints, the compression and the deadline (0 for none). */
  io.greptime.jdbc.proto.v1.PrometheusGatewayGrpc.PrometheusGatewayBlockingStub prometheusStub(
      RequestSession session, long timeoutMillis) {
    var stub = io.greptime.jdbc.proto.v1.PrometheusGatewayGrpc.newBlockingStub(channel)
        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(hintHeaders(session.hints())));
    if (timeoutMillis > 0) {
      stub = stub.withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS);
    }
    return compression.equals("none") ? stub : stub.withCompression(compression);
  }

  static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception ignored) {
      // closing after a failure: the original error is what the caller needs to see
    }
  }

  /** A {@code HealthCheck} call with this deadline; false on any failure. */
  public boolean healthCheck(long timeoutMillis) {
    try {
      HealthCheckGrpc.newBlockingStub(channel).withDeadlineAfter(Math.max(1, timeoutMillis), TimeUnit.MILLISECONDS)
          .healthCheck(HealthCheckRequest.getDefaultInstance());
      return true;
    } catch (StatusRuntimeException e) {
      return false;
    }
  }

  /** Releases the channels (an owned channel is shut down, cancelling calls still running). */
  @Override
  public void close() {
    channels.close();
  }
}
