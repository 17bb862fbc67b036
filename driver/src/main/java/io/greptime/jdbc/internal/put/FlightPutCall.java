package io.greptime.jdbc.internal.put;

import io.greptime.jdbc.internal.client.RequestSession;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptors;
import io.grpc.Metadata;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ClientResponseObserver;
import io.grpc.stub.MetadataUtils;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;

/**
 * The gRPC side of one Flight {@code DoPut} (protocol.md §4.1): the database travels in
 * {@code x-greptime-db-name} and credentials in {@code x-greptime-auth} (DoPut reads no request header),
 * and the answers go to the bridge's writer as they arrive.
 *
 * <p>The call's callbacks run where gRPC delivers them (the transport's thread), not on gRPC's shared
 * executor: an answer only parses a short JSON and signals the waiting writer, and each hop to the
 * executor cost a thread wake-up per DoPut batch (and per flow-control "ready"), which a synchronous
 * executeBatch waits through and two shared cores pay in CPU (15-25 ns a row of 10,000-row batches,
 * WriteProcesses, docs/benchmarks.md). An error may resume the stream elsewhere (ResumablePut opens a
 * channel and replays its ledger), so it is handed to a thread of {@link #FAILURES}: never work of that
 * size on a transport thread.
 */
final class FlightPutCall implements DoPutWriter.Transport {
    private static final Metadata.Key<String> DB_NAME =
            Metadata.Key.of("x-greptime-db-name", Metadata.ASCII_STRING_MARSHALLER);
    private static final Metadata.Key<String> AUTH =
            Metadata.Key.of("x-greptime-auth", Metadata.ASCII_STRING_MARSHALLER);

    /** Runs the call's callbacks on the thread that delivers them. */
    private static final Executor INLINE = Runnable::run;

    /**
     * Where a call's error is handled: threads of their own (daemons, gone after a minute idle), not the
     * common fork-join pool, whose few workers may be the very threads waiting for this stream.
     */
    private static final ExecutorService FAILURES =
            new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "greptime-jdbc-put-failure");
                t.setDaemon(true);
                return t;
            });

    private final ClientCallStreamObserver<Flight.FlightData> requests;

    private FlightPutCall(ClientCallStreamObserver<Flight.FlightData> requests) {
        this.requests = requests;
    }

    /**
     * Opens the call; {@code inlineAnswers} runs the answers on the transport's thread ({@link #INLINE}),
     * false leaves them on the channel's executor: OkHttp delivers them holding its transport lock, which a
     * writer sending under ResumablePut's lock needs while the answer waits for that lock (a deadlock).
     */
    static FlightPutCall open(
            Channel channel, RequestSession session, DoPutWriter.Answers answers, boolean inlineAnswers) {
        Channel withHeaders =
                ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers(session)));
        ClientCall<Flight.FlightData, Flight.PutResult> call = withHeaders.newCall(
                FlightServiceGrpc.getDoPutMethod(),
                inlineAnswers ? CallOptions.DEFAULT.withExecutor(INLINE) : CallOptions.DEFAULT);
        @SuppressWarnings("unchecked")
        ClientCallStreamObserver<Flight.FlightData> requests = (ClientCallStreamObserver<Flight.FlightData>)
                ClientCalls.asyncBidiStreamingCall(call, new Responses(answers));
        return new FlightPutCall(requests);
    }

    static Metadata headers(RequestSession session) {
        Metadata m = new Metadata();
        m.put(DB_NAME, session.database());
        if (session.user() != null) {
            String pair = session.user() + ":" + (session.password() == null ? "" : session.password());
            // Bare base64, the one form every release takes: before v0.17 the whole value is base64-decoded, so
            // "Basic ..." fails (v0.16.0:src/servers/src/grpc/greptime_handler.rs:198-202); from v0.17 a value
            // not starting with "Basic" is read as bare base64 (v0.17.2:src/servers/src/grpc/context_auth.rs:91-104).
            // The base64 of "user:..." never starts with "Basic": that would need a control byte in the user.
            m.put(AUTH, Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
        }
        return m;
    }

    @Override
    public void send(Flight.FlightData frame) {
        requests.onNext(frame);
    }

    @Override
    public void complete() {
        requests.onCompleted();
    }

    @Override
    public void cancel(String reason) {
        requests.cancel(reason, null);
    }

    /** Hands each PutResult's app_metadata to the writer. */
    private static final class Responses implements ClientResponseObserver<Flight.FlightData, Flight.PutResult> {
        private final DoPutWriter.Answers answers;

        Responses(DoPutWriter.Answers answers) {
            this.answers = answers;
        }

        @Override
        public void beforeStart(ClientCallStreamObserver<Flight.FlightData> requestStream) {
            // no outbound flow control beyond the writer's ack window
        }

        @Override
        public void onNext(Flight.PutResult value) {
            answers.onAnswer(value.getAppMetadata());
        }

        /**
         * Off the delivering thread: a resume opens a call elsewhere and replays its batches; and a call that
         * fails as it starts (a channel shut down) would otherwise call back on the opening thread, inside
         * the open.
         */
        @Override
        public void onError(Throwable t) {
            FAILURES.execute(() -> answers.onError(t));
        }

        @Override
        public void onCompleted() {
            answers.onCompleted();
        }
    }
}
