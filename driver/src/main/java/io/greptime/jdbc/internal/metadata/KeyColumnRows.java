package io.greptime.jdbc.internal.metadata;

import io.greptime.jdbc.internal.metadata.InformationSchemaReader.Row;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code information_schema.key_column_usage} in one shape whatever the release (fidelity audit C2). From
 * v1.1 there is one row per constraint and a PRIMARY row's {@code ordinal_position} is its place in the key
 * ({@code HEAD:src/catalog/src/system_schema/information_schema/key_column_usage.rs:248-276}); up to v1.0 one
 * row per column joins all of its constraints ({@code "PRIMARY, INVERTED INDEX"}) and {@code ordinal_position}
 * is the column's place in the table ({@code v1.0.0:…/key_column_usage.rs:296-306}). Here every row names one
 * constraint, and PRIMARY rows carry their key sequence.
 */
final class KeyColumnRows {
    static final String PRIMARY = "PRIMARY";
    static final String TIME_INDEX = "TIME INDEX";
    static final String CONSTRAINT = "constraint_name";
    static final String POSITION = "ordinal_position";
    /** The key sequence this class computes for PRIMARY rows. */
    static final String KEY_SEQ = "key_seq";

    private KeyColumnRows() {}

    /** One row per constraint; {@code keyOrder} gives a table's PRIMARY KEY order when known (else null). */
    static List<Row> normalise(List<Row> raw, java.util.function.Function<Row, List<String>> keyOrder) {
        List<Row> out = new ArrayList<>();
        for (Row r : raw) {
            String names = r.string(CONSTRAINT);
            for (String name : names == null ? new String[] {null} : names.split(",")) {
                Map<String, Object> values = new HashMap<>(r.values());
                values.put(CONSTRAINT, name == null ? null : name.trim());
                out.add(new Row(values));
            }
        }
        numberKeys(out, keyOrder);
        return out;
    }

    /**
     * Gives each PRIMARY row its place in its table's key: the table's PRIMARY KEY clause when
     * {@code keyOrder} knows it, else the rank of its {@code ordinal_position} (the key sequence from v1.1,
     * the column order before, which is the key order unless the clause listed the tags differently).
     */
    private static void numberKeys(List<Row> rows, java.util.function.Function<Row, List<String>> keyOrder) {
        Map<String, List<Row>> byTable = new LinkedHashMap<>();
        for (Row r : rows) {
            if (PRIMARY.equals(r.string(CONSTRAINT))) {
                String table = r.string("real_table_catalog")
                        + '\0'
                        + r.string("table_schema")
                        + '\0'
                        + r.string("table_name");
                byTable.computeIfAbsent(table, k -> new ArrayList<>()).add(r);
            }
        }
        for (List<Row> key : byTable.values()) {
            key.sort(Comparator.comparingLong(r -> r.number(POSITION) == null ? Long.MAX_VALUE : r.number(POSITION)));
            List<String> order = keyOrder.apply(key.get(0));
            for (int i = 0; i < key.size(); i++) {
                int declared = order == null ? -1 : order.indexOf(key.get(i).string("column_name"));
                key.get(i).values().put(KEY_SEQ, (long) (declared >= 0 ? declared + 1 : i + 1));
            }
        }
    }
}
