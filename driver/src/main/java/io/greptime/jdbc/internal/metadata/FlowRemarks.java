package io.greptime.jdbc.internal.metadata;

import io.greptime.jdbc.internal.metadata.InformationSchemaReader.Row;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where flows show in DatabaseMetaData: in the REMARKS of their sink tables
 * ({@code <comment>; sink of flow <name>: <its query>}), read from information_schema.flows.
 *
 * <p>Why remarks rather than a FLOW table type: tools built on the JDBC metadata (DBeaver's generic driver
 * among them) put every row of getTables that is not a view into their table list and then read its columns
 * and data, which a flow does not have, while they show a table's REMARKS as its description. So a flow is
 * found on the table it maintains, which is also the one a user opens.
 */
final class FlowRemarks {
    private final Map<String, List<String>> bySink = new TreeMap<>();

    private FlowRemarks() {}

    /**
     * The flows of the server. A server without information_schema.flows (GreptimeDB before flows existed)
     * has no flows to show, and listing its tables must still work, so that failure reads as "no flows".
     */
    static FlowRemarks read(InformationSchemaReader reader) {
        FlowRemarks remarks = new FlowRemarks();
        List<Row> rows;
        try {
            rows = reader.select("flows", List.of("flow_name", "flow_definition", "sink_table_name"), Map.of());
        } catch (SQLException e) {
            return remarks;
        }
        for (Row r : rows) {
            if (r.string("sink_table_name") != null) {
                remarks.bySink
                        .computeIfAbsent(r.string("sink_table_name"), k -> new ArrayList<>())
                        .add("sink of flow " + r.string("flow_name") + ": " + query(r.string("flow_definition")));
            }
        }
        return remarks;
    }

    /**
     * The flow's query from its definition, which GreptimeDB keeps as the whole {@code CREATE FLOW} statement
     * with the query on the line that starts with {@code AS }; other text is kept whole, on one line.
     */
    static String query(String definition) {
        if (definition == null) {
            return "";
        }
        String[] lines = definition.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].regionMatches(true, 0, "AS ", 0, 3)) {
                String rest = String.join(" ", java.util.Arrays.asList(lines).subList(i, lines.length));
                return rest.substring(3).trim();
            }
        }
        return String.join(" ", lines).trim();
    }

    /**
     * The REMARKS of a table: its comment, followed by the flows that write into it. GreptimeDB names a sink
     * {@code catalog.schema.table}; a bare table name (as older servers may give) matches in any schema.
     */
    String remarks(String catalog, String schema, String table, String comment) {
        List<String> flows = new ArrayList<>(bySink.getOrDefault(catalog + "." + schema + "." + table, List.of()));
        flows.addAll(bySink.getOrDefault(table, List.of()));
        if (flows.isEmpty()) {
            return comment;
        }
        String text = String.join("; ", flows);
        return comment == null || comment.isBlank() ? text : comment + "; " + text;
    }
}
