package io.greptime.jdbc.tck.engine.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.v1.ColumnDataType;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.CreateFlowExpr;
import io.greptime.jdbc.proto.v1.DdlRequest;
import io.greptime.jdbc.proto.v1.DropFlowExpr;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.proto.v1.SemanticType;
import io.greptime.jdbc.proto.v1.TableName;
import io.greptime.jdbc.proto.v1.Value;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlowRuntimeTest {
    @TempDir
    Path dir;

    private static final String SOURCE =
            "CREATE TABLE src (host STRING, v BIGINT, ts TIMESTAMP TIME INDEX, PRIMARY KEY (host))";

    @Test
    void streamingFlow_isRunByTheSchedulerWithoutFlush() throws InterruptedException {
        try (FlowFixture f = new FlowFixture()) {
            f.update(SOURCE);
            f.update("CREATE FLOW big SINK TO big_v AS SELECT host, v, ts FROM src WHERE v > 10");
            f.update("INSERT INTO src VALUES ('a', 5, 1000), ('b', 50, 2000)");
            // The scheduler runs streaming flows as soon as keys are buffered; poll, no timing asserted.
            // The sink row and last_execution_time are written by the same pass but not atomically for a
            // reader, so wait for both.
            String executed = "SELECT last_execution_time IS NOT NULL FROM information_schema.flows";
            List<List<Object>> rows = List.of();
            for (int i = 0; i < 600; i++) {
                rows = f.query("SELECT host, v FROM big_v").rows();
                if (!rows.isEmpty() && f.query(executed).rows().equals(List.of(List.of(true)))) {
                    break;
                }
                Thread.sleep(50);
            }
            assertThat(rows).containsExactly(List.of("b", 50L));
            assertThat(f.query(executed).rows()).containsExactly(List.of(true));
        }
    }

    @Test
    void flows_surviveRestartInDataDirectory() {
        try (FlowFixture f = new FlowFixture(DuckDbEngine.open(dir))) {
            f.update(SOURCE);
            f.update("CREATE FLOW cnt SINK TO cnt_out AS SELECT host, count(v) AS n,"
                    + " date_trunc('hour', ts) AS h FROM src GROUP BY host, h");
        }
        try (FlowFixture f = new FlowFixture(DuckDbEngine.open(dir))) {
            assertThat(f.query("SHOW FLOWS").rows()).containsExactly(List.of("cnt"));
            f.update("INSERT INTO src VALUES ('a', 1, '2024-01-01 10:15:00'), ('a', 2, '2024-01-01 10:45:00'),"
                    + " ('a', 3, '2024-01-01 11:05:00')");
            f.query("ADMIN FLUSH_FLOW('public.cnt')");
            assertThat(f.query("SELECT host, n, h FROM cnt_out ORDER BY h").rows())
                    .containsExactly(
                            List.of("a", 2L, LocalDateTime.parse("2024-01-01T10:00")),
                            List.of("a", 1L, LocalDateTime.parse("2024-01-01T11:00")));
        }
    }

    @Test
    void ddlRequest_createsAndDropsFlows() {
        try (FlowFixture f = new FlowFixture()) {
            f.update(SOURCE);
            CreateFlowExpr create = CreateFlowExpr.newBuilder()
                    .setFlowName("g")
                    .setSql("SELECT count(v) AS n FROM src")
                    .setSinkTableName(TableName.newBuilder().setTableName("g_out"))
                    .build();
            f.engine.ddl(f.ctx, DdlRequest.newBuilder().setCreateFlow(create).build());
            assertThat(f.query("SHOW CREATE FLOW g").rows().get(0).get(1))
                    .isEqualTo("CREATE FLOW IF NOT EXISTS g\nSINK TO public.g_out\nAS SELECT count(v) AS n FROM src");
            f.engine.ddl(
                    f.ctx,
                    DdlRequest.newBuilder()
                            .setDropFlow(DropFlowExpr.newBuilder().setFlowName("g"))
                            .build());
            assertThat(f.query("SHOW FLOWS").rows()).isEmpty();
        }
    }

    @Test
    void rowInserts_andExpireAfter_decideWhatTheSinkSees() {
        try (FlowFixture f = new FlowFixture()) {
            f.update(SOURCE);
            f.update("CREATE FLOW recent SINK TO recent_out EXPIRE AFTER '1 hour' AS SELECT host, sum(v) AS s,"
                    + " date_bin(INTERVAL '1 minute', ts) AS w FROM src GROUP BY host, w");
            Instant now = Instant.now().truncatedTo(ChronoUnit.MINUTES);
            Instant old = now.minus(3, ChronoUnit.HOURS);
            f.engine.insertRows(f.ctx, rows(row("a", 7, now), row("a", 8, now.plusSeconds(1)), row("a", 100, old)));
            f.query("ADMIN FLUSH_FLOW('recent')");
            assertThat(f.query("SELECT host, s, w FROM recent_out").rows())
                    .containsExactly(List.of("a", 15L, LocalDateTime.ofInstant(now, ZoneOffset.UTC)));
        }
    }

    @Test
    void failingPass_leavesSinkIntact_isReported_andRetriedLater() {
        try (FlowFixture f = new FlowFixture()) {
            f.update(SOURCE);
            f.update("CREATE FLOW num SINK TO num_out AS SELECT host, sum(CAST(host AS BIGINT)) AS n,"
                    + " date_bin(INTERVAL '1 minute', ts) AS w FROM src GROUP BY host, w");
            f.update("INSERT INTO src VALUES ('7', 1, '2024-01-01 00:00:01')");
            f.query("ADMIN FLUSH_FLOW('num')");
            f.update("INSERT INTO src VALUES ('x', 1, '2024-01-01 00:00:02')");
            assertThatThrownBy(() -> f.query("ADMIN FLUSH_FLOW('num')")).isInstanceOf(GreptimeError.class);
            assertThat(f.query("SELECT host, n FROM num_out").rows()).containsExactly(List.of("7", 7L));
            assertThat((String) f.query("SELECT options FROM information_schema.flows")
                            .rows()
                            .get(0)
                            .get(0))
                    .contains("\"last_execution_error\":");
            f.update("DELETE FROM src WHERE host = 'x'");
            f.update("INSERT INTO src VALUES ('8', 1, '2024-01-01 00:00:03')");
            f.query("ADMIN FLUSH_FLOW('num')");
            assertThat(f.query("SELECT host, n FROM num_out ORDER BY host").rows())
                    .containsExactly(List.of("7", 7L), List.of("8", 8L));
            assertThat(f.query("SELECT options FROM information_schema.flows").rows())
                    .containsExactly(List.of("{\"flow_type\":\"batching\"}"));
        }
    }

    private static Row row(String host, long v, Instant ts) {
        return Row.newBuilder()
                .addValues(Value.newBuilder().setStringValue(host))
                .addValues(Value.newBuilder().setI64Value(v))
                .addValues(Value.newBuilder().setTimestampMillisecondValue(ts.toEpochMilli()))
                .build();
    }

    private static RowInsertRequests rows(Row... rows) {
        Rows.Builder b = Rows.newBuilder()
                .addSchema(ColumnSchema.newBuilder()
                        .setColumnName("host")
                        .setDatatype(ColumnDataType.STRING)
                        .setSemanticType(SemanticType.TAG))
                .addSchema(ColumnSchema.newBuilder()
                        .setColumnName("v")
                        .setDatatype(ColumnDataType.INT64)
                        .setSemanticType(SemanticType.FIELD))
                .addSchema(ColumnSchema.newBuilder()
                        .setColumnName("ts")
                        .setDatatype(ColumnDataType.TIMESTAMP_MILLISECOND)
                        .setSemanticType(SemanticType.TIMESTAMP));
        for (Row r : rows) {
            b.addRows(r);
        }
        return RowInsertRequests.newBuilder()
                .addInserts(RowInsertRequest.newBuilder().setTableName("src").setRows(b))
                .build();
    }
}
