package io.greptime.jdbc.transport;

import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLSession;

/** Makes one HealthCheck call on a channel and returns the TLS session the call's transport used. */
final class TlsSessionProbe {
    private TlsSessionProbe() {}

    static SSLSession sessionOf(Channel channel) {
        AtomicReference<SSLSession> session = new AtomicReference<>();
        ClientInterceptor capture = new ClientInterceptor() {
            @Override
            public <Q, R> ClientCall<Q, R> interceptCall(
                    MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
                ClientCall<Q, R> call = next.newCall(method, options);
                return new ForwardingClientCall.SimpleForwardingClientCall<>(call) {
                    @Override
                    public void start(Listener<R> listener, Metadata headers) {
                        super.start(
                                new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                                    @Override
                                    public void onHeaders(Metadata responseHeaders) {
                                        // The stream's transport attributes are set once the server has answered.
                                        session.set(call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION));
                                        super.onHeaders(responseHeaders);
                                    }
                                },
                                headers);
                    }
                };
            }
        };
        HealthCheckGrpc.newBlockingStub(ClientInterceptors.intercept(channel, capture))
                .withDeadlineAfter(10, TimeUnit.SECONDS)
                .healthCheck(HealthCheckRequest.getDefaultInstance());
        return session.get();
    }
}
