package io.greptime.jdbc.internal.typed;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the current row of one result set into a record: column positions are looked up by label once,
 * when the reader opens, and each row costs one {@code getObject(column, Class)} per component and one
 * call of the canonical constructor's method handle.
 */
public final class RecordReader<T> {
    private final RecordMapping<T> mapping;
    private final ResultSet rs;
    private final int[] positions;
    private final Class<?>[] readAs;
    private long row;

    private RecordReader(RecordMapping<T> mapping, ResultSet rs, int[] positions) {
        this.mapping = mapping;
        this.rs = rs;
        this.positions = positions;
        List<ColumnMapping> columns = mapping.columns();
        this.readAs = new Class<?>[columns.size()];
        for (int i = 0; i < readAs.length; i++) {
            readAs[i] = columns.get(i).kind().readAs;
        }
    }

    /** A reader for {@code rs}; 42S22 naming the first component whose column the result does not have. */
    public static <T> RecordReader<T> open(RecordMapping<T> mapping, ResultSet rs) throws SQLException {
        mapping.requireConstructible();
        Map<String, Integer> labels = labels(rs.getMetaData());
        List<ColumnMapping> columns = mapping.columns();
        int[] positions = new int[columns.size()];
        for (int i = 0; i < positions.length; i++) {
            Integer at = labels.get(columns.get(i).column().toLowerCase(Locale.ROOT));
            if (at == null) {
                throw new SQLException(
                        "The result has no column '" + columns.get(i).column() + "' for component '"
                                + columns.get(i).component() + "' of "
                                + mapping.type().getName() + "; its columns are "
                                + labels.keySet(),
                        SqlState.COLUMN_NOT_FOUND.code());
            }
            positions[i] = at;
        }
        return new RecordReader<>(mapping, rs, positions);
    }

    /** Labels (lower-cased) to their first 1-based position, as {@code findColumn} resolves duplicates. */
    private static Map<String, Integer> labels(ResultSetMetaData md) throws SQLException {
        Map<String, Integer> labels = new HashMap<>();
        for (int i = md.getColumnCount(); i >= 1; i--) {
            labels.put(md.getColumnLabel(i).toLowerCase(Locale.ROOT), i);
        }
        return labels;
    }

    /** The current row as a record. */
    public T read() throws SQLException {
        row++;
        List<ColumnMapping> columns = mapping.columns();
        Object[] values = new Object[positions.length];
        for (int i = 0; i < values.length; i++) {
            Object v = rs.getObject(positions[i], readAs[i]);
            if (v == null && columns.get(i).primitive()) {
                throw new SQLDataException(
                        "Row " + row + ": column '" + columns.get(i).column()
                                + "' is NULL, which primitive component '"
                                + columns.get(i).component()
                                + "' cannot hold; declare it with the boxed type",
                        SqlState.NULL_VALUE_NO_INDICATOR.code());
            }
            values[i] = v;
        }
        return mapping.construct(values);
    }
}
