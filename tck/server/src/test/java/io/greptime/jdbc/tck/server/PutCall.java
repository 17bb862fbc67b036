package io.greptime.jdbc.tck.server;

import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;

/** A raw DoPut call: sends prepared frames, half-closes, and collects the PutResults and the status. */
final class PutCall {
    final List<String> results = new CopyOnWriteArrayList<>();
    final CompletableFuture<Void> done = new CompletableFuture<>();

    static PutCall run(ManagedChannel channel, Metadata headers, List<Flight.FlightData> frames) throws Exception {
        PutCall call = new PutCall();
        StreamObserver<Flight.FlightData> out = FlightServiceGrpc.newStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .doPut(call.observer());
        frames.forEach(out::onNext);
        out.onCompleted();
        try {
            // a bound against a hang, not a speed check: a loaded CI machine (load 20 on two cores) once took
            // longer than 10 s over the twelve batches of PipelinedDoPutTest
            call.done.get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException expected) {
            // inspected through error()
        }
        return call;
    }

    /** The terminal error, or null when the call completed OK. */
    StatusRuntimeException error() {
        if (!done.isCompletedExceptionally()) {
            return null;
        }
        try {
            done.join();
            return null;
        } catch (java.util.concurrent.CompletionException e) {
            return (StatusRuntimeException) e.getCause();
        }
    }

    private StreamObserver<Flight.PutResult> observer() {
        return new StreamObserver<>() {
            @Override
            public void onNext(Flight.PutResult value) {
                results.add(value.getAppMetadata().toString(StandardCharsets.UTF_8));
            }

            @Override
            public void onError(Throwable t) {
                done.completeExceptionally(t);
            }

            @Override
            public void onCompleted() {
                done.complete(null);
            }
        };
    }
}
