package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.arrow.write.DoPutWriter;
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
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;

/**
 * The gRPC side of one Flight {@code DoPut} (protocol.md §4.1): the database travels in
 * {@code x-greptime-db-name} and credentials in {@code x-greptime-auth} (DoPut reads no request header),
 * and the answers go to the bridge's writer as they arrive.
 */
final class FlightPutCall implements DoPutWriter.Transport {
    private static final Metadata.Key<String> DB_NAME =
            Metadata.Key.of("x-greptime-db-name", Metadata.ASCII_STRING_MARSHALLER);
    private static final Metadata.Key<String> AUTH =
            Metadata.Key.of("x-greptime-auth", Metadata.ASCII_STRING_MARSHALLER);

    private final ClientCallStreamObserver<Flight.FlightData> requests;

    private FlightPutCall(ClientCallStreamObserver<Flight.FlightData> requests) {
        this.requests = requests;
    }

    static FlightPutCall open(Channel channel, RequestSession session, DoPutWriter.Answers answers) {
        Channel withHeaders =
                ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers(session)));
        ClientCall<Flight.FlightData, Flight.PutResult> call =
                withHeaders.newCall(FlightServiceGrpc.getDoPutMethod(), CallOptions.DEFAULT);
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

        @Override
        public void onError(Throwable t) {
            answers.onError(t);
        }

        @Override
        public void onCompleted() {
            answers.onCompleted();
        }
    }
}
