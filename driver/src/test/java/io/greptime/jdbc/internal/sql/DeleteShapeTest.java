package io.greptime.jdbc.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeleteShapeTest {

    @Test
    void equalitiesJoinedByAnd_giveTheColumnsInParameterOrder() {
        DeleteShape s = DeleteShape.parse(" delete  FROM Db.\"Cpu\" where HOST = ? and ? = `Ts` AND dc=?;  ");
        assertThat(s).isEqualTo(new DeleteShape("db", "Cpu", List.of("host", "Ts", "dc")));
    }

    @Test
    void commentsBetweenTokens_keepTheShape() {
        assertThat(DeleteShape.parse("DELETE /* k */ FROM t -- x\n WHERE a = ? /* ? */ AND b=?"))
                .isEqualTo(new DeleteShape(null, "t", List.of("a", "b")));
    }

    @Test
    void unqualifiedTable_hasNoDatabase() {
        assertThat(DeleteShape.parse("DELETE FROM t WHERE ts = ?"))
                .isEqualTo(new DeleteShape(null, "t", List.of("ts")));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "DELETE FROM t",
                "DELETE FROM t WHERE a = ? OR b = ?",
                "DELETE FROM t WHERE a >= ?",
                "DELETE FROM t WHERE a = 1",
                "DELETE FROM t WHERE a = ? AND a = ?",
                "DELETE FROM t WHERE (a = ?)",
                "DELETE FROM t WHERE a = ? AND b = ? extra",
                "DELETE FROM t WHERE a = ? AND",
                "DELETE t WHERE a = ?",
                "DELETE FROM t WHERE a IN (?)",
                "DELETE FROM t WHERE a = ?; DELETE FROM t WHERE a = ?",
                "DELETE FROM t WHERE a = ? ANDb = ?",
                "INSERT INTO t VALUES (?)"
            })
    void anythingElse_isNotThisShape(String sql) {
        assertThat(DeleteShape.parse(sql)).isNull();
    }
}
