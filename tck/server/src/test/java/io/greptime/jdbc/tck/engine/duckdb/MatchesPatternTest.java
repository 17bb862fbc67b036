package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code matches(column, pattern)}: GreptimeDB's pattern language over case-sensitive substring terms. */
class MatchesPatternTest {
    private final EngineFixture f = new EngineFixture();

    @BeforeEach
    void rows() {
        f.update("CREATE TABLE logs (ts TIMESTAMP TIME INDEX, msg STRING)");
        f.update("INSERT INTO logs VALUES (1, 'disk full on node a'), (2, 'node b restarted'),"
                + " (3, 'Disk check passed'), (4, 'cache miss (50%)'), (5, NULL)");
    }

    @AfterEach
    void close() {
        f.close();
    }

    private Object[] hits(String pattern) {
        return f
                .query("SELECT ts FROM logs WHERE matches(msg, '" + pattern.replace("'", "''") + "') ORDER BY ts")
                .column(0)
                .stream()
                .map(s -> s.substring(s.length() - 1))
                .toArray();
    }

    @Test
    void termsPhrasesAndOperators() {
        assertThat(hits("disk")).containsExactly("1"); // case-sensitive substring
        assertThat(hits("disk node")).containsExactly("1", "2"); // adjacent terms are OR'ed
        assertThat(hits("\"node a\"")).containsExactly("1");
        assertThat(hits("node AND -restarted")).containsExactly("1");
        assertThat(hits("+node full")).containsExactly("1", "2"); // an optional term beside a must one is dropped
        assertThat(hits("-node -cache")).containsExactly("3");
        assertThat(hits("Disk OR node AND full")).containsExactly("1", "3"); // AND binds tighter
        assertThat(hits("(Disk OR node) AND -full")).containsExactly("2", "3");
        assertThat(hits("50%")).containsExactly("4"); // % and _ are plain characters
        assertThat(hits("\"miss (50%)\"")).containsExactly("4"); // operators inside quotes are text
    }

    @Test
    void malformedPatterns_areRefused() {
        f.fails(
                "SELECT matches(msg, '\"open') FROM logs",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: Invalid function args: Unclosed quotes ('\"')");
        f.fails(
                "SELECT matches(msg, '(a') FROM logs",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: Invalid function args: Unmatched parentheses");
        f.fails(
                "SELECT matches(msg, '- a') FROM logs",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: Invalid function args: Unexpected space after Negative");
    }
}
