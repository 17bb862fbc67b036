package io.greptime.jdbc.internal.metadata;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/** Column descriptions of a {@link MetadataResultSet}. */
final class MetadataResultSetMetaData implements ResultSetMetaData {
  private final List<MetadataColumn> columns;

  MetadataResultSetMetaData(List<MetadataColumn> columns) {
    this.columns = columns;
  }

  private MetadataColumn column(int column) throws SQLException {
    if (column < 1 || column > columns.size()) {
      throw new SQLException("Column index " + column + " is out of range 1.." + columns.size(), "07009");
    }
    return columns.get(column - 1);
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
    return column(column).sqlType() == Types.VARCHAR;
  }

  @Override
  public boolean isSearchable(int column) throws SQLException {
    column(column);
    return false;
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
    int t = column(column).sqlType();
    return t == Types.INTEGER || t == Types.SMALLINT || t == Types.BIGINT;
  }

  @Override
  public int getColumnDisplaySize(int column) throws SQLException {
    MetadataColumn c = column(column);
    return c.sqlType() == Types.VARCHAR ? Integer.MAX_VALUE : c.precision() + 1;
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
    column(column);
    return "";
  }

  @Override
  public int getPrecision(int column) throws SQLException {
    return column(column).precision();
  }

  @Override
  public int getScale(int column) throws SQLException {
    column(column);
    return 0;
  }

  @Override
  public String getTableName(int column) throws SQLException {
    column(column);
    return "";
  }

  @Override
  public String getCatalogName(int column) throws SQLException {
    column(column);
    return "";
  }

  @Override
  public int getColumnType(int column) throws SQLException {
    return column(column).sqlType();
  }

  @Override
  public String getColumnTypeName(int column) throws SQLException {
    return column(column).typeName();
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
    return column(column).className();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("Not a wrapper for " + iface.getName(), "0A000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
