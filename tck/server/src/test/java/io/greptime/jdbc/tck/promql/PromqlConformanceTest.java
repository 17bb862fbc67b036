package io.greptime.jdbc.tck.promql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * PromQL conformance table: each row is a query evaluated at one instant over fixed data, and the
 * samples Prometheus' semantics give, worked out by hand in the comments (never by the evaluator).
 */
class PromqlConformanceTest {
    private static PromFixture f;

    @BeforeAll
    static void data() {
        f = new PromFixture();
        f.sql(
                // counter c: job a grows 1/s from 0; job b resets between 15s and 30s
                "CREATE TABLE c (v DOUBLE, ts TIMESTAMP TIME INDEX, job STRING PRIMARY KEY)",
                "INSERT INTO c VALUES (0, 0, 'a'), (15, 15000, 'a'), (30, 30000, 'a'), (45, 45000, 'a'), (60, 60000, 'a'),"
                        + " (10, 0, 'b'), (20, 15000, 'b'), (5, 30000, 'b'), (15, 45000, 'b'), (25, 60000, 'b')",
                // gauge g: x = 1, 3, 2 and y = 4, 6, 8 at 0s, 10s, 20s
                "CREATE TABLE g (v DOUBLE, ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY)",
                "INSERT INTO g VALUES (1, 0, 'x'), (3, 10000, 'x'), (2, 20000, 'x'), (4, 0, 'y'), (6, 10000, 'y'),"
                        + " (8, 20000, 'y')",
                "CREATE TABLE h (v DOUBLE, ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY)",
                "INSERT INTO h VALUES (10, 20000, 'x'), (20, 20000, 'y')",
                "CREATE TABLE m (v DOUBLE, ts TIMESTAMP TIME INDEX, host STRING, cpu STRING, PRIMARY KEY (host, cpu))",
                "INSERT INTO m VALUES (1, 20000, 'x', '0'), (2, 20000, 'x', '1'), (3, 20000, 'y', '0')",
                "CREATE TABLE lat (v DOUBLE, ts TIMESTAMP TIME INDEX, le STRING PRIMARY KEY)",
                "INSERT INTO lat VALUES (10, 20000, '0.1'), (30, 20000, '0.5'), (40, 20000, '1'), (50, 20000, '+Inf')");
    }

    @AfterAll
    static void close() {
        f.close();
    }

