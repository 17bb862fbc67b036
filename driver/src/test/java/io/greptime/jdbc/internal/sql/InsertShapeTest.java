package io.greptime.jdbc.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InsertShapeTest {

    @Test
    void listedColumns_qualifiedTable_andQuotedNames() {
        assertThat(InsertShape.parse("insert into Db.\"Cpu\" (HOST, `Ts`, v) values (?, ?, ?);"))
                .isEqualTo(new InsertShape("db", "Cpu", List.of("host", "Ts", "v"), 3));
    }

    @Test
    void noColumnList_meansEveryColumnInTableOrder() {
        assertThat(InsertShape.parse("INSERT INTO t VALUES (?,?)")).isEqualTo(new InsertShape(null, "t", null, 2));
    }

    /** The comment used to send this INSERT down the one-statement-per-row path (two lexers disagreed). */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "INSERT /* c */ INTO t (a, b) VALUES (?, ?)",
                "/* leading */ INSERT INTO t (a, b) VALUES (?, ?)",
                "INSERT INTO t -- trailing\n (a, b) VALUES (?, ?) -- done",
                "INSERT INTO t(a,b)VALUES(?,?)",
                "INSERT INTO t (a, /* b? */ b) VALUES (? /* one */, ?);;"
            })
    void commentsAndBlanksAnywhere_keepTheShape(String sql) {
        assertThat(InsertShape.parse(sql)).isEqualTo(new InsertShape(null, "t", List.of("a", "b"), 2));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "INSERT INTO t (a, b) VALUES (?, 1)",
                "INSERT INTO t (a, b) VALUES (?)",
                "INSERT INTO t (a) VALUES (?), (?)",
                "INSERT INTO t (a) SELECT ?",
                "INSERT INTO t (a) VALUES (?); INSERT INTO t (a) VALUES (?)",
                "INSERT INTO 't' (a) VALUES (?)",
                "INSERT INTO \"t (a) VALUES (?)",
                "INSERT INTO t (a) VALUES ('?')",
                "REPLACE INTO t (a) VALUES (?)"
            })
    void anythingElse_isNotThisShape(String sql) {
        assertThat(InsertShape.parse(sql)).isNull();
    }
}
