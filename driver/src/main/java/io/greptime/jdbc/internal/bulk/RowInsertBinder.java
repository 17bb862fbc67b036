package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.proto.v1.SemanticType;
import io.greptime.jdbc.sqlstate.SqlState;
import java.math.BigDecimal;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * An INSERT into a table that does not exist yet, with {@code bulkAutoCreateTable=true}: rows go as
 * {@code RowInsertRequests} over {@code Handle}, which creates the table (protocol.md §2.3; the
 * connection's {@code hints} such as {@code ttl} or {@code append_mode} apply to the new table). Column
 * types come from the first non-null value bound to each column: the first timestamp column becomes the
 * time index; string columns become tags (as in GreptimeDB's line protocol, so rows of different series
 * at one instant do not replace each other); a column NULL in every row of the first batch becomes a
 * string field; decimals keep their exact value (DECIMAL(38, s), s the largest scale in the batch).
 * Values are kept as bound and go through the same column writers and row encoder as every other route
 * when the batch is sent. Without the property such an INSERT takes the statement path and fails as SQL
 * would (42S02): an executeBatch must not create a table a mistyped name asked for.
 */
final class RowInsertBinder implements BulkBinder {
    private final BulkWrites owner;
    private final RequestSession session;
    private final String table;
    private final List<String> columns;
    private final Object[] current;
    private final boolean[] everSet;
    /** Each column's kind: the class of its first non-null value in this batch (null until there is one). */
    private final Class<?>[] kinds;

    private final List<Object[]> rows = new ArrayList<>();

    RowInsertBinder(BulkWrites owner, RequestSession session, String table, List<String> columns) {
        this.owner = owner;
        this.session = session;
        this.table = table;
        this.columns = columns;
        this.current = new Object[columns.size()];
        this.everSet = new boolean[columns.size()];
        this.kinds = new Class<?>[columns.size()];
    }

    private int column(int index) throws SQLException {
        if (index < 1 || index > columns.size()) {
            throw new SQLException(
                    "Parameter index " + index + " is out of range 1.." + columns.size(),
                    SqlState.INVALID_DESCRIPTOR_INDEX.code());
        }
        return index - 1;
    }

    /** Stores a value, refusing one of another kind than the column's first (22018). */
    private void put(int index, Object value) throws SQLException {
        int c = column(index);
        if (value != null) {
            Class<?> kind = kinds[c];
            if (kind == null) {
                kinds[c] = value.getClass();
            } else if (kind != value.getClass()) {
                throw new SQLDataException(
                        "Row " + (rows.size() + 1) + ", parameter " + index + " (column '" + columns.get(c) + "'): a "
                                + value.getClass().getSimpleName() + " value in a column first bound as "
                                + kind.getSimpleName(),
                        SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code());
            }
        }
        current[c] = value;
        everSet[c] = true;
    }

    /** The class of the column's first non-null value in this batch, or null. */
    private Class<?> kindOf(int c) {
        return kinds[c];
    }

    @Override
    public void setNull(int index) throws SQLException {
        put(index, null);
    }

    @Override
    public void setBoolean(int index, boolean x) throws SQLException {
        put(index, x);
    }

    @Override
    public void setLong(int index, long x) throws SQLException {
        put(index, x);
    }

    @Override
    public void setDouble(int index, double x) throws SQLException {
        put(index, x);
    }

    @Override
    public void setDecimal(int index, BigDecimal x) throws SQLException {
        put(index, x);
    }

    @Override
    public void setString(int index, String x) throws SQLException {
        put(index, x);
    }

    @Override
    public void setBytes(int index, byte[] x) throws SQLException {
        put(index, x == null ? null : x.clone());
    }

    @Override
    public void setInstant(int index, Instant x) throws SQLException {
        put(index, x);
    }

    @Override
    public void setLocalDateTime(int index, LocalDateTime x) throws SQLException {
        put(index, x == null ? null : x.atZone(session.timeZone()).toInstant());
    }

    @Override
    public void setDate(int index, LocalDate x) throws SQLException {
        put(index, x);
    }

    @Override
    public void setTime(int index, LocalTime x) throws SQLException {
        put(index, x);
    }

    @Override
    public void clearParameters() {
        Arrays.fill(everSet, false);
    }

    @Override
    public void addBatch(CallScope scope) throws SQLException {
        for (int c = 0; c < everSet.length; c++) {
            if (!everSet[c]) {
                throw new SQLException(
                        "Row " + (rows.size() + 1) + ": no value specified for parameter " + (c + 1) + " (column '"
                                + columns.get(c) + "')",
                        SqlState.WRONG_NUMBER_OF_PARAMETERS.code());
            }
        }
        rows.add(current.clone());
    }

    @Override
    public void clearBatch() {
        rows.clear();
        keepCurrentKinds();
    }

    /** After a batch, the kinds are those of the values still bound (the next batch starts from them). */
    private void keepCurrentKinds() {
        for (int c = 0; c < kinds.length; c++) {
            kinds[c] = current[c] == null ? null : current[c].getClass();
        }
    }

    @Override
    public long pendingRows() {
        return rows.size();
    }

    /** The batch as requests of at most bulkFlushRows rows; see {@link RowBatches} for the counts. */
    @Override
    public long[] executeBatch(CallScope scope) throws SQLException {
        if (rows.isEmpty()) {
            return new long[0];
        }
        List<Field> fields = fields();
        List<SemanticType> semantics = semantics(fields);
        RowEncoder encoder = RowEncoder.forFields(fields, semantics);
        int timeIndex = semantics.indexOf(SemanticType.TIMESTAMP);
        BufferAllocator child = owner.allocator().newChildAllocator("create-" + table, 0, Long.MAX_VALUE);
        try (BatchBuffer buffer = BatchBuffer.create(fields, timeIndex, child, session.timeZone())) {
            Loader loader = new Loader(session, buffer);
            for (Object[] row : rows) {
                for (int c = 0; c < row.length; c++) {
                    ObjectParameters.bind(loader, c + 1, row[c]);
                }
                loader.endRow();
            }
            // a missing table has no deduplication to rely on: a failed request is reported, never repeated
            return RowBatches.send(owner, session, table, buffer, rows.size(), encoder, false, scope);
        } finally {
            clearBatch();
            child.close();
        }
    }

    /** Each column's Arrow type, from its first non-null value. */
    private List<Field> fields() {
        List<Field> fields = new ArrayList<>();
        boolean timeIndexChosen = false;
        for (int c = 0; c < columns.size(); c++) {
            ArrowType type = arrowType(c);
            boolean timeIndex = !timeIndexChosen && type instanceof ArrowType.Timestamp;
            timeIndexChosen |= timeIndex;
            Map<String, String> metadata = timeIndex ? Map.of(GreptimeFieldMetadata.TIME_INDEX_KEY, "true") : null;
            fields.add(new Field(columns.get(c), new FieldType(!timeIndex, type, null, metadata), null));
        }
        return fields;
    }

    private ArrowType arrowType(int c) {
        Class<?> kind = kindOf(c);
        if (kind == Boolean.class) {
            return ArrowType.Bool.INSTANCE;
        } else if (kind == Long.class) {
            return new ArrowType.Int(64, true);
        } else if (kind == Double.class) {
            return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
        } else if (kind == BigDecimal.class) {
            int scale = 0;
            for (Object[] row : rows) {
                scale = row[c] == null ? scale : Math.max(scale, ((BigDecimal) row[c]).scale());
            }
            return new ArrowType.Decimal(38, Math.min(Math.max(scale, 0), 38), 128);
        } else if (kind == byte[].class) {
            return ArrowType.Binary.INSTANCE;
        } else if (kind == Instant.class) {
            return new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
        } else if (kind == LocalDate.class) {
            return new ArrowType.Date(DateUnit.DAY);
        } else if (kind == LocalTime.class) {
            return new ArrowType.Time(TimeUnit.NANOSECOND, 64);
        }
        return ArrowType.Utf8.INSTANCE; // strings, and columns NULL in every row
    }

    /** The time index, tags for string columns that hold a value, fields for the rest. */
    private List<SemanticType> semantics(List<Field> fields) {
        List<SemanticType> out = new ArrayList<>();
        for (int c = 0; c < fields.size(); c++) {
            Field f = fields.get(c);
            out.add(
                    GreptimeFieldMetadata.isTimeIndex(f)
                            ? SemanticType.TIMESTAMP
                            : kindOf(c) == String.class ? SemanticType.TAG : SemanticType.FIELD);
        }
        return out;
    }

    /** Writes kept values into a buffer through the column writers. */
    private static final class Loader extends VectorBinder {
        Loader(RequestSession session, BatchBuffer buffer) {
            super(session, buffer);
        }
    }

    @Override
    public void close() {
        rows.clear();
    }
}
