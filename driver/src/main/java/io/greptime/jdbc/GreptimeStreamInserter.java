package io.greptime.jdbc;

import java.sql.SQLException;
import java.util.Objects;

/**
 * Rows for one or more tables written over one {@code GreptimeDatabase/HandleRequests} client stream,
 * obtained from {@link GreptimeConnection#streamInserter()}. Declare each table's columns once, then
 * {@link #insert} rows; rows are buffered and sent as {@code RowInsertRequests} every
 * {@code bulkFlushRows} rows (all tables together). Missing tables are created by the server, with the
 * connection's hints ({@code ttl}, {@code append_mode}, ...) as table options, and missing columns added.
 *
 * <p>{@link #finish()} sends the rest, ends the stream and returns the server's total of rows written by
 * the whole stream. {@link #abort()} cancels the stream: rows still buffered are dropped and never sent;
 * requests already sent may have been written, because the server writes each request as it arrives (it
 * has no transactions), so after an abort at most {@link #sentRows()} rows of this inserter are stored.
 * A server error ends the stream; the next call (insert, finish) throws it as a SQLException.
 *
 * <p>Not thread-safe: one thread inserts, finishes or aborts. Closing an inserter that was not finished
 * aborts it.
 */
public interface GreptimeStreamInserter extends AutoCloseable {

    /**
     * Column types a stream can write; each maps to the GreptimeDB type of the same name. {@code DECIMAL}
     * is {@code DECIMAL(p, s)} with the column's {@link Column#precision()} and {@link Column#scale()};
     * {@code JSON} is GreptimeDB's JSON type, written as JSON text.
     */
    enum DataType {
        BOOLEAN,
        INT8,
        INT16,
        INT32,
        INT64,
        UINT8,
        UINT16,
        UINT32,
        UINT64,
        FLOAT32,
        FLOAT64,
        STRING,
        BINARY,
        DATE,
        TIMESTAMP_SECOND,
        TIMESTAMP_MILLISECOND,
        TIMESTAMP_MICROSECOND,
        TIMESTAMP_NANOSECOND,
        DECIMAL,
        JSON
    }

    /** A column's role: tags identify a series (the primary key), the timestamp is the time index. */
    enum Semantic {
        TAG,
        FIELD,
        TIMESTAMP
    }

    /**
     * One declared column.
     *
     * @param name the column name as stored
     * @param semantic its role
     * @param type its type
     * @param precision for {@code DECIMAL}: the number of digits, 1 to 38; 0 for every other type
     * @param scale for {@code DECIMAL}: the digits after the point, 0 to {@code precision}; 0 otherwise
     */
    record Column(String name, Semantic semantic, DataType type, int precision, int scale) {
        /** GreptimeDB's precision and scale for a DECIMAL declared without them. */
        public static final int DEFAULT_DECIMAL_PRECISION = 38;

        public static final int DEFAULT_DECIMAL_SCALE = 10;

        public Column {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(semantic, "semantic");
            Objects.requireNonNull(type, "type");
            if (type == DataType.DECIMAL) {
                if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
                    throw new IllegalArgumentException("Column " + name + ": DECIMAL(" + precision + ", " + scale
                            + ") needs a precision of 1 to 38 and a scale of 0 to the precision");
                }
            } else if (precision != 0 || scale != 0) {
                throw new IllegalArgumentException(
                        "Column " + name + ": only DECIMAL columns have a precision and scale, not " + type);
            }
        }

        /** A column of {@code type}; a DECIMAL gets GreptimeDB's default DECIMAL(38, 10). */
        public Column(String name, Semantic semantic, DataType type) {
            this(
                    name,
                    semantic,
                    type,
                    type == DataType.DECIMAL ? DEFAULT_DECIMAL_PRECISION : 0,
                    type == DataType.DECIMAL ? DEFAULT_DECIMAL_SCALE : 0);
        }

        public static Column tag(String name, DataType type) {
            return new Column(name, Semantic.TAG, type);
        }

        public static Column field(String name, DataType type) {
            return new Column(name, Semantic.FIELD, type);
        }

        /**
         * A {@code DECIMAL(precision, scale)} field. Values ({@code BigDecimal}, integers, doubles, numeric
         * text) are rounded half-up to {@code scale} digits; one that then needs more than
         * {@code precision} digits fails its insert with SQLState 22003.
         */
        public static Column decimal(String name, int precision, int scale) {
            return new Column(name, Semantic.FIELD, DataType.DECIMAL, precision, scale);
        }

        /**
         * A JSON field. Values are JSON text ({@code String}) of any JSON value; text that is not JSON (RFC
         * 8259) fails its insert with SQLState 22018.
         */
        public static Column json(String name) {
            return new Column(name, Semantic.FIELD, DataType.JSON);
        }

        /** The time index; {@code type} must be one of the TIMESTAMP_* types. */
        public static Column timestamp(String name, DataType type) {
            return new Column(name, Semantic.TIMESTAMP, type);
        }
    }

    /**
     * Declares a table's columns, once per table, before its first row: exactly one timestamp column of
     * a TIMESTAMP_* type, names distinct.
     */
    void declare(String table, Column... columns) throws SQLException;

    /**
     * Adds one row to {@code table}, values in the declared column order (null for NULL). Values convert
     * as {@code PreparedStatement.setObject} converts them (numbers, strings, {@code Instant},
     * {@code Timestamp}, {@code LocalDateTime} in the session zone, {@code LocalDate}, {@code byte[]},
     * {@code BigDecimal}; a JSON column takes JSON text as a {@code String}); a value a column cannot hold
     * (out of range: 22003, not convertible or not JSON: 22018) fails here, naming the table, row and
     * column, and the row is not added; the inserter stays usable.
     */
    void insert(String table, Object... values) throws SQLException;

    /** Rows sent to the server so far (excluding rows still buffered). */
    long sentRows();

    /** Sends the buffered rows, ends the stream and returns the server's total of rows written. */
    long finish() throws SQLException;

    /** Cancels the stream and drops buffered rows; see the class comment for what may be stored. */
    void abort();

    /** Aborts unless {@link #finish()} completed. */
    @Override
    void close();
}
