package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlParser;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.sql.SchemaNames;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Output names as DataFusion (and GreptimeDB's SQL rewrites) derive them, from the parsed query alone. */
class SchemaNamesTest {
    private static String name(String selectItem) {
        SqlAst.Select s = (SqlAst.Select) SqlParser.parseQuery(new Tokens("SELECT " + selectItem));
        return new SchemaNames(null, q -> List.of("sub")).name(s.items().get(0).expr());
    }

    @Test
    void literals_areTypedAsDataFusionParsesThem() {
        assertThat(name("1")).isEqualTo("Int64(1)");
        assertThat(name("-1")).isEqualTo("Int64(-1)");
        assertThat(name("1.50")).isEqualTo("Float64(1.5)");
        assertThat(name("2.0")).isEqualTo("Float64(2)");
        assertThat(name("18446744073709551615")).isEqualTo("UInt64(18446744073709551615)");
        assertThat(name("14751947891758972421513")).isEqualTo("Float64(14751947891758971000000)");
        assertThat(name("'a'")).isEqualTo("Utf8(\"a\")");
        assertThat(name("true")).isEqualTo("Boolean(true)");
        assertThat(name("NULL")).isEqualTo("NULL");
    }

    @Test
    void unnest_isNamedUpperCase() {
        assertThat(name("unnest([1, 2])")).isEqualTo("UNNEST(make_array(Int64(1),Int64(2)))");
    }

    @Test
    void negationOfACast_isANegativeExpression() {
        // `::` binds tighter than unary minus, so this is -(127::DECIMAL), not the literal -127
        assertThat(name("-127::DECIMAL(3,0)::TINYINT")).isEqualTo("(- Int64(127))");
    }

    @Test
    void castsToGreptimeTypeAliases_becomeArrowCast_otherCastsAreDropped() {
        assertThat(name("x::TIMESTAMP")).isEqualTo("arrow_cast(x,Utf8(\"Timestamp(ms)\"))");
        assertThat(name("x::TIMESTAMP(9)")).isEqualTo("arrow_cast(x,Utf8(\"Timestamp(ns)\"))");
        assertThat(name("CAST(x AS DATETIME)")).isEqualTo("arrow_cast(x,Utf8(\"Timestamp(µs)\"))");
        assertThat(name("x::INT64")).isEqualTo("arrow_cast(x,Utf8(\"Int64\"))");
        assertThat(name("x::DOUBLE")).isEqualTo("x");
        assertThat(name("'2020-01-01'::DATE")).isEqualTo("Utf8(\"2020-01-01\")");
    }

    @Test
    void intervals_areNamedByTheirMonthDayNanoValue() {
        assertThat(name("INTERVAL '1 year 2 month 3 day'"))
                .isEqualTo("IntervalMonthDayNano(\"IntervalMonthDayNano { months: 14, days: 3, nanoseconds: 0 }\")");
        assertThat(name("INTERVAL '1h'"))
                .isEqualTo(
                        "IntervalMonthDayNano(\"IntervalMonthDayNano { months: 0, days: 0, nanoseconds: 3600000000000 }\")");
        assertThat(name("INTERVAL '1' DAY"))
                .isEqualTo("IntervalMonthDayNano(\"IntervalMonthDayNano { months: 0, days: 1, nanoseconds: 0 }\")");
    }

    @Test
    void operatorsAndCalls_areSpacedAndJoinedAsDataFusionPrintsThem() {
        assertThat(name("(a + 1) * 2")).isEqualTo("a + Int64(1) * Int64(2)");
        assertThat(name("a <> 1")).isEqualTo("a != Int64(1)");
        assertThat(name("date_add(d, '5 day')")).isEqualTo("date_add(d,Utf8(\"5 day\"))");
        assertThat(name("count(*)")).isEqualTo("count(*)");
        assertThat(name("count(DISTINCT a)")).isEqualTo("count(DISTINCT a)");
        assertThat(name("extract(year FROM d)")).isEqualTo("date_part(Utf8(\"YEAR\"),d)");
        assertThat(name("trim(s)")).isEqualTo("btrim(s)");
        assertThat(name("a IS NOT NULL")).isEqualTo("a IS NOT NULL");
        assertThat(name("CASE WHEN a THEN 1 ELSE 2 END")).isEqualTo("CASE WHEN a THEN Int64(1) ELSE Int64(2) END");
    }

    @Test
    void aggregatesWithOrderAndWindows_spellOutOrderingAndFrame() {
        assertThat(name("approx_percentile_cont(0.5) WITHIN GROUP (ORDER BY i DESC)"))
                .isEqualTo("approx_percentile_cont(Float64(0.5)) WITHIN GROUP [i DESC NULLS FIRST]");
        assertThat(name("array_agg(i ORDER BY i)")).isEqualTo("array_agg(i) ORDER BY [i ASC NULLS LAST]");
        assertThat(name("row_number() OVER (PARTITION BY a ORDER BY b)"))
                .isEqualTo("row_number() PARTITION BY [a] ORDER BY [b ASC NULLS LAST] RANGE BETWEEN UNBOUNDED PRECEDING"
                        + " AND CURRENT ROW");
        assertThat(name("sum(a) OVER (PARTITION BY b)"))
                .isEqualTo("sum(a) PARTITION BY [b] ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING");
    }

    @Test
    void rangeExpressions_distributeOverCompoundExpressions() {
        assertThat(name("min(v) RANGE '5s' FILL PREV")).isEqualTo("min(v) RANGE 5s FILL PREV");
        assertThat(name("(min(v) + max(v)) RANGE '20s' + 1.0"))
                .isEqualTo("min(v) RANGE 20s + max(v) RANGE 20s + Float64(1)");
        assertThat(name("covar(a, b) RANGE '5s'")).isEqualTo("covar_samp(a,b) RANGE 5s");
        assertThat(name("count(*) RANGE '5s'")).isEqualTo("count(Int64(1)) RANGE 5s");
    }

    @Test
    void unknownConstructs_areRefusedByName() {
        assertThatThrownBy(() -> SqlParser.parseQuery(new Tokens("SELECT a FROM t GROUP BY ROLLUP (a)")))
                .isInstanceOf(SqlParser.Unsupported.class)
                .hasMessage("GROUP BY ROLLUP");
    }
}
