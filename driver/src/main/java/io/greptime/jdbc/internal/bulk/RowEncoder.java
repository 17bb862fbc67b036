package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.proto.v1.ColumnDataType;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.proto.v1.SemanticType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The one encoder of row requests ({@code RowInsertRequests}, {@code RowDeleteRequests}, and the stream
 * inserter's {@code HandleRequests}): rows bound through the Arrow column writers (so every route converts
 * and range-checks a value the same way) turned into protobuf {@code Rows}, one {@link ProtoCells} per
 * column, with the column schema the table has (datatype, extension, semantic type). Immutable.
 */
final class RowEncoder {
    private final ProtoCells[] cells;
    private final List<ColumnSchema> schema;

    private RowEncoder(ProtoCells[] cells, List<ColumnSchema> schema) {
        this.cells = cells;
        this.schema = List.copyOf(schema);
    }

    /**
     * The encoder for these columns, tags named by {@code tags} and the time index marked in its field;
     * null when one of them cannot travel in a row request.
     */
    static RowEncoder forFields(List<Field> fields, Collection<String> tags) {
        List<SemanticType> semantics = new ArrayList<>();
        for (Field f : fields) {
            semantics.add(
                    GreptimeFieldMetadata.isTimeIndex(f)
                            ? SemanticType.TIMESTAMP
                            : tags.contains(f.getName()) ? SemanticType.TAG : SemanticType.FIELD);
        }
        return forFields(fields, semantics);
    }

    /** The encoder for these columns with the given semantic types; null when one cannot travel in a row. */
    static RowEncoder forFields(List<Field> fields, List<SemanticType> semantics) {
        ProtoCells[] cells = new ProtoCells[fields.size()];
        List<ColumnSchema> schema = new ArrayList<>();
        for (int i = 0; i < cells.length; i++) {
            cells[i] = ProtoCells.forField(fields.get(i));
            if (cells[i] == null) {
                return null;
            }
            schema.add(cells[i].schema(fields.get(i).getName(), semantics.get(i)));
        }
        return new RowEncoder(cells, schema);
    }

    /** The column schema every request carries. */
    List<ColumnSchema> schema() {
        return schema;
    }

    /** Whether column {@code c} is a JSON column (its values are checked as JSON text before buffering). */
    boolean isJson(int c) {
        return cells[c].type == ColumnDataType.JSON;
    }

    /** Rows {@code from} (inclusive) to {@code to} (exclusive) of a sealed root, with the schema. */
    Rows encode(VectorSchemaRoot sealed, int from, int to) {
        List<FieldVector> vectors = sealed.getFieldVectors();
        Rows.Builder out = Rows.newBuilder().addAllSchema(schema);
        for (int r = from; r < to; r++) {
            out.addRows(row(vectors, r));
        }
        return out.build();
    }

    /** One row: a NULL cell is the unset Value. */
    Row row(List<FieldVector> vectors, int r) {
        Row.Builder row = Row.newBuilder();
        for (int c = 0; c < cells.length; c++) {
            row.addValues(cells[c].value(vectors.get(c), r));
        }
        return row.build();
    }

    /** One row as a key (every cell set), or null when a cell is NULL (a key with a NULL tag names no row). */
    Row key(List<FieldVector> vectors, int r) {
        Row.Builder row = Row.newBuilder();
        for (int c = 0; c < cells.length; c++) {
            FieldVector v = vectors.get(c);
            if (v.isNull(r)) {
                return null;
            }
            row.addValues(cells[c].encode(v, r));
        }
        return row.build();
    }
}
