package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.resultset.SelfWrapper;
import io.greptime.jdbc.internal.sql.InsertShape;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.ParameterMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Parameter descriptions. The count is always known. Types are known for the common shape
 * {@code INSERT INTO t (c1, c2, ...) VALUES (?, ?, ...)}, looked up in {@code information_schema.columns};
 * for anything else {@link #getParameterType} throws, which is what Spring's {@code setNull} handling
 * expects before falling back to {@code Types.NULL}.
 */
final class ParameterMetaDataImpl implements ParameterMetaData, SelfWrapper {
    private final int count;
    private final int[] types;
    private final String[] typeNames;

    private ParameterMetaDataImpl(int count, int[] types, String[] typeNames) {
        this.count = count;
        this.types = types;
        this.typeNames = typeNames;
    }

    static ParameterMetaData describe(ConnectionImpl connection, String sql, int count) throws SQLException {
        InsertShape shape = InsertShape.parse(sql);
        if (shape == null || shape.columns() == null || shape.columns().size() != count || count == 0) {
            return new ParameterMetaDataImpl(count, null, null);
        }
        Map<String, String> columnTypes = columnTypes(connection, shape.database(), shape.table());
        int[] types = new int[count];
        String[] names = new String[count];
        for (int i = 0; i < count; i++) {
            String dataType = columnTypes.get(shape.columns().get(i));
            if (dataType == null) {
                return new ParameterMetaDataImpl(count, null, null);
            }
            names[i] = dataType;
            types[i] = sqlType(dataType);
        }
        return new ParameterMetaDataImpl(count, types, names);
    }

    private static Map<String, String> columnTypes(ConnectionImpl connection, String database, String table)
            throws SQLException {
        String schema = database != null ? database : connection.getSchema();
        String query = "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = "
                + SqlLiterals.string(schema) + " AND table_name = " + SqlLiterals.string(table);
        Map<String, String> types = new HashMap<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(query)) {
            while (rs.next()) {
                types.put(rs.getString(1), rs.getString(2));
            }
        }
        return types;
    }

    /** {@code java.sql.Types} for information_schema's {@code data_type} text (protocol.md §9.2). */
    static int sqlType(String dataType) {
        String t = dataType.toLowerCase(Locale.ROOT).trim();
        boolean unsigned = t.endsWith(" unsigned");
        String base = unsigned ? t.substring(0, t.length() - " unsigned".length()) : t;
        int paren = base.indexOf('(');
        base = paren < 0 ? base : base.substring(0, paren);
        switch (base) {
            case "tinyint":
                return unsigned ? Types.SMALLINT : Types.TINYINT;
            case "smallint":
                return unsigned ? Types.INTEGER : Types.SMALLINT;
            case "int":
            case "integer":
                return unsigned ? Types.BIGINT : Types.INTEGER;
            case "bigint":
                return unsigned ? Types.NUMERIC : Types.BIGINT;
            case "float":
                return Types.REAL;
            case "double":
                return Types.DOUBLE;
            case "boolean":
                return Types.BOOLEAN;
            case "string":
            case "varchar":
            case "text":
                return Types.VARCHAR;
            case "binary":
            case "varbinary":
                return Types.VARBINARY;
            case "date":
                return Types.DATE;
            case "time":
                return Types.TIME;
            case "timestamp":
            case "datetime":
                return Types.TIMESTAMP;
            case "decimal":
                return Types.DECIMAL;
            default:
                return Types.OTHER;
        }
    }

    private void check(int param) throws SQLException {
        if (param < 1 || param > count) {
            throw new SQLException(
                    "Parameter index " + param + " is out of range 1.." + count,
                    SqlState.INVALID_DESCRIPTOR_INDEX.code());
        }
    }

    private void checkTyped(int param) throws SQLException {
        check(param);
        if (types == null) {
            throw new SQLFeatureNotSupportedException(
                    "Parameter types are only known for INSERT INTO t (columns) VALUES (?, ...)",
                    SqlState.FEATURE_NOT_SUPPORTED.code());
        }
    }

    @Override
    public int getParameterCount() {
        return count;
    }

    @Override
    public int isNullable(int param) throws SQLException {
        check(param);
        return parameterNullableUnknown;
    }

    @Override
    public boolean isSigned(int param) throws SQLException {
        checkTyped(param);
        return !typeNames[param - 1].toLowerCase(Locale.ROOT).contains("unsigned");
    }

    @Override
    public int getPrecision(int param) throws SQLException {
        check(param);
        return 0;
    }

    @Override
    public int getScale(int param) throws SQLException {
        check(param);
        return 0;
    }

    @Override
    public int getParameterType(int param) throws SQLException {
        checkTyped(param);
        return types[param - 1];
    }

    @Override
    public String getParameterTypeName(int param) throws SQLException {
        checkTyped(param);
        return typeNames[param - 1];
    }

    @Override
    public String getParameterClassName(int param) throws SQLException {
        checkTyped(param);
        return Object.class.getName();
    }

    @Override
    public int getParameterMode(int param) throws SQLException {
        check(param);
        return parameterModeIn;
    }
}
