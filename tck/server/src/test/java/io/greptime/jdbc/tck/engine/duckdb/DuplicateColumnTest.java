package io.greptime.jdbc.tck.engine.duckdb;

import io.greptime.jdbc.proto.StatusCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** CREATE TABLE names every column once, as GreptimeDB's validate_create_expr checks. */
class DuplicateColumnTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void aRepeatedColumnName_isRefusedWithBothPositions() {
        f.fails(
                "CREATE TABLE t (ts TIMESTAMP TIME INDEX, v DOUBLE, host STRING, v INT)",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid SQL, error: column name `v` is duplicated at index 1 and 3");
        f.fails(
                "CREATE TABLE t (ts TIMESTAMP TIME INDEX, a STRING, a STRING) ENGINE = metric"
                        + " WITH ('on_physical_table' = 'phy')",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid SQL, error: column name `a` is duplicated at index 1 and 2");
    }
}
