package io.greptime.jdbc.tck.sqlness;

import com.google.protobuf.InvalidProtocolBufferException;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.FlightMetadata;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.CallOptions;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Sends each statement as GreptimeDB's sqlness runner does: a Flight DoGet whose ticket is a
 * {@code GreptimeRequest{header{catalog, schema, timezone}, query{sql}}} (protocol.md §3.1). It reads the
 * stream shapes of §3.2–3.3: a schema then record batches (metrics-only messages skipped), or a single
 * schema-less message whose metadata carries the affected rows.
 */
public final class FlightSqlnessExecutor implements SqlnessExecutor {
    private static final String ERR_MSG_HEADER = "x-greptime-err-msg";

    /** A statement that hangs fails alone (DeadlineExceeded) instead of stalling the whole replay. */
    private static final CallOption DEADLINE = CallOptions.timeout(60, TimeUnit.SECONDS);

    private final BufferAllocator allocator;
    private final Location location;
    private final Runnable restartServer;

    /** Replaced after a restart; the replayer drives one executor from one thread, so no lock. */
    private FlightClient client;

    /** Connects to {@code location}; {@code allocator} (owned by the caller) backs the received batches. */
    public FlightSqlnessExecutor(BufferAllocator allocator, Location location) {
        this(allocator, location, null);
    }

    /**
     * Like {@link #FlightSqlnessExecutor(BufferAllocator, Location)}, and {@code restartServer} restarts
     * the target for {@code -- SQLNESS ARG restart=true} (null: restarts are ignored).
     */
    public FlightSqlnessExecutor(BufferAllocator allocator, Location location, Runnable restartServer) {
        this.allocator = allocator.newChildAllocator("sqlness-flight", 0, Long.MAX_VALUE);
        this.location = location;
        this.restartServer = restartServer;
        this.client = FlightClient.builder(this.allocator, location).build();
    }

    /**
     * Restarts the server, then connects afresh as GreptimeDB's runner does after a restart. The old
     * channel must not be reused: when the restart returns, the server has closed the old connection but
     * the client may not yet have read its GOAWAY, so the next call could still go out on that connection
     * and fail with UNAVAILABLE ("Connection closed after GOAWAY"), which reads as Internal (1003).
     */
    @Override
    public void restart() {
        if (restartServer == null) {
            return;
        }
        restartServer.run();
        closeClient();
        client = FlightClient.builder(allocator, location).build();
    }

    @Override
    public Answer execute(SqlnessSession session, String sql) {
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setHeader(RequestHeader.newBuilder()
                        .setCatalog("greptime")
                        .setSchema(session.schema())
                        .setTimezone(session.timeZone()))
                .setQuery(QueryRequest.newBuilder().setSql(sql))
                .build();
        try (FlightStream stream = client.getStream(new Ticket(request.toByteArray()), DEADLINE)) {
            return read(stream);
        } catch (FlightRuntimeException e) {
            return failure(e);
        } catch (Exception e) {
            return new Answer.Failure(StatusCode.INTERNAL.code(), String.valueOf(e.getMessage()));
        }
    }

    private static Answer read(FlightStream stream) throws InvalidProtocolBufferException {
        boolean any = stream.next();
        if (!stream.hasRoot()) {
            FlightMetadata meta = any ? metadata(stream.getLatestMetadata()) : null;
            if (meta == null || !meta.hasAffectedRows()) {
                return new Answer.Failure(StatusCode.INTERNAL.code(), "Illegal Flight messages: no schema");
            }
            return new Answer.Affected(
                    Integer.toUnsignedLong(meta.getAffectedRows().getValue()));
        }
        TableText table = new TableText(stream.getRoot().getSchema(), stream.getDictionaryProvider());
        while (any) {
            // Record batches carry no app metadata; a metadata-only (NONE) message is metrics: skip it.
            if (stream.getLatestMetadata() == null) {
                table.addBatch(stream.getRoot());
            }
            any = stream.next();
        }
        return new Answer.Table(table);
    }

    private static FlightMetadata metadata(ArrowBuf buf) throws InvalidProtocolBufferException {
        if (buf == null) {
            return null;
        }
        ByteBuffer bytes = buf.nioBuffer(0, (int) buf.readableBytes());
        return FlightMetadata.parseFrom(bytes);
    }

    /** Error code from the trailer, else the Rust client's fallback by gRPC code; message likewise. */
    private static Answer failure(FlightRuntimeException e) {
        CallStatus status = e.status();
        String codeText = trailer(status, StatusCode.ERR_CODE_HEADER);
        int code;
        try {
            code = Integer.parseInt(codeText);
        } catch (NumberFormatException missing) {
            code = fallbackCode(status.code());
        }
        String msg = trailer(status, ERR_MSG_HEADER);
        return new Answer.Failure(code, msg != null ? msg : status.description());
    }

    /** A trailer's value, or null (ErrorFlightMetadata.get throws for an absent key). */
    private static String trailer(CallStatus status, String key) {
        var metadata = status.metadata();
        return metadata != null && metadata.containsKey(key) ? metadata.get(key) : null;
    }

    private static int fallbackCode(FlightStatusCode code) {
        return switch (code) {
            case CANCELLED -> StatusCode.CANCELLED.code();
            case TIMED_OUT -> StatusCode.DEADLINE_EXCEEDED.code();
            default -> StatusCode.INTERNAL.code();
        };
    }

    private void closeClient() {
        try {
            client.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        try {
            closeClient();
        } finally {
            allocator.close();
        }
    }
}
