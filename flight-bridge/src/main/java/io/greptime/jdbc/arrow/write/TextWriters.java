package io.greptime.jdbc.arrow.write;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import org.apache.arrow.vector.BaseVariableWidthVector;

/** Writers for string (Utf8) and binary columns, which share Arrow's variable-width layout. */
final class TextWriters {
    private TextWriters() {}

    /**
     * STRING: numbers and booleans are stored as their text, as a SQL cast would. Short strings keep
     * their UTF-8 bytes in a small cache: tags repeat from row to row (a few hosts, regions, services),
     * and encoding them again for every row cost more than all other work of a row together.
     */
    static final class Utf8Writer extends ColumnWriter {
        private static final int MAX_SLOTS = 1024;
        private static final int CACHED_LENGTH = 64;
        private String[] cachedText = new String[64];
        private byte[][] cachedUtf8 = new byte[64][];
        /** Cached entries replaced since the cache last grew: many mean more distinct values than slots. */
        private int evictions;

        Utf8Writer(BaseVariableWidthVector v) {
            super(v, "String", HeapColumn.VARIABLE);
        }

        @Override
        public void setString(int row, String value) {
            int h = value.hashCode();
            int slot = (h ^ (h >>> 16)) & (cachedText.length - 1);
            String cached = cachedText[slot];
            byte[] utf8;
            if (cached == value || value.equals(cached)) {
                utf8 = cachedUtf8[slot];
            } else {
                utf8 = value.getBytes(StandardCharsets.UTF_8);
                if (value.length() <= CACHED_LENGTH) {
                    remember(slot, value, utf8);
                }
            }
            cells.putBytes(row, utf8, 0, utf8.length);
        }

        private void remember(int slot, String value, byte[] utf8) {
            if (cachedText[slot] != null && ++evictions > cachedText.length && cachedText.length < MAX_SLOTS) {
                grow();
                slot = (value.hashCode() ^ (value.hashCode() >>> 16)) & (cachedText.length - 1);
            }
            cachedText[slot] = value;
            cachedUtf8[slot] = utf8;
        }

        /** Doubles the cache, keeping what it holds. */
        private void grow() {
            String[] oldText = cachedText;
            byte[][] oldUtf8 = cachedUtf8;
            cachedText = new String[oldText.length * 2];
            cachedUtf8 = new byte[oldText.length * 2][];
            for (int i = 0; i < oldText.length; i++) {
                if (oldText[i] != null) {
                    int h = oldText[i].hashCode();
                    int slot = (h ^ (h >>> 16)) & (cachedText.length - 1);
                    cachedText[slot] = oldText[i];
                    cachedUtf8[slot] = oldUtf8[i];
                }
            }
            evictions = 0;
        }

        @Override
        public void setLong(int row, long value) {
            setString(row, Long.toString(value));
        }

        @Override
        public void setDouble(int row, double value) {
            setString(row, Double.toString(value));
        }

        @Override
        public void setDecimal(int row, BigDecimal value) {
            setString(row, value.toPlainString());
        }

        @Override
        public void setBoolean(int row, boolean value) {
            setString(row, Boolean.toString(value));
        }
    }

    /** VARBINARY: bytes as given; a string is stored as its UTF-8 bytes, as a SQL cast would. */
    static final class BinaryWriter extends ColumnWriter {
        BinaryWriter(BaseVariableWidthVector v, String typeName) {
            super(v, typeName, HeapColumn.VARIABLE);
        }

        @Override
        public void setBytes(int row, byte[] value) {
            cells.putBytes(row, value, 0, value.length);
        }

        @Override
        public void setString(int row, String value) throws SQLException {
            setBytes(row, value.getBytes(StandardCharsets.UTF_8));
        }
    }
}
