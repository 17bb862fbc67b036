package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.duckdb.exec.CastErrors;
import java.math.BigInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Numeric casts DuckDB refuses answer with arrow-cast's messages under status 3001, as GreptimeDB does. */
class CastErrorsTest {
    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private void fails(String sql, String message) {
        f.fails(sql, StatusCode.ENGINE_EXECUTE_QUERY, message);
    }

    @Test
    void toInteger_namesArrowsTargetTypeAndTheValue() {
        fails("SELECT 200::INT::TINYINT", "Cast error: Can't cast value 200 to type Int8");
        // UTINYINT is DuckDB's name, which DataFusion refuses as a CAST target (seen on GreptimeDB v1.0.0)
        fails("SELECT CAST((-200)::BIGINT AS TINYINT UNSIGNED)", "Cast error: Can't cast value -200 to type UInt8");
        fails("SELECT 'nan'::FLOAT::INT", "Cast error: Can't cast value NaN to type Int32");
        fails("SELECT '-inf'::DOUBLE::INT", "Cast error: Can't cast value -inf to type Int32");
        fails("SELECT 3e10::DOUBLE::INT", "Cast error: Can't cast value 30000000000.0 to type Int32");
        fails("SELECT 128::DECIMAL(3,0)::TINYINT", "Cast error: value of 128 is out of range Int8");
        fails("SELECT (-40000)::DECIMAL(9,0)::SMALLINT", "Cast error: value of -40000 is out of range Int16");
    }

    @Test
    void toDecimal_checksPrecisionWithTheTargetScale() {
        fails(
                "SELECT 100::TINYINT::DECIMAL(3,1)",
                "Invalid argument error: 100.0 is too large to store in a Decimal128 of precision 3. Max is 99.9");
        fails(
                "SELECT 1::INT::DECIMAL(3,3)",
                "Invalid argument error: 1.000 is too large to store in a Decimal128 of precision 3. Max is 0.999");
        fails(
                "SELECT (-100)::INT::DECIMAL(3,1)",
                "Invalid argument error: -100.0 is too small to store in a Decimal128 of precision 3. Min is -99.9");
        fails(
                "SELECT 100::DOUBLE::DECIMAL(9,7)",
                "Invalid argument error: 100.0000000 is too large to store in a Decimal128 of precision 9."
                        + " Max is 99.9999999");
    }

    @Test
    void toDecimal_overflowingI128IsArithmeticOverflowForIntegersAndCastErrorForFloats() {
        fails(
                "SELECT 100::INT::DECIMAL(38,37)",
                "Arithmetic overflow: Overflow happened on: 100 * " + BigInteger.TEN.pow(37));
        fails(
                "SELECT 100::DOUBLE::DECIMAL(38,37)",
                "Cast error: Cannot cast to Decimal128(38, 37). Overflowing on 100.0");
        fails("SELECT 'nan'::FLOAT::DECIMAL(4,1)", "Cast error: Cannot cast to Decimal128(4, 1). Overflowing on NaN");
        fails(
                "SELECT '-inf'::DOUBLE::DECIMAL(9,1)",
                "Cast error: Cannot cast to Decimal128(9, 1). Overflowing on -inf");
        fails(
                "SELECT 1.71e37::FLOAT::DECIMAL(38,1)",
                "Cast error: Cannot cast to Decimal128(38, 1). Overflowing on 1.71e37");
        // 1.7e37 as a 32-bit float times ten still fits i128, so only the precision check refuses it
        fails(
                "SELECT 1.7e37::FLOAT::DECIMAL(38,1)",
                "Invalid argument error: 16999999507191701199740740390627573760.0 is too large to store in a"
                        + " Decimal128 of precision 38. Max is " + "9".repeat(37) + ".9");
    }

    @Test
    void rustDebug_writesFloatsAsRustDoes() {
        assertThat(CastErrors.rustDebug(100, false)).isEqualTo("100.0");
        assertThat(CastErrors.rustDebug(0.5, false)).isEqualTo("0.5");
        assertThat(CastErrors.rustDebug(1e16, false)).isEqualTo("1e16");
        assertThat(CastErrors.rustDebug(1.7014118346046924e37, false)).isEqualTo("1.7014118346046924e37");
        assertThat(CastErrors.rustDebug((float) 1.7014119e37, true)).isEqualTo("1.7014119e37");
        assertThat(CastErrors.rustDebug(-2.5e-5, false)).isEqualTo("-2.5e-5");
        assertThat(CastErrors.rustDebug(-0.0, false)).isEqualTo("-0.0");
    }

    @Test
    void floatToString_writesNanAsArrowDoes() {
        assertThat(f.query("SELECT 'nan'::DOUBLE::VARCHAR, CAST('-inf'::FLOAT AS STRING), 'banana'::VARCHAR")
                        .rows())
                .containsExactly(java.util.List.of("NaN", "-inf", "banana"));
    }

    /**
     * Arrow parses the text into the target type itself ({@code cast_string_to_int}), so a string out of the
     * type's range fails like one that is no number at all, under 3001.
     */
    @Test
    void stringConversionFailures_areArrowsCastErrors() {
        f.fails(
                "SELECT '300'::VARCHAR::TINYINT",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Cannot cast string '300' to value of Int8 type");
        f.fails(
                "SELECT CAST('12x' AS BIGINT UNSIGNED)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Cannot cast string '12x' to value of UInt64 type");
        f.fails(
                "SELECT CAST(s AS FLOAT) FROM (SELECT 'one' AS s)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Cannot cast string 'one' to value of Float32 type");
    }
}
