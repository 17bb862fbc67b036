package io.greptime.jdbc.tck.engine.duckdb.infoschema;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.flow.FlowDefinition;
import io.greptime.jdbc.tck.engine.flow.FlowRuntime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The rows of {@code information_schema.flows}, read from the engine's flows. */
final class FlowRows {
    private FlowRows() {}

    /** User options plus the chosen {@code flow_type}; a failing flow also shows its last error here. */
    private static String optionsJson(FlowDefinition f, String lastError) {
        com.google.gson.JsonObject o = new com.google.gson.JsonObject();
        new java.util.TreeMap<>(f.options()).forEach(o::addProperty);
        o.addProperty("flow_type", f.flowType());
        if (lastError != null) {
            o.addProperty("last_execution_error", lastError);
        }
        return o.toString();
    }

    /** information_schema.flows rows, in GreptimeDB's 16 columns (protocol.md §9.2). */
    static List<Object[]> rows(Catalog catalog, FlowRuntime flows) {
        List<Object[]> out = new ArrayList<>();
        if (flows == null) {
            return out;
        }
        for (FlowDefinition f : flows.flows()) {
            StringBuilder ids = new StringBuilder("[");
            StringBuilder names = new StringBuilder();
            for (String s : f.sources()) {
                String[] p = s.split("\\.", 2);
                TableMeta t = catalog.table(p[0], p[1]);
                if (t != null) {
                    ids.append(ids.length() == 1 ? "" : ",").append(t.id());
                }
                names.append(names.length() == 0 ? "" : ",")
                        .append(Catalog.CATALOG)
                        .append('.')
                        .append(s);
            }
            Long last = flows.lastExecution(f.name());
            out.add(new Object[] {
                f.name(),
                f.id(),
                0L,
                Catalog.CATALOG,
                f.definition(),
                f.comment(),
                f.expireAfterSeconds(),
                ids.append(']').toString(),
                Catalog.CATALOG + "." + f.sinkSchema() + "." + f.sinkTable(),
                "[0]",
                optionsJson(f, flows.lastError(f.name())),
                Instant.ofEpochMilli(f.createdMillis()),
                Instant.ofEpochMilli(f.updatedMillis()),
                last == null ? null : Instant.ofEpochMilli(last),
                names.toString(),
                null
            });
        }
        return out;
    }
}
