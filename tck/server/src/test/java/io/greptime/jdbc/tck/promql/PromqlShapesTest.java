package io.greptime.jdbc.tck.promql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The columns, types and row order of TQL results as GreptimeDB's PromQL planner lays them out (the
 * projection each plan node ends with), over small tables whose expected values are worked out by hand.
 */
class PromqlShapesTest {
    private static PromFixture f;

    @BeforeAll
    static void data() {
        f = new PromFixture();
        f.sql(
                // an integer field: a, b, c = 1, 2, 3 at 0s and 4, 5, 6 at 5s
                "CREATE TABLE n (ts TIMESTAMP TIME INDEX, host STRING, idc STRING, val BIGINT, PRIMARY KEY (host, idc))",
                "INSERT INTO n VALUES (0, 'a', 'x', 1), (0, 'b', 'x', 2), (0, 'c', 'y', 3),"
                        + " (5000, 'a', 'x', 4), (5000, 'b', 'x', 5), (5000, 'c', 'y', 6)",
                "CREATE TABLE f2 (ts TIMESTAMP TIME INDEX, job STRING, inst STRING, v DOUBLE, PRIMARY KEY (job, inst))",
                "INSERT INTO f2 VALUES (0, 'j', '1', 10)",
                "CREATE TABLE other (ts TIMESTAMP TIME INDEX, l STRING PRIMARY KEY, w DOUBLE)",
                "INSERT INTO other VALUES (0, 'q', 20)",
                "CREATE TABLE sec (ts TIMESTAMP(0) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)",
                "INSERT INTO sec VALUES (0, 'a', 1)",
                "CREATE TABLE hist (ts TIMESTAMP TIME INDEX, le STRING, s STRING, val DOUBLE, PRIMARY KEY (le, s))",
                "INSERT INTO hist VALUES (0, '1', 'a', 5), (0, '+Inf', 'a', 10)",
                "CREATE TABLE two (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, a DOUBLE, b DOUBLE)",
                "INSERT INTO two VALUES (0, 'h', 1, 2)",
                "CREATE TABLE zig (ts TIMESTAMP TIME INDEX, zz STRING, aa STRING, v DOUBLE, PRIMARY KEY (zz, aa))",
                "INSERT INTO zig VALUES (0, 'z', 'a', 1)",
                // three equal samples whose naive mean is not exactly 0.1
                "CREATE TABLE flat (ts TIMESTAMP TIME INDEX, v DOUBLE)",
                "INSERT INTO flat VALUES (0, 0.1), (1000, 0.1), (2000, 0.1)",
                "CREATE TABLE rnd (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, v DOUBLE)",
                "INSERT INTO rnd VALUES (0, 'a', 234.567), (0, 'b', -2.5)");
    }

    @AfterAll
    static void close() {
        f.close();
    }

    private static List<Double> values(PromFixture.Result r) {
        return r.samples().stream().map(PromFixture.Sample::value).toList();
    }

    private static ArrowType typeOf(PromFixture.Result r, String column) {
        return r.types().get(r.columns().indexOf(column));
    }

    @Test
    void integerField_keepsItsTypeUntilAValueIsComputed() {
        PromFixture.Result bare = f.tql("TQL EVAL (0, 0, '1s') n");
        assertThat(bare.columns()).containsExactly("ts", "host", "idc", "val");
        assertThat(typeOf(bare, "val")).isEqualTo(new ArrowType.Int(64, true));
        assertThat(values(bare)).containsExactly(1.0, 2.0, 3.0);
        // sum/min/max keep the input type, count is an integer, avg and arithmetic compute doubles
        assertThat(typeOf(f.tql("TQL EVAL (0, 0, '1s') sum(n)"), "sum(n.val)")).isInstanceOf(ArrowType.Int.class);
        assertThat(values(f.tql("TQL EVAL (0, 0, '1s') sum(n)"))).containsExactly(6.0);
        assertThat(typeOf(f.tql("TQL EVAL (0, 0, '1s') avg(n)"), "avg(n.val)"))
                .isInstanceOf(ArrowType.FloatingPoint.class);
        PromFixture.Result filtered = f.tql("TQL EVAL (0, 0, '1s') n > 1");
        assertThat(typeOf(filtered, "val")).isInstanceOf(ArrowType.Int.class);
        assertThat(values(filtered)).containsExactly(2.0, 3.0);
    }

    @Test
    void literalOperationsAndNegation_projectTagsThenTimeThenValue() {
        PromFixture.Result plus = f.tql("TQL EVAL (0, 0, '1s') n + 1");
        assertThat(plus.columns()).containsExactly("host", "idc", "ts", "val + Float64(1)");
        assertThat(typeOf(plus, "val + Float64(1)")).isInstanceOf(ArrowType.FloatingPoint.class);
        assertThat(values(plus)).containsExactly(2.0, 3.0, 4.0);
        assertThat(f.tql("TQL EVAL (0, 0, '1s') -n").columns()).containsExactly("host", "idc", "ts", "(- val)");
    }

