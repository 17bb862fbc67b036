package io.greptime.jdbc.tck.engine.flow;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.flow.FlowHost.Column;
import io.greptime.jdbc.tck.engine.flow.FlowHost.Table;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * How a batching flow's output columns reach an existing sink table, as GreptimeDB's ColumnMatcherRewriter
 * decides it (flow batching_mode/utils.rs, modify_project_exprs without merge_mode=last_non_null): the
 * counts must agree up to a trailing {@code update_at} (filled with now) and {@code __ts_placeholder}
 * (filled with the epoch); columns then match by name, and an output whose name the sink lacks takes the
 * sink column at its own position when that one is missing from the output. Used for TQL flows.
 */
public final class SinkColumnMatch {
    /** The sink column each output column feeds (in output order), then the sink columns filled automatically. */
    public record Targets(List<String> fromOutput, String updateAt, String placeholder) {}

    private SinkColumnMatch() {}

    /** The match, or GreptimeDB's planning error. */
    public static Targets match(Table sink, List<Column> out) {
        List<String> sinkNames = new ArrayList<>();
        sink.columns().forEach(c -> sinkNames.add(c.name()));
        List<String> outNames = new ArrayList<>();
        out.forEach(c -> outNames.add(c.name()));
        int n = out.size();
        int m = sinkNames.size();
        String updateAt = null;
        String placeholder = null;
        Column last = sink.columns().get(m - 1);
        boolean lastIsPlaceholder =
                last.name().equals(SinkPlanner.PLACEHOLDER) && last.name().equals(sink.timeIndex());
        if (n + 1 == m && lastIsPlaceholder) {
            placeholder = last.name();
        } else if (n + 1 == m && last.typeName().startsWith("Timestamp")) {
            updateAt = last.name();
        } else if (n + 2 == m
                && lastIsPlaceholder
                && sink.columns().get(m - 2).typeName().startsWith("Timestamp")) {
            updateAt = sink.columns().get(m - 2).name();
            placeholder = last.name();
        } else if (n != m) {
            throw mismatch(outNames, sinkNames);
        }
        List<String> names = new ArrayList<>(outNames);
        Set<String> given = new HashSet<>(outNames);
        List<Integer> extra = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!sinkNames.contains(outNames.get(i))) {
                extra.add(i);
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            String s = sinkNames.get(i);
            if (!given.contains(s) && !s.equals(updateAt) && !s.equals(placeholder)) {
                missing.add(i);
            }
        }
        if (extra.size() != missing.size() || !missing.containsAll(extra)) {
            throw mismatch(outNames, sinkNames);
        }
        for (int i : extra) {
            Column target = sink.columns().get(i);
            if (!sameFamily(out.get(i).typeName(), target.typeName())) {
                throw plan("Cannot match flow output column '" + outNames.get(i) + "' to sink column '" + target.name()
                        + "' by position: incompatible data types, flow output type is "
                        + SinkPlanner.debugName(out.get(i).typeName()) + ", sink column type is "
                        + SinkPlanner.debugName(target.typeName()) + ". " + mismatchText(outNames, sinkNames));
            }
            names.set(i, target.name());
        }
        return new Targets(names, updateAt, placeholder);
    }

    /** utils.rs is_obviously_incompatible_positional_match: timestamp, string and boolean families must agree. */
    private static boolean sameFamily(String a, String b) {
        return a.startsWith("Timestamp") == b.startsWith("Timestamp")
                && a.equals("String") == b.equals("String")
                && a.equals("Boolean") == b.equals("Boolean");
    }

    private static GreptimeError mismatch(List<String> out, List<String> sink) {
        return plan(mismatchText(out, sink));
    }

    /** utils.rs format_flow_sink_schema_mismatch, with Rust's Debug rendering of the name lists. */
    static String mismatchText(List<String> out, List<String> sink) {
        TreeSet<String> extra = new TreeSet<>(out);
        extra.removeAll(sink);
        TreeSet<String> missing = new TreeSet<>(sink);
        missing.removeAll(out);
        return "Flow output schema does not match sink table schema: found " + out.size()
                + " flow output columns and " + sink.size() + " sink table columns. flow output columns: "
                + debug(out) + ", sink table columns: " + debug(sink) + ", extra flow columns not in sink: "
                + debug(new ArrayList<>(extra)) + ", missing sink columns from flow output: "
                + debug(new ArrayList<>(missing));
    }

    /** DataFusion's Plan error as the flow engine reports it: the message Debug-quoted, then its context. */
    private static GreptimeError plan(String message) {
        return new GreptimeError(
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Datafusion error: Plan(" + quote(message) + ") in context: Failed to rewrite plan");
    }

    private static String debug(List<String> names) {
        List<String> quoted = new ArrayList<>();
        names.forEach(s -> quoted.add(quote(s)));
        return "[" + String.join(", ", quoted) + "]";
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
