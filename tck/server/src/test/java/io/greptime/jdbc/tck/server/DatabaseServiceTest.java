package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.errCode;
import static io.greptime.jdbc.tck.server.WireFixture.retryHint;
import static io.greptime.jdbc.tck.server.WireFixture.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.GreptimeResponse;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.greptime.jdbc.proto.v1.PrometheusGatewayGrpc;
import io.greptime.jdbc.proto.v1.PromqlRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DatabaseServiceTest {
    private final FakeEngine engine = new FakeEngine();
    private EmbeddedGreptimeServer server;
    private ManagedChannel channel;
    private GreptimeDatabaseGrpc.GreptimeDatabaseBlockingStub db;

    @BeforeEach
    void start() {
        startWith(ServerProfile.V1_2);
    }

    private void startWith(ServerProfile profile) {
        server = EmbeddedGreptimeServer.builder()
                .engine(engine)
                .profile(profile)
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

    private void restartWith(ServerProfile profile) throws InterruptedException {
        stop();
        startWith(profile);
    }

    @Test
    void handle_returnsAffectedRowsWithSuccessHeader() {
        GreptimeResponse response = db.handle(sql("INSERT 7 rows"));

        assertThat(response.getAffectedRows().getValue()).isEqualTo(7);
        assertThat(response.getHeader().getStatus().getStatusCode()).isZero();
    }

    @Test
    void handle_rowInsertsReachTheEngine() {
        Rows rows = Rows.newBuilder()
                .addRows(Row.getDefaultInstance())
                .addRows(Row.getDefaultInstance())
                .build();
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setRowInserts(RowInsertRequests.newBuilder()
                        .addInserts(
                                RowInsertRequest.newBuilder().setTableName("t").setRows(rows)))
                .build();

        assertThat(db.handle(request).getAffectedRows().getValue()).isEqualTo(2);
    }

    @Test
    void handle_rowProducingStatementIsUnimplementedWithoutGreptimeHeaders() {
        StatusRuntimeException e =
                catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("SELECT ROWS 5 BATCH 2")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
        assertThat(e.getStatus().getDescription()).isEqualTo("GreptimeDatabase::Handle for query");
        assertThat(errCode(e)).isNull();
        assertThat(server.allocatedMemory()).isZero();
    }

    @Test
    void handle_multipleStatementsAreUnsupported() {
        StatusRuntimeException e =
                catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("INSERT 1; INSERT 2")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
        assertThat(e.getStatus().getDescription())
                .isEqualTo("Not supported: execute multiple statements in SQL query string through GRPC interface");
        assertThat(errCode(e)).isEqualTo("1001");
        assertThat(engine.statements).isEmpty();
    }

    @Test
    void handle_trailingSemicolonIsOneStatement() {
        assertThat(db.handle(sql("INSERT 3;")).getAffectedRows().getValue()).isEqualTo(3);
    }

    @Test
    void handle_greptimeErrorBecomesStatusWithTrailers() {
        StatusRuntimeException e =
                catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("FAIL 4001")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(e.getStatus().getDescription()).isEqualTo("boom 4001");
        assertThat(errCode(e)).isEqualTo("4001");
        assertThat(retryHint(e)).isEqualTo("non_retryable");
    }

    @Test
    void handle_retryableCodeSaysRetryable() {
        StatusRuntimeException e =
                catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("FAIL 4008")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(retryHint(e)).isEqualTo("retryable");
    }

    @Test
    void handle_internalErrorsAreMasked() {
        StatusRuntimeException e =
                catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("FAIL 1003")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(e.getStatus().getDescription()).isEqualTo("Internal error: 1003");
        assertThat(errCode(e)).isEqualTo("1003");
    }

    @Test
    void handle_engineBugIsMaskedInternalAndServerKeepsServing() {
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("CRASH")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(e.getStatus().getDescription()).isEqualTo("Internal error: 1003");
        assertThat(db.handle(sql("INSERT 1")).getAffectedRows().getValue()).isEqualTo(1);
    }

    @Test
    void handle_v017ProfileSendsNoRetryHint() throws InterruptedException {
        restartWith(ServerProfile.V0_17);

        StatusRuntimeException e =
                catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("FAIL 4008")));

        assertThat(errCode(e)).isEqualTo("4008");
        assertThat(retryHint(e)).isNull();
    }

    @Test
    void handle_contextLowerCasesCatalogAndSchemaAndParsesTimeZone() {
        RequestHeader header = RequestHeader.newBuilder()
                .setCatalog("GREPTIME")
                .setSchema("MyDb")
                .setTimezone("asia/shanghai")
                .build();

        db.handle(sql(header, "USE other"));

        QueryContext ctx = engine.lastContext.get();
        assertThat(ctx.catalog()).isEqualTo("greptime");
        assertThat(ctx.schema()).isEqualTo("mydb");
        assertThat(ctx.timeZone()).isEqualTo(ZoneId.of("Asia/Shanghai"));
        assertThat(engine.statements).containsExactly("USE other");
    }

    @Test
    void handle_dbnameWinsAndKeepsCase() {
        RequestHeader header = RequestHeader.newBuilder()
                .setSchema("ignored")
                .setDbname("Cat-My-Db")
                .setTimezone("nowhere")
                .build();

        db.handle(sql(header, "INSERT 1"));

        QueryContext ctx = engine.lastContext.get();
        assertThat(ctx.catalog()).isEqualTo("Cat");
        assertThat(ctx.schema()).isEqualTo("My-Db");
        assertThat(ctx.timeZone()).isEqualTo(ZoneId.of("UTC").normalized());
    }

    @Test
    void handle_hintsHeaderReachesTheEngine() {
        Metadata headers = new Metadata();
        headers.put(RequestContexts.HINTS, "ttl=7d, Append_Mode = true");

        db.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers)).handle(sql("INSERT 1"));

        assertThat(engine.lastContext.get().hints())
                .containsExactlyInAnyOrderEntriesOf(java.util.Map.of("ttl", "7d", "append_mode", "true"));
    }

    @Test
    void handle_badAutoCreateTableHintIsInvalidArguments() {
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("x-greptime-hint-auto_create_table", Metadata.ASCII_STRING_MARSHALLER), "maybe");

        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> db.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                        .handle(sql("INSERT 1")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(errCode(e)).isEqualTo("1004");
    }

    @Test
    void handleRequests_sumsAffectedRowsInOrder() throws Exception {
        GreptimeResponse response =
                stream(List.of(sql("INSERT 2"), sql("INSERT 3"), sql("USE x"))).get(10, TimeUnit.SECONDS);

        assertThat(response.getAffectedRows().getValue()).isEqualTo(5);
        assertThat(engine.statements).containsExactly("INSERT 2", "INSERT 3", "USE x");
    }

    @Test
    void handleRequests_firstErrorAbortsTheCall() {
        CompletableFuture<GreptimeResponse> result =
                stream(List.of(sql("INSERT 2"), sql("FAIL 2000"), sql("INSERT 3")));

        StatusRuntimeException e = causeOf(result);
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(errCode(e)).isEqualTo("2000");
        assertThat(engine.statements).containsExactly("INSERT 2", "FAIL 2000");
    }

    @Test
    void handleRequests_rowProducingStatementIsUnimplemented() {
        StatusRuntimeException e = causeOf(stream(List.of(sql("SELECT ROWS 1 BATCH 1"))));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
        assertThat(e.getStatus().getDescription()).isEqualTo("GreptimeDatabase::HandleRequests for query");
        assertThat(errCode(e)).isNull();
    }

    @Test
    void healthCheck_answersOk() {
        assertThat(HealthCheckGrpc.newBlockingStub(channel).healthCheck(HealthCheckRequest.getDefaultInstance()))
                .isNotNull();
    }

    @Test
    void prometheusGateway_rejectsARequestWithoutQuery() {
        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> PrometheusGatewayGrpc.newBlockingStub(channel).handle(PromqlRequest.getDefaultInstance()));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).contains("Expecting non-empty PromqlRequest");
    }

    private CompletableFuture<GreptimeResponse> stream(List<GreptimeRequest> requests) {
        CompletableFuture<GreptimeResponse> result = new CompletableFuture<>();
        StreamObserver<GreptimeRequest> out = GreptimeDatabaseGrpc.newStub(channel)
                .handleRequests(new StreamObserver<>() {
                    @Override
                    public void onNext(GreptimeResponse value) {
                        result.complete(value);
                    }

                    @Override
                    public void onError(Throwable t) {
                        result.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {}
                });
        requests.forEach(out::onNext);
        out.onCompleted();
        return result;
    }

    private static StatusRuntimeException causeOf(CompletableFuture<GreptimeResponse> result) {
        Exception e = catchThrowableOfType(Exception.class, () -> result.get(10, TimeUnit.SECONDS));
        return (StatusRuntimeException) e.getCause();
    }
}
