package io.greptime.jdbc.tck.promql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Vector operators, scalar(), @ and holt_winters as GreptimeDB's planner evaluates them, on the v1.0 line.
 * Every expected answer was read from a running GreptimeDB v1.0.0 (TQL EVAL (0, 10, '5s') over /v1/sql) on
 * these same tables; where Prometheus would answer otherwise, the comment says so.
 */
class PromqlJoinSemanticsTest {
    private static final BufferAllocator ALLOC = new RootAllocator();
    private static final DuckDbEngine ENGINE = DuckDbEngine.inMemory();
    private static final QueryContext V1_0 = QueryContext.defaults().withProfile(ServerProfile.V1_0);

    @BeforeAll
    static void data() {
        for (String s : List.of(
                "CREATE TABLE g (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)",
                "INSERT INTO g VALUES (0,'a',1),(5000,'a',2),(10000,'a',3),(0,'b',4),(5000,'b',5),(10000,'b',6)",
                "CREATE TABLE g2 (ts TIMESTAMP TIME INDEX, host STRING, dc STRING, v DOUBLE, PRIMARY KEY(host, dc))",
                "INSERT INTO g2 VALUES (0,'a','x',10),(0,'a','y',20),(0,'b','x',30),(5000,'a','x',11),"
                        + "(5000,'a','y',21),(5000,'b','x',31),(10000,'a','x',12),(10000,'a','y',22),(10000,'b','x',32)")) {
            Output o = ENGINE.execute(V1_0, s, ALLOC);
            if (o instanceof Output.Rows rows) {
                PromFixture.read(rows.reader());
            }
        }
    }

    @AfterAll
    static void close() {
        ENGINE.close();
        ALLOC.close();
    }

    private static PromFixture.Result tql(String promql) {
        Output o = ENGINE.execute(V1_0, "TQL EVAL (0, 10, '5s') " + promql, ALLOC);
        return PromFixture.read(((Output.Rows) o).reader());
    }

    private static List<String> rows(PromFixture.Result r) {
        return r.samples().stream()
                .map(s -> s.labels() + "@" + s.timeMs() + "=" + s.value())
                .sorted()
                .toList();
    }

    @Test
    void vectorsJoinOnTheRightSidesTags_manyToMany_keepingThem() {
        // Prometheus matches no series here (label sets differ); GreptimeDB joins g2's rows to g's on host
        PromFixture.Result r = tql("g2 + g");
        assertThat(r.columns()).containsExactly("host", "ts", "g2.v + g.v");
        assertThat(rows(r))
                .containsExactly(
                        "{host=a}@0=11.0",
                        "{host=a}@0=21.0",
                        "{host=a}@10000=15.0",
                        "{host=a}@10000=25.0",
                        "{host=a}@5000=13.0",
                        "{host=a}@5000=23.0",
                        "{host=b}@0=34.0",
                        "{host=b}@10000=38.0",
                        "{host=b}@5000=36.0");
        // on(host) narrows the join; the right side's tags (host, dc) stay on the result
        PromFixture.Result on = tql("g + on(host) g2");
        assertThat(on.columns()).containsExactly("host", "dc", "ts", "g.v + g2.v");
        assertThat(on.samples()).hasSize(9);
        // group_left changes nothing: the same join as without it
        assertThat(rows(tql("g * on(host) group_left g2"))).hasSize(9).contains("{dc=x, host=b}@10000=192.0");
    }

    @Test
    void aJoinOnATagTheLeftLacks_failsToPlan() {
        GreptimeError e = catchThrowableOfType(GreptimeError.class, () -> tql("g + g2"));
        assertThat(e).isNotNull();
        assertThat(e.status()).isEqualTo(StatusCode.PLAN_QUERY);
        assertThat(e.getMessage())
                .isEqualTo("Internal error during building DataFusion plan: No field named dc. Valid fields are g.ts,"
                        + " g.host, g.v.");
    }

    @Test
    void comparisonsFilterTheJoinAndKeepTheLeftRows() {
        PromFixture.Result r = tql("g2 > g");
        assertThat(r.columns()).containsExactly("ts", "v", "host", "dc");
        assertThat(rows(r)).hasSize(9).contains("{dc=y, host=a}@0=20.0", "{dc=x, host=b}@10000=32.0");
    }

    @Test
    void aSideWithoutTags_joinsOnTimeOnly_andTheRightSideNamesTheResult() {
        PromFixture.Result r = tql("g + vector(1)");
        assertThat(r.columns()).containsExactly("time", "g.v + .greptime_value");
        assertThat(r.samples())
                .extracting(PromFixture.Sample::value)
                .containsExactlyInAnyOrder(2.0, 3.0, 4.0, 5.0, 6.0, 7.0);
    }

