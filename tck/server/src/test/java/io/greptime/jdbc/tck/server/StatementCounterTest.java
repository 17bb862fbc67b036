package io.greptime.jdbc.tck.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StatementCounterTest {
    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT 1 | 1",
                "SELECT 1; | 1",
                "SELECT 1 ;  ;  | 1",
                "SELECT 1; SELECT 2 | 2",
                "SELECT ';' | 1",
                "SELECT 'it''s; fine' | 1",
                "SELECT \"a;b\" FROM t | 1",
                "SELECT `a;b` FROM t | 1",
                "SELECT 1 -- ; SELECT 2 | 1",
                "SELECT 1 /* ; */ | 1",
                "/* only a comment */ | 0",
                // a backslash escapes nothing in GreptimeDB's dialect: 'a\' ends the string, so ';' splits
                "INSERT INTO t VALUES ('a\\'); SELECT 'b' | 2",
                "INSERT INTO t VALUES ('a\\';b') | 2",
                "USE db; SELECT 1 | 2",
            })
    void count_splitsOnlyOnSemicolonsOutsideQuotesAndComments(String sql, int expected) {
        assertThat(StatementCounter.count(sql)).isEqualTo(expected);
    }
}
