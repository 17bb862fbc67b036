package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** GreptimeDB functions the engine implements itself (Java functions and SQL translations). */
class FunctionSemanticsTest {
    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private List<String> row(String select) {
        return Arrays.asList(f.query("SELECT " + select).rows().get(0).toArray(new String[0]));
    }

    @Test
    void json_getters_followTheJsonbCratesConversions() {
        String doc = "parse_json('{\"b\": {\"c\": true}, \"a\": [1, 2.5, \"x\"]}')";
        assertThat(row("json_to_string(" + doc + ")")).containsExactly("{\"a\":[1,2.5,\"x\"],\"b\":{\"c\":true}}");
        assertThat(row("json_get_int(" + doc + ", 'b.c'), json_get_float(" + doc + ", 'a[1]'), json_get_string(" + doc
                        + ", 'a[0]'), json_get_int(" + doc + ", 'a[1]'), json_get_bool(" + doc + ", 'b[\"c\"]')"))
                .containsExactly("1", "2.5", "1", null, "true");
        assertThat(row("json_is_float(parse_json('1')), json_is_int(parse_json('1.5')), json_is_array(" + doc + ")"))
                .containsExactly("true", "false", "false");
    }

    @Test
    void matchesTerm_needsTermBoundaries() {
        assertThat(row("matches_term('warning:hello world!', 'hello world'), matches_term('category', 'cat'),"
                        + " 'dog/cat' @@ '/cat', matches_term('登录手机号18888', '手机号'), matches_term('', '')"))
                .containsExactly("true", "false", "true", "true", "true");
    }

    @Test
    void mysqlStringFunctions_keepMysqlsEdgeCases() {
        assertThat(row("locate('o', 'hello world', 6), elt(4, 'a', 'b'), field(NULL, 'a'), insert('Quadratic', 3, 4,"
                        + " 'What'), format(1234567.891, 2)"))
                .containsExactly("8", null, "0", "QuWhattic", "1,234,567.89");
    }

    @Test
    void refusals_carryGreptimeDbsStatus() {
        f.fails("SELECT clamp(10, 1, 0)", StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: min '1' > max '0'");
        f.fails("SELECT mod(18, 0)", StatusCode.ENGINE_EXECUTE_QUERY, "Divide by zero error");
        f.fails(
                "SELECT '2020-13-01'::TIMESTAMP",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Parser error: Error parsing timestamp from '2020-13-01': error parsing date");
    }
}
