package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.ServerProfile;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * json_path_exists / json_path_match: the cases of GreptimeDB's json_path_exists.rs and json_path_match.rs
 * unit tests, plus paths replayed on a real GreptimeDB v1.0.0 (its answers are the expected values here):
 * lax wildcards, index lists and ranges, {@code last}, cross-type comparisons, integer-only literals,
 * non-ASCII keys and values, NULLs; on every profile (every line registers both).
 */
class JsonPathFunctionsTest {
    private static final String DOC = "parse_json('{\"a\": {\"b\": [1, 2, 3]}, \"ü\": \"ß\", \"n\": null, \"s\": \"x\","
            + " \"f\": 1.5, \"t\": true, \"o\": {\"k\": 1}, \"e\": []}')";

    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private String exists(String path) {
        return f.query("SELECT json_path_exists(" + DOC + ", '" + path.replace("'", "''") + "')")
                .rows()
                .get(0)
                .get(0);
    }

    private String match(String path) {
        return f.query("SELECT json_path_match(" + DOC + ", '" + path.replace("'", "''") + "')")
                .rows()
                .get(0)
                .get(0);
    }

    @Test
    void exists_unitTestCases_onEveryProfile() {
        String[][] cases = {
            {"{\"a\": {\"b\": 2}, \"b\": 2, \"c\": 3}", "$.a.b.c", "false"},
            {"{\"a\": 4, \"b\": {\"c\": 6}, \"c\": 6}", "$.b", "true"},
            {"{\"a\": 7, \"b\": 8, \"c\": {\"a\": 7}}", "$.c.a", "true"},
            {"{\"a\": 7, \"b\": 8, \"c\": {\"a\": 7}}", ".d", "false"},
            {"[1, 2, 3]", "$[0]", "true"},
            {"null", "$.a", "false"},
            {"{\"a\": 7, \"b\": 8, \"c\": {\"a\": 7}}", "null", "false"},
            {"null", "null", "false"},
        };
        for (ServerProfile p : ServerProfile.values()) {
            f.ctx = f.ctx.withProfile(p);
            for (String[] c : cases) {
                EngineFixture.Result r = f.query("SELECT json_path_exists(parse_json('" + c[0] + "'), '" + c[1] + "')");
                assertThat(r.schema().getFields().get(0).getType()).isEqualTo(ArrowType.Bool.INSTANCE);
                assertThat(r.rows().get(0).get(0))
                        .as(p + " " + c[0] + " " + c[1])
                        .isEqualTo(c[2]);
            }
        }
    }

    @Test
    void exists_pathForms_asRealGreptimeDbAnswers() {
        String[][] cases = {
            {"$.a.b", "true"},
            {"$.a.b[*]", "true"},
            {"$.a.b[last]", "true"},
            {"$.a.b[5]", "false"},
            {"$.a.b[-1]", "false"},
            {"a", "true"},
            {"a.b", "true"},
            {"", "true"},
            {"$", "true"},
            {"$.ü", "true"},
            {"$.\"ü\"", "true"},
            {"$.n", "true"},
            {"$.a.b[0 to 1]", "true"},
            {"$.a.b[1 to last]", "true"},
            {"$.a.b ? (@ > 2)", "false"},
            {"$.a.b[*] ? (@ > 5)", "false"},
            {"$.*", "true"},
            {"$[0]", "false"},
            {"$.a.b == 1", "true"},
            {"$ ? (@.s == \"x\")", "true"},
        };
        for (String[] c : cases) {
            assertThat(exists(c[0])).as(c[0]).isEqualTo(c[1]);
        }
    }