    @Test
    void topk_projectsValueTagsTime_sortedByTimeThenRank() {
        PromFixture.Result top = f.tql("TQL EVAL (0, 5, '5s') topk(1, n)");
        assertThat(top.columns()).containsExactly("val", "host", "idc", "ts");
        // the best of each step: c (3) at 0s, c (6) at 5s
        assertThat(top.samples()).extracting(PromFixture.Sample::timeMs).containsExactly(0L, 5000L);
        assertThat(values(top)).containsExactly(3.0, 6.0);
        // bottomk(2) at 0s: a (1) then b (2), rank order within the step
        assertThat(values(f.tql("TQL EVAL (0, 0, '1s') bottomk(2, n)"))).containsExactly(1.0, 2.0);
        PromFixture.Result grouped = f.tql("TQL EVAL (0, 0, '1s') topk(1, sum by (idc) (n))");
        assertThat(grouped.columns()).containsExactly("sum(n.val)", "idc", "ts");
        assertThat(values(grouped)).containsExactly(3.0);
    }

    @Test
    void or_putsTheTimeFirstAndEveryOtherColumnInNameOrder() {
        PromFixture.Result r = f.tql("TQL EVAL (0, 0, '1s') f2 or other");
        // the right side's value column (w) is named differently, so the left's (v) names the value
        assertThat(r.columns()).containsExactly("ts", "inst", "job", "l", "v");
        assertThat(values(r)).containsExactlyInAnyOrder(10.0, 20.0);
        PromFixture.Result unknownLeft = f.tql("TQL EVAL (0, 0, '1s') nosuch or f2");
        assertThat(unknownLeft.columns()).containsExactly("time", "inst", "job", "value");
        assertThat(values(unknownLeft)).containsExactly(10.0);
    }

    @Test
    void histogramQuantile_dropsTheLeColumn() {
        PromFixture.Result r = f.tql("TQL EVAL (0, 0, '1s') histogram_quantile(0.5, hist)");
        assertThat(r.columns()).containsExactly("ts", "s", "val");
        // rank 0.5 * 10 = 5 falls at the top of the first bucket (0, 1]
        assertThat(values(r)).containsExactly(1.0);
    }

    @Test
    void functionNames_andLayouts() {
        assertThat(f.tql("TQL EVAL (0, 0, '1s') quantile(0.5, n)").columns())
                .containsExactly("ts", "quantile(Float64(0.5),n.val)");
        assertThat(values(f.tql("TQL EVAL (0, 0, '1s') quantile(0.5, n)"))).containsExactly(2.0);
        assertThat(f.tql("TQL EVAL (0, 0, '1s') timestamp(n)").columns()).containsExactly("ts", "value", "host", "idc");
        assertThat(f.tql("TQL EVAL (0, 0, '1s') vector(1)").columns()).containsExactly("time", "greptime_value");
        PromFixture.Result sorted = f.tql("TQL EVAL (0, 0, '1s') sort(n)");
        assertThat(sorted.columns()).containsExactly("ts", "val", "host", "idc");
        assertThat(typeOf(sorted, "val")).isInstanceOf(ArrowType.Int.class);
        assertThat(f.tql("TQL EVAL (0, 0, '1s') n atan2 n").columns())
                .containsExactly("host", "idc", "ts", "atan2(lhs.val,rhs.val)");
    }

    @Test
    void sortFunctions_orderTheRows() {
        // at 0s and 5s: a = 1, 4; b = 2, 5; c = 3, 6
        assertThat(values(f.tql("TQL EVAL (0, 5, '5s') sort_desc(n)"))).containsExactly(6.0, 5.0, 4.0, 3.0, 2.0, 1.0);
        assertThat(values(f.tql("TQL EVAL (0, 5, '5s') sort(n)"))).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
        // by host descending; each series' rows stay in time order
        assertThat(values(f.tql("TQL EVAL (0, 5, '5s') sort_by_label_desc(n, \"host\")")))
                .containsExactly(3.0, 6.0, 2.0, 5.0, 1.0, 4.0);
    }

    @Test
    void grouping_ignoresMissingLabels_andWithoutSortsTheRest() {
        assertThat(f.tql("TQL EVAL (0, 0, '1s') sum by (host, nosuch) (n)").columns())
                .containsExactly("host", "ts", "sum(n.val)");
        assertThat(f.tql("TQL EVAL (0, 0, '1s') sum without (nosuch) (zig)").columns())
                .containsExactly("aa", "zz", "ts", "sum(zig.v)");
    }

