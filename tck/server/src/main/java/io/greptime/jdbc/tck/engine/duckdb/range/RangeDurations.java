package io.greptime.jdbc.tck.engine.duckdb.range;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.sql.SchemaNames;
import io.greptime.jdbc.tck.engine.duckdb.time.IntervalValue;
import io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals;
import java.time.Instant;
import java.time.ZoneId;

/**
 * RANGE and ALIGN durations and the ALIGN TO origin, as GreptimeDB evaluates them: a string is a
 * Prometheus duration ({@code 5s}, {@code 1h30m}); an expression must fold to an interval without months;
 * the origin defaults to the epoch in the session time zone, and may be NOW, a timestamp string or
 * an interval/timestamp expression.
 */
final class RangeDurations {
    private RangeDurations() {}

    static long duration(Expr e, SchemaNames names) {
        if (e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING) {
            if (!l.text().matches("(\\d+(ms|s|m|h|d|w|y))+")) {
                throw new GreptimeError(
                        StatusCode.INVALID_SYNTAX,
                        "Invalid SQL syntax: sql parser error: not a valid duration string: " + l.text());
            }
            long ms = io.greptime.jdbc.tck.promql.PromTimes.parseDurationMs(l.text());
            if (ms <= 0) {
                throw RangeChecks.plan("duration must be greater than 0");
            }
            return ms;
        }
        if (!intervalOnly(e)) {
            throw RangeChecks.plan("Illegal argument `" + names.name(e) + "` in range select query");
        }
        IntervalValue v = interval(e);
        if (v == null) {
            throw RangeChecks.plan(names.name(e) + " is not a expr can be evaluate and use in range query");
        }
        if (v.months() != 0) {
            throw RangeChecks.plan("Year or month interval is not allowed in range query: " + names.name(e));
        }
        long ms = v.days() * 86_400_000L + Math.floorDiv(v.nanos(), 1_000_000L);
        if (ms <= 0) {
            throw RangeChecks.plan("Illegal argument `" + names.name(e) + "` in range select query");
        }
        return ms;
    }

    /** Whether every leaf of the expression is an interval (GreptimeDB's {@code interval_only_in_expr}). */
    private static boolean intervalOnly(Expr e) {
        if (e instanceof SqlAst.Nested n) {
            return intervalOnly(n.expr());
        } else if (e instanceof SqlAst.Binary b) {
            return intervalOnly(b.left()) && intervalOnly(b.right());
        }
        return e instanceof SqlAst.Interval
                || e instanceof SqlAst.Cast c && c.type().name().equals("interval");
    }

    /** Folds an interval expression (literals, casts of strings to INTERVAL, sums and differences). */
    static IntervalValue interval(Expr e) {
        if (e instanceof SqlAst.Nested n) {
            return interval(n.expr());
        } else if (e instanceof SqlAst.Interval i) {
            return IntervalValue.of(i);
        } else if (e instanceof SqlAst.Cast c && c.type().name().equals("interval")) {
            if (c.expr() instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING) {
                return IntervalValue.parse(IntervalValue.expand(l.text()));
            }
            return interval(c.expr());
        } else if (e instanceof SqlAst.Binary b && (b.op().equals("+") || b.op().equals("-"))) {
            IntervalValue l = interval(b.left());
            IntervalValue r = interval(b.right());
            if (l == null || r == null) {
                return null;
            }
            int sign = b.op().equals("+") ? 1 : -1;
            return new IntervalValue(
                    l.months() + sign * r.months(), l.days() + sign * r.days(), l.nanos() + sign * r.nanos());
        }
        return null;
    }

    static long alignTo(Expr to, ZoneId zone, SchemaNames names) {
        if (to == null || to instanceof SqlAst.Column c && c.name().equals("calendar")) {
            return zoneOffsetMs(zone);
        }
        if (to instanceof SqlAst.Column c && c.name().equals("now")) {
            return System.currentTimeMillis();
        }
        if (to instanceof SqlAst.Column c && c.parts().size() == 1) {
            to = new SqlAst.Literal(SqlAst.LiteralKind.STRING, originalCase(c));
        }
        if (to instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING) {
            if (l.text().isEmpty()) {
                return zoneOffsetMs(zone);
            }
            if (l.text().equalsIgnoreCase("now")) {
                return System.currentTimeMillis();
            }
            Long nanos = TimestampLiterals.parseNanos(l.text(), zone);
            if (nanos == null) {
                throw RangeChecks.plan("Illegal `align to` argument `" + l.text()
                        + "` in range select query, can't be parse as NOW/CALENDAR/Timestamp, error: Failed to parse"
                        + " a string into Timestamp, raw string: " + l.text());
            }
            return Math.floorDiv(nanos, 1_000_000L);
        }
        Long folded = TimeFolding.millis(to);
        if (folded == null) {
            throw RangeChecks.plan(names.name(to) + " is not a expr can be evaluate and use in range query");
        }
        return folded;
    }

    /** GreptimeDB's parser keeps the word as written; the lexer lower-cased it. */
    private static String originalCase(SqlAst.Column c) {
        return c.name().toUpperCase(java.util.Locale.ROOT);
    }

    /** GreptimeDB aligns to the epoch as seen in the session time zone ({@code local_minus_utc}). */
    private static long zoneOffsetMs(ZoneId zone) {
        return zone.getRules().getOffset(Instant.now()).getTotalSeconds() * 1000L;
    }
}
