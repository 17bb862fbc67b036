package io.greptime.jdbc.arrow.read;

import java.sql.SQLException;
import java.sql.Struct;
import java.util.List;
import java.util.StringJoiner;
import org.apache.arrow.vector.ValueVector;

/**
 * Struct columns: {@code getObject} gives an {@link ArrowSqlStruct} of the fields' {@code getObject}
 * values in schema order; {@code getString} is {@code {a: 1, b: x}} (GreptimeDB's form).
 */
final class StructReader extends AbstractColumnReader {
    private final ValueVector vector;
    private final List<String> names;
    private final List<ColumnReader> fields;

    StructReader(ValueVector vector, List<String> names, List<ColumnReader> fields, String typeName) {
        super(typeName);
        this.vector = vector;
        this.names = List.copyOf(names);
        this.fields = List.copyOf(fields);
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    @Override
    public String getString(int row) throws SQLException {
        if (vector.isNull(row)) {
            return null;
        }
        StringJoiner text = new StringJoiner(", ", "{", "}");
        for (int i = 0; i < fields.size(); i++) {
            String value = fields.get(i).getString(row);
            text.add(names.get(i) + ": " + (value == null ? "null" : value));
        }
        return text.toString();
    }

    @Override
    public Object getObject(int row) throws SQLException {
        if (vector.isNull(row)) {
            return null;
        }
        Object[] attributes = new Object[fields.size()];
        for (int i = 0; i < attributes.length; i++) {
            attributes[i] = fields.get(i).getObject(row);
        }
        return new ArrowSqlStruct(typeName, attributes);
    }

    @Override
    protected Object javaTime(int row, Class<?> type) throws SQLException {
        return type == Struct.class ? getObject(row) : null;
    }
}
