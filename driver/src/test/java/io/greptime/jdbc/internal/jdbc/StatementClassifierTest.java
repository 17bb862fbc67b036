package io.greptime.jdbc.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.internal.jdbc.StatementClassifier.Kind;
import java.sql.SQLSyntaxErrorException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StatementClassifierTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 1",
                "select * from t",
                "  -- c\n /* x */ (SELECT 1)",
                "WITH a AS (SELECT 1) SELECT * FROM a",
                "SHOW TABLES",
                "desc t",
                "DESCRIBE TABLE t",
                "EXPLAIN SELECT 1",
                "TQL EVAL (0, 10, '5s') up",
                "VALUES (1)",
                "ADMIN flush_table('t')",
                "((select 1))"
            })
    void rowStatements_goToDoGet(String sql) throws Exception {
        assertThat(StatementClassifier.classify(sql).kind()).isEqualTo(Kind.ROWS);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "INSERT INTO t VALUES (1)",
                "CREATE TABLE t (ts TIMESTAMP TIME INDEX)",
                "drop table t",
                "DELETE FROM t",
                "ALTER TABLE t ADD COLUMN c INT",
                "TRUNCATE t",
                "SET max_threads = 1",
                "-- SELECT\nINSERT INTO t VALUES (1)",
                "/* SELECT */ CREATE DATABASE d",
                "selectx 1"
            })
    void otherStatements_goToHandle(String sql) throws Exception {
        assertThat(StatementClassifier.classify(sql).kind()).isEqualTo(Kind.UPDATE);
    }

    @Test
    void use_isRecognisedWithCaseRules() throws Exception {
        assertThat(StatementClassifier.classify("USE MyDb").argument()).isEqualTo("mydb");
        assertThat(StatementClassifier.classify("use \"MyDb\";").argument()).isEqualTo("MyDb");
        assertThat(StatementClassifier.classify("USE `odd``name`").argument()).isEqualTo("odd`name");
        assertThat(StatementClassifier.classify(" /* c */ use metrics ; ").kind())
                .isEqualTo(Kind.USE);
        assertThat(StatementClassifier.classify("USE a b").kind()).isEqualTo(Kind.UPDATE);
    }

    @Test
    void setTimeZone_isRecognisedInItsSpellings() throws Exception {
        assertThat(StatementClassifier.classify("SET time_zone = 'Asia/Shanghai'")
                        .argument())
                .isEqualTo("Asia/Shanghai");
        assertThat(StatementClassifier.classify("set TIMEZONE TO '+08:00'").argument())
                .isEqualTo("+08:00");
        assertThat(StatementClassifier.classify("SET SESSION time_zone='UTC'").argument())
                .isEqualTo("UTC");
        assertThat(StatementClassifier.classify("SET time_zone = UTC").argument())
                .isEqualTo("UTC");
        assertThat(StatementClassifier.classify("SET other = 'x'").kind()).isEqualTo(Kind.UPDATE);
    }

    @Test
    void trailingSemicolons_areRemoved() throws Exception {
        assertThat(StatementClassifier.classify("SELECT 1;; -- done\n").sql()).isEqualTo("SELECT 1");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 1; SELECT 2",
                "INSERT INTO t VALUES (1);DROP TABLE t",
                "select 1; /* */ select 2",
                // GreptimeDB's dialect has no backslash escapes: the string ends at the second quote.
                "SELECT 'back\\'; SELECT 2 --'"
            })
    void severalStatements_areRejectedBeforeSending(String sql) {
        assertThatThrownBy(() -> StatementClassifier.classify(sql))
                .isInstanceOf(SQLSyntaxErrorException.class)
                .hasMessageContaining("one statement")
                .extracting(e -> ((SQLSyntaxErrorException) e).getSQLState())
                .isEqualTo("42000");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT ';' AS a",
                "SELECT \"a;b\" FROM t",
                "SELECT `x;y` FROM t",
                "SELECT 1 -- ; select 2",
                "SELECT 1 /* ; select 2 */",
                "SELECT 'it''s; fine'"
            })
    void semicolonsInsideQuotesOrComments_areData(String sql) throws Exception {
        assertThat(StatementClassifier.classify(sql).sql()).isEqualTo(sql);
    }
}
