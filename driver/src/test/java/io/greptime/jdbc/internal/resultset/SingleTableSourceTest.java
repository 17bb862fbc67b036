package io.greptime.jdbc.internal.resultset;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SingleTableSourceTest {

    @Test
    void plainSelects_nameTheirTableAndItsColumns() {
        SingleTableSource s =
                SingleTableSource.of("SELECT host, t.usage AS u, avg(x) FROM cpu t WHERE a = 1", "public");
        assertThat(s.schema()).isEqualTo("public");
        assertThat(s.table()).isEqualTo("cpu");
        assertThat(s.contains("host")).isTrue();
        assertThat(s.contains("u")).isTrue();
        assertThat(s.contains("HOST")).isTrue();
        assertThat(s.contains("avg(x)")).isFalse();
        assertThat(s.contains("usage")).isFalse();

        SingleTableSource star = SingleTableSource.of("select * from metrics.\"Cpu\" order by ts limit 5;", "public");
        assertThat(star.schema()).isEqualTo("metrics");
        assertThat(star.table()).isEqualTo("Cpu");
        assertThat(star.contains("anything")).isTrue();

        SingleTableSource three = SingleTableSource.of("SELECT `v` FROM greptime.public.t", "other");
        assertThat(three.schema()).isEqualTo("public");
        assertThat(three.contains("v")).isTrue();
    }

    @Test
    void everythingElse_hasNoTable() {
        for (String sql : new String[] {
            "SELECT a FROM t1 JOIN t2 ON t1.x = t2.x",
            "SELECT a FROM t1, t2",
            "SELECT a FROM (SELECT a FROM t) s",
            "SELECT a FROM t UNION SELECT a FROM u",
            "WITH w AS (SELECT 1) SELECT * FROM w",
            "SELECT 1",
            "SHOW TABLES",
            "TQL EVAL (0, 10, '5s') up",
            "SELECT a FROM t WHERE b IN (SELECT b FROM u)",
        }) {
            assertThat(SingleTableSource.of(sql, "public")).as(sql).isNull();
        }
    }

    @Test
    void stringsAndCommentsAreNotCode() {
        SingleTableSource s = SingleTableSource.of("SELECT a /* FROM x */ FROM t -- , u\n WHERE b = 'JOIN, y'", "db");
        assertThat(s.table()).isEqualTo("t");
        assertThat(s.contains("a")).isTrue();
    }
}
