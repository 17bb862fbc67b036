package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.GreptimeStreamInserter;
import io.greptime.jdbc.GreptimeStreamInserter.Column;
import io.greptime.jdbc.GreptimeStreamInserter.DataType;
import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.arrow.jsonb.Jsonb;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.proto.v1.SemanticType;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * One declared table of a stream inserter: its rows are written into Arrow vectors through the same
 * column writers as DoPut (so values convert and fail alike) and leave as one {@code RowInsertRequest}
 * when the inserter flushes.
 */
final class StreamTable extends VectorBinder {
    private final String table;
    private final BufferAllocator allocator;
    private final RowEncoder encoder;
    private final int width;
    /** Which columns are JSON, checked before they are buffered. */
    private final boolean[] json;

    private StreamTable(
            RequestSession session, String table, BatchBuffer buffer, BufferAllocator allocator, RowEncoder encoder) {
        super(session, buffer);
        this.table = table;
        this.allocator = allocator;
        this.encoder = encoder;
        this.width = encoder.schema().size();
        this.json = new boolean[width];
        for (int i = 0; i < json.length; i++) {
            json[i] = encoder.isJson(i);
        }
    }

    /** Checks the declaration and builds the table's buffer in a child of {@code parent}. */
    static StreamTable declare(RequestSession session, String table, Column[] columns, BufferAllocator parent)
            throws SQLException {
        List<Field> fields = fields(table, columns);
        int timeIndex = -1;
        List<SemanticType> semantics = new ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            timeIndex = columns[i].semantic() == GreptimeStreamInserter.Semantic.TIMESTAMP ? i : timeIndex;
            semantics.add(semantic(columns[i]));
        }
        RowEncoder encoder = RowEncoder.forFields(fields, semantics);
        BufferAllocator child = parent.newChildAllocator("stream-" + table, 0, Long.MAX_VALUE);
        BatchBuffer buffer = BatchBuffer.create(fields, timeIndex, child, session.timeZone());
        return new StreamTable(session, table, buffer, child, encoder);
    }

    private static List<Field> fields(String table, Column[] columns) throws SQLException {
        if (table == null || table.isEmpty() || columns == null || columns.length == 0) {
            throw new SQLException(
                    "A stream table needs a name and at least one column", SqlState.INVALID_PARAMETER_VALUE.code());
        }
        Set<String> names = new HashSet<>();
        int timestamps = 0;
        List<Field> fields = new ArrayList<>();
        for (Column c : columns) {
            if (!names.add(c.name())) {
                throw new SQLException(
                        "Table " + table + ": column '" + c.name() + "' is declared twice",
                        SqlState.INVALID_PARAMETER_VALUE.code());
            }
            boolean isTime = c.semantic() == GreptimeStreamInserter.Semantic.TIMESTAMP;
            if (isTime && !c.type().name().startsWith("TIMESTAMP_")) {
                throw new SQLException(
                        "Table " + table + ": the timestamp column '" + c.name() + "' must have a "
                                + "TIMESTAMP_* type, not " + c.type(),
                        SqlState.INVALID_PARAMETER_VALUE.code());
            }
            timestamps += isTime ? 1 : 0;
            fields.add(new Field(c.name(), new FieldType(!isTime, arrowType(c), null, metadata(c)), null));
        }
        if (timestamps != 1) {
            throw new SQLException(
                    "Table " + table + ": exactly one timestamp column is needed, " + timestamps + " declared",
                    SqlState.INVALID_PARAMETER_VALUE.code());
        }
        return fields;
    }

    /**
     * The time index is marked as in a table's schema; a JSON column is a Utf8 vector marked
     * {@code greptime:type=Json}: the column writers fill it from text as any string column, and
     * {@link RowEncoder} sends it as a JSON column.
     */
    private static Map<String, String> metadata(Column c) {
        if (c.semantic() == GreptimeStreamInserter.Semantic.TIMESTAMP) {
            return Map.of(GreptimeFieldMetadata.TIME_INDEX_KEY, "true");
        }
        return c.type() == DataType.JSON ? Map.of(GreptimeFieldMetadata.TYPE_KEY, "Json") : null;
    }

    private static SemanticType semantic(Column c) {
        switch (c.semantic()) {
            case TAG:
                return SemanticType.TAG;
            case TIMESTAMP:
                return SemanticType.TIMESTAMP;
            default:
                return SemanticType.FIELD;
        }
    }

    private static ArrowType arrowType(Column c) {
        DataType type = c.type();
        switch (type) {
            case BOOLEAN:
                return ArrowType.Bool.INSTANCE;
            case INT8:
                return new ArrowType.Int(8, true);
            case INT16:
                return new ArrowType.Int(16, true);
            case INT32:
                return new ArrowType.Int(32, true);
            case INT64:
                return new ArrowType.Int(64, true);
            case UINT8:
                return new ArrowType.Int(8, false);
            case UINT16:
                return new ArrowType.Int(16, false);
            case UINT32:
                return new ArrowType.Int(32, false);
            case UINT64:
                return new ArrowType.Int(64, false);
            case FLOAT32:
                return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case FLOAT64:
                return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case STRING:
            case JSON:
                return ArrowType.Utf8.INSTANCE;
            case DECIMAL:
                return new ArrowType.Decimal(c.precision(), c.scale(), 128);
            case BINARY:
                return ArrowType.Binary.INSTANCE;
            case DATE:
                return new ArrowType.Date(DateUnit.DAY);
            default:
                return timestampType(type);
        }
    }

    private static ArrowType timestampType(DataType type) {
        switch (type) {
            case TIMESTAMP_SECOND:
                return new ArrowType.Timestamp(TimeUnit.SECOND, null);
            case TIMESTAMP_MILLISECOND:
                return new ArrowType.Timestamp(TimeUnit.MILLISECOND, null);
            case TIMESTAMP_MICROSECOND:
                return new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
            default:
                return new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
        }
    }

    /** Writes one row; on a bad value nothing of the row stays and the error names table, row and column. */
    void add(Object[] values) throws SQLException {
        if (values == null || values.length != width) {
            throw new SQLException(
                    "Table " + table + ": " + width + " values expected, " + (values == null ? 0 : values.length)
                            + " given",
                    SqlState.INVALID_DESCRIPTOR_INDEX.code());
        }
        try {
            for (int i = 0; i < values.length; i++) {
                if (json[i] && values[i] != null) {
                    checkJson(i, values[i]);
                }
                setObject(i + 1, values[i]);
            }
            endRow();
        } catch (SQLException e) {
            clearParameters();
            throw new SQLException("Table " + table + ": " + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
        }
    }

    /**
     * Refuses what GreptimeDB would refuse for the whole request (it parses JSON text when it receives the
     * request, and one bad value fails them all, ending the stream): anything but JSON text.
     */
    private void checkJson(int column, Object value) throws SQLException {
        String where = "Row " + (pendingRows + 1) + ", column '"
                + buffer.writer(column).name() + "': ";
        if (!(value instanceof String text)) {
            throw new SQLDataException(
                    where + "a JSON column takes JSON text (a String), not a "
                            + value.getClass().getName(),
                    SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code());
        }
        try {
            Jsonb.encode(text);
        } catch (IllegalArgumentException e) {
            throw new SQLDataException(where + e.getMessage(), SqlState.INVALID_JSON_TEXT.code());
        }
    }

    /** Buffered rows. */
    int rows() {
        return buffer.row();
    }

    /** The buffered rows as one request entry, emptying the buffer; null when there are none. */
    RowInsertRequest drain() {
        int rows = buffer.row();
        if (rows == 0) {
            return null;
        }
        Rows out = encoder.encode(buffer.seal(), 0, rows);
        buffer.reset();
        clearParameters();
        return RowInsertRequest.newBuilder().setTableName(table).setRows(out).build();
    }

    /** Drops buffered rows and frees the vectors. */
    void close() {
        try {
            buffer.close();
        } finally {
            allocator.close();
        }
    }
}
