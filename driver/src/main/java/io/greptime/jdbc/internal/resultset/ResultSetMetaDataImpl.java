package io.greptime.jdbc.internal.resultset;

import io.greptime.jdbc.GreptimeResultSetMetaData;
import io.greptime.jdbc.arrow.meta.ColumnMetadata;
import io.greptime.jdbc.arrow.meta.JdbcColumnType;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/**
 * Column descriptions from flight-bridge's {@link ColumnMetadata} of the result's Arrow schema.
 * GreptimeDB result schemas carry no table or schema names: getTableName and getSchemaName name the table
 * where the statement reads one table and the column is one of its columns ({@link SingleTableSource}), and
 * answer empty strings, as JDBC asks when unknown, otherwise. The time-index column is marked by {@link #isTimeIndex(int)}
 * ({@link GreptimeResultSetMetaData}).
 */
public final class ResultSetMetaDataImpl implements GreptimeResultSetMetaData, SelfWrapper {
    private final List<ColumnMetadata> columns;
    private final SingleTableSource source;

    public ResultSetMetaDataImpl(List<ColumnMetadata> columns, SingleTableSource source) {
        this.columns = List.copyOf(columns);
        this.source = source;
    }

    /** Metadata for result sets built outside this package (DatabaseMetaData's in-memory results). */
    public static ResultSetMetaDataImpl of(List<ColumnMetadata> columns) {
        return new ResultSetMetaDataImpl(columns, null);
    }

    private boolean fromSource(int column) throws SQLException {
        return source != null && source.contains(column(column).name());
    }

    private ColumnMetadata column(int column) throws SQLException {
        if (column < 1 || column > columns.size()) {
            throw new SQLException(
                    "Column index " + column + " is out of range 1.." + columns.size(),
                    SqlState.INVALID_DESCRIPTOR_INDEX.code());
        }
        return columns.get(column - 1);
    }

    private JdbcColumnType type(int column) throws SQLException {
        return column(column).type();
    }

    @Override
    public boolean isTimeIndex(int column) throws SQLException {
        return column(column).timeIndex();
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        int t = type(column).sqlType();
        return t == Types.VARCHAR || t == Types.LONGVARCHAR || t == Types.CHAR;
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public int isNullable(int column) throws SQLException {
        return column(column).nullable() ? columnNullable : columnNoNulls;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return type(column).signed();
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        return type(column).displaySize();
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return column(column).name();
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        return column(column).name();
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        return fromSource(column) ? source.schema() : "";
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        return type(column).precision();
    }

    @Override
    public int getScale(int column) throws SQLException {
        return type(column).scale();
    }

    @Override
    public String getTableName(int column) throws SQLException {
        return fromSource(column) ? source.table() : "";
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        column(column);
        return "";
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return type(column).sqlType();
    }

    /** GreptimeDB's own type name, as {@code DESC TABLE} prints it ({@code UInt64}, {@code Json}). */
    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return type(column).sqlTypeName();
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return type(column).className();
    }
}
