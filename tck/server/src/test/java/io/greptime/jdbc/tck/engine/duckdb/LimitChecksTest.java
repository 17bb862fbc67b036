package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** LIMIT and OFFSET take integers only, and never a subquery, as DataFusion plans them. */
class LimitChecksTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void nonIntegerLimits_areRefusedWithTheirArrowType() {
        f.update("CREATE TABLE t (ts TIMESTAMP(6) TIME INDEX, n INT)");
        f.update("INSERT INTO t VALUES (1, 1), (2, 2), (3, 3)");
        assertThat(f.query("SELECT n FROM t ORDER BY n LIMIT 2 OFFSET 1").column(0))
                .containsExactly("2", "3");
        f.fails(
                "SELECT n FROM t LIMIT 2.5",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Error during planning: Expected LIMIT to be an integer or null, but got Float64");
        f.fails(
                "SELECT n FROM t OFFSET (SELECT max(ts) FROM t)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Error during planning: Expected OFFSET to be an integer or null, but got Timestamp(µs)");
        f.fails(
                "SELECT n FROM t LIMIT DATE '2020-01-01'",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Error during planning: Expected LIMIT to be an integer or null, but got Date32");
        f.fails(
                "SELECT n FROM t LIMIT (SELECT 2)",
                StatusCode.UNSUPPORTED,
                "This feature is not implemented: Unsupported LIMIT expression: Some(ScalarSubquery(<subquery>))");
    }

    @Test
    void numbers_yieldsAsManyRowsAsAPushedDownLimit() {
        // the scan is asked for limit + offset rows: 0..1009, of which the first 10 are skipped
        assertThat(f.query("SELECT count(*), min(x), max(x) FROM (SELECT number * 2 AS x FROM numbers LIMIT 1000"
                                + " OFFSET 10)")
                        .rows()
                        .get(0))
                .containsExactly("1000", "20", "2018");
        // an aggregate, a filter or an ORDER BY keeps the limit above the scan, which then gives its 100 rows
        assertThat(f.query("SELECT count(*) FROM numbers LIMIT 1000").column(0)).containsExactly("100");
        assertThat(f.query("SELECT max(number) FROM (SELECT number FROM numbers WHERE number >= 0 LIMIT 500)")
                        .column(0))
                .containsExactly("99");
        assertThat(f.query("SELECT number FROM numbers ORDER BY number DESC LIMIT 1")
                        .column(0))
                .containsExactly("99");
        f.update("CREATE TABLE n (ts TIMESTAMP TIME INDEX, x INT)");
        assertThat(f.update("INSERT INTO n SELECT number, number % 7 FROM numbers LIMIT 1000"))
                .isEqualTo(1000);
    }
}
