package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** GreptimeDB's range queries on the engine: slots, series, fills and the refusals. */
class RangeQueryTest {
    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
        f.update("CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v BIGINT)");
        // a gap at 10s for h1: slots 5s..10s have no rows there
        f.update("INSERT INTO m VALUES (0, 'h1', 1), (4000, 'h1', 2), (15000, 'h1', 4), (0, 'h2', 10)");
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private List<String> rows(String sql) {
        return f.query(sql).rows().stream()
                .map(r -> String.join(",", Arrays.asList(r.toArray(new String[0]))))
                .toList();
    }

    @Test
    void rowsFeedEverySlotTheirRangeCovers_andEachSeriesOnlyItsOwnSlots() {
        // range 10s, align 5s: the row at 4s feeds slots 0s and -5s; the row at 15s slots 15s and 10s
        assertThat(rows("SELECT ts, host, sum(v) RANGE '10s' FROM m ALIGN '5s' ORDER BY host, ts"))
                .containsExactly(
                        "1969-12-31T23:59:55,h1,3",
                        "1970-01-01T00:00:00,h1,3",
                        "1970-01-01T00:00:10,h1,4",
                        "1970-01-01T00:00:15,h1,4",
                        "1969-12-31T23:59:55,h2,10",
                        "1970-01-01T00:00:00,h2,10");
    }

    @Test
    void aFill_addsTheMissingSlotsBetweenASeriesFirstAndLast() {
        assertThat(rows("SELECT ts, min(v) RANGE '5s' FROM m WHERE host = 'h1' ALIGN '5s' FILL PREV ORDER BY ts"))
                .containsExactly(
                        "1970-01-01T00:00:00,1",
                        "1970-01-01T00:00:05,1",
                        "1970-01-01T00:00:10,1",
                        "1970-01-01T00:00:15,4");
        assertThat(rows("SELECT ts, min(v) RANGE '5s' FILL LINEAR FROM m WHERE host = 'h1' ALIGN '5s' ORDER BY ts"))
                .containsExactly(
                        "1970-01-01T00:00:00,1.0",
                        "1970-01-01T00:00:05,2.0",
                        "1970-01-01T00:00:10,3.0",
                        "1970-01-01T00:00:15,4.0");
        assertThat(rows("SELECT ts, min(v) RANGE '5s' FILL 7 FROM m WHERE host = 'h1' ALIGN '5s' ORDER BY ts"))
                .containsExactly(
                        "1970-01-01T00:00:00,1",
                        "1970-01-01T00:00:05,7",
                        "1970-01-01T00:00:10,7",
                        "1970-01-01T00:00:15,4");
    }

    @Test
    void emptySlotsOfACount_areZero() {
        assertThat(rows("SELECT ts, count(v) RANGE '5s' FILL NULL FROM m WHERE host = 'h1' ALIGN '5s' ORDER BY ts"))
                .containsExactly(
                        "1970-01-01T00:00:00,2",
                        "1970-01-01T00:00:05,0",
                        "1970-01-01T00:00:10,0",
                        "1970-01-01T00:00:15,1");
    }

    @Test
    void columnNames_areGreptimeDbs() {
        assertThat(f
                        .query("SELECT ts, host, min(v) RANGE '5s' FILL NULL, 2 * max(v) RANGE '5s' FROM m ALIGN '5s'")
                        .schema()
                        .getFields()
                        .stream()
                        .map(x -> x.getName())
                        .toList())
                .containsExactly("ts", "host", "min(m.v) RANGE 5s FILL NULL", "Int64(2) * max(m.v) RANGE 5s");
    }

    @Test
    void malformedRangeQueries_areRefusedAsGreptimeDbRefusesThem() {
        f.fails(
                "SELECT min(v) RANGE '5s' FROM m",
                StatusCode.INVALID_SYNTAX,
                "Invalid SQL syntax: sql parser error: ALIGN argument cannot be omitted in the range select query");
        f.fails(
                "SELECT min(v) FROM m ALIGN '5s'",
                StatusCode.INVALID_SYNTAX,
                "Invalid SQL syntax: sql parser error: Illegal Range select, no RANGE keyword found in any SelectItem");
        f.fails(
                "SELECT min(v) RANGE 'soon' FROM m ALIGN '5s'",
                StatusCode.INVALID_SYNTAX,
                "Invalid SQL syntax: sql parser error: not a valid duration string: soon");
        f.fails(
                "SELECT min(v) RANGE '0s' FROM m ALIGN '5s'",
                StatusCode.PLAN_QUERY,
                "Error during planning: duration must be greater than 0");
        f.fails(
                "SELECT min(v) * 2 RANGE '10s' FROM m ALIGN '5s'",
                StatusCode.INVALID_SYNTAX,
                "Invalid SQL syntax: sql parser error: Can't use the RANGE keyword in Expr 2 without function");
        f.fails(
                "SELECT min(v) RANGE (INTERVAL '1 month') FROM m ALIGN '5s'",
                StatusCode.PLAN_QUERY,
                "Error during planning: Year or month interval is not allowed in range query:"
                        + " IntervalMonthDayNano(\"IntervalMonthDayNano { months: 1, days: 0, nanoseconds: 0 }\")");
        f.fails(
                "SELECT min(v) RANGE '5s' FROM m ALIGN '5s' FILL 3.5",
                StatusCode.PLAN_QUERY,
                "Error during planning: 3.5 is not a valid fill option, fail to convert to a const value. { Arrow"
                        + " error: Cast error: Cannot cast string '3.5' to value of Int64 type }");
        f.fails(
                "SELECT min(v) RANGE '5s', max(v) FROM m ALIGN '5s'",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "No field named \"max(m.v)\". Valid fields are \"min(m.v) RANGE 5s\", m.ts, m.host.");
    }
}
