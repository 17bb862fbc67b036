package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SqlWritesTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    private static List<String> row(String... cells) {
        return Arrays.asList(cells);
    }

    @Test
    void insert_readsGreptimeLiterals() {
        f.update("CREATE TABLE t (host STRING PRIMARY KEY, ts TIMESTAMP TIME INDEX, v DOUBLE)");
        assertThat(f.update("INSERT INTO t VALUES (\"h1\", 1667446797450, 1.5), ('h2', '2022-11-03 03:39:57.450', -2)"))
                .isEqualTo(2);
        assertThat(f.query("SELECT * FROM t").rows())
                .containsExactly(
                        row("h1", "2022-11-03T03:39:57.450", "1.5"), row("h2", "2022-11-03T03:39:57.450", "-2.0"));
    }

    @Test
    void insert_timestampStrings_useSessionZone() {
        f.update("CREATE TABLE t (ts TIMESTAMP(0) TIME INDEX)");
        f.ctx = f.ctx.withTimeZone(ZoneId.of("Asia/Shanghai"));
        f.update("INSERT INTO t VALUES ('2024-01-01 08:00:00'), ('2024-01-01 00:00:00+00:00')");
        assertThat(f.query("SELECT ts FROM t").column(0)).containsExactly("2024-01-01T00:00:00");
    }

    @Test
    void lastRow_laterWriteReplacesWholeRow() {
        f.update("CREATE TABLE t (host STRING PRIMARY KEY, ts TIMESTAMP TIME INDEX, a DOUBLE, b DOUBLE)");
        f.update("INSERT INTO t VALUES ('h', 0, 1, 1), ('h', 0, 2, NULL)");
        f.update("INSERT INTO t VALUES ('h', 0, NULL, 3)");
        assertThat(f.query("SELECT * FROM t").rows()).containsExactly(row("h", "1970-01-01T00:00:00", null, "3.0"));
    }

    @Test
    void lastNonNull_mergesFieldsAcrossWrites() {
        f.update("CREATE TABLE t (host STRING PRIMARY KEY, ts TIMESTAMP TIME INDEX, a DOUBLE, b DOUBLE)"
                + " WITH ('merge_mode' = 'last_non_null')");
        f.update("INSERT INTO t VALUES ('h', 0, 1, NULL)");
        f.update("INSERT INTO t VALUES ('h', 0, NULL, 2)");
        f.update("INSERT INTO t VALUES ('h', 0, NULL, NULL)");
        assertThat(f.query("SELECT * FROM t").rows()).containsExactly(row("h", "1970-01-01T00:00:00", "1.0", "2.0"));
    }

    @Test
    void appendMode_keepsDuplicatesAndRefusesDelete() {
        f.update(
                "CREATE TABLE t (host STRING PRIMARY KEY, ts TIMESTAMP TIME INDEX, a DOUBLE) WITH (append_mode='true')");
        assertThat(f.update("INSERT INTO t VALUES ('h', 0, 1), ('h', 0, 1)")).isEqualTo(2);
        assertThat(f.query("SELECT count(*) FROM t").rows()).containsExactly(row("2"));
        f.fails(
                "DELETE FROM t WHERE host = 'h'",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid request to region, reason: DELETE is not allowed under append mode");
    }

    @Test
    void nullTags_areOneSeries() {
        f.update("CREATE TABLE t (host STRING PRIMARY KEY, ts TIMESTAMP TIME INDEX, a INT)");
        f.update("INSERT INTO t VALUES (NULL, 0, 1)");
        f.update("INSERT INTO t VALUES (NULL, 0, 2)");
        assertThat(f.query("SELECT a FROM t").column(0)).containsExactly("2");
    }

    @Test
    void failingInsert_leavesNoRows() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, a INT)");
        f.fails(
                "INSERT INTO t VALUES (1, 1), (2, 'not a number')",
                StatusCode.INVALID_ARGUMENTS,
                // a real GreptimeDB v1.0.0 refuses a string literal for a number column (convert.rs)
                "Column a expect type: Int32(Int32Type), actual: String(StringType { size_type: Utf8 })");
        f.fails(
                "INSERT INTO t VALUES (1, 1), (2)",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid SQL, error: column count mismatch, columns: 2, values: 1");
        assertThat(f.query("SELECT count(*) FROM t").rows()).containsExactly(row("0"));
    }

    @Test
    void defaults_fillOmittedColumns() {
        f.update(
                "CREATE TABLE t (ts TIMESTAMP TIME INDEX DEFAULT '2023-04-29 00:00:00+00:00', a INT DEFAULT -1, b STRING)");
        f.update("INSERT INTO t (b) VALUES ('x')");
        assertThat(f.query("SELECT * FROM t").rows()).containsExactly(row("2023-04-29T00:00:00", "-1", "x"));
        f.update("CREATE TABLE n (ts TIMESTAMP TIME INDEX, a INT)");
        f.fails(
                "INSERT INTO n VALUES (DEFAULT, 1)",
                StatusCode.INVALID_ARGUMENTS,
                "No valid default value can be built automatically, column: ts");
    }

    @Test
    void insertSelect_copiesRows() {
        f.update("CREATE TABLE a (ts TIMESTAMP TIME INDEX, v INT)");
        f.update("CREATE TABLE b (ts TIMESTAMP TIME INDEX, v INT)");
        f.update("INSERT INTO a VALUES (1, 1), (2, 2)");
        assertThat(f.update("INSERT INTO b SELECT ts, v * 10 FROM a")).isEqualTo(2);
        assertThat(f.query("SELECT v FROM b ORDER BY ts").column(0)).containsExactly("10", "20");
    }

    @Test
    void delete_countsDeletedRows() {
        f.update("CREATE TABLE t (host STRING PRIMARY KEY, ts TIMESTAMP TIME INDEX, v INT)");
        f.update("INSERT INTO t VALUES ('a', 1000, 1), ('b', 1000, 2), ('a', 2000, 3)");
        assertThat(f.update("DELETE FROM t WHERE host = 'a' AND ts = 1000::timestamp"))
                .isEqualTo(1);
        assertThat(f.update("DELETE FROM t WHERE v > 1")).isEqualTo(2);
        f.fails("DELETE FROM nope", StatusCode.TABLE_NOT_FOUND, "Table not found: greptime.public.nope");
    }

    @Test
    void unqualifiedNames_resolveInTheRequestDatabase() {
        f.update("CREATE DATABASE d");
        f.ctx = f.ctx.withSchema("d");
        f.update("CREATE TABLE a (ts TIMESTAMP TIME INDEX, v INT)");
        f.update("CREATE TABLE b (ts TIMESTAMP TIME INDEX, w INT)");
        f.update("INSERT INTO a VALUES (1, 1)");
        f.update("INSERT INTO b VALUES (1, 2)");
        assertThat(f.query("SELECT v, w FROM a, b WHERE a.ts = b.ts").rows()).containsExactly(row("1", "2"));
    }

    @Test
    void unknownColumnAndTable_haveGreptimeCodes() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, v INT)");
        f.fails("SELECT nope FROM t", StatusCode.PLAN_QUERY, "Failed to plan SQL: No field named nope.");
        f.fails(
                "SELECT * FROM missing",
                StatusCode.TABLE_NOT_FOUND,
                "Failed to plan SQL: Table not found: greptime.public.missing");
        f.fails("SELEC 1", StatusCode.UNSUPPORTED, "SQL statement is not supported, keyword: SELEC");
    }

    @Test
    void allLiteralInsert_convertsEachLiteralKindByItsOwnRule() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, i INT, s STRING, b BOOLEAN, bin BINARY)");
        f.fails(
                "INSERT INTO t (ts, i) VALUES (1, '42')",
                StatusCode.INVALID_ARGUMENTS,
                "Column i expect type: Int32(Int32Type), actual: String(StringType { size_type: Utf8 })");
        f.fails(
                "INSERT INTO t (ts, s) VALUES (1, 5)",
                StatusCode.INVALID_SYNTAX,
                "Failed to parse value: Fail to parse number 5, invalid column type: String(StringType { size_type: Utf8 })");
        f.fails(
                "INSERT INTO t (ts, b) VALUES (1, 2)",
                StatusCode.INVALID_SYNTAX,
                "Failed to parse value: Failed to parse number '2' to boolean column type");
        f.fails(
                "INSERT INTO t (ts, i) VALUES (1, true)",
                StatusCode.INVALID_ARGUMENTS,
                "Column i expect type: Int32(Int32Type), actual: Boolean(BooleanType)");
        f.fails(
                "INSERT INTO t (ts, bin) VALUES (1, X'abc')",
                StatusCode.INVALID_SYNTAX,
                "Failed to parse value: Fail to parse hex string to Byte: odd number of digits");
        // one refused row refuses the statement: nothing of it is stored
        f.fails(
                "INSERT INTO t (ts, i) VALUES (2, 1), (3, 'x')",
                StatusCode.INVALID_ARGUMENTS,
                "Column i expect type: Int32(Int32Type), actual: String(StringType { size_type: Utf8 })");
        assertThat(f.update("INSERT INTO t (ts, i, s, b, bin) VALUES ('4', 7, X'6869', 1, X'00ff')"))
                .isEqualTo(1);
        assertThat(f.query("SELECT ts, i, s, b, bin FROM t").rows())
                .containsExactly(row("1970-01-01T00:00:00.004", "7", "hi", "true", "00ff"));
    }

    @Test
    void insertPlannedAsQuery_castsIntoIntegerColumnsWithArrowsCheckedCast() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, i8 TINYINT, i INT)");
        f.fails(
                "INSERT INTO t (ts, i8) VALUES (1, 1), (2, 100 + 100)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Can't cast value 200 to type Int8");
        f.fails(
                "INSERT INTO t (ts, i) SELECT 3, 'x'",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Cannot cast string 'x' to value of Int32 type");
        f.update("CREATE TABLE d (ts TIMESTAMP TIME INDEX, v DOUBLE)");
        f.fails(
                "INSERT INTO d (ts, v) VALUES (1, CAST('abc' AS STRING))",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Cannot cast string 'abc' to value of Float64 type");
        assertThat(f.update("INSERT INTO t (ts, i) VALUES (4, '42'), (5, 1 + 1)"))
                .isEqualTo(2);
        assertThat(f.query("SELECT i FROM t ORDER BY ts").column(0)).containsExactly("42", "2");
    }
}
