package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.PromInstantQuery;
import io.greptime.jdbc.proto.v1.PromRangeQuery;
import io.greptime.jdbc.proto.v1.PrometheusGatewayGrpc;
import io.greptime.jdbc.proto.v1.PromqlRequest;
import io.greptime.jdbc.proto.v1.PromqlResponse;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** PromQL over the wire: TQL and prom_range_query through DoGet, instant/range queries through the gateway. */
class PromqlWireTest {
    private static DuckDbEngine engine;
    private static EmbeddedGreptimeServer server;
    private static ManagedChannel channel;
    private static BufferAllocator allocator;

    @BeforeAll
    static void start() {
        engine = DuckDbEngine.inMemory();
        server = EmbeddedGreptimeServer.builder().engine(engine).build().start();
        channel = WireFixture.channel(server);
        allocator = new RootAllocator();
        GreptimeDatabaseGrpc.GreptimeDatabaseBlockingStub db = GreptimeDatabaseGrpc.newBlockingStub(channel);
        db.handle(sql("CREATE TABLE pw (v DOUBLE, ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY)"));
        db.handle(sql("INSERT INTO pw VALUES (1, 0, 'a'), (2, 5000, 'a'), (7, 5000, 'b')"));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        WireFixture.shutdown(channel);
        server.close();
        engine.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    private static List<String> rows(GreptimeRequest request) throws Exception {
        List<String> rows = new ArrayList<>();
        try (FlightClient client = FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
                        .build();
                FlightStream stream = client.getStream(new Ticket(request.toByteArray()))) {
            rows.add(stream.getSchema().getFields().toString().replaceAll("<[^>]*>", ""));
            while (stream.next()) {
                VectorSchemaRoot root = stream.getRoot();
                for (int r = 0; r < root.getRowCount(); r++) {
                    List<String> cells = new ArrayList<>();
                    for (var vector : root.getFieldVectors()) {
                        cells.add(String.valueOf(vector.getObject(r)));
                    }
                    rows.add(String.join("|", cells));
                }
            }
        }
        return rows;
    }

    private static GreptimeRequest promRange(String query, String start, String end, String step) {
        return GreptimeRequest.newBuilder()
                .setQuery(QueryRequest.newBuilder()
                        .setPromRangeQuery(PromRangeQuery.newBuilder()
                                .setQuery(query)
                                .setStart(start)
                                .setEnd(end)
                                .setStep(step)
                                .setLookback("5m")))
                .build();
    }

    @Test
    void tql_overDoGet_givesValueTimeAndLabels() throws Exception {
        assertThat(rows(sql("TQL EVAL (0, 5, '5s') sum(pw) AS total")))
                .containsExactly(
                        "[total: FloatingPoint(DOUBLE), ts: Timestamp(MILLISECOND, null)]",
                        "1.0|1970-01-01T00:00",
                        "9.0|1970-01-01T00:00:05");
    }

    @Test
    void promRangeQuery_overDoGet_hasTqlShape() throws Exception {
        assertThat(rows(promRange("pw{host=\"a\"}", "0", "1970-01-01T00:00:05Z", "5s")))
                .containsExactly(
                        "[v: FloatingPoint(DOUBLE), ts: Timestamp(MILLISECOND, null), host: Utf8]",
                        "1.0|1970-01-01T00:00|a",
                        "2.0|1970-01-01T00:00:05|a");
    }

    @Test
    void promRangeQuery_badStep_isRefusedWithTheParsersText() {
        FlightRuntimeException e =
                catchThrowableOfType(FlightRuntimeException.class, () -> rows(promRange("pw", "0", "5", "later")));
        assertThat(e.getMessage()).contains("not a valid duration string: later");
    }

    /**
     * GreptimeDB's gateway hands an empty lookback to its PromQL parser, which refuses it (v1.0.0 answered
     * PromqlDemo's range query so, status 2000); only its HTTP API fills in 5m.
     */
    @Test
    void gateway_emptyLookback_isRefusedAsGreptimeDbRefusesIt() {
        PromqlResponse r = PrometheusGatewayGrpc.newBlockingStub(channel)
                .handle(PromqlRequest.newBuilder()
                        .setRangeQuery(PromRangeQuery.newBuilder()
                                .setQuery("max(pw)")
                                .setStart("0")
                                .setEnd("5")
                                .setStep("1s"))
                        .build());
        JsonObject err = JsonParser.parseString(r.getBody().toString(StandardCharsets.UTF_8))
                .getAsJsonObject();
        assertThat(err.get("status").getAsString()).isEqualTo("error");
        assertThat(err.get("errorType").getAsString()).isEqualTo("InvalidSyntax");
        assertThat(err.get("error").getAsString()).isEqualTo("empty duration string");
    }

    @Test
    void gateway_rangeQuery_answersMatrixJson() {
        PromqlResponse r = PrometheusGatewayGrpc.newBlockingStub(channel)
                .handle(PromqlRequest.newBuilder()
                        .setRangeQuery(PromRangeQuery.newBuilder()
                                .setQuery("rate(pw[10s])")
                                .setStart("5")
                                .setEnd("5")
                                .setStep("1s")
                                .setLookback("5m"))
                        .build());
        assertThat(r.getHeader().getStatus().getStatusCode()).isZero();
        JsonObject doc = JsonParser.parseString(r.getBody().toString(StandardCharsets.UTF_8))
                .getAsJsonObject();
        assertThat(doc.get("status").getAsString()).isEqualTo("success");
        JsonObject data = doc.getAsJsonObject("data");
        assertThat(data.get("resultType").getAsString()).isEqualTo("matrix");
        // host a: 1 -> 2 over 5s in window (-5s, 5s]; start 5s away (< 1.1 * 5s) and end 0s away:
        // extrapolated over the full 10s, 1 * 10 / 5 = 2, per second 0.2 (b has one sample: no rate)
        assertThat(data.getAsJsonArray("result")).hasSize(1);
        JsonObject series = data.getAsJsonArray("result").get(0).getAsJsonObject();
        assertThat(series.getAsJsonObject("metric").get("host").getAsString()).isEqualTo("a");
        assertThat(series.getAsJsonArray("values")
                        .get(0)
                        .getAsJsonArray()
                        .get(1)
                        .getAsString())
                .isEqualTo("0.2");
    }

    @Test
    void gateway_instantQuery_answersVectorAndInBandErrors() {
        PrometheusGatewayGrpc.PrometheusGatewayBlockingStub stub = PrometheusGatewayGrpc.newBlockingStub(channel);
        PromqlResponse ok = stub.handle(PromqlRequest.newBuilder()
                .setInstantQuery(PromInstantQuery.newBuilder()
                        .setQuery("max(pw)")
                        .setTime("5")
                        .setLookback("5m"))
                .build());
        String body = ok.getBody().toString(StandardCharsets.UTF_8);
        assertThat(body)
                .isEqualTo(
                        "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[{\"metric\":{},\"value\":[5.0,\"7\"]}]}}");
        PromqlResponse bad = stub.handle(PromqlRequest.newBuilder()
                .setInstantQuery(PromInstantQuery.newBuilder()
                        .setQuery("max(pw")
                        .setTime("5")
                        .setLookback("5m"))
                .build());
        JsonObject err = JsonParser.parseString(bad.getBody().toString(StandardCharsets.UTF_8))
                .getAsJsonObject();
        assertThat(err.get("status").getAsString()).isEqualTo("error");
        assertThat(err.get("errorType").getAsString()).isEqualTo("InvalidSyntax");
    }

    @Test
    void gateway_withoutQuery_isInvalidArgument() {
        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> PrometheusGatewayGrpc.newBlockingStub(channel).handle(PromqlRequest.getDefaultInstance()));
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    }
}
