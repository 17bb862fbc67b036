package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.exec.ConnectionPool;
import java.sql.SQLException;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Queries are prepared once per pooled DuckDB connection and executed again from then on; the answers
 * must stay those of a statement prepared afresh: after the tables they read changed, under another time
 * zone (which DuckDB folds into a plan) or database, and after a failure.
 */
class PreparedQueriesTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void repeatedQuery_isPreparedOnceAndAnsweredAlike() throws SQLException {
        f.update("CREATE TABLE m (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        f.update("INSERT INTO m VALUES (1000, 'a', 1.5), (2000, 'b', 2.5)");
        String sql = "SELECT host, v FROM m WHERE ts = '1970-01-01 00:00:02'";
        int before = preparedOnIdleConnection();
        for (int i = 0; i < 5; i++) {
            assertThat(f.query(sql).rows()).containsExactly(List.of("b", "2.5"));
        }
        // one connection served all five calls (they ran one after the other), with one statement for them
        assertThat(preparedOnIdleConnection()).isEqualTo(before + 1);
    }

    @Test
    void preparedQuery_followsItsTableThroughAlterDropAndCreate() {
        f.update("CREATE TABLE m (ts TIMESTAMP TIME INDEX, v DOUBLE)");
        f.update("INSERT INTO m VALUES (1000, 1.5)");
        String sql = "SELECT * FROM m";
        assertThat(f.query(sql).rows()).containsExactly(List.of("1970-01-01T00:00:01", "1.5"));
        f.update("ALTER TABLE m ADD COLUMN host STRING");
        EngineFixture.Result widened = f.query(sql);
        assertThat(widened.schema().getFields())
                .extracting(fld -> fld.getName())
                .containsExactly("ts", "v", "host");
        assertThat(widened.rows()).containsExactly(java.util.Arrays.asList("1970-01-01T00:00:01", "1.5", null));
        f.update("DROP TABLE m");
        f.fails(sql, StatusCode.TABLE_NOT_FOUND, "Failed to plan SQL: Table not found: greptime.public.m");
        f.update("CREATE TABLE m (ts TIMESTAMP TIME INDEX, n BIGINT)");
        f.update("INSERT INTO m VALUES (3000, 7)");
        assertThat(f.query(sql).rows()).containsExactly(List.of("1970-01-01T00:00:03", "7"));
    }

    @Test
    void preparedQuery_isPlannedAgainUnderAnotherTimeZone() {
        // DuckDB folds the cast of a zone-less text to TIMESTAMPTZ into the plan with the session's zone: a
        // plan kept across zones would answer the first zone's instant
        String sql = "SELECT CAST(TIMESTAMPTZ '2024-01-01 00:00:00' AS VARCHAR) AS t";
        for (int round = 0; round < 3; round++) {
            f.ctx = QueryContext.defaults().withTimeZone(ZoneId.of("Asia/Shanghai"));
            assertThat(f.query(sql).column(0)).containsExactly("2024-01-01 00:00:00+08");
            f.ctx = QueryContext.defaults();
            assertThat(f.query(sql).column(0)).containsExactly("2024-01-01 00:00:00+00");
        }
    }

    @Test
    void preparedQuery_resolvesUnqualifiedNamesInEachRequestsDatabase() {
        f.update("CREATE DATABASE other");
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, v DOUBLE)");
        f.update("INSERT INTO t VALUES (1000, 1.0)");
        f.ctx = QueryContext.defaults().withSchema("other");
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, v DOUBLE)");
        f.update("INSERT INTO t VALUES (1000, 2.0), (2000, 3.0)");
        // the comma join leaves `t` unqualified for DuckDB, resolved through the connection's USE
        String sql = "SELECT count(*) AS c FROM public.numbers n, t WHERE n.number < 1";
        for (int round = 0; round < 3; round++) {
            f.ctx = QueryContext.defaults().withSchema("other");
            assertThat(f.query(sql).column(0)).containsExactly("2");
            f.ctx = QueryContext.defaults();
            assertThat(f.query(sql).column(0)).containsExactly("1");
        }
    }

    @Test
    void failedQuery_isPreparedAfreshAndFailsAlike() throws SQLException {
        f.update("CREATE TABLE s (ts TIMESTAMP TIME INDEX, txt STRING)");
        f.update("INSERT INTO s VALUES (1000, '12'), (2000, 'twelve')");
        // the cast fails on the second row, while DuckDB executes the statement, not while it plans it
        String sql = "SELECT CAST(txt AS BIGINT) AS n FROM s";
        int before = preparedOnIdleConnection();
        GreptimeError first = failure(sql);
        for (int i = 0; i < 3; i++) {
            GreptimeError again = failure(sql);
            assertThat(again.status()).isEqualTo(first.status());
            assertThat(again.getMessage()).isEqualTo(first.getMessage()).contains("twelve");
        }
        assertThat(preparedOnIdleConnection()).isEqualTo(before);
    }

    private GreptimeError failure(String sql) {
        try {
            f.query(sql);
        } catch (GreptimeError e) {
            return e;
        }
        throw new AssertionError("no failure from " + sql);
    }

    /** Prepared statements kept by the connection the next call will take. */
    private int preparedOnIdleConnection() throws SQLException {
        ConnectionPool.Session s = f.engine.pool.acquire();
        try {
            return s.preparedCount();
        } finally {
            f.engine.pool.release(s, true);
        }
    }
}
