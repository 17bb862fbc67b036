package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Integer arithmetic wraps around on overflow, in the wider operand's type. */
class IntegerWrapTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void overflow_wrapsInTheOperandsType() {
        assertThat(f.query(
                                "SELECT 120::TINYINT + 10::TINYINT, (-120)::TINYINT - 10::TINYINT, 200::SMALLINT * 200::SMALLINT,"
                                        + " 9223372036854775807::BIGINT + 1::BIGINT, 250::UINT8 + 10::UINT8, 1::UINT8 - 2::UINT8")
                        .rows()
                        .get(0))
                .containsExactly("-126", "126", "-25536", "-9223372036854775808", "4", "255");
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, a INT, b INT)");
        f.update("INSERT INTO t VALUES (1, 2147483647, 2), (2, 5, 6)");
        EngineFixture.Result r = f.query("SELECT a + b, a * b FROM t ORDER BY ts");
        assertThat(r.rows()).containsExactly(java.util.List.of("-2147483647", "-2"), java.util.List.of("11", "30"));
        assertThat(r.schema().getFields().get(0).getType()).isEqualTo(GreptimeType.INT32.arrow());
    }

    @Test
    void resultTypes_followDataFusionsCoercion() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, i8 TINYINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED,"
                + " i64 BIGINT, u64 BIGINT UNSIGNED)");
        f.update("INSERT INTO t VALUES (1, -128, 200, 7, 1, 18446744073709551615)");
        assertThat(f.query("SELECT arrow_typeof(u8 * u8), arrow_typeof(u16 - i8), arrow_typeof(i64 + u64),"
                                + " arrow_typeof(u8 / u8), arrow_typeof(i8 + 1) FROM t")
                        .rows()
                        .get(0))
                .containsExactly("UInt8", "Int32", "Decimal128(21, 0)", "UInt8", "Int64");
        // UInt64 times a signed integer is exact (a decimal), a fraction literal makes the sum Float64
        assertThat(f.query("SELECT u64 * 2, -i8, i64 + 0.5 FROM t").rows().get(0))
                .containsExactly("36893488147419103230", "-128", "1.5");
    }

    @Test
    void numberWithStringOrBoolean_isDataFusionsPlanningError() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, i8 TINYINT, b BOOLEAN)");
        f.fails(
                "SELECT '5' + 3",
                io.greptime.jdbc.proto.StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Cannot coerce arithmetic expression Utf8 + Int64 to valid types");
        f.fails(
                "SELECT i8 * b FROM t",
                io.greptime.jdbc.proto.StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Cannot coerce arithmetic expression Int8 * Boolean to valid types");
    }
}