    @Test
    void match_predicates_asRealGreptimeDbAnswers() {
        String[][] cases = {
            {"$.a.b[0] == 1", "true"},
            {"$.a.b[*] > 2", "true"},
            {"$.a.b[*] > 5", "false"},
            {"$.a.b == 1", "false"},
            {"$.a.b", null},
            {"$.s == \"x\"", "true"},
            {"$.ü == \"ß\"", "true"},
            {"$.f > 1", "true"},
            {"$.f == 1.5", null},
            {"$.t == true", "true"},
            {"$.n == null", "true"},
            {"$.missing == 1", "false"},
            {"$.s > 1", "true"},
            {"$.a.b[0] != 1", "false"},
            {"$.a.b[0] == 1 && $.f > 1", "true"},
            {"$.a.b[0] == 1 || $.f > 9", "true"},
            {"$..a", null},
            {"1 == 1", "true"},
            {"$.a.b[0] <= 1", "true"},
            {"$.a.b[0] >= 2", "false"},
            {"$.f < 2", "true"},
            {"$.f > -1", "true"},
            {"$.s < \"y\"", "true"},
            {"$.s == \"X\"", "false"},
            {"$.t > 1", "false"},
            {"$.t < \"a\"", "true"},
            {"$.o == 1", "false"},
            {"$.o > \"z\"", "false"},
            {"$.a.b[*] != 2", "true"},
            {"$.e == 1", "false"},
            {"$.s == $.s", "true"},
            {"$.o.k == 1", "true"},
            {"$.t == false", "false"},
            {"$.o != 1", "false"},
            {"$.n > \"x\"", "false"},
            {"$.n > 1", "false"},
            {"$.s != 1", "true"},
            {"$.a.b[last - 1] == 2", "true"},
            {"$.a.b[0, 2] == 3", "true"},
            {"$.a[\"b\"][0] == 1", "true"},
            {"$.a.b[1 to 0] == 2", "false"},
            {"$.a.b[0]==1", "true"},
            {"$.a.b[*] > $.a.b[*]", "true"},
            {"$.e[*] == 1", "false"},
            {"$.t == true && ($.s == \"x\" || $.s == \"y\")", "true"},
            {"$.zz != 1", "false"},
            {"$.a.b[0] == -1", "false"},
            {"($.a.b[0] == 1)", "true"},
            {"$ ? (@.s == \"x\")", null},
            {"a.b[0] == 1", null},
            {"$.s == 'x'", null},
        };
        for (String[] c : cases) {
            assertThat(match(c[0])).as(c[0]).isEqualTo(c[1]);
        }
    }

    @Test
    void unparsablePath_failsExists_butMatchAnswersNull() {
        f.fails(
                "SELECT json_path_exists(parse_json('{}'), '$..a')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: invalid json path '$..a': InvalidJsonPath");
        f.fails(
                "SELECT json_path_exists(" + DOC + ", '$.f > 1.2')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: invalid json path '$.f > 1.2': InvalidJsonPath");
        assertThat(match("$.f > 1.2")).isNull();
    }

    @Test
    void nulls_andAJsonNullDocument() {
        assertThat(f.query("SELECT json_path_exists(NULL, '$.a'), json_path_exists(" + DOC + ", NULL),"
                                + " json_path_match(" + DOC + ", CAST(NULL AS STRING)),"
                                + " json_path_match(parse_json('null'), '$ == null')")
                        .rows()
                        .get(0))
                .containsOnlyNulls();
        // a number path coerces to Utf8: the key "1"
        assertThat(f.query("SELECT json_path_exists(" + DOC + ", 1)").rows().get(0))
                .containsExactly("false");
    }

    @Test
    void nonJsonArguments_areRefusedByThePlanner() {
        f.fails(
                "SELECT json_path_match('{\"a\":1}', '$.a == 1')",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to"
                        + " 'json_path_match' function: coercion from Utf8, Utf8 to the signature"
                        + " OneOf([Exact([Binary, Utf8]), Exact([Binary, Utf8View]), Exact([BinaryView, Utf8]),"
                        + " Exact([BinaryView, Utf8View])]) failed No function matches the given name and argument"
                        + " types 'json_path_match(Utf8, Utf8)'. You might need to add explicit type casts.\n"
                        + "\tCandidate functions:\n\tjson_path_match(Binary, Utf8)\n\tjson_path_match(Binary,"
                        + " Utf8View)\n\tjson_path_match(BinaryView, Utf8)\n\tjson_path_match(BinaryView, Utf8View)");
        f.fails(
                "SELECT json_path_exists(1, '$.a')",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to"
                        + " 'json_path_exists' function: coercion from Int64, Utf8 to the signature"
                        + " OneOf([Exact([Binary, Utf8]), Exact([Binary, Utf8View]), Exact([Binary, Null]),"
                        + " Exact([BinaryView, Utf8]), Exact([BinaryView, Utf8View]), Exact([BinaryView, Null]),"
                        + " Exact([Null, Utf8]), Exact([Null, Utf8View]), Exact([Null, Null])]) failed No function"
                        + " matches the given name and argument types 'json_path_exists(Int64, Utf8)'. You might"
                        + " need to add explicit type casts.\n\tCandidate functions:\n\tjson_path_exists(Binary,"
                        + " Utf8)\n\tjson_path_exists(Binary, Utf8View)\n\tjson_path_exists(Binary, Null)\n"
                        + "\tjson_path_exists(BinaryView, Utf8)\n\tjson_path_exists(BinaryView, Utf8View)\n"
                        + "\tjson_path_exists(BinaryView, Null)\n\tjson_path_exists(Null, Utf8)\n"
                        + "\tjson_path_exists(Null, Utf8View)\n\tjson_path_exists(Null, Null)");
    }
}
