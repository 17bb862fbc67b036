package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.AuthHeader;
import io.greptime.jdbc.proto.v1.Basic;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.impl.Flight;

/** What the wire tests share: requests, a plaintext channel, and reading GreptimeDB's error trailers. */
final class WireFixture {
    static final Metadata.Key<String> ERR_CODE =
            Metadata.Key.of(StatusCode.ERR_CODE_HEADER, Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> RETRY_HINT =
            Metadata.Key.of(StatusCode.RETRY_HINT_HEADER, Metadata.ASCII_STRING_MARSHALLER);

    private WireFixture() {}

    static ManagedChannel channel(EmbeddedGreptimeServer server) {
        return NettyChannelBuilder.forAddress("127.0.0.1", server.port())
                .usePlaintext()
                .maxInboundMessageSize(Integer.MAX_VALUE)
                .build();
    }

    static void shutdown(ManagedChannel channel) throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    static GreptimeRequest sql(String sql) {
        return sql(RequestHeader.getDefaultInstance(), sql);
    }

    static GreptimeRequest sql(RequestHeader header, String sql) {
        return GreptimeRequest.newBuilder()
                .setHeader(header)
                .setQuery(QueryRequest.newBuilder().setSql(sql))
                .build();
    }

    static RequestHeader basic(String user, String password) {
        return RequestHeader.newBuilder()
                .setAuthorization(AuthHeader.newBuilder()
                        .setBasic(Basic.newBuilder().setUsername(user).setPassword(password)))
                .build();
    }

    static Flight.Ticket ticket(GreptimeRequest request) {
        return Flight.Ticket.newBuilder().setTicket(request.toByteString()).build();
    }

    static String errCode(StatusRuntimeException e) {
        Metadata trailers = Status.trailersFromThrowable(e);
        return trailers == null ? null : trailers.get(ERR_CODE);
    }

    static String retryHint(StatusRuntimeException e) {
        Metadata trailers = Status.trailersFromThrowable(e);
        return trailers == null ? null : trailers.get(RETRY_HINT);
    }
}
