package io.greptime.jdbc.arrow.read;

import io.greptime.jdbc.arrow.jsonb.Jsonb;
import io.greptime.jdbc.sqlstate.SqlState;
import java.nio.charset.StandardCharsets;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.util.function.IntFunction;
import org.apache.arrow.vector.ValueVector;

/**
 * JSON columns: Binary values holding GreptimeDB's JSONB ({@code greptime:type=Json}). Flight sends
 * the binary form (HTTP/MySQL would send text), so {@code getString}/{@code getObject} decode it to
 * compact JSON text; {@code getBytes} gives that text as UTF-8 (not the JSONB), so every getter
 * sees the same JSON. Undecodable bytes are a 22018 error naming the column type.
 */
final class JsonReader extends AbstractColumnReader {
    private final ValueVector vector;
    private final IntFunction<byte[]> bytes;

    JsonReader(ValueVector vector, IntFunction<byte[]> bytes) {
        super("Json");
        this.vector = vector;
        this.bytes = bytes;
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
        try {
            return Jsonb.decode(bytes.apply(row));
        } catch (IllegalArgumentException e) {
            throw new SQLDataException(
                    "Invalid JSONB in a Json column: " + e.getMessage(),
                    SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code(),
                    e);
        }
    }

    @Override
    public byte[] getBytes(int row) throws SQLException {
        String text = getString(row);
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Object getObject(int row) throws SQLException {
        return getString(row);
    }
}