    @Test
    void atIsParsedAndIgnored() {
        assertThat(rows(tql("g @ 5"))).isEqualTo(rows(tql("g")));
        assertThat(rows(tql("max_over_time(g[10s:5s] @ 5)"))).isEqualTo(rows(tql("max_over_time(g[10s:5s])")));
    }

    @Test
    void holtWinters_needsThreeSamples() {
        PromFixture.Result r = tql("holt_winters(g[1m], 0.5, 0.5)");
        assertThat(r.columns())
                .containsExactly(
                        "ts", "prom_double_exponential_smoothing(ts_range,v,Float64(0.5),Float64(0.5))", "host");
        Map<String, Double> at10 = new java.util.TreeMap<>();
        r.samples().stream()
                .filter(s -> s.timeMs() == 10000)
                .forEach(s -> at10.put(s.labels().get("host"), s.value()));
        // Prometheus smooths 1, 2, 3 (sf = tf = 0.5) to 3; windows of one or two samples give NaN (null over HTTP)
        assertThat(at10).containsExactly(Map.entry("a", 3.0), Map.entry("b", 6.0));
        assertThat(r.samples()).filteredOn(s -> s.timeMs() < 10000).allMatch(s -> Double.isNaN(s.value()));
        // a window that keeps two samples, (0s, 10s]
        assertThat(tql("double_exponential_smoothing(g[10s], 0.5, 0.1)").samples())
                .allMatch(s -> Double.isNaN(s.value()));
    }

    @Test
    void smoothing_followsGreptimeDbsImplementation() {
        // src/promql/src/functions/double_exponential_smoothing.rs: factors out of [0, 1] saturate
        assertThat(Smoothing.smooth(new double[] {1, 2, 3}, 0, 3, -0.1, 0.5)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(Smoothing.smooth(new double[] {1, 2, 3}, 0, 3, 0.5, 1.5)).isEqualTo(Double.POSITIVE_INFINITY);
        // 1, 2, 4, sf 0.5, tf 0.5: s1 = 1, b = 1; then 0.5*2 + 0.5*(1+1) = 2; b = 0.5*1 + 0.5*1 = 1;
        // 0.5*4 + 0.5*(2+1) = 3.5
        assertThat(Smoothing.smooth(new double[] {1, 2, 4}, 0, 3, 0.5, 0.5)).isEqualTo(3.5);
    }

    @Test
    void scalarOfAVector_joinsOnTime() {
        PromFixture.Result r = tql("g + scalar(g{host=\"a\"})");
        // both sides read g: the join aliases them lhs/rhs, and the vector's tags stay
        assertThat(r.columns()).containsExactly("host", "ts", "lhs.v + rhs.scalar(v)");
        assertThat(tql("scalar(g{host=\"a\"}) + g").columns()).containsExactly("host", "ts", "lhs.scalar(v) + rhs.v");
        assertThat(rows(r))
                .containsExactly(
                        "{host=a}@0=2.0",
                        "{host=a}@10000=6.0",
                        "{host=a}@5000=4.0",
                        "{host=b}@0=5.0",
                        "{host=b}@10000=9.0",
                        "{host=b}@5000=7.0");
        // more than one series at a step: NaN
        assertThat(tql("scalar(g)").samples()).allMatch(s -> Double.isNaN(s.value()));
    }

    @Test
    void countValues_countsPerValueIntoAFloatColumn() {
        PromFixture.Result r = tql("count_values(\"val\", round(g / 10))");
        assertThat(r.columns()).containsExactly("count(prom_round(v / Float64(10),Float64(0)))", "ts", "val");
        assertThat(r.types().get(0)).isEqualTo(new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true));
        // rounded values: a 0, 0, 0 and b 0, 1 (0.5 rounds away from zero), 1: at 0s both count into one row
        // (count 2); sorted by time, then value (the fixture reads the last numeric column, val)
        assertThat(r.samples())
                .extracting(s -> s.timeMs() + ":" + s.value())
                .containsExactly("0:0.0", "5000:0.0", "5000:1.0", "10000:0.0", "10000:1.0");
        PromFixture.Result by = tql("count_values without (host) (\"x\", g2)");
        assertThat(by.columns()).containsExactly("count(g2.v)", "dc", "ts", "x");
        assertThat(by.samples()).hasSize(9);
    }
}
