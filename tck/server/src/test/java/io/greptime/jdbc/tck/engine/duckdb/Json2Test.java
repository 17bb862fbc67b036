package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** JSON2 columns: type hints at CREATE and on every write, path reads, typed reads, their names. */
class Json2Test {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void pathReads_answerStringsAsTheyAreAndTheRestAsSortedJson() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, j JSON2) WITH ('append_mode' = 'true')");
        assertThat(f.update("INSERT INTO t VALUES (1, '{\"z\": 1, \"a\": {\"b\": \"x\", \"c\": [1, 2.50]}}'),"
                        + " (2, '{\"a\": {}}'), (3, '{\"a\": null}'), (4, '{\"a\": 7}')"))
                .isEqualTo(4);
        EngineFixture.Result r = f.query("SELECT j.a.b, j.a, json_get(j, '$'), t.j.z FROM t ORDER BY ts");
        assertThat(r.schema().getFields().stream().map(x -> x.getName()))
                .containsExactly(
                        "json_get(t.j,Utf8(\"a.b\"))",
                        "json_get(t.j,Utf8(\"a\"))",
                        "json_get(t.j,Utf8(\"$\"))",
                        "json_get(t.j,Utf8(\"z\"))");
        assertThat(r.rows().get(0))
                .containsExactly(
                        "x", "{\"b\":\"x\",\"c\":[1,2.5]}", "{\"a\":{\"b\":\"x\",\"c\":[1,2.5]},\"z\":1}", "1");
        // an empty object reads as NULL (an empty struct), as do JSON null and a path through a scalar
        assertThat(r.rows().get(1)).containsExactly(null, null, "{\"a\":{}}", null);
        assertThat(r.column(1)).containsExactly("{\"b\":\"x\",\"c\":[1,2.5]}", null, null, "7");
        assertThat(r.column(0)).containsExactly("x", null, null, null);
        assertThat(f.query("SELECT j.a IS NULL FROM t ORDER BY ts").column(0))
                .containsExactly("false", "true", "true", "false");
    }

    @Test
    void typedReads_castScalarsLikeGreptimeDbAndNeverObjects() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, j JSON2)");
        f.update("INSERT INTO t VALUES (1, '{\"a\":42}'), (2, '{\"a\":\"42\"}'), (3, '{\"a\":\"bad\"}'),"
                + " (4, '{\"a\":3.14}'), (5, '{\"a\":true}'), (6, '{\"a\":{\"b\":1}}'), (7, '{\"a\":-1}')");
        EngineFixture.Result r = f.query("SELECT json_get(j, 'a')::BIGINT, j.a::DOUBLE, j.a::BOOLEAN, j.a::STRING,"
                + " j.a::UINT64, j.a + 1 FROM t ORDER BY ts");
        assertThat(r.rows().get(0)).containsExactly("42", "42.0", "true", "42", "42", "43");
        assertThat(r.rows().get(1)).containsExactly("42", "42.0", null, "42", "42", "43");
        assertThat(r.rows().get(2)).containsExactly(null, null, null, "bad", null, null);
        assertThat(r.rows().get(3)).containsExactly("3", "3.14", "true", "3.14", "3", "4");
        assertThat(r.rows().get(4)).containsExactly("1", "1.0", "true", "true", "1", "2");
        assertThat(r.rows().get(5)).containsExactly(null, null, null, "{\"b\":1}", null, null);
        assertThat(r.rows().get(6)).containsExactly("-1", "-1.0", "true", "-1", null, "0");
        assertThat(r.schema().getFields().get(5).getName())
                .isEqualTo("json_get(t.j,Utf8(\"a\"),Int64(NULL)) + Int64(1)");
        // untyped, a read is text, which numeric functions refuse
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> f.query("SELECT abs(j.a) FROM t"))
                .hasMessageContaining("'abs(Utf8View)'");
    }

    @Test
    void typeHints_fillDefaultsRefuseMismatchesAndShowInShowCreate() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, j JSON2 (user.age INT NOT NULL DEFAULT 18,"
                + " user.name VARCHAR DEFAULT 'unknown', user.active BOOL NULL, score FLOAT NULL DEFAULT 1.5))");
        assertThat(f.query("SHOW CREATE TABLE t").rows().get(0).get(1))
                .contains("  \"j\" JSON2(\n    \"user\".\"age\" BIGINT NOT NULL DEFAULT 18,\n"
                        + "    \"user\".\"name\" STRING NULL DEFAULT 'unknown',\n    \"user\".\"active\" BOOLEAN NULL,\n"
                        + "    \"score\" DOUBLE NULL DEFAULT 1.5\n  ) NULL,\n");
        f.update("INSERT INTO t VALUES (1, '{\"user\":{\"name\":\"Bob\"}}'), (2, '{}')");
        assertThat(f.query("SELECT j FROM t ORDER BY ts").column(0))
                .containsExactly(
                        "{\"score\":1.5,\"user\":{\"active\":null,\"age\":18,\"name\":\"Bob\"}}",
                        "{\"score\":1.5,\"user\":{\"active\":null,\"age\":18,\"name\":\"unknown\"}}");
        f.fails(
                "INSERT INTO t VALUES (3, '{\"user\":{\"age\":\"bad\"}}')",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid JSON: JSON value at user.age does not match JSON2 type hint Int64");
        f.fails(
                "INSERT INTO t VALUES (3, '{\"user\":{\"age\":null}}')",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid JSON: JSON2 type hint path user.age is not nullable");
        f.fails(
                "INSERT INTO t VALUES (3, '{\"user\": 1}')",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid JSON: JSON2 type hint path user.age expects object at user");
        f.fails("INSERT INTO t VALUES (3, 'not json')", StatusCode.INVALID_ARGUMENTS, "Invalid JSON: not json");
        assertThat(f.query("SELECT count(*) FROM t").column(0)).containsExactly("2");

        f.update("CREATE TABLE r (ts TIMESTAMP TIME INDEX, j JSON2 (a.b BIGINT NOT NULL))");
        f.fails(
                "INSERT INTO r VALUES (1, '{}')",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid JSON: missing non-null JSON2 type hint path a.b");
    }

    @Test
    void typeHintRefusals_areGreptimeDbsInvalidSyntax() {
        String prefix = "CREATE TABLE x (ts TIMESTAMP TIME INDEX, j JSON2 (";
        String[][] cases = {
            {"a TIMESTAMP)", "unsupported JSON2 type hint data type: TIMESTAMP"},
            {
                "a BIGINT NOT NULL DEFAULT NULL)",
                "invalid DEFAULT for JSON2 type hint 'a': Default value should not be null for non null column"
            },
            {"a BIGINT, a STRING)", "duplicated JSON2 type hint path 'a'"},
            {"a.b BIGINT, a STRING)", "JSON2 type hint path 'a' conflicts with 'a.b'"},
            {"a BIGINT NULL NOT NULL)", "NULL/NOT NULL option already specified for JSON2 type hint 'a'"},
            {"a BIGINT DEFAULT 1 + 1)", "JSON2 type hint DEFAULT only supports literal values"},
            {"a BIGINT SKIPPING INDEX)", "JSON2 type hint SKIPPING INDEX is not supported yet"},
            {"__remainder BIGINT)", "JSON2 type hint path cannot be rooted at reserved field '__remainder'"},
            {"max_auto_expanded_paths = -1)", "JSON2 option 'max_auto_expanded_paths' expects a non-negative integer"},
            {
                String.join(".", Arrays.stream(new String[51]).map(s -> "l").toList()) + " STRING)",
                "JSON2 type hint path cannot exceed 50 segments"
            },
        };
        for (String[] c : cases) {
            f.fails(prefix + c[0] + ")", StatusCode.INVALID_SYNTAX, "Invalid SQL, error: " + c[1]);
        }
        f.update(prefix + "max_auto_expanded_paths = 4, a BIGINT NULL DEFAULT NULL INVERTED INDEX,))");
        assertThat(f.query("SHOW CREATE TABLE x").rows().get(0).get(1))
                .contains(
                        "JSON2(\n    max_auto_expanded_paths = 4,\n    \"a\" BIGINT NULL DEFAULT NULL INVERTED INDEX\n  ) NULL");
    }
}
