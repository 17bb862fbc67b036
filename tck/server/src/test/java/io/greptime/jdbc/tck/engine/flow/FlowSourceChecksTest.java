package io.greptime.jdbc.tck.engine.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** CREATE FLOW checks on the source side, and flow queries only the full query translator takes. */
class FlowSourceChecksTest {
    private final FlowFixture f = new FlowFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void incrementalRead_needsAnAppendOnlySource() {
        f.update("CREATE TABLE plain (n INT, ts TIMESTAMP TIME INDEX)");
        f.update("CREATE TABLE logs (n INT, ts TIMESTAMP TIME INDEX) WITH ('append_mode' = 'true')");
        String query = " AS SELECT sum(n) AS total, date_bin(INTERVAL '1 minute', ts) AS w FROM ";
        GreptimeError e = catchThrowableOfType(
                GreptimeError.class,
                () -> f.update("CREATE FLOW a SINK TO s1 WITH (experimental_enable_incremental_read = 'true')" + query
                        + "plain GROUP BY w"));
        assertThat(e).isNotNull();
        assertThat(e.status()).isEqualTo(StatusCode.ENGINE_EXECUTE_QUERY);
        assertThat(e.getMessage())
                .isEqualTo("Unsupported: Flow incremental read requires append-only source table, but source table"
                        + " `greptime.public.plain` is not append-only. Consider setting append_mode='true' on the"
                        + " source table or disabling experimental_enable_incremental_read");
        assertThat(f.update("CREATE FLOW b SINK TO s2 WITH (experimental_enable_incremental_read = 'true')" + query
                        + "logs GROUP BY w"))
                .isZero();
    }

    @Test
    void flowQueryWithACte_runsThroughTheQueryTranslator() {
        f.update("CREATE TABLE src (n INT, ts TIMESTAMP TIME INDEX)");
        f.update("CREATE FLOW c SINK TO sink EVAL INTERVAL '1h' AS WITH k(m) AS (VALUES (10))"
                + " SELECT date_bin(INTERVAL '1 minute', ts) AS w, sum(n * m) AS total FROM src, k GROUP BY w");
        f.update("INSERT INTO src VALUES (1, 1000), (2, 2000)");
        f.query("ADMIN FLUSH_FLOW('c')");
        // (1 + 2) * 10 in the minute starting at 0
        assertThat(f.query("SELECT total FROM sink").rows()).containsExactly(List.of(30L));
    }
}