    @Test
    void labelReplace_copiesTheSourceWhenTheRegexDoesNotMatch() {
        PromFixture.Result r = f.tql("TQL EVAL (0, 0, '1s') label_replace(n, \"z\", \"$1!\", \"idc\", \"(y)\")");
        assertThat(r.columns()).containsExactly("ts", "val", "z", "host", "idc");
        // DataFusion's regexp_replace leaves a value the anchored regex misses as it is
        assertThat(r.samples()).extracting(s -> s.labels().get("z")).containsExactly("x", "x", "y!");
        PromFixture.Result unchanged = f.tql("TQL EVAL (0, 0, '1s') label_replace(n, \"z\", \"\", \"nosuch\", \"\")");
        assertThat(unchanged.columns()).containsExactly("ts", "val", "host", "idc");
        assertThat(f.tql("TQL EVAL (0, 0, '1s') label_join(n, \"z\", \"-\", \"nosuch\", \"host\")")
                        .samples())
                .extracting(s -> s.labels().get("z"))
                .containsExactly("a", "b", "c");
    }

    @Test
    void secondPrecisionTimeIndex_isProjectedAfterFieldsAndTags() {
        PromFixture.Result r = f.tql("TQL EVAL (0, 0, '1s') sec");
        assertThat(r.columns()).containsExactly("v", "host", "ts");
        assertThat(typeOf(r, "ts"))
                .isEqualTo(new ArrowType.Timestamp(org.apache.arrow.vector.types.TimeUnit.MILLISECOND, null));
        assertThat(r.samples()).extracting(PromFixture.Sample::timeMs).containsExactly(0L);
    }

    @Test
    void emptyResult_hasASchemaButNoBatch() {
        // 1000s is past the 5-minute lookback of the last sample (5s)
        PromFixture.Result r = f.tql("TQL EVAL (1000, 1000, '1s') n");
        assertThat(r.columns()).containsExactly("ts", "host", "idc", "val");
        assertThat(r.batches()).isZero();
        assertThat(f.tql("TQL EVAL (0, 0, '1s') n").batches()).isEqualTo(1);
        // an unknown metric is GreptimeDB's EmptyMetric: one empty batch, and none once computed over
        assertThat(f.tql("TQL EVAL (0, 0, '1s') nosuch").batches()).isEqualTo(1);
        assertThat(f.tql("TQL EVAL (0, 0, '1s') abs(nosuch)").batches()).isZero();
    }

    @Test
    void statementForms_commaAfterParametersAndStringLiteral() {
        assertThat(values(f.tql("TQL EVAL (0, 0, '1s') , n"))).containsExactly(1.0, 2.0, 3.0);
        PromFixture.Result s = f.tql("TQL EVAL (0, 5, '5s') \"1+1\"");
        assertThat(s.columns()).containsExactly("time", "value");
        assertThat(typeOf(s, "value")).isEqualTo(ArrowType.Utf8.INSTANCE);
        assertThat(s.samples()).extracting(PromFixture.Sample::labels).containsOnly(Map.of("value", "1+1"));
        assertThat(s.samples()).hasSize(2);
    }

    @Test
    void quotedNamesAndEscapes() {
        assertThat(values(f.tql("TQL EVAL (0, 0, '1s') {\"n\", host=\"a\"}"))).containsExactly(1.0);
        // Go escapes: \x62 is "b"
        assertThat(values(f.tql("TQL EVAL (0, 0, '1s') n{host=\"\\x62\"}"))).containsExactly(2.0);
    }

    @Test
    void sqlExpressionParameters_keepWholeSeconds() {
        PromFixture.Result r = f.tql("TQL EVAL ('1970-01-01'::timestamp + interval '5.5 seconds',"
                + " '1970-01-01'::timestamp + interval '5.5 seconds', '1s') n{host=\"a\"}");
        assertThat(r.samples()).extracting(PromFixture.Sample::timeMs).containsExactly(5000L);
    }

    @Test
    void round_isGreptimeDbsDivideRoundMultiply() {
        // 234.567 / 0.1 rounds to 2346, times 0.1 is 234.60000000000002 in doubles; -2.5 rounds away from zero
        assertThat(values(f.tql("TQL EVAL (0, 0, '1s') round(rnd, 0.05 + 0.05)")))
                .containsExactly(234.60000000000002, -2.5);
        assertThat(values(f.tql("TQL EVAL (0, 0, '1s') round(rnd)"))).containsExactly(235.0, -3.0);
    }

    @Test
    void deviationOverTime_isExactForAConstantSeries() {
        assertThat(values(f.tql("TQL EVAL (2, 2, '1s') stdvar_over_time(flat[5s])")))
                .containsExactly(0.0);
        assertThat(values(f.tql("TQL EVAL (2, 2, '1s') stddev_over_time(flat[5s])")))
                .containsExactly(0.0);
    }
}
