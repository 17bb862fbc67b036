package io.greptime.jdbc.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.UnaryOperator;

/**
 * The CREATE TABLE Spark sends when it writes into a missing table: Spark's column list plus GreptimeDB's
 * TIME INDEX, PRIMARY KEY and WITH options from the write options ({@link GreptimeOptions}), then Spark's own
 * {@code createTableOptions} text.
 */
final class CreateTableSql {
    private CreateTableSql() {}

    /**
     * @param columnsSql Spark's column definitions ({@code "ts" TIMESTAMP(6), "v" DOUBLE})
     * @param timestampColumns the DataFrame's timestamp columns, for the default time index
     */
    static String build(
            String table,
            String columnsSql,
            List<String> timestampColumns,
            Map<String, String> options,
            UnaryOperator<String> quote) {
        String timeIndex = GreptimeOptions.get(options, GreptimeOptions.TIME_INDEX);
        if (timeIndex == null || timeIndex.isBlank()) {
            if (timestampColumns.size() != 1) {
                throw new IllegalArgumentException("option '" + GreptimeOptions.TIME_INDEX + "' is required to create "
                        + table + ": a GreptimeDB table needs one TIME INDEX column and the DataFrame has "
                        + (timestampColumns.isEmpty() ? "no timestamp column" : "several: " + timestampColumns));
            }
            timeIndex = timestampColumns.get(0);
        }
        StringBuilder sql =
                new StringBuilder("CREATE TABLE ").append(table).append(" (").append(columnsSql);
        sql.append(", TIME INDEX (").append(quote.apply(timeIndex.trim())).append(')');
        List<String> keys = split(GreptimeOptions.get(options, GreptimeOptions.PRIMARY_KEY));
        if (!keys.isEmpty()) {
            StringJoiner pk = new StringJoiner(", ", ", PRIMARY KEY (", ")");
            keys.forEach(k -> pk.add(quote.apply(k)));
            sql.append(pk);
        }
        sql.append(')');
        List<String> with = split(GreptimeOptions.get(options, GreptimeOptions.TABLE_OPTIONS));
        if (!with.isEmpty()) {
            StringJoiner w = new StringJoiner(", ", " WITH (", ")");
            for (String pair : with) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("option '" + GreptimeOptions.TABLE_OPTIONS
                            + "' takes key=value pairs separated by commas, not '" + pair + "'");
                }
                w.add(literal(pair.substring(0, eq).trim()) + "="
                        + literal(pair.substring(eq + 1).trim()));
            }
            sql.append(w);
        }
        String sparkOptions = GreptimeOptions.get(options, "createTableOptions");
        if (sparkOptions != null && !sparkOptions.isBlank()) {
            sql.append(' ').append(sparkOptions.trim());
        }
        return sql.toString();
    }

    private static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private static List<String> split(String list) {
        List<String> out = new ArrayList<>();
        if (list != null) {
            for (String s : list.split(",")) {
                if (!s.isBlank()) {
                    out.add(s.trim());
                }
            }
        }
        return out;
    }
}
