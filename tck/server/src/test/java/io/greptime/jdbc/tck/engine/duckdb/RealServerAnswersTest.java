package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.ServerProfile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Answers of the v1.0 line that the issue-30 probes found different from a real GreptimeDB v1.0.0 (JSON,
 * vector, string and admin functions); each expected value is what that server answered.
 */
class RealServerAnswersTest {
    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    @Test
    void jsonGet_readsNumbersAndBooleansWrittenAsStrings_butNoFloatAsAnInt() {
        assertThat(f.query("SELECT json_get_int(parse_json('{\"a\": \"5\"}'), 'a'), json_get_int(parse_json('{\"a\":"
                                + " \"+7\"}'), 'a'), json_get_int(parse_json('{\"a\": \" 5\"}'), 'a'),"
                                + " json_get_int(parse_json('{\"a\": 3.0}'), 'a'), json_get_float(parse_json('{\"a\":"
                                + " \"1e2\"}'), 'a'), json_get_bool(parse_json('{\"a\": \"TRUE\"}'), 'a'),"
                                + " json_get_bool(parse_json('{\"a\": 1}'), 'a')")
                        .rows()
                        .get(0))
                .containsExactly("5", "7", null, null, "100.0", "true", null);
    }

    @Test
    void jsonFunctions_refuseArgumentsThatAreNoJson() {
        f.fails(
                "SELECT json_get_int('{\"a\": 1}', 'a')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: JSON_GET not supported argument type Utf8");
        f.fails(
                "SELECT json_to_string(NULL)",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to"
                        + " 'json_to_string' function: coercion from Null to the signature Uniform(1, [Binary,"
                        + " LargeBinary, BinaryView]) failed No function matches the given name and argument types"
                        + " 'json_to_string(Null)'. You might need to add explicit type casts.\n\tCandidate"
                        + " functions:\n\tjson_to_string(Binary/LargeBinary/BinaryView)");
        f.fails(
                "SELECT parse_json('')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: cannot parse '': EOF while parsing a value, pos 0");
    }

    @Test
    void strings_followDataFusion_onMultiByteText_andEdges() {
        assertThat(f.query("SELECT upper('straße'), lower('İ'), upper('ﬁ'), substr('abc', -1, 3), substr('abc', -1),"
                                + " lpad('abcdef', 3), lpad('ab', 4)")
                        .rows()
                        .get(0))
                .containsExactly("STRASSE", "i̇", "FI", "a", "abc", "abc", "  ab");
        f.fails(
                "SELECT substr('abc', 1, -1)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: negative substring length not allowed: substr(<str>, 1, -1)");
        f.fails(
                "SELECT split_part('a,b', ',', 0)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: field position must not be zero");
    }

    @Test
    void vectors_normOfZeroIsNaN_andIndexErrorsReadAsTheServers() {
        assertThat(f.query("SELECT vec_to_string(vec_norm('[0, 0]'))").rows().get(0))
                .containsExactly("[NaN,NaN]");
        f.fails(
                "SELECT vec_kth_elem('[7, 8, 9]', 3)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: index out of bound: vec_kth_elem");
        f.fails(
                "SELECT vec_subvector('[1, 2, 3]', 2, 5)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid function args: Invalid start and end indices: start=2, end=5, vec_len=3");
        f.fails(
                "SELECT parse_vec('1, 2')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid Vector: Failed to parse 1, 2 to Vector value: not properly enclosed in brackets");
    }

    @Test
    void vectorAggregates_readAVectorColumnsElements() {
        f.update("CREATE TABLE vs (ts TIMESTAMP TIME INDEX, v VECTOR(3))");
        f.update("INSERT INTO vs VALUES (1000, '[1, 0, 0]'), (2000, '[0, 2, 0]'), (3000, '[1, 1, 1]')");
        assertThat(f.query("SELECT vec_to_string(vec_sum(v)), vec_to_string(vec_product(v)) FROM vs")
                        .rows()
                        .get(0))
                .containsExactly("[2,3,1]", "[0,0,0]");
    }

    @Test
    void admin_checksArgumentsAndTables_andRefusesGcAndReconcile() {
        f.update("CREATE TABLE a (ts TIMESTAMP TIME INDEX, v DOUBLE)");
        assertThat(f.query("ADMIN compact_table('a', 'swcs', 'window=3600,parallelism=2')")
                        .rows()
                        .get(0))
                .containsExactly("0");
        String wrap = "Failed to execute admin function: Failed to execute admin function ";
        String df = "Execution error: Function execution error: ";
        f.fails(
                "ADMIN compact_table('a', 'strict_window', 'abc')",
                StatusCode.UNEXPECTED,
                wrap + "compact_table, error: " + df + "Invalid function args: Invalid key-value pair: abc: " + df
                        + "Invalid function args: Invalid key-value pair: abc");
        f.fails(
                "ADMIN flush_table('nope')",
                StatusCode.UNEXPECTED,
                wrap + "flush_table, error: " + df + "Table not found: greptime.public.nope: " + df
                        + "Table not found: greptime.public.nope");
        f.fails("ADMIN flush_table()", StatusCode.INVALID_ARGUMENTS, "Expected 1 args, but actual 0");
        f.fails(
                "ADMIN flush_table(1)",
                StatusCode.INVALID_ARGUMENTS,
                "Failed to build admin function args: failed to cast 1");
        f.fails(
                "ADMIN gc_table('a')",
                StatusCode.UNEXPECTED,
                wrap + "gc_table, error: " + df + "Unsupported operation gc_table: " + df
                        + "Unsupported operation gc_table");
        f.fails(
                "ADMIN flush_region(1)",
                StatusCode.UNEXPECTED,
                wrap + "flush_region, error: " + df + "Failed to find table route: 0: " + df
                        + "Failed to find table route: 0");
    }
}
