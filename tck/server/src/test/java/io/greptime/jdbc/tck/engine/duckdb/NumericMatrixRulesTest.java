package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The numeric type rules the probes' type matrix brought in (probes/matrix_numeric), each expected answer as a real
 * GreptimeDB v1.0.0 gave it for the same table: decimal arithmetic, GreptimeDB's clamp and mod coercion, sum and avg
 * over integers and decimals, and the refused negation of an unsigned column.
 */
class NumericMatrixRulesTest {
    private final EngineFixture f = new EngineFixture();

    @BeforeEach
    void table() {
        f.update("CREATE TABLE ut (ts TIMESTAMP TIME INDEX, d DECIMAL(10, 2), i INT, u BIGINT UNSIGNED, b BIGINT,"
                + " t TINYINT)");
        f.update("INSERT INTO ut VALUES (1, 12.34, 7, 10, 9223372036854775807, -7),"
                + " (2, -0.5, -7, 18446744073709551615, 9223372036854775807, 5)");
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void decimalArithmetic_hasDataFusionsPrecisionScaleAndTruncatedQuotient() {
        assertThat(f.query("SELECT arrow_typeof(i + d), arrow_typeof(d / 3), arrow_typeof(u / b) FROM ut ORDER BY ts")
                        .rows()
                        .get(0))
                .containsExactly("Decimal128(13, 2)", "Decimal128(14, 6)", "Decimal128(24, 4)");
        assertThat(f.query("SELECT d / 3, u / 3, i + d FROM ut ORDER BY ts").rows())
                .containsExactly(
                        List.of("4.113333", "3.3333", "19.34"),
                        List.of("-0.166666", "6148914691236517205.0000", "-7.50"));
    }

    @Test
    void clampAndMod_coerceToTheUniformNumericType() {
        assertThat(f.query("SELECT arrow_typeof(clamp(t, 0, 5)), arrow_typeof(clamp(u, 0, 5)), arrow_typeof(mod(t, 3))"
                                + " FROM ut ORDER BY ts")
                        .rows()
                        .get(0))
                .containsExactly("Int64", "Float32", "Int64");
        assertThat(f.query("SELECT clamp(t, 0, 5), mod(t, 3) FROM ut ORDER BY ts")
                        .rows())
                .containsExactly(List.of("0", "-1"), List.of("5", "2"));
    }

    @Test
    void sumWrapsIntegers_andDecimalsWiden() {
        assertThat(f.query("SELECT sum(b), sum(u), arrow_typeof(sum(d)), sum(d), avg(d), arrow_typeof(avg(d)),"
                                + " median(b) FROM ut")
                        .rows()
                        .get(0))
                .containsExactly(
                        "-2",
                        "9",
                        "Decimal128(20, 2)",
                        "11.84",
                        "5.920000",
                        "Decimal128(14, 6)",
                        "9223372036854775807");
    }

    @Test
    void negatingAnUnsignedColumn_isRefused() {
        f.fails(
                "SELECT -u FROM ut",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Error during planning: Negation only supports numeric, interval and timestamp types");
    }
}
