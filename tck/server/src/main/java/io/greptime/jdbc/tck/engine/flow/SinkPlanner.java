package io.greptime.jdbc.tck.engine.flow;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.flow.FlowHost.Column;
import io.greptime.jdbc.tck.engine.flow.FlowHost.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The sink side of CREATE FLOW: the table GreptimeDB auto-creates when the sink is missing (group keys as
 * tags, the time window as time index, {@code update_at}, a {@code __ts_placeholder} time index when the
 * query has no time column) and the positional type check when it exists.
 */
final class SinkPlanner {
    static final String UPDATE_AT = "update_at";
    static final String PLACEHOLDER = "__ts_placeholder";
    static final String AUTO_COMMENT = "Auto created table by flow engine";

    private SinkPlanner() {}

    /** The sink GreptimeDB would create for this query. */
    static Table autoSink(String schema, String name, FlowQuery q, List<Column> out, Table source) {
        int timeItem = timeIndexItem(q, source);
        List<Column> cols = new ArrayList<>();
        List<String> tags = new ArrayList<>();
        for (int k = 0; k < out.size(); k++) {
            Column c = out.get(k);
            if (k == timeItem) {
                cols.add(new Column(c.name(), timeIndexType(q, c, source), false));
            } else {
                cols.add(new Column(c.name(), c.typeName(), true));
                if (isGroupKey(q, k)) {
                    tags.add(c.name());
                }
            }
        }
        cols.add(new Column(UPDATE_AT, "TimestampMillisecond", true));
        String timeIndex;
        if (timeItem >= 0) {
            timeIndex = out.get(timeItem).name();
        } else {
            cols.add(new Column(PLACEHOLDER, "TimestampMillisecond", false));
            timeIndex = PLACEHOLDER;
        }
        return new Table(schema, name, cols, timeIndex, tags, Map.of("comment", AUTO_COMMENT));
    }

    private static boolean isGroupKey(FlowQuery q, int item) {
        if (q.aggregate && q.groupKeys.isEmpty() && isDistinct(q)) {
            return true;
        }
        for (String key : q.groupKeys) {
            if (q.itemOf(key) == item) {
                return true;
            }
        }
        return false;
    }

    private static boolean isDistinct(FlowQuery q) {
        for (int i = 0; i + 1 < q.toks.size(); i++) {
            if (q.toks.get(i).is("select") && q.toks.get(i + 1).is("distinct")) {
                return true;
            }
        }
        return false;
    }

    /** The window item, else a group key (or, streaming, an item) that is the source's time index. */
    private static int timeIndexItem(FlowQuery q, Table source) {
        if (q.windowItem >= 0) {
            return q.windowItem;
        }
        if (source == null) {
            return -1;
        }
        for (int k = 0; k < q.items.size(); k++) {
            FlowQuery.Item it = q.items.get(k);
            boolean keyed = !q.aggregate || isGroupKey(q, k);
            if (keyed && source.timeIndex().equals(it.column())) {
                return k;
            }
        }
        return -1;
    }

    private static String timeIndexType(FlowQuery q, Column c, Table source) {
        TimeWindow w = q.window;
        if (w != null && w.originIsText()) {
            return "TimestampNanosecond";
        }
        String col = w != null ? w.column() : null;
        if (source != null) {
            Column sc = source.column(col != null ? col : source.timeIndex());
            if (sc != null && sc.typeName().startsWith("Timestamp")) {
                return sc.typeName();
            }
        }
        return c.typeName().startsWith("Timestamp") ? c.typeName() : "TimestampMillisecond";
    }

    /** Checks the query's columns against an existing sink, position by position, as GreptimeDB does. */
    static void checkCompatible(Table sink, List<Column> out) {
        List<Column> target = new ArrayList<>();
        for (Column c : sink.columns()) {
            if (!c.name().equals(UPDATE_AT) && !c.name().equals(PLACEHOLDER)) {
                target.add(c);
            }
        }
        for (int i = 0; i < out.size() && i < target.size(); i++) {
            Column want = target.get(i);
            Column got = out.get(i);
            if (!family(want.typeName()).equals(family(got.typeName()))) {
                throw new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        "Invalid query: Column " + i + "(name is '"
                                + want.name() + "', flow inferred name is '" + got.name()
                                + "')'s data type mismatch, expect "
                                + debugName(want.typeName()) + " got " + debugName(got.typeName()));
            }
        }
    }

    private static String family(String type) {
        if (type.startsWith("Timestamp")) {
            return "timestamp";
        }
        if (type.startsWith("Int") && !type.startsWith("Interval")
                || type.startsWith("UInt")
                || type.startsWith("Float")
                || type.startsWith("Decimal")) {
            return "number";
        }
        return type;
    }

    /** GreptimeDB's Debug rendering of a data type, e.g. {@code Int32(Int32Type)}. */
    static String debugName(String type) {
        if (type.startsWith("Timestamp")) {
            String unit = type.substring("Timestamp".length());
            return "Timestamp(" + unit + "(" + type + "Type))";
        }
        return type + "(" + type + "Type)";
    }
}
