package io.greptime.jdbc.arrow.read;

import org.apache.arrow.vector.ValueVector;

/**
 * Arrow types GreptimeDB does not produce in results (Union, RunEndEncoded, ListView, extension
 * types): Arrow's own {@code getObject} and its text, so such a column is still readable.
 */
final class FallbackReader extends AbstractColumnReader {
    private final ValueVector vector;

    FallbackReader(ValueVector vector, String typeName) {
        super(typeName);
        this.vector = vector;
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    @Override
    public String getString(int row) {
        Object value = getObject(row);
        return value == null ? null : value.toString();
    }

    @Override
    public Object getObject(int row) {
        return vector.isNull(row) ? null : vector.getObject(row);
    }
}
