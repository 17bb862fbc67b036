package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** TABLESAMPLE is accepted and every row still read, as GreptimeDB's DataFusion plans it today. */
class TableSampleTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void sampleClauses_readEveryRow() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, x INT)");
        f.update("INSERT INTO t VALUES (1, 1), (2, 2), (3, 3), (4, 4)");
        assertThat(f.query("SELECT count(*) FROM t TABLESAMPLE (1 ROWS)").column(0))
                .containsExactly("4");
        assertThat(f.query("SELECT count(*) FROM t TABLESAMPLE SYSTEM (10 PERCENT) REPEATABLE (42) WHERE x > 1")
                        .column(0))
                .containsExactly("3");
        assertThat(f.query("SELECT s.x FROM t AS s TABLESAMPLE BERNOULLI (50 PERCENT) ORDER BY s.x LIMIT 2")
                        .column(0))
                .containsExactly("1", "2");
    }
}
