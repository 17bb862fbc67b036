package io.greptime.jdbc.internal.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Column descriptions from the result's Arrow schema. GreptimeDB result schemas carry no table or schema
 * names, so those answer empty strings as JDBC asks when unknown. The time-index column is marked by
 * {@link #isTimeIndex(int)}.
 */
final class ResultSetMetaDataImpl implements ResultSetMetaData {
  /** Field metadata key GreptimeDB sets on the time-index column (protocol.md §7). */
  static final String TIME_INDEX_KEY = "greptime:time_index";

  private final List<Field> fields;
  private final ColumnType[] types;

  ResultSetMetaDataImpl(List<Field> fields, ColumnType[] types) {
    this.fields = List.copyOf(fields);
    this.types = types.clone();
  }

  private Field field(int column) throws SQLException {
    if (column < 1 || column > fields.size()) {
      throw new SQLException("Column index " + column + " is out of range 1.." + fields.size(), "07009");
    }
    return fields.get(column - 1);
  }

  private ColumnType type(int column) throws SQLException {
    field(column);
    return types[column - 1];
  }

  /** Whether the column is the table's time index, as the result schema says. */
  public boolean isTimeIndex(int column) throws SQLException {
    return "true".equals(field(column).getMetadata().get(TIME_INDEX_KEY));
  }

  @Override
  public int getColumnCount() {
    return fields.size();
  }

  @Override
  public boolean isAutoIncrement(int column) throws SQLException {
    field(column);
    return false;
  }

  @Override
  public boolean isCaseSensitive(int column) throws SQLException {
    int t = type(column).sqlType();
    return t == Types.VARCHAR || t == Types.LONGVARCHAR || t == Types.CHAR;
  }

  @Override
  public boolean isSearchable(int column) throws SQLException {
    field(column);
    return true;
  }

  @Override
  public boolean isCurrency(int column) throws SQLException {
    field(column);
    return false;
  }

  @Override
  public int isNullable(int column) throws SQLException {
    return field(column).isNullable() ? columnNullable : columnNoNulls;
  }

  @Override
  public boolean isSigned(int column) throws SQLException {
    return type(column).signed();
  }

  @Override
  public int getColumnDisplaySize(int column) throws SQLException {
    int p = type(column).precision();
    return p <= 0 ? 32 : Math.min(p, 65535);
  }

  @Override
  public String getColumnLabel(int column) throws SQLException {
    return field(column).getName();
  }

  @Override
  public String getColumnName(int column) throws SQLException {
    return field(column).getName();
  }

  @Override
  public String getSchemaName(int column) throws SQLException {
    field(column);
    return "";
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
    field(column);
    return "";
  }

  @Override
  public String getCatalogName(int column) throws SQLException {
    field(column);
    return "";
  }

  @Override
  public int getColumnType(int column) throws SQLException {
    return type(column).sqlType();
  }

  @Override
  public String getColumnTypeName(int column) throws SQLException {
    String declared = field(column).getMetadata().get("greptime:type");
    return declared != null ? declared : type(column).typeName();
  }

  @Override
  public boolean isReadOnly(int column) throws SQLException {
    field(column);
    return true;
  }

  @Override
  public boolean isWritable(int column) throws SQLException {
    field(column);
    return false;
  }

  @Override
  public boolean isDefinitelyWritable(int column) throws SQLException {
    field(column);
    return false;
  }

  @Override
  public String getColumnClassName(int column) throws SQLException {
    return type(column).className();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("Not a wrapper for " + iface.getName(), "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
