package io.greptime.jdbc.tck.engine.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Flows whose query is TQL EVAL: evaluated per pass, matched to the sink by column name. */
class TqlFlowTest {
    private final FlowFixture f = new FlowFixture();

    @BeforeEach
    void data() {
        f.update("CREATE TABLE src (val DOUBLE, ts TIMESTAMP TIME INDEX, sensor STRING, loc STRING,"
                + " PRIMARY KEY (sensor, loc))");
        f.update("INSERT INTO src VALUES (20, 10000, 'a', 'x'), (30, 10000, 'a', 'y')");
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void pass_writesTheTqlRowsByColumnName() {
        // the TQL answers (value, sensor, ts); the sink's order differs
        f.update("CREATE TABLE sink (`value` DOUBLE, ts TIMESTAMP TIME INDEX, sensor STRING PRIMARY KEY)");
        f.update("CREATE FLOW fl SINK TO sink EVAL INTERVAL '1m' AS"
                + " TQL EVAL (10, 10, '1s') avg by (sensor) (src) AS value");
        f.query("ADMIN FLUSH_FLOW('fl')");
        // avg of 20 and 30 at 10s
        assertThat(f.query("SELECT * FROM sink").rows())
                .containsExactly(List.of(25.0, LocalDateTime.parse("1970-01-01T00:00:10"), "a"));
    }

    @Test
    void sinkWithoutAnOutputColumn_isGreptimeDbsSchemaMismatch() {
        f.update("CREATE TABLE narrow (`value` DOUBLE, ts TIMESTAMP TIME INDEX)");
        GreptimeError e = catchThrowableOfType(
                GreptimeError.class,
                () -> f.update(
                        "CREATE FLOW bad SINK TO narrow AS TQL EVAL (10, 10, '1s') avg by (sensor) (src) AS value"));
        assertThat(e).isNotNull();
        assertThat(e.status()).isEqualTo(StatusCode.ENGINE_EXECUTE_QUERY);
        assertThat(e.getMessage())
                .isEqualTo("Datafusion error: Plan(\"Flow output schema does not match sink table schema: found 3 flow"
                        + " output columns and 2 sink table columns. flow output columns: [\\\"value\\\","
                        + " \\\"sensor\\\", \\\"ts\\\"], sink table columns: [\\\"value\\\", \\\"ts\\\"], extra flow"
                        + " columns not in sink: [\\\"sensor\\\"], missing sink columns from flow output: []\") in"
                        + " context: Failed to rewrite plan");
    }

    @Test
    void missingSink_isRefusedAsUnsupported() {
        GreptimeError e = catchThrowableOfType(
                GreptimeError.class,
                () -> f.update("CREATE FLOW nosink SINK TO absent AS TQL EVAL (10, 10, '1s') sum(src)"));
        assertThat(e).isNotNull();
        assertThat(e.status()).isEqualTo(StatusCode.UNSUPPORTED);
    }
}
