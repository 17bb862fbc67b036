package io.greptime.jdbc.arrow.write;

import io.greptime.jdbc.arrow.jsonb.Jsonb;
import io.greptime.jdbc.sqlstate.SqlState;
import java.math.BigDecimal;
import java.sql.SQLDataException;
import java.sql.SQLException;
import org.apache.arrow.vector.BaseVariableWidthVector;

/** Writers for string (Utf8), binary, JSON and VECTOR columns, which share Arrow's variable-width layout. */
final class TextWriters {
    private TextWriters() {}

    /** STRING: numbers and booleans are stored as their text, as a SQL cast would; see {@link Utf8Cache}. */
    static final class Utf8Writer extends ColumnWriter {
        private final Utf8Cache cache = new Utf8Cache();

        Utf8Writer(BaseVariableWidthVector v) {
            super(v, "String", HeapColumn.VARIABLE);
        }

        @Override
        public void setString(int row, String value) throws SQLException {
            byte[] utf8 = cache.bytesOf(value, name());
            cells.putBytes(row, utf8, 0, utf8.length);
        }

        @Override
        public void setLong(int row, long value) throws SQLException {
            setString(row, Long.toString(value));
        }

        @Override
        public void setDouble(int row, double value) throws SQLException {
            setString(row, Double.toString(value));
        }

        @Override
        public void setDecimal(int row, BigDecimal value) throws SQLException {
            setString(row, value.toPlainString());
        }

        @Override
        public void setBoolean(int row, boolean value) throws SQLException {
            setString(row, Boolean.toString(value));
        }
    }

    /** VARBINARY: bytes as given; a string is stored as its UTF-8 bytes, as a SQL cast would. */
    static final class BinaryWriter extends ColumnWriter {
        BinaryWriter(BaseVariableWidthVector v, String typeName) {
            super(v, typeName, HeapColumn.VARIABLE);
        }

        @Override
        public void setBytes(int row, byte[] value) throws SQLException {
            cells.putBytes(row, value, 0, value.length);
        }

        @Override
        public void setString(int row, String value) throws SQLException {
            setBytes(row, StrictUtf8.encode(value, name()));
        }
    }

    /**
     * JSON: Binary holding JSONB, which is what GreptimeDB's DoPut path stores as it arrives (it neither
     * parses text nor checks the bytes, unlike its SQL and row-insert paths), so the text is parsed and
     * encoded here; text that is not JSON is refused with 22032 before anything is sent.
     */
    static final class JsonWriter extends ColumnWriter {
        JsonWriter(BaseVariableWidthVector v) {
            super(v, "Json", HeapColumn.VARIABLE);
        }

        @Override
        public void setString(int row, String value) throws SQLException {
            byte[] jsonb;
            StrictUtf8.check(value, "JSON text for column '" + name() + "'");
            try {
                jsonb = Jsonb.encode(value);
            } catch (IllegalArgumentException e) {
                // the parser names the offset and what it expected, never the text (values may be secrets)
                throw new SQLDataException(
                        "not valid JSON text for column '" + name() + "': " + e.getMessage(),
                        SqlState.INVALID_JSON_TEXT.code());
            }
            cells.putBytes(row, jsonb, 0, jsonb.length);
        }
    }

    /**
     * VECTOR(n): Binary holding n float32 values, little-endian, which GreptimeDB's DoPut path stores as it
     * arrives. Takes the text its SQL path parses ({@code [1, 2.5, -3e2]}), a {@code float[]}, or the packed
     * bytes themselves; anything without exactly n values is refused with 22018 before it is buffered.
     */
    static final class VectorWriter extends ColumnWriter {
        private final int dimension;

        VectorWriter(BaseVariableWidthVector v, int dimension) {
            super(v, "Vector(" + dimension + ")", HeapColumn.VARIABLE);
            this.dimension = dimension;
        }

        @Override
        public void setFloats(int row, float[] value) throws SQLException {
            if (value.length != dimension) {
                throw wrongDimension(value.length + " values");
            }
            byte[] packed = new byte[4 * dimension];
            java.nio.ByteBuffer out = java.nio.ByteBuffer.wrap(packed).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            for (float f : value) {
                out.putFloat(f);
            }
            cells.putBytes(row, packed, 0, packed.length);
        }

        @Override
        public void setBytes(int row, byte[] value) throws SQLException {
            if (value.length != 4 * dimension) {
                throw wrongDimension(value.length + " bytes");
            }
            cells.putBytes(row, value, 0, value.length);
        }

        @Override
        public void setString(int row, String value) throws SQLException {
            String text = value.trim();
            if (!text.startsWith("[") || !text.endsWith("]")) {
                throw unparsable(value);
            }
            String body = text.substring(1, text.length() - 1).trim();
            String[] parts = body.isEmpty() ? new String[0] : body.split(",", -1);
            float[] values = new float[parts.length];
            for (int i = 0; i < parts.length; i++) {
                try {
                    values[i] = Float.parseFloat(parts[i].trim());
                } catch (NumberFormatException e) {
                    throw unparsable(value);
                }
            }
            setFloats(row, values);
        }

        private SQLDataException wrongDimension(String got) {
            return new SQLDataException(
                    "column '" + name() + "' of type Vector(" + dimension + ") takes " + dimension
                            + " float values, got " + got,
                    SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code());
        }
    }
}
