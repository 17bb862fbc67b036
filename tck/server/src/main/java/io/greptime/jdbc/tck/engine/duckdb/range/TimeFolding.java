package io.greptime.jdbc.tck.engine.duckdb.range;

import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.time.IntervalValue;

/**
 * Folds constant time expressions the way DataFusion's simplifier does for GreptimeDB's ALIGN TO:
 * {@code now()}, intervals without months, their sums and differences; timestamps minus timestamps are
 * durations. Results are milliseconds (a timestamp's since the epoch); null when not foldable.
 */
final class TimeFolding {
    private TimeFolding() {}

    /** [millis, isTimestamp] or null. */
    private static long[] fold(Expr e, long now) {
        if (e instanceof SqlAst.Nested n) {
            return fold(n.expr(), now);
        }
        if (e instanceof SqlAst.Call c && c.name().equals("now") && c.args().isEmpty()) {
            return new long[] {now, 1};
        }
        IntervalValue iv = RangeDurations.interval(e);
        if (iv != null) {
            if (iv.months() != 0) {
                return null;
            }
            return new long[] {iv.days() * 86_400_000L + Math.floorDiv(iv.nanos(), 1_000_000L), 0};
        }
        if (e instanceof SqlAst.Binary b && (b.op().equals("+") || b.op().equals("-"))) {
            long[] l = fold(b.left(), now);
            long[] r = fold(b.right(), now);
            if (l == null || r == null) {
                return null;
            }
            long value = b.op().equals("+") ? l[0] + r[0] : l[0] - r[0];
            boolean ts = b.op().equals("+") ? l[1] + r[1] == 1 : l[1] == 1 && r[1] == 0;
            return new long[] {value, ts ? 1 : 0};
        }
        return null;
    }

    static Long millis(Expr e) {
        long[] v = fold(e, System.currentTimeMillis());
        return v == null ? null : v[0];
    }
}
