package io.greptime.jdbc.tck.server;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.Flight.FlightData;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One DoPut call (protocol.md §4.2): the schema message names the table, then each record batch is
 * written through the engine and answered with a PutResult, strictly in order. gRPC delivers the
 * messages of a call one at a time, so the handler keeps plain fields; the first error ends the call.
 */
final class DoPutHandler implements StreamObserver<FlightData> {
  private final Engine engine;
  private final QueryContext ctx;
  private final StreamObserver<Flight.PutResult> responses;
  private final ErrorStatuses errors;
  private final ServerProfile profile;
  private final BufferAllocator allocator;
  private String table;
  private VectorSchemaRoot root;
  private boolean done;

  DoPutHandler(
      Engine engine,
      QueryContext ctx,
      StreamObserver<Flight.PutResult> responses,
      ErrorStatuses errors,
      BufferAllocator parent,
      ServerProfile profile) {
    this.engine = engine;
    this.ctx = ctx;
    this.responses = responses;
    this.errors = errors;
    this.profile = profile;
    this.allocator = parent.newChildAllocator("do-put", 0, Long.MAX_VALUE);
    if (profile.acksPutImmediately()) {
      responses.onNext(result(0, 0, 0.0));
    }
  }

  @Override
  public void onNext(FlightData data) {
    if (done) {
      return;
    }
    try {
      if (table == null) {
        acceptSchema(data);
      } else {
        acceptBatch(data);
      }
    } catch (RuntimeException | IOException e) {
      finish();
      try {
        responses.onError(errors.from(e));
      } catch (RuntimeException callGone) {
        // The client cancelled meanwhile; there is no one left to tell.
      }
    }
  }

  private void acceptSchema(FlightData data) {
    if (!data.hasFlightDescriptor()) {
      throw ErrorStatuses.plain(
          Status.Code.FAILED_PRECONDITION, "table to put is not found in flight descriptor");
    }
    Flight.FlightDescriptor descriptor = data.getFlightDescriptor();
    if (descriptor.getType() != Flight.FlightDescriptor.DescriptorType.PATH) {
      throw ErrorStatuses.plain(
          Status.Code.INVALID_ARGUMENT,
          "Invalid request parameter: expect FlightDescriptor::type == 'Path' only");
    }
    if (descriptor.getPathCount() != 1) {
      throw ErrorStatuses.plain(
          Status.Code.INVALID_ARGUMENT,
          "Invalid request parameter: expect FlightDescriptor::path has only one table name");
    }
    Schema schema = decodeSchema(data.getDataHeader());
    table = descriptor.getPath(0);
    root = VectorSchemaRoot.create(schema, allocator);
    if (!profile.acksPutImmediately()) {
      responses.onNext(result(requestId(data.getAppMetadata()), 0, 0.0));
    }
  }

  private static Schema decodeSchema(ByteString header) {
    Message message;
    try {
      message = Message.getRootAsMessage(header.asReadOnlyByteBuffer());
    } catch (RuntimeException e) {
      throw ErrorStatuses.plain(Status.Code.INVALID_ARGUMENT, "Failed to decode schema: " + e);
    }
    if (header.isEmpty() || message.headerType() != MessageHeader.Schema) {
      throw ErrorStatuses.plain(
          Status.Code.FAILED_PRECONDITION, "first message must be a Schema message");
    }
    try {
      return MessageSerializer.deserializeSchema(message);
    } catch (RuntimeException e) {
      throw ErrorStatuses.plain(Status.Code.INVALID_ARGUMENT, "Failed to decode schema: " + e);
    }
  }

  private void acceptBatch(FlightData data) throws IOException {
    long start = System.nanoTime();
    long rows = engine.putBatch(ctx, table, load(data));
    double elapsed = (System.nanoTime() - start) / 1e9;
    responses.onNext(result(requestId(data.getAppMetadata()), rows, elapsed));
  }

  /** Loads one RecordBatch message (any IPC compression) into the call's root. */
  private VectorSchemaRoot load(FlightData data) throws IOException {
    Message message = decodeBatchHeader(data.getDataHeader());
    RecordBatch batch = (RecordBatch) message.header(new RecordBatch());
    ArrowBuf body = allocator.buffer(data.getDataBody().size());
    boolean bodyOwned = true;
    try {
      body.setBytes(0, data.getDataBody().asReadOnlyByteBuffer());
      // deserializeRecordBatch takes over the body's reference when it succeeds.
      ArrowRecordBatch arrowBatch = MessageSerializer.deserializeRecordBatch(batch, body);
      bodyOwned = false;
      try (arrowBatch) {
        new VectorLoader(root, CommonsCompressionFactory.INSTANCE).load(arrowBatch);
      }
    } catch (IOException | RuntimeException e) {
      if (bodyOwned) {
        body.close();
      }
      throw new GreptimeError(
          StatusCode.INVALID_ARGUMENTS, "Invalid request parameter: failed to decode record batch: " + e);
    }
    return root;
  }

  private static Message decodeBatchHeader(ByteString header) {
    Message message;
    try {
      message = Message.getRootAsMessage(header.asReadOnlyByteBuffer());
      if (header.isEmpty() || message.headerType() == MessageHeader.NONE) {
        throw new IllegalArgumentException("empty IPC message");
      }
    } catch (RuntimeException e) {
      throw new GreptimeError(
          StatusCode.INVALID_ARGUMENTS, "Invalid request parameter: failed to decode record batch: " + e);
    }
    if (message.headerType() != MessageHeader.RecordBatch) {
      // GreptimeDB v1.x decodes dictionary batches; the embedded server does not (yet).
      throw new GreptimeError(
          StatusCode.UNSUPPORTED,
          "Not supported: IPC message type " + MessageHeader.name(message.headerType()) + " in DoPut");
    }
    return message;
  }

  /** {@code {"request_id": N}}; missing or unparsable metadata is request 0, as at GreptimeDB HEAD. */
  static long requestId(ByteString appMetadata) {
    if (appMetadata.isEmpty()) {
      return 0;
    }
    try {
      JsonElement id =
          JsonParser.parseString(appMetadata.toString(StandardCharsets.UTF_8))
              .getAsJsonObject()
              .get("request_id");
      return id == null ? 0 : id.getAsLong();
    } catch (RuntimeException e) {
      return 0;
    }
  }

  private Flight.PutResult result(long requestId, long rows, double elapsedSecs) {
    String json = "{\"request_id\":" + requestId + ",\"affected_rows\":" + rows;
    json += profile.sendsElapsedSecs() ? ",\"elapsed_secs\":" + elapsedSecs + "}" : "}";
    return Flight.PutResult.newBuilder()
        .setAppMetadata(ByteString.copyFrom(json, StandardCharsets.UTF_8))
        .build();
  }

  @Override
  public void onError(Throwable t) {
    finish();
  }

  @Override
  public void onCompleted() {
    if (!done) {
      finish();
      responses.onCompleted();
    }
  }

  private void finish() {
    if (done) {
      return;
    }
    done = true;
    if (root != null) {
      root.close();
      root = null;
    }
    allocator.close();
  }

  /** The observer of a call that has already been answered with an error. */
  static final class Ignoring implements StreamObserver<FlightData> {
    @Override
    public void onNext(FlightData value) {}

    @Override
    public void onError(Throwable t) {}

    @Override
    public void onCompleted() {}
  }
}
