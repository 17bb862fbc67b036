package io.greptime.jdbc.arrow.meta;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
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

    /** Describes one field as sent on the wire (a dictionary field carries its value type). */
    public static ColumnMetadata of(Field field) {
        return of(field, null);
    }

    /**
     * Describes one field; a dictionary-encoded field is described by its dictionary's value type.
     * Arrow's in-memory schemas (a FlightStream's root) give such a field its index type, so the
     * value type comes from {@code dictionaries} when given.
     */
    public static ColumnMetadata of(Field field, DictionaryProvider dictionaries) {
        return new ColumnMetadata(
                field.getName(),
                JdbcTypeMapper.map(valueField(field, dictionaries)),
                field.isNullable(),
                GreptimeFieldMetadata.isTimeIndex(field));
    }

    /** Describes every column of a result schema, in order. */
    public static List<ColumnMetadata> of(Schema schema) {
        return of(schema, null);
    }

    /** Describes every column of a result schema, dictionary columns by their value types. */
    public static List<ColumnMetadata> of(Schema schema, DictionaryProvider dictionaries) {
        List<ColumnMetadata> columns = new ArrayList<>(schema.getFields().size());
        for (Field field : schema.getFields()) {
            columns.add(of(field, dictionaries));
        }
        return List.copyOf(columns);
    }

    private static Field valueField(Field field, DictionaryProvider dictionaries) {
        DictionaryEncoding encoding = field.getDictionary();
        Dictionary dictionary = encoding == null || dictionaries == null ? null : dictionaries.lookup(encoding.getId());
        if (dictionary == null) {
            return field;
        }
        Field values = dictionary.getVector().getField();
        FieldType type = new FieldType(field.isNullable(), values.getType(), null, field.getMetadata());
        return new Field(field.getName(), type, values.getChildren());
    }
}
