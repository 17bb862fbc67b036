package io.greptime.jdbc.internal.metadata;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeServerCapability;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs information_schema queries through the connection. Table and column names come from this
 * package's constants only; every value from a caller (schema, table, column names) is bound as a
 * parameter, which the driver renders as a quoted literal, so a name can never become SQL.
 */
final class InformationSchemaReader {
    private final Connection connection;

    InformationSchemaReader(Connection connection) {
        this.connection = connection;
    }

    /** One row, read by column name. */
    record Row(Map<String, Object> values) {
        String string(String column) {
            Object v = values.get(column);
            return v == null ? null : v.toString();
        }

        Long number(String column) {
            Object v = values.get(column);
            if (v == null) {
                return null;
            }
            return v instanceof Number n
                    ? n.longValue()
                    : Long.parseLong(v.toString().trim());
        }
    }

    /**
     * {@code SELECT columns FROM information_schema.table WHERE key = ? AND ...} with the exact names given
     * (null values are left out of the filter).
     */
    List<Row> select(String table, List<String> columns, Map<String, String> equal) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT ")
                .append(String.join(", ", columns))
                .append(" FROM information_schema.")
                .append(table);
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : equal.entrySet()) {
            if (e.getValue() != null) {
                sql.append(values.isEmpty() ? " WHERE " : " AND ")
                        .append(e.getKey())
                        .append(" = ?");
                values.add(e.getValue());
            }
        }
        try (PreparedStatement ps = connection.prepareStatement(sql.toString())) {
            for (int i = 0; i < values.size(); i++) {
                ps.setString(i + 1, values.get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rows(rs, columns);
            }
        }
    }

    /** One column of a query's result, as its ResultSetMetaData describes it. */
    record ResultColumn(String name, int sqlType, String typeName, int precision, int scale, boolean nullable) {}

    /**
     * The columns of {@code catalog.schema.relation} as {@code SELECT * ... LIMIT 0} answers them: the names are
     * quoted identifiers (a double quote doubled), so they cannot become SQL, and no row is read.
     */
    List<ResultColumn> resultColumns(String catalog, String schema, String relation) throws SQLException {
        String from = (catalog == null ? "" : quoted(catalog) + ".") + quoted(schema) + "." + quoted(relation);
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM " + from + " LIMIT 0")) {
            ResultSetMetaData md = rs.getMetaData();
            List<ResultColumn> out = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                out.add(new ResultColumn(
                        md.getColumnLabel(i),
                        md.getColumnType(i),
                        md.getColumnTypeName(i),
                        md.getPrecision(i),
                        md.getScale(i),
                        md.isNullable(i) != ResultSetMetaData.columnNoNulls));
            }
            return out;
        }
    }

    private static String quoted(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    private static List<Row> rows(ResultSet rs, List<String> columns) throws SQLException {
        List<Row> rows = new ArrayList<>();
        while (rs.next()) {
            Map<String, Object> values = new HashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                Object v = rs.getObject(i + 1);
                values.put(
                        columns.get(i).toLowerCase(Locale.ROOT), v instanceof Number || v == null ? v : v.toString());
            }
            rows.add(new Row(values));
        }
        return rows;
    }

    /**
     * Whether key_column_usage has one row per constraint (v1.1+); false when the server is older or not
     * known to be newer.
     */
    boolean keyColumnUsagePerConstraint() throws SQLException {
        return connection.isWrapperFor(GreptimeConnection.class)
                && connection
                        .unwrap(GreptimeConnection.class)
                        .getServerCapabilities()
                        .contains(GreptimeServerCapability.KEY_COLUMN_USAGE_PER_CONSTRAINT);
    }

    /** A table's PRIMARY KEY columns in declared order, from SHOW CREATE TABLE; null when it cannot be read. */
    List<String> primaryKeyOrder(String schema, String table) {
        String sql = "SHOW CREATE TABLE " + quote(schema) + "." + quote(table);
        try (java.sql.Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            StringBuilder text = new StringBuilder();
            while (rs.next()) {
                text.append(rs.getString(rs.getMetaData().getColumnCount())).append('\n');
            }
            return primaryKeyClause(text.toString());
        } catch (SQLException e) {
            return null; // the ordinal order stands in; metadata calls should not fail on this
        }
    }

    private static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
    /**
     * The column names of {@code PRIMARY KEY (...)} in a {@code SHOW CREATE TABLE} text, in order; empty when
     * it has none. Names are double-quoted there ({@code "a""b"} for {@code a"b}) or bare.
     */
    private static List<String> primaryKeyClause(String createTable) {
        List<String> names = new ArrayList<>();
        int at = createTable.indexOf("PRIMARY KEY (");
        if (at < 0) {
            return names;
        }
        int i = at + "PRIMARY KEY (".length();
        StringBuilder name = new StringBuilder();
        boolean quoted = false;
        for (; i < createTable.length(); i++) {
            char c = createTable.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < createTable.length() && createTable.charAt(i + 1) == '"') {
                    name.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    name.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',' || c == ')') {
                names.add(name.toString().trim());
                name.setLength(0);
                if (c == ')') {
                    break;
                }
            } else {
                name.append(c);
            }
        }
        return names;
    }
}
