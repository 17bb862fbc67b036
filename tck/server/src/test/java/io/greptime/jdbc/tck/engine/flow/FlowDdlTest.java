package io.greptime.jdbc.tck.engine.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FlowDdlTest {
    private FlowFixture f;

    @BeforeEach
    void setUp() {
        f = new FlowFixture();
        f.update("CREATE TABLE src (host STRING, v INT, ts TIMESTAMP TIME INDEX, PRIMARY KEY (host))");
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private void fails(String sql, StatusCode code, String message) {
        assertThatThrownBy(() -> f.update(sql)).isInstanceOfSatisfying(GreptimeError.class, e -> {
            assertThat(e.status()).isEqualTo(code);
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }

    @Test
    void createFlow_autoCreatesSinkWithTagsWindowAndUpdateAt() {
        f.update("CREATE FLOW agg SINK TO out AS SELECT host, sum(v) AS total,"
                + " date_bin(INTERVAL '1 minute', ts) AS w FROM src GROUP BY host, w");
        List<List<Object>> desc = f.query("DESC TABLE out").rows();
        assertThat(desc)
                .extracting(r -> r.get(0) + " " + r.get(1) + " " + r.get(5))
                .containsExactly(
                        "host String TAG",
                        "total Int64 FIELD",
                        "w TimestampMillisecond TIMESTAMP",
                        "update_at TimestampMillisecond FIELD");
        String create = (String) f.query("SHOW CREATE TABLE out").rows().get(0).get(1);
        assertThat(create).contains("'comment' = 'Auto created table by flow engine'");
    }

    @Test
    void createFlow_errorsFollowGreptimeDb() {
        f.update("CREATE FLOW a SINK TO out AS SELECT v, ts FROM src WHERE v > 1");
        fails(
                "CREATE FLOW a SINK TO out AS SELECT v, ts FROM src",
                StatusCode.FLOW_ALREADY_EXISTS,
                "Flow already exists: greptime.a");
        fails(
                "CREATE OR REPLACE FLOW IF NOT EXISTS a SINK TO out AS SELECT v, ts FROM src",
                StatusCode.UNSUPPORTED,
                "Unsupported operation Create flow with both `IF NOT EXISTS` and `OR REPLACE`");
        fails("DROP FLOW nope", StatusCode.FLOW_NOT_FOUND, "Flow not found: greptime.nope");
        fails(
                "CREATE FLOW b SINK TO out2 AS SELECT v FROM missing",
                StatusCode.TABLE_NOT_FOUND,
                "Table not found: greptime.public.missing");
        fails(
                "CREATE FLOW c SINK TO out3 EXPIRE AFTER '1 month' AS SELECT count(v) FROM src",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid argument: Interval with months is not allowed: '1 month'");
        fails(
                "CREATE FLOW d SINK TO src AS SELECT count(v) FROM src",
                StatusCode.UNSUPPORTED,
                "Unsupported operation Creating flow with source and sink table being the same: greptime.public.src");
        fails(
                "CREATE FLOW e SINK TO out4 WITH (access_key_id = 'x') AS SELECT v FROM src",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid SQL, error: unknown flow option 'access_key_id', supported options:"
                        + " defer_on_missing_source, experimental_enable_incremental_read");
        assertThat(f.update("CREATE FLOW IF NOT EXISTS a SINK TO out AS SELECT 1"))
                .isZero();
        assertThat(f.update("DROP FLOW IF EXISTS nope")).isZero();
    }

    @Test
    void deferOnMissingSource_createsPendingBatchingFlow() {
        f.update("CREATE FLOW later SINK TO out WITH (defer_on_missing_source = true) AS SELECT v, ts FROM not_yet");
        assertThat(f.query("SELECT options FROM information_schema.flows WHERE flow_name = 'later'")
                        .rows())
                .containsExactly(List.of("{\"defer_on_missing_source\":\"true\",\"flow_type\":\"batching\"}"));
        assertThat(f.query("SHOW TABLES").rows()).doesNotContain(List.of("out"));
        f.update("CREATE TABLE not_yet (v INT, ts TIMESTAMP TIME INDEX)");
        f.update("INSERT INTO not_yet VALUES (3, 1000), (4, 2000)");
        f.query("ADMIN FLUSH_FLOW('later')");
        assertThat(f.query("SELECT v FROM out ORDER BY v").rows()).containsExactly(List.of(3), List.of(4));
    }

    @Test
    void showFlows_showCreateFlow_andInformationSchema() {
        f.update("CREATE FLOW f1 SINK TO o1 AS SELECT v, ts FROM src where v > 10");
        f.update("CREATE FLOW f2 SINK TO o2 EVAL INTERVAL '1m' COMMENT 'hi' AS SELECT count(v) AS c FROM src");
        assertThat(f.query("SHOW FLOWS").rows()).containsExactly(List.of("f1"), List.of("f2"));
        assertThat(f.query("SHOW FLOWS LIKE 'f2'").rows()).containsExactly(List.of("f2"));
        assertThat(f.query("SHOW CREATE FLOW f1").rows().get(0).get(1))
                .isEqualTo("CREATE FLOW IF NOT EXISTS f1\nSINK TO public.o1\nAS SELECT v, ts FROM src WHERE v > 10");
        FlowFixture.Result is = f.query("SELECT * FROM information_schema.flows ORDER BY flow_name");
        assertThat(is.schema().getFields()).hasSize(16);
        List<Object> f2 = is.rows().get(1);
        assertThat(f2.get(0)).isEqualTo("f2");
        assertThat(f2.get(3)).isEqualTo("greptime");
        assertThat(f2.get(5)).isEqualTo("hi");
        assertThat(f2.get(8)).isEqualTo("greptime.public.o2");
        assertThat(f2.get(10)).isEqualTo("{\"flow_type\":\"batching\"}");
        assertThat(f2.get(14)).isEqualTo("greptime.public.src");
        f.update("DROP FLOW f1");
        assertThat(f.query("SHOW FLOWS").rows()).containsExactly(List.of("f2"));
        assertThat(f.query("SHOW CREATE FLOW f2").rows().get(0).get(1))
                .isEqualTo("CREATE FLOW IF NOT EXISTS f2\n"
                        + "SINK TO public.o2\nEVAL INTERVAL '60 s'\nCOMMENT 'hi'\nAS SELECT count(v) AS c FROM src");
    }

    @Test
    void existingSink_isCheckedPositionally() {
        f.update("CREATE TABLE sink (n INT, ts TIMESTAMP TIME INDEX, PRIMARY KEY (n))");
        fails(
                "CREATE FLOW bad SINK TO sink AS SELECT v AS n1, v AS n2 FROM src",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid query: Column 1(name is 'ts', flow inferred name is 'n2')'s data type mismatch, expect"
                        + " Timestamp(Millisecond(TimestampMillisecondType)) got Int32(Int32Type)");
    }
}
