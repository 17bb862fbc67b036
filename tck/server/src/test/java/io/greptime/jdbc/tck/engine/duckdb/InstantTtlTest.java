package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A table with ttl='instant' keeps no row an INSERT sends, and counts none written. */
class InstantTtlTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void rowInserts_areDiscardedUntilTheTtlChanges() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, v INT) WITH (ttl = 'instant')");
        assertThat(f.update("INSERT INTO t VALUES (1, 1), (2, 2)")).isZero();
        assertThat(f.query("SELECT count(*) FROM t").column(0)).containsExactly("0");
        // the rows are still checked as any insert checks them
        f.fails(
                "INSERT INTO t VALUES (3, 'x')",
                StatusCode.INVALID_ARGUMENTS,
                "Column v expect type: Int32(Int32Type), actual: String(StringType { size_type: Utf8 })");
        f.update("ALTER TABLE t UNSET 'ttl'");
        assertThat(f.update("INSERT INTO t VALUES (1, 1)")).isEqualTo(1);
        assertThat(f.query("SELECT v FROM t").column(0)).containsExactly("1");
    }

    @Test
    void showCreateTable_showsTheDatabaseTtlWhenTheTableHasNone() {
        f.update("CREATE DATABASE d WITH (ttl = '1 second')");
        f.update("CREATE TABLE d.t (ts TIMESTAMP TIME INDEX, v INT)");
        assertThat(f.query("SHOW CREATE TABLE d.t").rows().get(0).get(1)).endsWith("WITH(\n  ttl = '1s'\n)");
        f.update("ALTER TABLE d.t SET 'ttl' = '6 hours'");
        assertThat(f.query("SHOW CREATE TABLE d.t").rows().get(0).get(1)).endsWith("WITH(\n  ttl = '6h'\n)");
    }
}
