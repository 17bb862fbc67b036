package io.greptime.jdbc.tck.engine.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text side of flows: GreptimeDB's normalized query text, intervals and window alignment. */
class FlowTextTest {

    @Test
    void normalize_printsLikeGreptimeDbsParser() {
        assertThat(FlowQuery.normalize("select\n  sum(number) as sumup, /* c */ ts as event_time\nfrom t -- x\n"
                        + "where number > -2 and host in ('a','b')\ngroup by ts;"))
                .isEqualTo(
                        "SELECT sum(number) AS sumup, ts AS event_time FROM t WHERE number > -2 AND host IN ('a', 'b')"
                                + " GROUP BY ts");
        assertThat(FlowQuery.normalize("SELECT date_bin(INTERVAL '1 second', ts, '2021-07-01 00:00:00') AS w FROM t"))
                .isEqualTo("SELECT date_bin(INTERVAL '1 second', ts, '2021-07-01 00:00:00') AS w FROM t");
        assertThat(FlowQuery.normalize("SELECT a - 1, count(*) FROM \"T\""))
                .isEqualTo("SELECT a - 1, count(*) FROM \"T\"");
    }

    @Test
    void intervals_areSecondsAndRejectMonths() {
        assertThat(IntervalText.seconds("1 hour")).isEqualTo(3600);
        assertThat(IntervalText.seconds("1m")).isEqualTo(60);
        assertThat(IntervalText.seconds("1 day 2 hours")).isEqualTo(93600);
        assertThatThrownBy(() -> IntervalText.seconds("2 months"))
                .isInstanceOfSatisfying(
                        GreptimeError.class, e -> assertThat(e.status()).isEqualTo(StatusCode.INVALID_ARGUMENTS));
        assertThatThrownBy(() -> IntervalText.seconds("soon")).isInstanceOf(GreptimeError.class);
    }

    @Test
    void windows_alignLikeDateBinAndDateTrunc() {
        FlowQuery bin = FlowQuery.analyze("SELECT count(*), date_bin(INTERVAL '10 seconds', ts, '2021-07-01 00:00:01')"
                + " AS w FROM t GROUP BY w");
        assertThat(bin.aggregate).isTrue();
        assertThat(bin.windowItem).isEqualTo(1);
        long ts = micros("2021-07-01T00:00:25.5Z");
        assertThat(bin.window.windowOf(ts))
                .containsExactly(micros("2021-07-01T00:00:21Z"), micros("2021-07-01T00:00:31Z"));
        assertThat(bin.window.windowOf(micros("1969-12-31T23:59:59Z"))[0]).isLessThan(micros("1969-12-31T23:59:59Z"));

        TimeWindow week = FlowQuery.analyze("SELECT max(v), date_trunc('week', ts) AS w FROM t GROUP BY w").window;
        // 2024-05-01 is a Wednesday: its ISO week starts on Monday 2024-04-29.
        assertThat(week.windowOf(micros("2024-05-01T12:00:00Z")))
                .containsExactly(micros("2024-04-29T00:00:00Z"), micros("2024-05-06T00:00:00Z"));
        TimeWindow month = FlowQuery.analyze("SELECT max(v), date_trunc('month', ts) AS w FROM t GROUP BY w").window;
        assertThat(month.windowOf(micros("2024-02-29T23:00:00Z")))
                .containsExactly(micros("2024-02-01T00:00:00Z"), micros("2024-03-01T00:00:00Z"));

        FlowQuery plain = FlowQuery.analyze("SELECT number AS n FROM db.t WHERE number > 10");
        assertThat(plain.aggregate).isFalse();
        assertThat(plain.window).isNull();
        assertThat(plain.sources).containsExactly(new String[] {"db", "t"});
    }

    @Test
    void restrict_wrapsEverySourceReferenceKeepingAliases() {
        String f = "gt_src.\"ts\" >= make_timestamp(0)";
        assertThat(PassSql.restrict("SELECT count(*) FROM t GROUP BY x", f))
                .isEqualTo("SELECT count(*) FROM (SELECT * FROM t AS gt_src WHERE " + f + ") AS \"t\" GROUP BY x");
        assertThat(PassSql.restrict("SELECT s.v FROM public.t s WHERE s.v > 1", f))
                .isEqualTo("SELECT s.v FROM (SELECT * FROM public.t AS gt_src WHERE " + f + ") s WHERE s.v > 1");
        assertThat(PassSql.ranges("ts", List.of(new long[] {1, 2}), null))
                .isEqualTo("((gt_src.\"ts\" >= make_timestamp(1) AND gt_src.\"ts\" < make_timestamp(2)))");
    }

    private static long micros(String iso) {
        Instant i = Instant.parse(iso);
        return i.getEpochSecond() * 1_000_000 + i.getNano() / 1000;
    }
}
