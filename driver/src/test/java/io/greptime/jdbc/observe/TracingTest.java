package io.greptime.jdbc.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.v1.RequestHeader;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Spans exported to an in-memory exporter, and the W3C trace context the embedded server received in
 * {@code RequestHeader.tracing_context}.
 */
class TracingTest {
    private static final String PASSWORD = "otel-pw";
    private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
    private ObservedServer server;
    private OpenTelemetrySdk sdk;

    @BeforeEach
    void start() {
        sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                        .build())
                .build();
        GlobalOpenTelemetry.resetForTest();
        GlobalOpenTelemetry.set(sdk);
        server = new ObservedServer(PASSWORD);
    }

    @AfterEach
    void stop() {
        server.close();
        GlobalOpenTelemetry.resetForTest();
        sdk.close();
    }

    private Connection connect(String query) throws SQLException {
        return server.connect(query, ObservedServer.USER, PASSWORD);
    }

    @Test
    void query_spanFollowsSemanticConventions_andServerSeesItsTraceparent() throws Exception {
        Span parent = sdk.getTracer("test").spanBuilder("request").startSpan();
        try (Connection c = connect("");
                Statement st = c.createStatement()) {
            server.headers.clear();
            try (Scope s = parent.makeCurrent();
                    ResultSet rs = st.executeQuery("SELECT * FROM range(10)")) {
                while (rs.next()) {
                    // read all
                }
            }
        } finally {
            parent.end();
        }
        SpanData span = only(driverSpans(), "SELECT");
        assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(span.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
        assertThat(span.getAttributes().get(AttributeKey.stringKey("db.system.name")))
                .isEqualTo("greptimedb");
        assertThat(span.getAttributes().get(AttributeKey.stringKey("db.namespace")))
                .isEqualTo("public");
        assertThat(span.getAttributes().get(AttributeKey.stringKey("db.operation.name")))
                .isEqualTo("SELECT");
        assertThat(span.getAttributes().get(AttributeKey.stringKey("db.query.text")))
                .isEqualTo("SELECT * FROM range(10)");
        assertThat(span.getAttributes().get(AttributeKey.stringKey("server.address")))
                .isEqualTo("127.0.0.1");
        assertThat(span.getAttributes().get(AttributeKey.longKey("server.port")))
                .isPositive();
        assertThat(span.getAttributes().get(AttributeKey.longKey("db.response.returned_rows")))
                .isEqualTo(10L);

        List<RequestHeader> sent = server.headers;
        assertThat(sent).isNotEmpty();
        String traceparent = sent.get(0).getTracingContextMap().get("traceparent");
        assertThat(traceparent)
                .isEqualTo("00-" + span.getTraceId() + "-" + span.getSpanId() + "-"
                        + span.getSpanContext().getTraceFlags().asHex());
    }

    @Test
    void failedStatement_spanHasErrorAndTheIdOfTheMessage() throws Exception {
        SQLException failure;
        try (Connection c = connect("");
                Statement st = c.createStatement()) {
            failure = org.junit.jupiter.api.Assertions.assertThrows(
                    SQLException.class, () -> st.executeQuery("SELECT * FROM nowhere"));
        }
        Matcher m = Pattern.compile("\\[stmt ([^\\]]+)\\]").matcher(failure.getMessage());
        assertThat(m.find()).isTrue();
        SpanData span = only(driverSpans(), "SELECT");
        assertThat(span.getStatus().getStatusCode()).isEqualTo(io.opentelemetry.api.trace.StatusCode.ERROR);
        assertThat(span.getAttributes().get(AttributeKey.stringKey("greptime.statement.id")))
                .isEqualTo(m.group(1));
        assertThat(span.getAttributes().get(AttributeKey.stringKey("error.type")))
                .isEqualTo("4001");
        assertThat(span.getAttributes().get(AttributeKey.stringKey("db.response.status_code")))
                .isEqualTo("4001");
    }

    @Test
    void bulkBatch_isOneInsertSpanWithTheTemplateAndBatchSize() throws Exception {
        try (Connection c = connect("")) {
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE tr (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
            }
            exporter.reset();
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO tr (ts, host, v) VALUES (?, ?, ?)")) {
                for (int i = 0; i < 4; i++) {
                    ps.setTimestamp(1, new Timestamp(i));
                    ps.setString(2, "value-not-in-span");
                    ps.setDouble(3, i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
        SpanData span = only(driverSpans(), "INSERT");
        assertThat(span.getAttributes().get(AttributeKey.stringKey("db.query.text")))
                .isEqualTo("INSERT INTO tr (ts, host, v) VALUES (?, ?, ?)");
        assertThat(span.getAttributes().get(AttributeKey.longKey("db.operation.batch.size")))
                .isEqualTo(4L);
    }

    @Test
    void tracingOff_noSpanAndNoTraceContextEvenUnderAnApplicationSpan() throws Exception {
        Span parent = sdk.getTracer("test").spanBuilder("request").startSpan();
        try (Connection c = connect("tracing=false");
                Statement st = c.createStatement()) {
            server.headers.clear();
            try (Scope s = parent.makeCurrent()) {
                st.execute("SELECT 1");
            }
        } finally {
            parent.end();
        }
        assertThat(driverSpans()).isEmpty();
        assertThat(server.headers)
                .isNotEmpty()
                .allSatisfy(h -> assertThat(h.getTracingContextMap()).isEmpty());
    }

    @Test
    void noCurrentSpan_noTraceContextFromOutsideAStatement() throws Exception {
        try (Connection c = connect("")) {
            assertThat(server.headers)
                    .isNotEmpty()
                    .allSatisfy(h -> assertThat(h.getTracingContextMap()).isEmpty());
            assertThatThrownBy(() -> c.createStatement().executeQuery("SELECT * FROM nowhere"))
                    .isInstanceOf(SQLException.class);
        }
    }

    private List<SpanData> driverSpans() {
        return exporter.getFinishedSpanItems().stream()
                .filter(s -> s.getInstrumentationScopeInfo().getName().equals("io.greptime.jdbc"))
                .toList();
    }

    private static SpanData only(List<SpanData> spans, String name) {
        List<SpanData> named =
                spans.stream().filter(s -> s.getName().equals(name)).toList();
        assertThat(named).hasSize(1);
        return named.get(0);
    }
}
