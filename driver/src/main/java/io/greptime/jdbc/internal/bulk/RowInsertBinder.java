package io.greptime.jdbc.internal.bulk;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.arrow.write.StrictUtf8;
import io.greptime.jdbc.internal.client.CancelHook;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.proto.v1.ColumnDataType;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.proto.v1.SemanticType;
import io.greptime.jdbc.proto.v1.Value;
import java.math.BigDecimal;
import java.sql.BatchUpdateException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fallback for an INSERT into a table that does not exist yet: rows go as {@code RowInsertRequests}
 * over {@code Handle}, which creates the table (protocol.md §2.3; the connection's {@code hints} such as
 * {@code ttl} or {@code append_mode} apply to the new table). Column types come from the first non-null
 * value bound to each column; the first timestamp column becomes the time index, string columns become
 * tags (as in GreptimeDB's line protocol), everything else a field.
 */
final class RowInsertBinder implements BulkBinder {
    private final BulkWrites owner;
    private final RequestSession session;
    private final String table;
    private final List<String> columns;
    private final ColumnDataType[] types;
    private final Value[] current;
    private final boolean[] everSet;
    private final List<Value[]> rows = new ArrayList<>();

    RowInsertBinder(BulkWrites owner, RequestSession session, String table, List<String> columns) {
        this.owner = owner;
        this.session = session;
        this.table = table;
        this.columns = columns;
        this.types = new ColumnDataType[columns.size()];
        this.current = new Value[columns.size()];
        this.everSet = new boolean[columns.size()];
    }

    private int column(int index) throws SQLException {
        if (index < 1 || index > columns.size()) {
            throw new SQLException("Parameter index " + index + " is out of range 1.." + columns.size(), "07009");
        }
        return index - 1;
    }

    /** Stores a value of this type, fixing the column's type at its first non-null value. */
    private void put(int index, ColumnDataType type, Value value) throws SQLException {
        int c = column(index);
        if (types[c] == null) {
            types[c] = type;
        } else if (types[c] != type) {
            throw new SQLDataException(
                    "Row " + (rows.size() + 1) + ", parameter " + index + " (column '" + columns.get(c) + "'): a "
                            + type + " value in a column first bound as " + types[c],
                    "22018");
        }
        current[c] = value;
        everSet[c] = true;
    }

    @Override
    public void setNull(int index) throws SQLException {
        int c = column(index);
        current[c] = Value.getDefaultInstance();
        everSet[c] = true;
    }

    @Override
    public void setBoolean(int index, boolean x) throws SQLException {
        put(index, ColumnDataType.BOOLEAN, Value.newBuilder().setBoolValue(x).build());
    }

    @Override
    public void setLong(int index, long x) throws SQLException {
        if (types[column(index)] == ColumnDataType.FLOAT64) {
            setDouble(index, x);
            return;
        }
        put(index, ColumnDataType.INT64, Value.newBuilder().setI64Value(x).build());
    }

    @Override
    public void setDouble(int index, double x) throws SQLException {
        put(index, ColumnDataType.FLOAT64, Value.newBuilder().setF64Value(x).build());
    }

    /** As a double: an auto-created column has no declared precision to keep. */
    @Override
    public void setDecimal(int index, BigDecimal x) throws SQLException {
        if (x == null) {
            setNull(index);
        } else {
            setDouble(index, x.doubleValue());
        }
    }

    @Override
    public void setString(int index, String x) throws SQLException {
        if (x == null) {
            setNull(index);
        } else {
            put(
                    index,
                    ColumnDataType.STRING,
                    Value.newBuilder()
                            .setStringValue(StrictUtf8.forColumn(x, columns.get(column(index))))
                            .build());
        }
    }

    @Override
    public void setBytes(int index, byte[] x) throws SQLException {
        if (x == null) {
            setNull(index);
        } else {
            put(
                    index,
                    ColumnDataType.BINARY,
                    Value.newBuilder().setBinaryValue(ByteString.copyFrom(x)).build());
        }
    }

    @Override
    public void setInstant(int index, Instant x) throws SQLException {
        if (x == null) {
            setNull(index);
            return;
        }
        long nanos;
        try {
            nanos = Math.addExact(Math.multiplyExact(x.getEpochSecond(), 1_000_000_000L), x.getNano());
        } catch (ArithmeticException e) {
            throw new SQLDataException(
                    "Row " + (rows.size() + 1) + ", parameter " + index + ": " + x
                            + " is out of range for a nanosecond timestamp",
                    "22003");
        }
        put(
                index,
                ColumnDataType.TIMESTAMP_NANOSECOND,
                Value.newBuilder().setTimestampNanosecondValue(nanos).build());
    }

    @Override
    public void setDate(int index, LocalDate x) throws SQLException {
        if (x == null) {
            setNull(index);
        } else {
            put(
                    index,
                    ColumnDataType.DATE,
                    Value.newBuilder()
                            .setDateValue(Math.toIntExact(x.toEpochDay()))
                            .build());
        }
    }

    @Override
    public void setTime(int index, LocalTime x) throws SQLException {
        if (x == null) {
            setNull(index);
        } else {
            put(
                    index,
                    ColumnDataType.TIME_NANOSECOND,
                    Value.newBuilder()
                            .setTimeNanosecondValue(x.getLong(ChronoField.NANO_OF_DAY))
                            .build());
        }
    }

    @Override
    public void setObject(int index, Object x) throws SQLException {
        ObjectParameters.bind(this, index, x, session.timeZone());
    }

    @Override
    public void clearParameters() {
        Arrays.fill(everSet, false);
    }

    @Override
    public void addBatch() throws SQLException {
        for (int c = 0; c < everSet.length; c++) {
            if (!everSet[c]) {
                throw new SQLException(
                        "Row " + (rows.size() + 1) + ": no value specified for parameter " + (c + 1) + " (column '"
                                + columns.get(c) + "')",
                        "07001");
            }
        }
        rows.add(current.clone());
    }

    @Override
    public void clearBatch() {
        rows.clear();
    }

    @Override
    public long pendingRows() {
        return rows.size();
    }

    /** One request per {@code bulkFlushRows} rows; a failed request and those after it are not in. */
    @Override
    public long[] executeBatch() throws SQLException {
        long[] counts = new long[rows.size()];
        Arrays.fill(counts, Statement.EXECUTE_FAILED);
        int chunk = owner.config().bulkFlushRows();
        try {
            for (int from = 0; from < rows.size(); from += chunk) {
                int to = Math.min(rows.size(), from + chunk);
                send(rows.subList(from, to));
                Arrays.fill(counts, from, to, 1);
            }
        } catch (SQLException e) {
            long in = Arrays.stream(counts).filter(n -> n == 1).count();
            throw new BatchUpdateException(
                    "Row inserts into " + table + " failed after " + in + " of " + counts.length
                            + " rows were written: " + e.getMessage(),
                    e.getSQLState(),
                    e.getErrorCode(),
                    counts,
                    e);
        } finally {
            rows.clear();
        }
        return counts;
    }

    private void send(List<Value[]> chunk) throws SQLException {
        Rows.Builder b = Rows.newBuilder();
        boolean timeIndexChosen = false;
        for (int c = 0; c < columns.size(); c++) {
            ColumnDataType type = types[c] == null ? ColumnDataType.STRING : types[c];
            SemanticType semantic = SemanticType.FIELD;
            if (type == ColumnDataType.TIMESTAMP_NANOSECOND && !timeIndexChosen) {
                semantic = SemanticType.TIMESTAMP;
                timeIndexChosen = true;
            } else if (type == ColumnDataType.STRING) {
                semantic = SemanticType.TAG;
            }
            b.addSchema(ColumnSchema.newBuilder()
                    .setColumnName(columns.get(c))
                    .setDatatype(type)
                    .setSemanticType(semantic));
        }
        for (Value[] row : chunk) {
            b.addRows(Row.newBuilder().addAllValues(Arrays.asList(row)));
        }
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setHeader(session.toHeader())
                .setRowInserts(RowInsertRequests.newBuilder()
                        .addInserts(RowInsertRequest.newBuilder()
                                .setTableName(table)
                                .setRows(b)))
                .build();
        owner.client().handle(session, request, owner.config().queryTimeoutSeconds() * 1000L, CancelHook.NONE);
        owner.rowInsertRequests.incrementAndGet();
        owner.rowInsertRows.addAndGet(chunk.size());
    }

    @Override
    public void close() {
        rows.clear();
    }
}
