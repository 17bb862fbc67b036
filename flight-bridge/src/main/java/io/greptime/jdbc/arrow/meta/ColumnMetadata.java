package io.greptime.jdbc.arrow.meta;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Everything {@code ResultSetMetaData} needs about one result column, read from its Arrow field.
 *
 * @param name the column label (GreptimeDB gives no separate column name or table name)
 * @param type the JDBC view of the column's type
 * @param nullable whether the field is nullable (Arrow's flag; GreptimeDB sets it per column)
 * @param timeIndex whether the field carries {@code greptime:time_index=true}
 */
public record ColumnMetadata(String name, JdbcColumnType type, boolean nullable, boolean timeIndex) {

  /** Describes one field; dictionary-encoded fields are described by their value type. */
  public static ColumnMetadata of(Field field) {
    return new ColumnMetadata(
        field.getName(),
        JdbcTypeMapper.map(field),
        field.isNullable(),
        GreptimeFieldMetadata.isTimeIndex(field));
  }

  /** Describes every column of a result schema, in order. */
  public static List<ColumnMetadata> of(Schema schema) {
    List<ColumnMetadata> columns = new ArrayList<>(schema.getFields().size());
    for (Field field : schema.getFields()) {
      columns.add(of(field));
    }
    return List.copyOf(columns);
  }
}
