package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Casts and literal comparisons of the type matrix (probes/matrix_casts) as a real GreptimeDB v1.0.0 answered
 * them: Arrow's kernels and DataFusion's coercion where DuckDB's own differ.
 */
class TypeMatrixCastsTest {
    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private List<String> row(String sql) {
        return f.query(sql).rows().get(0);
    }

    @Test
    void tryCastToATimestampIsTheStrictArrowCastGreptimeDbRewritesItTo() {
        f.fails(
                "SELECT TRY_CAST('abc' AS TIMESTAMP)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Parser error: Error parsing timestamp from 'abc': timestamp must contain at least 10 characters");
        // a TRY_CAST to a type without GreptimeDB's rewrite stays lenient
        assertThat(row("SELECT TRY_CAST('abc' AS INT)")).containsExactly((String) null);
    }

    @Test
    void textColumnToTimestampParsesEachValueAsArrowDoes() {
        f.update("CREATE TABLE tx (ts TIMESTAMP TIME INDEX, s STRING)");
        f.update("INSERT INTO tx VALUES (1, '2024-01-01 01:02:03.456789'), (2, NULL)");
        assertThat(f.query("SELECT CAST(s AS TIMESTAMP(3)) FROM tx ORDER BY ts").column(0))
                .containsExactly("2024-01-01T01:02:03.456", null);
        f.update("INSERT INTO tx VALUES (3, '42')");
        f.fails(
                "SELECT CAST(s AS TIMESTAMP(9)) FROM tx",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Parser error: Error parsing timestamp from '42': timestamp must contain at least 10 characters");
    }

    @Test
    void integersToBinaryAreTheirLittleEndianBytes() {
        f.update("CREATE TABLE bx (ts TIMESTAMP TIME INDEX, i SMALLINT, u INT UNSIGNED)");
        f.update("INSERT INTO bx VALUES (1, 300, 70000), (2, -32768, 4294967295)");
        assertThat(f.query("SELECT CAST(i AS BYTEA), CAST(u AS BYTEA) FROM bx ORDER BY ts")
                        .rows())
                .containsExactly(List.of("2c01", "70110100"), List.of("0080", "ffffffff"));
    }

    @Test
    void textToBooleanFloatAndDecimalTakeArrowsForms() {
        assertThat(row("SELECT 'off'::BOOLEAN, 'Y'::BOOLEAN, TRY_CAST(' true ' AS BOOLEAN), TRY_CAST('2' AS BOOLEAN)"))
                .containsExactly("false", "true", "true", null);
        assertThat(row("SELECT TRY_CAST(' 12 ' AS DOUBLE), TRY_CAST('1e3' AS DOUBLE), TRY_CAST('.5' AS DOUBLE)"))
                .containsExactly(null, "1000.0", "0.5");
        assertThat(row("SELECT TRY_CAST('' AS DECIMAL(10, 2)), TRY_CAST(' 1' AS DECIMAL(10, 2)),"
                        + " TRY_CAST('1e3' AS DECIMAL(10, 2))"))
                .containsExactly("0.00", "1.00", null);
        f.fails(
                "SELECT 'maybe'::BOOLEAN",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Cannot cast value 'maybe' to value of Boolean type");
    }

    @Test
    void timestampsToNumbersUnderTryCastAreTheirCounts() {
        f.update("CREATE TABLE tn (ts TIMESTAMP TIME INDEX, t TIMESTAMP(0))");
        f.update("INSERT INTO tn VALUES (1, '1969-12-31 23:59:59'), (2, '2024-01-01 12:30:45')");
        assertThat(f.query("SELECT TRY_CAST(t AS SMALLINT), TRY_CAST(t AS DECIMAL(10, 2)) FROM tn ORDER BY ts")
                        .rows())
                .containsExactly(List.of("-1", "-1.00"), Arrays.asList(null, null));
    }

    @Test
    void comparisonsCoerceAsDataFusionDoes() {
        f.update("CREATE TABLE cm (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, m DECIMAL(10, 2), f FLOAT,"
                + " b BOOLEAN, d DATE)");
        f.update("INSERT INTO cm VALUES (1, 'a', 1.5, 0.1, true, '1970-01-01'), (2, 'b', 0, 1, false, '2024-01-01')");
        // a decimal against a string compares text ('1.50' is not '1.5')
        assertThat(f.query("SELECT k FROM cm WHERE m = '1.5' ORDER BY k").rows())
                .isEmpty();
        assertThat(f.query("SELECT k FROM cm WHERE m IN ('1.50', 7) ORDER BY k").column(0))
                .containsExactly("a");
        // a Float32 against a Float64 literal compares in Float64
        assertThat(f.query("SELECT k FROM cm WHERE f = 0.1 ORDER BY k").rows()).isEmpty();
        // GreptimeDB's rule casts a number to a boolean column's type; a date takes an integer as days
        assertThat(f.query("SELECT k FROM cm WHERE b = 1 ORDER BY k").column(0)).containsExactly("a");
        assertThat(f.query("SELECT k FROM cm WHERE d = 0 ORDER BY k").column(0)).containsExactly("a");
        f.fails(
                "SELECT k FROM cm WHERE b IS DISTINCT FROM 'false'",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Error during planning: Cannot infer common argument type for comparison operation Boolean IS"
                        + " DISTINCT FROM Utf8");
        f.fails(
                "SELECT k FROM cm WHERE b = 'yes'",
                StatusCode.PLAN_QUERY,
                "Error during planning: column:Column { relation: Some(Bare { table: \"cm\" }), name: \"b\" }."
                        + " Casting value:Utf8(\"yes\") to Boolean is invalid");
    }
}