    private static Arguments row(String query, double atSeconds, Object... expected) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < expected.length; i += 2) {
            m.put((String) expected[i], ((Number) expected[i + 1]).doubleValue());
        }
        return Arguments.of(query, atSeconds, m);
    }

    static Stream<Arguments> table() {
        return Stream.of(
                // window (0s, 60s] holds 15..60: delta 45 over 45s; the series starts 15s (< 1.1 * 15s) before
                // the window start and ends at it, so it extrapolates to 60s: 60 / 60s = 1/s
                row("rate(c{job=\"a\"}[1m])", 60, "{job=a}", 1.0),
                row("increase(c{job=\"a\"}[1m])", 60, "{job=a}", 60.0),
                // 20, 5, 15, 25: 5 + reset 20 = 25 over 45s, extended by 15s to the start (zero point 36s away
                // is farther): 25 * 60 / 45
                row("increase(c{job=\"b\"}[1m])", 60, "{job=b}", 25.0 * 60 / 45),
                row("rate(c{job=\"b\"}[1m])", 60, "{job=b}", 25.0 / 45),
                // last two samples 15 -> 25 over 15s
                row("irate(c{job=\"b\"}[1m])", 60, "{job=b}", 10.0 / 15),
                // reset between 15s and 30s: irate takes the new value 5 over 15s
                row("irate(c{job=\"b\"}[20s])", 30, "{job=b}", 5.0 / 15),
                // gauge x in (-10s, 20s]: 1, 3, 2; delta 1 over 20s, extended 10s to the start: 1 * 30 / 20
                row("delta(g{host=\"x\"}[30s])", 20, "{host=x}", 1.5),
                row("idelta(g{host=\"x\"}[30s])", 20, "{host=x}", -1.0),
                row("avg_over_time(g[30s])", 20, "{host=x}", 2.0, "{host=y}", 6.0),
                row("max_over_time(g{host=\"x\"}[30s])", 20, "{host=x}", 3.0),
                row("min_over_time(g{host=\"x\"}[30s])", 20, "{host=x}", 1.0),
                row("sum_over_time(g{host=\"x\"}[30s])", 20, "{host=x}", 6.0),
                row("count_over_time(g{host=\"x\"}[30s])", 20, "{host=x}", 3.0),
                // the window is left-open: (0s, 20s] drops the sample at 0s
                row("count_over_time(g{host=\"x\"}[20s])", 20, "{host=x}", 2.0),
                row("last_over_time(g{host=\"x\"}[30s])", 20, "{__name__=g,host=x}", 2.0),
                // 1, 3, 2: mean 2, squared deviations 1, 1, 0 -> population variance 2/3
                row("stdvar_over_time(g{host=\"x\"}[30s])", 20, "{host=x}", 2.0 / 3),
                row("stddev_over_time(g{host=\"x\"}[30s])", 20, "{host=x}", Math.sqrt(2.0 / 3)),
                row("changes(g{host=\"x\"}[30s])", 20, "{host=x}", 2.0),
                row("resets(g{host=\"x\"}[30s])", 20, "{host=x}", 1.0),
                row("sum(g)", 20, "{}", 10.0),
                row("sum by (host) (g)", 20, "{host=x}", 2.0, "{host=y}", 8.0),
                row("sum without (host) (g)", 20, "{}", 10.0),
                row("avg(g)", 20, "{}", 5.0),
                row("min(g)", 20, "{}", 2.0),
                row("max(g)", 20, "{}", 8.0),
                row("count(g)", 20, "{}", 2.0),
                row("stddev(g)", 20, "{}", 3.0),
                row("quantile(0.5, g)", 20, "{}", 5.0),
                row("topk(1, g)", 20, "{__name__=g,host=y}", 8.0),
                row("bottomk(1, g)", 20, "{__name__=g,host=x}", 2.0),
                row("g * 2", 20, "{host=x}", 4.0, "{host=y}", 16.0),
                row("2 - g", 20, "{host=x}", 0.0, "{host=y}", -6.0),
                row("g % 3", 20, "{host=x}", 2.0, "{host=y}", 2.0),
                row("g ^ 2", 20, "{host=x}", 4.0, "{host=y}", 64.0),
                row("-g", 20, "{host=x}", -2.0, "{host=y}", -8.0),
                // a comparison filters and keeps the metric name; bool turns it into 0/1 and drops it
                row("g > 5", 20, "{__name__=g,host=y}", 8.0),
                row("g > bool 5", 20, "{host=x}", 0.0, "{host=y}", 1.0),
                row("g == 2", 20, "{__name__=g,host=x}", 2.0),
                row("g + h", 20, "{host=x}", 12.0, "{host=y}", 28.0),
                row("g / on(host) h", 20, "{host=x}", 0.2, "{host=y}", 0.4),
                row("h > g", 20, "{__name__=h,host=x}", 10.0, "{__name__=h,host=y}", 20.0),
                // GreptimeDB joins on the right side's tags and keeps them; group_left changes nothing
                row(
                        "h * on(host) group_left m",
                        20,
                        "{cpu=0,host=x}",
                        10.0,
                        "{cpu=1,host=x}",
                        20.0,
                        "{cpu=0,host=y}",
                        60.0),
                row(
                        "h * on(host) group_right m",
                        20,
                        "{cpu=0,host=x}",
                        10.0,
                        "{cpu=1,host=x}",
                        20.0,
                        "{cpu=0,host=y}",
                        60.0),
                row("sum by (host) (m)", 20, "{host=x}", 3.0, "{host=y}", 3.0),
                row("g and h", 20, "{__name__=g,host=x}", 2.0, "{__name__=g,host=y}", 8.0),
                row("g unless on(host) g{host=\"x\"}", 20, "{__name__=g,host=y}", 8.0),
                row("g{host=\"x\"} or h", 20, "{__name__=g,host=x}", 2.0, "{__name__=h,host=y}", 20.0),
                row("g offset 10s", 20, "{__name__=g,host=x}", 3.0, "{__name__=g,host=y}", 6.0),
                row("rate(c{job=\"a\"}[1m] offset 15s)", 75, "{job=a}", 1.0),
                // default lookback 5m: the sample at 20s still counts at 300s, not at 320s
                row("g{host=\"x\"}", 300, "{__name__=g,host=x}", 2.0),
                row("g{host=\"x\"}", 320.5),
                row("g{host=~\"x|z\"}", 20, "{__name__=g,host=x}", 2.0),
                row("g{host!~\"x\"}", 20, "{__name__=g,host=y}", 8.0),
                row("g{host!=\"x\"}", 20, "{__name__=g,host=y}", 8.0),
                // regexes are fully anchored: "x." does not match "x"
                row("g{host=~\"x.\"}", 20),
                row("g{host=\"\"}", 20),
                row("g{nolabel=\"\"}", 20, "{__name__=g,host=x}", 2.0, "{__name__=g,host=y}", 8.0),
                // 50 observations, rank 25 falls in (0.1, 0.5] holding 20 of them, 15 in: 0.1 + 0.4 * 15 / 20
                row("histogram_quantile(0.5, lat)", 20, "{}", 0.4),
                // rank 45 falls in (1, +Inf]: the answer is the highest finite bound
                row("histogram_quantile(0.95, lat)", 20, "{}", 1.0),
                row("abs(-g)", 20, "{host=x}", 2.0, "{host=y}", 8.0),
                row("sqrt(g{host=\"y\"} * 2)", 20, "{host=y}", 4.0),
                row("clamp_max(g, 5)", 20, "{host=x}", 2.0, "{host=y}", 5.0),
                row("clamp_min(g, 5)", 20, "{host=x}", 5.0, "{host=y}", 8.0),
                row("round(g / 3)", 20, "{host=x}", 1.0, "{host=y}", 3.0),
                row("vector(1 + 2 * 3)", 20, "{}", 7.0),
                row("vector(-2 ^ 2)", 20, "{}", -4.0),
                row("vector(2 ^ 3 ^ 2)", 20, "{}", 512.0),
                row("vector(time())", 20, "{}", 20.0),
                row("g - scalar(h{host=\"x\"})", 20, "{host=x}", -8.0, "{host=y}", -2.0),
                // subquery points at -10s, 0s, 10s, 20s (multiples of 10s): x reads -, 1, 3, 2; (-10s, 20s] -> max 3
                row("max_over_time(g{host=\"x\"}[30s:10s])", 20, "{host=x}", 3.0),
                // (0s, 20s] keeps the points at 10s and 20s: 3 + 2
                row("sum_over_time(g{host=\"x\"}[20s:10s])", 20, "{host=x}", 5.0),
                // subquery points at the raw sample times reproduce the raw rate
                row("rate(c{job=\"a\"}[1m:15s])", 60, "{job=a}", 1.0),
                row("max_over_time(sum(g)[30s:10s])", 20, "{}", 10.0),
                // GreptimeDB's planner ignores @ (GreptimeDB v1.0.0 answers g @ 5 as g): g at 20s
                row("g @ 10", 20, "{__name__=g,host=x}", 2.0, "{__name__=g,host=y}", 8.0),
                // the window stays (70s, 100s]: no sample
                row("sum_over_time(g{host=\"x\"}[30s] @ 10)", 100),
                // offset still applies: the newest sample at or before 90s
                row("g{host=\"x\"} @ 20 offset 10s", 100, "{__name__=g,host=x}", 2.0),
                row(
                        "label_replace(g, \"dc\", \"dc-$1\", \"host\", \"(.*)\")",
                        20,
                        "{__name__=g,dc=dc-x,host=x}",
                        2.0,
                        "{__name__=g,dc=dc-y,host=y}",
                        8.0),
                // a regex that does not match: GreptimeDB (unlike Prometheus, which leaves the label unset)
                // plans DataFusion's regexp_replace, which returns the source value unchanged
                row(
                        "label_replace(g, \"hx\", \"is-x\", \"host\", \"x\")",
                        20,
                        "{__name__=g,host=x,hx=is-x}",
                        2.0,
                        "{__name__=g,host=y,hx=y}",
                        8.0),
                row(
                        "label_join(m{host=\"y\"}, \"hc\", \"-\", \"host\", \"cpu\")",
                        20,
                        "{__name__=m,cpu=0,hc=y-0,host=y}",
                        3.0),
                row("absent(g{host=\"z\"})", 20, "{host=z}", 1.0),
                row("absent(g)", 20),
                row("sort_desc(g)", 20, "{host=y}", 8.0, "{host=x}", 2.0),
                row("absent(nosuch)", 20, "{}", 1.0),
                // y: 4, 6, 8 at 0s, 10s, 20s lies on v = 4 + 0.2 t
                row("deriv(g{host=\"y\"}[30s])", 20, "{host=y}", 0.2),
                row("predict_linear(g{host=\"y\"}[30s], 10)", 20, "{host=y}", 10.0),
                // c{job=a} is v = t: 60s ahead of 60s it predicts 120
                row("predict_linear(c{job=\"a\"}[1m], 60)", 60, "{job=a}", 120.0),
                // GreptimeDB plans absent_over_time as a range function over the series the selector reads
                // (not Prometheus' labelled sample): no series gives nothing, and a series is evaluated only
                // from its first scanned sample to its last + range; a real v1.0.0 answers all three empty
                row("absent_over_time(g{host=\"z\"}[1m])", 20),
                row("absent_over_time(g[1m])", 20),
                row("absent_over_time(g[5s])", 25),
                // the sample read at 25s is the one from 20s; an offset reads the 10s one
                row("timestamp(g{host=\"x\"})", 25, "{host=x}", 20.0),
                row("timestamp(g{host=\"x\"} offset 10s)", 25, "{host=x}", 10.0),
                // not a selector: the evaluation time
                row("timestamp(-g{host=\"x\"})", 25, "{host=x}", 25.0));
    }

    @ParameterizedTest(name = "{0} at {1}s")
    @MethodSource("table")
    void query_givesPrometheusSamples(String query, double at, Map<String, Double> expected) {
        Map<String, Double> actual = PromJsonTest.instantVector(f, query, at);
        assertThat(actual.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
        expected.forEach(
                (labels, v) -> assertThat(actual.get(labels)).as(labels).isCloseTo(v, within(1e-9)));
    }

    @Test
    void rangeEvaluation_stepsThroughStartToEnd() {
        PromFixture.Result r = f.tql("TQL EVAL (0, 30, '10s') g{host=\"x\"}");
        // 30s still sees the 20s sample through the 5m lookback
        assertThat(r.samples()).extracting(PromFixture.Sample::timeMs).containsExactly(0L, 10000L, 20000L, 30000L);
        assertThat(r.samples()).extracting(PromFixture.Sample::value).containsExactly(1.0, 3.0, 2.0, 2.0);
    }

    @Test
    void rateOverRange_isOnePerSecondAtEveryFullWindow() {
        PromFixture.Result r = f.tql("TQL EVAL (60, 90, '15s') rate(c{job=\"a\"}[1m])");
        // 75s: window (15s, 75s] holds 30, 45, 60 (30 over 30s); both edges are 15s away (< 1.1 * 15s
        // gap) so it extends to the full 60s: 60 / 60s. 90s: window (30s, 90s] holds 45, 60 (15 over 15s);
        // the start is 15s away (extended), the end 30s away (only half a gap, 7.5s): 15 * 37.5 / 15 / 60s
        assertThat(r.samples()).extracting(PromFixture.Sample::timeMs).containsExactly(60000L, 75000L, 90000L);
        assertThat(r.samples().get(0).value()).isCloseTo(1.0, within(1e-9));
        assertThat(r.samples().get(1).value()).isCloseTo(1.0, within(1e-9));
        assertThat(r.samples().get(2).value()).isCloseTo(15.0 * 37.5 / 15 / 60, within(1e-9));
    }

    @Test
    void atStartAndEnd_areParsedAndIgnoredAsGreptimeDbsPlannerDoes() {
        // planner.rs binds a selector's @ to `_` on every line: each step reads its own time
        assertThat(f.tql("TQL EVAL (0, 20, '10s') g{host=\"x\"} @ end()").samples())
                .extracting(PromFixture.Sample::value)
                .containsExactly(1.0, 3.0, 2.0);
        assertThat(f.tql("TQL EVAL (0, 20, '10s') g{host=\"x\"} @ start()").samples())
                .extracting(PromFixture.Sample::value)
                .containsExactly(1.0, 3.0, 2.0);
    }

    @Test
    void columns_followGreptimeDbLayouts() {
        assertThat(f.tql("TQL EVAL (20, 20, '1s') g").columns()).containsExactly("v", "ts", "host");
        assertThat(f.tql("TQL EVAL (20, 20, '1s') g{__field__=\"v\"}").columns())
                .containsExactly("v", "host", "ts");
        // GreptimeDB's extrapolating functions also take the time index and the range (in milliseconds)
        assertThat(f.tql("TQL EVAL (20, 20, '1s') rate(g[1m])").columns())
                .containsExactly("ts", "prom_rate(ts_range,v,ts,Int64(60000))", "host");
        assertThat(f.tql("TQL EVAL (20, 20, '1s') quantile_over_time(0.2 + 0.3, g[1m])")
                        .columns())
                .containsExactly("ts", "prom_quantile_over_time(ts_range,v,Float64(0.2) + Float64(0.3))", "host");
        assertThat(f.tql("TQL EVAL (20, 20, '1s') round(g)").columns())
                .containsExactly("ts", "prom_round(v,Float64(0))", "host");
        assertThat(f.tql("TQL EVAL (20, 20, '1s') sgn(g)").columns()).containsExactly("ts", "signum(v)", "host");
        assertThat(f.tql("TQL EVAL (20, 20, '1s') time() + 1").columns())
                .containsExactly("time", "time / Float64(1000) + Float64(1)");
        assertThat(f.tql("TQL EVAL (20, 20, '1s') hour()").columns())
                .containsExactly("time", "date_part(Utf8(\"hour\"),time)");
        assertThat(f.tql("TQL EVAL (20, 20, '1s') sum by (host) (g)").columns())
                .containsExactly("host", "ts", "sum(g.v)");
        assertThat(f.tql("TQL EVAL (20, 20, '1s') sum by (host) (g) AS total").columns())
                .containsExactly("total", "host", "ts");
        assertThat(f.tql("TQL EVAL (20, 20, '1s') nosuchmetric").columns()).containsExactly("time", "value");
    }

    @Test
    void bareSelector_onSeveralFields_returnsEveryField() {
        f.sql(
                "CREATE TABLE wide (host STRING PRIMARY KEY, ts TIMESTAMP TIME INDEX, a DOUBLE, b DOUBLE)",
                "INSERT INTO wide VALUES ('h', 0, 1, 10), ('h', 10000, 2, NULL)");
        PromFixture.Result r = f.tql("TQL EVAL (0, 10, '10s') wide");
        assertThat(r.columns()).containsExactly("host", "ts", "a", "b");
        // at 10s the row read is the 10s one, b NULL in it: a NULL field is a sample, not skipped (a real
        // v1.0.0 answers a NULL there rather than the 0s value)
        assertThat(r.samples()).hasSize(2);
        assertThat(f.tql("TQL EVAL (0, 10, '10s') wide{__field__=\"b\"}").columns())
                .containsExactly("b", "host", "ts");
        // an aggregation applies to every field: one value column per field (the sample's value is the last, b)
        PromFixture.Result sum = f.tql("TQL EVAL (0, 0, '10s') sum(wide)");
        assertThat(sum.columns()).containsExactly("ts", "sum(wide.a)", "sum(wide.b)");
        assertThat(sum.samples()).extracting(PromFixture.Sample::value).containsExactly(10.0);
        // a function drops the rows where any field is NULL (b at 10s)
        assertThat(f.tql("TQL EVAL (0, 10, '10s') abs(wide)").samples())
                .extracting(PromFixture.Sample::timeMs)
                .containsExactly(0L);
    }

    @Test
    void nullFieldValues_areSamples() {
        // n: 1 at 0s, NULL at 5s, 4 at 10s; every row is a sample, NULL ones included
        f.sql(
                "CREATE TABLE n (host STRING PRIMARY KEY, ts TIMESTAMP TIME INDEX, v DOUBLE)",
                "INSERT INTO n VALUES ('h', 0, 1), ('h', 5000, NULL), ('h', 10000, 4)");
        // the selector takes the NULL row at 5s (no look-back to 1): an operator answers NULL for it
        assertThat(f.tql("TQL EVAL (0, 10, '5s') n + 1").samples())
                .extracting(PromFixture.Sample::value)
                .containsExactly(2.0, Double.NaN, 5.0);
        // a function's NULL result is filtered out
        assertThat(f.tql("TQL EVAL (0, 10, '5s') abs(n)").samples())
                .extracting(PromFixture.Sample::timeMs)
                .containsExactly(0L, 10000L);
        // count_over_time counts the NULL row; sum_over_time skips it; rate reads it as 0 (1 -> 0 is a reset):
        // (0 - 1 + 1) over the 5s sampled, extrapolated to the 10s window: 0
        assertThat(f.tql("TQL EVAL (5, 5, '5s') count_over_time(n[10s])").samples())
                .extracting(PromFixture.Sample::value)
                .containsExactly(2.0);
        assertThat(f.tql("TQL EVAL (5, 5, '5s') sum_over_time(n[10s])").samples())
                .extracting(PromFixture.Sample::value)
                .containsExactly(1.0);
        assertThat(f.tql("TQL EVAL (5, 5, '5s') increase(n[10s])").samples())
                .extracting(PromFixture.Sample::value)
                .containsExactly(0.0);
        // an aggregation skips NULLs; count of a NULL sample only is 0
        assertThat(f.tql("TQL EVAL (5, 5, '5s') count(n)").samples())
                .extracting(PromFixture.Sample::value)
                .containsExactly(0.0);
        f.sql("DROP TABLE n");
    }

    @Test
    void tqlParameters_acceptRfc3339AndSqlExpressions() {
        PromFixture.Result r = f.tql("TQL EVAL ('1970-01-01T00:00:10Z', '1970-01-01T00:00:00'::timestamp"
                + " + interval '20 seconds', 10) g{host=\"y\"}");
        assertThat(r.samples()).extracting(PromFixture.Sample::timeMs).containsExactly(10000L, 20000L);
        assertThat(r.samples()).extracting(PromFixture.Sample::value).containsExactly(6.0, 8.0);
    }

    @Test
    void count_isAnInteger() {
        PromFixture.Result r = f.tql("TQL EVAL (20, 20, '1s') count(g)");
        assertThat(r.columns()).containsExactly("ts", "count(g.v)");
        assertThat(r.samples()).extracting(PromFixture.Sample::value).containsExactly(2.0);
    }
}
