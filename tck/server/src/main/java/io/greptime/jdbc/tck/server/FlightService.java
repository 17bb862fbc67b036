package io.greptime.jdbc.tck.server;

import com.google.protobuf.InvalidProtocolBufferException;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.tck.engine.Engine;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
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
        new DoGetCall(out, errors, codec, serving, streams)
                .serve(executor, request, CallMetadata.current(), allocator, streams);
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
