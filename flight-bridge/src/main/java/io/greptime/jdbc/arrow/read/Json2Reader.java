package io.greptime.jdbc.arrow.read;

import io.greptime.jdbc.arrow.jsonb.Jsonb;
import io.greptime.jdbc.sqlstate.SqlState;
import java.nio.charset.StandardCharsets;
import java.sql.SQLDataException;
import java.sql.SQLException;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.BaseListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * JSON2 columns (GreptimeDB HEAD): the document is stored as native Arrow, a struct per object and a list
 * per array, strings as Utf8View, a JSONB Binary where the shapes of rows disagree, and the field still
 * marked {@code greptime:type=Json} ({@code HEAD:src/datatypes/src/types/json_type.rs:123-145,349-357}).
 * Every getter answers JSON text, as for classic JSON columns, rather than a Struct's {@code {a: 1}}.
 *
 * <p>A struct's type is the union of the keys of all rows, so a key that is null in a row is left out of that
 * row's object (Arrow cannot tell an absent key from a JSON null there). Keys come out sorted, as JSONB
 * orders them.
 */
final class Json2Reader extends AbstractColumnReader {
    private final FieldVector vector;

    Json2Reader(FieldVector vector) {
        super("Json2");
        this.vector = vector;
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
        StringBuilder out = new StringBuilder();
        try {
            append(vector, row, out);
            // JSONB normalises numbers and key order exactly as classic JSON columns read
            return Jsonb.decode(Jsonb.encode(out.toString()));
        } catch (IllegalArgumentException e) {
            throw new SQLDataException(
                    "Invalid value in a Json2 column: " + e.getMessage(),
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

    private static void append(FieldVector v, int row, StringBuilder out) {
        if (v.isNull(row)) {
            out.append("null");
        } else if (v instanceof StructVector s) {
            appendObject(s, row, out);
        } else if (v instanceof BaseListVector list) {
            appendArray(list, row, out);
        } else if (v instanceof BitVector b) {
            out.append(b.get(row) != 0);
        } else if (v instanceof UInt8Vector u) {
            out.append(Long.toUnsignedString(u.get(row)));
        } else if (v instanceof UInt1Vector || v instanceof UInt2Vector || v instanceof UInt4Vector) {
            out.append(((BaseIntVector) v).getValueAsLong(row) & 0xFFFFFFFFL);
        } else if (v instanceof BaseIntVector i) {
            out.append(i.getValueAsLong(row));
        } else if (v instanceof FloatingPointVector f) {
            double d = f.getValueAsDouble(row);
            // serde_json has no NaN or infinity: GreptimeDB writes those as the string "NaN"
            out.append(Double.isFinite(d) ? Double.toString(d) : "\"NaN\"");
        } else if (v instanceof VarBinaryVector bin) {
            out.append(Jsonb.decode(bin.get(row))); // a Variant: rows whose shapes differ, kept as JSONB
        } else {
            quote(String.valueOf(v.getObject(row)), out);
        }
    }

    private static void appendObject(StructVector s, int row, StringBuilder out) {
        out.append('{');
        boolean first = true;
        for (FieldVector child : s.getChildrenFromFields()) {
            if (child.isNull(row)) {
                continue;
            }
            out.append(first ? "" : ",");
            first = false;
            quote(child.getName(), out);
            out.append(':');
            append(child, row, out);
        }
        out.append('}');
    }

    private static void appendArray(BaseListVector list, int row, StringBuilder out) {
        FieldVector items = (FieldVector) list.getChildrenFromFields().get(0);
        out.append('[');
        for (int i = list.getElementStartIndex(row); i < list.getElementEndIndex(row); i++) {
            out.append(i == list.getElementStartIndex(row) ? "" : ",");
            append(items, i, out);
        }
        out.append(']');
    }

    private static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
