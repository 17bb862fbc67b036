package io.greptime.jdbc.tck.engine.duckdb.range;

import java.util.Set;

/**
 * The value of a range expression in a slot, as DuckDB SQL: empty slots hold what the aggregate gives
 * for no rows (0 for counts, else NULL), then the FILL: PREV carries the last value forward, a constant
 * replaces NULLs, LINEAR interpolates between the nearest values on either side (and extrapolates from
 * the first two or last two values at the ends; a series with fewer than two values is left as is),
 * in Float64 for integer aggregates.
 */
final class RangeFills {
    private static final Set<String> COUNTS = Set.of("count", "approx_distinct", "regr_count");

    private RangeFills() {}

    static String padded(RangeQuery.RangeFn fn, String v) {
        return COUNTS.contains(fn.aggregate().name()) ? "coalesce(" + v + ", 0)" : v;
    }

    static String apply(RangeQuery.RangeFn fn, String v, String partition, String slot) {
        String fill = fn.fill();
        String upTo = " OVER (" + partition + "ORDER BY " + slot + " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)";
        return switch (fill) {
            case "NULL" -> v;
            case "PREV" -> "coalesce(" + v + ", last_value(" + v + " IGNORE NULLS)" + upTo + ")";
            case "LINEAR" -> linear(fn, v, partition, slot);
            default -> "coalesce(" + v + ", CAST(" + fill + " AS " + constType(fn) + "))";
        };
    }

    private static String constType(RangeQuery.RangeFn fn) {
        return fn.type() == null ? "DOUBLE" : fn.type().duck();
    }

    private static String linear(RangeQuery.RangeFn fn, String v, String partition, String slot) {
        String type = fn.type() != null && fn.type().name().equals("Float32") ? "FLOAT" : "DOUBLE";
        String y = "CAST(" + v + " AS DOUBLE)";
        String x = "CASE WHEN " + v + " IS NOT NULL THEN " + slot + " END";
        String upTo = " OVER (" + partition + "ORDER BY " + slot + " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)";
        String from = " OVER (" + partition + "ORDER BY " + slot + " ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING)";
        String all = " OVER (" + partition + "ORDER BY " + slot
                + " ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)";
        String allDesc = " OVER (" + partition + "ORDER BY " + slot
                + " DESC ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)";
        String prevX = "last_value(" + x + " IGNORE NULLS)" + upTo;
        String prevY = "last_value(" + y + " IGNORE NULLS)" + upTo;
        String nextX = "first_value(" + x + " IGNORE NULLS)" + from;
        String nextY = "first_value(" + y + " IGNORE NULLS)" + from;
        String f1x = "first_value(" + x + " IGNORE NULLS)" + all;
        String f1y = "first_value(" + y + " IGNORE NULLS)" + all;
        String f2x = "nth_value(" + x + ", 2 IGNORE NULLS)" + all;
        String f2y = "nth_value(" + y + ", 2 IGNORE NULLS)" + all;
        String l1x = "first_value(" + x + " IGNORE NULLS)" + allDesc;
        String l1y = "first_value(" + y + " IGNORE NULLS)" + allDesc;
        String l2x = "nth_value(" + x + ", 2 IGNORE NULLS)" + allDesc;
        String l2y = "nth_value(" + y + ", 2 IGNORE NULLS)" + allDesc;
        String inner = line(prevX, prevY, nextX, nextY, slot);
        String head = line(f1x, f1y, f2x, f2y, slot);
        String tail = line(l2x, l2y, l1x, l1y, slot);
        return "CAST(CASE WHEN " + v + " IS NOT NULL THEN " + y + " WHEN count(" + v + ") OVER (" + partition
                + ") < 2 THEN NULL WHEN (" + prevX + ") IS NULL THEN " + head + " WHEN (" + nextX + ") IS NULL THEN "
                + tail + " ELSE " + inner + " END AS " + type + ")";
    }

    private static String line(String x0, String y0, String x1, String y1, String t) {
        return "((" + y0 + ") + ((" + y1 + ") - (" + y0 + ")) / CAST((" + x1 + ") - (" + x0 + ") AS DOUBLE) * CAST(" + t
                + " - (" + x0 + ") AS DOUBLE))";
    }
}
