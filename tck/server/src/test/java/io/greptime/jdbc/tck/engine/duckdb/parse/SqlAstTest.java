package io.greptime.jdbc.tck.engine.duckdb.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SqlAstTest {
    private static SqlAst.Call call(String expr) {
        SqlAst.Select s = (SqlAst.Select) SqlParser.parseQuery(new Tokens("SELECT " + expr + " FROM t"));
        return (SqlAst.Call) s.items().get(0).expr();
    }

    @Test
    void withArgs_replacesTheArguments_andKeepsTheRestOfTheCall() {
        SqlAst.Call c =
                call("string_agg(DISTINCT host, ',' ORDER BY ts DESC) FILTER (WHERE v > 0) OVER (PARTITION BY dc)");
        SqlAst.Expr one = new SqlAst.Literal(SqlAst.LiteralKind.NUMBER, "1");

        SqlAst.Call rewritten = c.withArgs(List.of(one));

        assertThat(rewritten.args()).containsExactly(one);
        assertThat(rewritten.name()).isEqualTo("string_agg");
        assertThat(rewritten.distinct()).isTrue();
        assertThat(rewritten.star()).isFalse();
        assertThat(rewritten.orderBy()).hasSize(1);
        assertThat(rewritten.orderBy().get(0).expr()).isEqualTo(new SqlAst.Column(List.of("ts"), false));
        assertThat(rewritten.orderBy().get(0).ascending()).isFalse();
        assertThat(rewritten.filter()).isNotNull().isSameAs(c.filter());
        assertThat(rewritten.over()).isNotNull().isSameAs(c.over());
        assertThat(c.args()).hasSize(2);
    }

    @Test
    void withArgs_keepsAStarCallAStar() {
        SqlAst.Call c = call("count(*)");
        assertThat(c.withArgs(List.of()).star()).isTrue();
    }
}
