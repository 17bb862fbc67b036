package io.greptime.jdbc.tck.server;

import com.google.protobuf.InvalidProtocolBufferException;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.tck.engine.Cancellation;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.Output;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.Flight.FlightData;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;

/**
 * {@code arrow.flight.protocol.FlightService} as GreptimeDB serves it: DoGet with a GreptimeRequest as
 * ticket, DoPut for bulk inserts, and {@code Not yet implemented} for everything else (protocol.md §1.1,
 * §3, §4). Implemented on the raw gRPC service so every frame is under our control.
 */
final class FlightService extends FlightServiceGrpc.FlightServiceImplBase {
    private static final Logger LOG = Logger.getLogger(FlightService.class.getName());
    private static final String NOT_IMPLEMENTED = "Not yet implemented";

    private final RequestExecutor executor;
    private final Engine engine;
    private final Authenticator authenticator;
    private final ErrorStatuses errors;
    private final BufferAllocator allocator;
    private final CompressionCodec codec;
    private final ServerProfile profile;
    private final Executor streams;
    /** DoGet results being computed or sent, for {@link EmbeddedGreptimeServer#activeStreams()}. */
    private final AtomicInteger serving;

    FlightService(
            RequestExecutor executor,
            Engine engine,
            Authenticator authenticator,
            ErrorStatuses errors,
            BufferAllocator allocator,
            CompressionCodec codec,
            ServerProfile profile,
            Executor streams,
            AtomicInteger serving) {
        this.executor = executor;
        this.engine = engine;
        this.authenticator = authenticator;
        this.errors = errors;
        this.allocator = allocator;
        this.codec = codec;
        this.profile = profile;
        this.streams = streams;
        this.serving = serving;
    }

    @Override
    public void doGet(Flight.Ticket ticket, StreamObserver<FlightData> responses) {
        ServerCallStreamObserver<FlightData> out = (ServerCallStreamObserver<FlightData>) responses;
        GreptimeRequest request;
        try {
            request = GreptimeRequest.parseFrom(ticket.getTicket());
        } catch (InvalidProtocolBufferException e) {
            out.onError(errors.of(StatusCode.INVALID_ARGUMENTS, "Invalid Flight ticket: " + e.getMessage()));
            return;
        }
        Cancellation cancellation = new Cancellation();
        DoGetStream stream = new DoGetStream(out, codec, cancellation);
        Metadata metadata = CallMetadata.current();
        serving.incrementAndGet();
        try {
            streams.execute(() -> {
                try (Cancellation.Scope bound = cancellation.bind()) {
                    serve(request, metadata, out, stream);
                } finally {
                    serving.decrementAndGet();
                }
            });
        } catch (RejectedExecutionException e) {
            serving.decrementAndGet();
            out.onError(errors.of(StatusCode.INTERNAL, "server is shutting down"));
        }
    }

    private void serve(
            GreptimeRequest request, Metadata metadata, ServerCallStreamObserver<FlightData> out, DoGetStream stream) {
        long start = System.nanoTime();
        try (BufferAllocator child = allocator.newChildAllocator("do-get", 0, Long.MAX_VALUE)) {
            Output output = executor.execute(request, metadata, child);
            if (output instanceof Output.AffectedRows count) {
                stream.send(FlightFrames.affectedRows(count.count()));
                finish(out);
                return;
            }
            Output.Rows rows = (Output.Rows) output;
            boolean complete;
            try (var reader = rows.reader()) {
                complete = stream.write(rows, start);
            }
            if (complete) {
                finish(out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(out, e);
        } catch (IOException | RuntimeException e) {
            fail(out, e);
        } catch (Error e) {
            // the call must end even then: a thread that dies silently leaves the client waiting forever
            // (seen with a class path whose jackson-annotations broke Arrow's Schema)
            fail(out, new IllegalStateException("embedded server failure: " + e, e));
            throw e;
        }
    }

    private static void finish(ServerCallStreamObserver<FlightData> out) {
        if (!out.isCancelled()) {
            out.onCompleted();
        }
    }

    /** Errors before the first frame are trailers-only; later ones arrive as trailers after data. */
    private void fail(ServerCallStreamObserver<FlightData> out, Exception e) {
        if (out.isCancelled()) {
            LOG.log(Level.FINE, "DoGet ended after the client cancelled", e);
            return;
        }
        try {
            out.onError(errors.from(e));
        } catch (IllegalStateException alreadyClosed) {
            LOG.log(Level.FINE, "DoGet call closed before its error could be sent", e);
        }
    }

    @Override
    public StreamObserver<FlightData> doPut(StreamObserver<Flight.PutResult> responses) {
        Metadata metadata = CallMetadata.current();
        String user;
        try {
            user = authenticator.authenticatePut(metadata);
        } catch (RuntimeException e) {
            responses.onError(errors.from(e));
            return new DoPutHandler.Ignoring();
        }
        return new DoPutHandler(
                        engine,
                        RequestContexts.forPut(metadata, user, profile),
                        responses,
                        errors,
                        allocator,
                        profile,
                        streams)
                .start();
    }

    @Override
    public StreamObserver<Flight.HandshakeRequest> handshake(StreamObserver<Flight.HandshakeResponse> responses) {
        responses.onError(notImplemented());
        return new StreamObserver<>() {
            @Override
            public void onNext(Flight.HandshakeRequest value) {}

            @Override
            public void onError(Throwable t) {}

            @Override
            public void onCompleted() {}
        };
    }

    @Override
    public StreamObserver<FlightData> doExchange(StreamObserver<FlightData> responses) {
        responses.onError(notImplemented());
        return new DoPutHandler.Ignoring();
    }

    @Override
    public void listFlights(Flight.Criteria request, StreamObserver<Flight.FlightInfo> responses) {
        responses.onError(notImplemented());
    }

    @Override
    public void getFlightInfo(Flight.FlightDescriptor request, StreamObserver<Flight.FlightInfo> responses) {
        responses.onError(notImplemented());
    }

    @Override
    public void pollFlightInfo(Flight.FlightDescriptor request, StreamObserver<Flight.PollInfo> responses) {
        responses.onError(notImplemented());
    }

    @Override
    public void getSchema(Flight.FlightDescriptor request, StreamObserver<Flight.SchemaResult> responses) {
        responses.onError(notImplemented());
    }

    @Override
    public void doAction(Flight.Action request, StreamObserver<Flight.Result> responses) {
        responses.onError(notImplemented());
    }

    @Override
    public void listActions(Flight.Empty request, StreamObserver<Flight.ActionType> responses) {
        responses.onError(notImplemented());
    }

    private static RuntimeException notImplemented() {
        return ErrorStatuses.plain(Status.Code.UNIMPLEMENTED, NOT_IMPLEMENTED);
    }
}
