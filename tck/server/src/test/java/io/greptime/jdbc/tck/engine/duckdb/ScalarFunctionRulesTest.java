package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * DataFusion 52's scalar function rules as a real GreptimeDB v1.0.0 answered them (values and types taken from
 * that server): math result types, float division by zero, character-wise string functions, regex flags and
 * errors, coalesce's type union.
 */
class ScalarFunctionRulesTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void mathResultTypes_followTheSignatures() {
        f.update("CREATE TABLE m (ts TIMESTAMP TIME INDEX, i8 TINYINT, f32 FLOAT)");
        f.update("INSERT INTO m VALUES (1, -4, 2.25)");
        EngineFixture.Result r =
                f.query("SELECT ceil(i8), sqrt(f32), abs(i8), gcd(i8, 6), atan2(1, 1), round(7, 1), cbrt(-27) FROM m");
        assertThat(r.schema().getFields().stream().map(x -> x.getType()).toList())
                .containsExactly(
                        GreptimeType.FLOAT64.arrow(),
                        GreptimeType.FLOAT32.arrow(),
                        GreptimeType.INT8.arrow(),
                        GreptimeType.INT64.arrow(),
                        GreptimeType.FLOAT32.arrow(),
                        GreptimeType.FLOAT64.arrow(),
                        GreptimeType.FLOAT64.arrow());
        assertThat(r.rows().get(0)).containsExactly("-4.0", "1.5", "4", "2", "0.7853982", "7.0", "-3.0");
        f.fails(
                "SELECT factorial(21)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: Overflow happened on FACTORIAL(21)");
    }

    @Test
    void floatDivisionByZero_isIeee() {
        assertThat(f.query("SELECT 1 / 0.0, -1 / 0.0, 0.0 / 0").rows().get(0)).containsExactly("inf", "-inf", "NaN");
        f.fails("SELECT 1 / 0", StatusCode.ENGINE_EXECUTE_QUERY, "Divide by zero error");
    }

    @Test
    void strings_countCharacters() {
        assertThat(f.query("SELECT levenshtein('日本', '日'), reverse('añb'), regexp_instr('abcabc', 'c', 1, 2)")
                        .rows()
                        .get(0))
                .containsExactly("1", "bña", "6");
        f.fails("SELECT chr(-1)", StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: invalid Unicode scalar value: -1");
    }

    @Test
    void regex_flagsGroupReferencesAndParseErrors() {
        assertThat(f.query("SELECT regexp_like('ABC', 'b', 'i'), regexp_like('x', 'x', NULL),"
                                + " regexp_replace('abc', '(b)', '[$1]'), regexp_replace('abc', '(?P<x>b)', '<${x}>')")
                        .rows()
                        .get(0))
                .containsExactly("true", "true", "a[b]c", "a<b>c");
        f.fails(
                "SELECT regexp_like('abc', 'a', 'g')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Error during planning: regexp_like() does not support the \"global\" option");
        f.fails(
                "SELECT regexp_like('abc', '(')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "regex parse error:\n    (\n    ^\nerror: unclosed group");
    }

    @Test
    void coalesce_resolvesOneTypeForAllArguments() {
        EngineFixture.Result r = f.query("SELECT coalesce(NULL, '7', 1), coalesce(1, 2.5)");
        assertThat(r.rows().get(0)).containsExactly("7", "1.0");
        assertThat(r.schema().getFields().get(0).getType()).isEqualTo(GreptimeType.INT64.arrow());
        f.fails(
                "SELECT coalesce(1, 'x', true)",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Execution error: Function 'coalesce' user-defined coercion"
                        + " failed with \"Execution error: Fail to find the coerced type, errors: Some(Execution(\\\"Expect"
                        + " to get struct but got Int64\\\"))\" No function matches the given name and argument types"
                        + " 'coalesce(Int64, Utf8, Boolean)'. You might need to add explicit type casts.\n\tCandidate"
                        + " functions:\n\tcoalesce(UserDefined)");
    }
}
