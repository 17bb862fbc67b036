package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.basic;
import static io.greptime.jdbc.tck.server.WireFixture.errCode;
import static io.greptime.jdbc.tck.server.WireFixture.sql;
import static io.greptime.jdbc.tck.server.WireFixture.ticket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.v1.AuthHeader;
import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.GreptimeResponse;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.proto.v1.Token;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AuthTest {
    private final FakeEngine engine = new FakeEngine();
    private EmbeddedGreptimeServer server;
    private ManagedChannel channel;
    private GreptimeDatabaseGrpc.GreptimeDatabaseBlockingStub db;

    @BeforeEach
    void start() {
        engine.tables.put("cpu", true);
        server = EmbeddedGreptimeServer.builder()
                .engine(engine)
                .user("alice", "s3cret")
                .build()
                .start();
        channel = WireFixture.channel(server);
        db = GreptimeDatabaseGrpc.newBlockingStub(channel);
    }

    @AfterEach
    void stop() throws InterruptedException {
        WireFixture.shutdown(channel);
        server.close();
    }

    @Test
    void handle_withRightPasswordPassesTheUserToTheEngine() {
        db.handle(sql(basic("alice", "s3cret"), "INSERT 1"));

        assertThat(engine.lastContext.get().user()).isEqualTo("alice");
    }

    @Test
    void handle_withoutHeaderIsUnauthenticated7003() {
        StatusRuntimeException e = failure(() -> db.handle(sql("INSERT 1")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(e.getStatus().getDescription()).isEqualTo("Not found http or grpc authorization header");
        assertThat(errCode(e)).isEqualTo("7003");
    }

    @Test
    void handle_unknownUserIsNotFound7000() {
        StatusRuntimeException e = failure(() -> db.handle(sql(basic("bob", "s3cret"), "INSERT 1")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(errCode(e)).isEqualTo("7000");
    }

    @Test
    void handle_wrongPasswordIsUnauthenticated7002WithoutThePassword() {
        StatusRuntimeException e = failure(() -> db.handle(sql(basic("alice", "guess"), "INSERT 1")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(errCode(e)).isEqualTo("7002");
        assertThat(e.getStatus().getDescription()).doesNotContain("guess").doesNotContain("s3cret");
    }

    @Test
    void handle_tokenSchemeIsUnauthenticated7004() {
        RequestHeader header = RequestHeader.newBuilder()
                .setAuthorization(
                        AuthHeader.newBuilder().setToken(Token.newBuilder().setToken("t")))
                .build();

        StatusRuntimeException e = failure(() -> db.handle(sql(header, "INSERT 1")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(e.getStatus().getDescription()).isEqualTo("Unsupported http auth scheme, name: Token AuthScheme");
        assertThat(errCode(e)).isEqualTo("7004");
    }

    @Test
    void handle_ignoresAuthMetadata() {
        Metadata headers = new Metadata();
        headers.put(Authenticator.AUTHORIZATION, "Basic " + b64("alice:s3cret"));

        StatusRuntimeException e = failure(() -> db.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .handle(sql("INSERT 1")));

        assertThat(errCode(e)).isEqualTo("7003");
    }

    @Test
    void doGet_readsCredentialsFromTheTicketHeader() {
        FlightServiceGrpc.FlightServiceBlockingStub flight = FlightServiceGrpc.newBlockingStub(channel);

        StatusRuntimeException e =
                failure(() -> flight.doGet(ticket(sql("INSERT 1"))).hasNext());
        List<Object> frames = new java.util.ArrayList<>();
        flight.doGet(ticket(sql(basic("alice", "s3cret"), "INSERT 1"))).forEachRemaining(frames::add);

        assertThat(errCode(e)).isEqualTo("7003");
        assertThat(frames).hasSize(1);
    }

    @Test
    void handleRequests_authenticatesEveryMessage() throws Exception {
        CompletableFuture<Object> result = new CompletableFuture<>();
        var out = GreptimeDatabaseGrpc.newStub(channel).handleRequests(new StreamObserver<GreptimeResponse>() {
            @Override
            public void onNext(GreptimeResponse value) {
                result.complete(value);
            }

            @Override
            public void onError(Throwable t) {
                result.complete(t);
            }

            @Override
            public void onCompleted() {}
        });
        out.onNext(sql(basic("alice", "s3cret"), "INSERT 1"));
        out.onNext(sql("INSERT 2"));
        out.onCompleted();

        Object outcome = result.get(10, TimeUnit.SECONDS);
        assertThat(outcome).isInstanceOf(StatusRuntimeException.class);
        assertThat(errCode((StatusRuntimeException) outcome)).isEqualTo("7003");
        assertThat(engine.statements).containsExactly("INSERT 1");
    }

    @Test
    void healthCheck_needsNoCredentials() {
        assertThat(HealthCheckGrpc.newBlockingStub(channel).healthCheck(HealthCheckRequest.getDefaultInstance()))
                .isNotNull();
    }

    @Test
    void doPut_acceptsBasicAndBareBase64InEitherHeader() throws Exception {
        PutCall basic = put(Authenticator.GREPTIME_AUTH, "Basic " + b64("alice:s3cret"));
        PutCall bare = put(Authenticator.AUTHORIZATION, b64("alice:s3cret"));

        assertThat(basic.error()).isNull();
        assertThat(basic.results).hasSize(1);
        assertThat(bare.error()).isNull();
        assertThat(bare.results).hasSize(1);
    }

    @Test
    void doPut_missingHeaderIsUnauthenticated7003() throws Exception {
        StatusRuntimeException e = put(null, null).error();

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(errCode(e)).isEqualTo("7003");
    }

    @Test
    void doPut_malformedHeaderIsUnauthenticated7004() throws Exception {
        StatusRuntimeException badBase64 =
                put(Authenticator.GREPTIME_AUTH, "Basic %%%").error();
        StatusRuntimeException noColon =
                put(Authenticator.GREPTIME_AUTH, b64("alice")).error();

        assertThat(badBase64.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(errCode(badBase64)).isEqualTo("7004");
        assertThat(errCode(noColon)).isEqualTo("7004");
    }

    @Test
    void doPut_wrongCredentialsAreBareAuthFailed() throws Exception {
        PutCall wrongPassword = put(Authenticator.GREPTIME_AUTH, "Basic " + b64("alice:nope"));
        StatusRuntimeException unknownUser =
                put(Authenticator.GREPTIME_AUTH, "Basic " + b64("bob:x")).error();

        StatusRuntimeException e = wrongPassword.error();
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(e.getStatus().getDescription()).isEqualTo("auth failed");
        assertThat(errCode(e)).isNull();
        assertThat(wrongPassword.results).isEmpty();
        assertThat(unknownUser.getStatus().getDescription()).isEqualTo("auth failed");
        assertThat(engine.putBatches).isEmpty();
    }

    private PutCall put(Metadata.Key<String> key, String value) throws Exception {
        Metadata headers = new Metadata();
        if (key != null) {
            headers.put(key, value);
        }
        return PutCall.run(channel, headers, List.of(FlightDoPutTest.schemaFrame("cpu")));
    }

    private static String b64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static StatusRuntimeException failure(Runnable call) {
        return catchThrowableOfType(StatusRuntimeException.class, call::run);
    }
}
