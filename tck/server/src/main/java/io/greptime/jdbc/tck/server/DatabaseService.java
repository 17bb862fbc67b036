package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.v1.AffectedRows;
import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.GreptimeResponse;
import io.greptime.jdbc.proto.v1.ResponseHeader;
import io.greptime.jdbc.proto.v1.Status;
import io.greptime.jdbc.tck.engine.Cancellation;
import io.greptime.jdbc.tck.engine.Output;
import io.grpc.Context;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.arrow.memory.BufferAllocator;

/**
 * {@code greptime.v1.GreptimeDatabase}: unary Handle and client-streaming HandleRequests, which answer
 * only affected-row counts (protocol.md §1.1); rows must be read through Flight DoGet.
 */
final class DatabaseService extends GreptimeDatabaseGrpc.GreptimeDatabaseImplBase {
    private final RequestExecutor executor;
    private final ErrorStatuses errors;
    private final BufferAllocator allocator;
    /** Where the call context's cancellation is passed on to the engine (never the cancelling thread). */
    private final java.util.concurrent.Executor listeners;

    DatabaseService(
            RequestExecutor executor,
            ErrorStatuses errors,
            BufferAllocator allocator,
            java.util.concurrent.Executor listeners) {
        this.executor = executor;
        this.errors = errors;
        this.allocator = allocator;
        this.listeners = listeners;
    }

    @Override
    public void handle(GreptimeRequest request, StreamObserver<GreptimeResponse> responses) {
        try {
            long rows = affectedRows(request, "GreptimeDatabase::Handle for query");
            responses.onNext(response(rows));
            responses.onCompleted();
        } catch (RuntimeException e) {
            responses.onError(errors.from(e));
        }
    }

    @Override
    public StreamObserver<GreptimeRequest> handleRequests(StreamObserver<GreptimeResponse> responses) {
        return new StreamObserver<>() {
            private long total;
            private boolean failed;

            @Override
            public void onNext(GreptimeRequest request) {
                if (failed) {
                    return;
                }
                try {
                    total += affectedRows(request, "GreptimeDatabase::HandleRequests for query");
                } catch (RuntimeException e) {
                    // The first error ends the call; later messages of this stream are ignored.
                    failed = true;
                    responses.onError(errors.from(e));
                }
            }

            @Override
            public void onError(Throwable t) {
                failed = true;
            }

            @Override
            public void onCompleted() {
                if (!failed) {
                    responses.onNext(response(total));
                    responses.onCompleted();
                }
            }
        };
    }

    /**
     * Executes and insists on a row count. Whether a statement produces rows is only known by running
     * it, as GreptimeDB does; a row result is closed unread and refused.
     */
    private long affectedRows(GreptimeRequest request, String queryRefusal) {
        // the call's gRPC context is cancelled when the client cancels, its deadline passes or it goes away:
        // that stops the engine's statement (a long INSERT ... SELECT, say) too
        Cancellation cancellation = new Cancellation();
        Context.CancellationListener onCancel = context -> cancellation.cancel();
        Context context = Context.current();
        // the cancelling thread may be the transport's event loop (CallDispatch): the engine's interrupt
        // takes DuckDB's connection lock, so it runs elsewhere
        context.addListener(onCancel, listeners);
        try (Cancellation.Scope bound = cancellation.bind();
                BufferAllocator child = allocator.newChildAllocator("handle", 0, Long.MAX_VALUE)) {
            Output output = executor.execute(request, CallMetadata.current(), child);
            if (output instanceof Output.Rows rows) {
                close(rows);
                throw ErrorStatuses.plain(io.grpc.Status.Code.UNIMPLEMENTED, queryRefusal);
            }
            return ((Output.AffectedRows) output).count();
        } finally {
            context.removeListener(onCancel);
        }
    }

    private static void close(Output.Rows rows) {
        try {
            rows.reader().close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static GreptimeResponse response(long rows) {
        return GreptimeResponse.newBuilder()
                .setHeader(ResponseHeader.newBuilder()
                        .setStatus(Status.newBuilder().setStatusCode(0)))
                .setAffectedRows(AffectedRows.newBuilder().setValue((int) rows))
                .build();
    }
}
