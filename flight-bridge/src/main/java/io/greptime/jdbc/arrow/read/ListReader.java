package io.greptime.jdbc.arrow.read;

import io.greptime.jdbc.arrow.meta.JdbcColumnType;
import java.sql.Array;
import java.sql.SQLException;
import java.util.StringJoiner;
import org.apache.arrow.vector.ValueVector;

/**
 * List, LargeList, FixedSizeList and Map (a list of key/value structs). {@code getObject} and
 * {@code getArray} give an {@link ArrowSqlArray} whose elements are the element reader's
 * {@code getObject} values, copied; {@code getString} is {@code [1, 2, null]} with each element's
 * {@code getString} (the form GreptimeDB prints lists in).
 */
final class ListReader extends AbstractColumnReader {
    /** Where one row's elements sit in the child vector (list offsets or fixed-size arithmetic). */
    interface ElementRange {
        long start(int row);

        long end(int row);
    }

    private final ValueVector vector;
    private final ElementRange range;
    private final ColumnReader elements;
    private final JdbcColumnType elementType;

    ListReader(
            ValueVector vector,
            ElementRange range,
            ColumnReader elements,
            JdbcColumnType elementType,
            String typeName) {
        super(typeName);
        this.vector = vector;
        this.range = range;
        this.elements = elements;
        this.elementType = elementType;
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
        StringJoiner text = new StringJoiner(", ", "[", "]");
        for (long i = range.start(row); i < range.end(row); i++) {
            String element = elements.getString((int) i);
            text.add(element == null ? "null" : element);
        }
        return text.toString();
    }

    @Override
    public Array getArray(int row) throws SQLException {
        if (vector.isNull(row)) {
            return null;
        }
        long start = range.start(row);
        Object[] values = new Object[(int) (range.end(row) - start)];
        for (int i = 0; i < values.length; i++) {
            values[i] = elements.getObject((int) (start + i));
        }
        return new ArrowSqlArray(elementType.sqlTypeName(), elementType.sqlType(), values);
    }

    @Override
    public Object getObject(int row) throws SQLException {
        return getArray(row);
    }
}
