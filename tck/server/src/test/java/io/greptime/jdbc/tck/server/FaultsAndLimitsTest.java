package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.errCode;
import static io.greptime.jdbc.tck.server.WireFixture.sql;
import static io.greptime.jdbc.tck.server.WireFixture.ticket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FaultsAndLimitsTest {
    private final FakeEngine engine = new FakeEngine();
    private EmbeddedGreptimeServer server;
    private ManagedChannel channel;

    private GreptimeDatabaseGrpc.GreptimeDatabaseBlockingStub start(EmbeddedGreptimeServer.Builder builder) {
        server = builder.engine(engine).build().start();
        channel = WireFixture.channel(server);
        return GreptimeDatabaseGrpc.newBlockingStub(channel);
    }

    @AfterEach
    void stop() throws InterruptedException {
        WireFixture.shutdown(channel);
        server.close();
    }

    @Test
    void restart_servesAgainOnTheSamePort() throws InterruptedException {
        var db = start(EmbeddedGreptimeServer.builder());
        int port = server.port();
        db.handle(sql("INSERT 1"));

        server.restart();

        // A fresh channel: the old one may still be digesting the GOAWAY of the stopped server, and a call
        // racing it fails with UNAVAILABLE exactly as against a restarted GreptimeDB.
        assertThat(server.port()).isEqualTo(port);
        ManagedChannel fresh = WireFixture.channel(server);
        try {
            assertThat(GreptimeDatabaseGrpc.newBlockingStub(fresh)
                            .handle(sql("INSERT 2"))
                            .getAffectedRows()
                            .getValue())
                    .isEqualTo(2);
        } finally {
            WireFixture.shutdown(fresh);
        }
    }

    @Test
    void failNextCalls_failsExactlyThatManyCallsOfTheMethod() {
        var db = start(EmbeddedGreptimeServer.builder());
        server.faults().failNextCalls(2, FaultInjector.HANDLE, StatusCode.STORAGE_UNAVAILABLE);

        StatusRuntimeException first =
                catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("INSERT 1")));
        StatusRuntimeException second =
                catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("INSERT 1")));

        assertThat(first.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(errCode(first)).isEqualTo("5000");
        assertThat(WireFixture.retryHint(first)).isEqualTo("retryable");
        assertThat(second.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(db.handle(sql("INSERT 3")).getAffectedRows().getValue()).isEqualTo(3);
        assertThat(engine.statements).containsExactly("INSERT 3");
    }

    @Test
    void failNextCalls_ofOtherMethodLeavesThisOneAlone() {
        var db = start(EmbeddedGreptimeServer.builder());
        server.faults().failNextCalls(1, FaultInjector.DO_GET, StatusCode.INTERNAL);

        assertThat(db.handle(sql("INSERT 4")).getAffectedRows().getValue()).isEqualTo(4);
    }

    @Test
    void dropStreamAfter_cutsTheStreamThenServesNormally() {
        start(EmbeddedGreptimeServer.builder());
        FlightServiceGrpc.FlightServiceBlockingStub flight = FlightServiceGrpc.newBlockingStub(channel);
        server.faults().dropStreamAfter(2, FaultInjector.DO_GET);
        Iterator<Flight.FlightData> it = flight.doGet(ticket(sql("SELECT ROWS 100 BATCH 10")));
        List<Flight.FlightData> received = new ArrayList<>();

        StatusRuntimeException e =
                catchThrowableOfType(StatusRuntimeException.class, () -> it.forEachRemaining(received::add));

        assertThat(received).hasSize(2);
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        List<Flight.FlightData> next = new ArrayList<>();
        flight.doGet(ticket(sql("SELECT ROWS 100 BATCH 10"))).forEachRemaining(next::add);
        assertThat(next).hasSize(12);
    }

    @Test
    void delayCalls_makesShortDeadlinesExpire() {
        var db = start(EmbeddedGreptimeServer.builder());
        server.faults().delayCalls(Duration.ofSeconds(2));

        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> db.withDeadlineAfter(200, TimeUnit.MILLISECONDS).handle(sql("INSERT 1")));
        server.faults().reset();

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(db.handle(sql("INSERT 5")).getAffectedRows().getValue()).isEqualTo(5);
    }

    @Test
    void inProcess_servesTheSameServicesWithoutASocketAndSurvivesRestart() throws Exception {
        String name = "embedded-" + System.nanoTime();
        start(EmbeddedGreptimeServer.builder().inProcess(name));
        ManagedChannel local = InProcessChannelBuilder.forName(name).build();
        try {
            assertThat(GreptimeDatabaseGrpc.newBlockingStub(local)
                            .handle(sql("INSERT 9"))
                            .getAffectedRows()
                            .getValue())
                    .isEqualTo(9);
        } finally {
            WireFixture.shutdown(local);
        }
        server.restart();
        ManagedChannel again = InProcessChannelBuilder.forName(name).build();
        try {
            assertThat(GreptimeDatabaseGrpc.newBlockingStub(again)
                            .handle(sql("INSERT 10"))
                            .getAffectedRows()
                            .getValue())
                    .isEqualTo(10);
        } finally {
            WireFixture.shutdown(again);
        }
    }

    @Test
    void transportCompression_gzipsResponsesButNotHealthChecks() {
        start(EmbeddedGreptimeServer.builder().transportCompression(true));
        List<String> encodings = new ArrayList<>();
        ClientInterceptor recordEncoding = new ClientInterceptor() {
            @Override
            public <Q, R> ClientCall<Q, R> interceptCall(
                    MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
                return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
                    @Override
                    public void start(Listener<R> listener, Metadata headers) {
                        super.start(
                                new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                                    @Override
                                    public void onHeaders(Metadata responseHeaders) {
                                        encodings.add(method.getBareMethodName()
                                                + "="
                                                + responseHeaders.get(Metadata.Key.of(
                                                        "grpc-encoding", Metadata.ASCII_STRING_MARSHALLER)));
                                        super.onHeaders(responseHeaders);
                                    }
                                },
                                headers);
                    }
                };
            }
        };
        Channel recorded = ClientInterceptors.intercept(channel, recordEncoding);

        GreptimeDatabaseGrpc.newBlockingStub(recorded).handle(sql("INSERT 1"));
        FlightServiceGrpc.newBlockingStub(recorded)
                .doGet(ticket(sql("SELECT ROWS 10 BATCH 10")))
                .forEachRemaining(f -> {});
        HealthCheckGrpc.newBlockingStub(recorded).healthCheck(HealthCheckRequest.getDefaultInstance());

        assertThat(encodings).containsExactly("Handle=gzip", "DoGet=gzip", "HealthCheck=identity");
    }

    @Test
    void oversizedMessageIsRejectedAndServerKeepsServing() {
        var db = start(EmbeddedGreptimeServer.builder().maxInboundMessageSize(1024));

        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class, () -> db.handle(sql("INSERT 1 " + "x".repeat(4096))));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(db.handle(sql("INSERT 6")).getAffectedRows().getValue()).isEqualTo(6);
    }
}
