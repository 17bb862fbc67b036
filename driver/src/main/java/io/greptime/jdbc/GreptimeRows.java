package io.greptime.jdbc;

import io.greptime.jdbc.internal.typed.RecordMapping;
import io.greptime.jdbc.internal.typed.RecordReader;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Reads result rows into Java records. Columns are matched to components by label (the column name the
 * component maps to, case-insensitively), so the query's column order does not matter and extra columns
 * are ignored; each value goes through the result set's {@code getObject(column, Class)} conversion and
 * the record's canonical constructor. Works with any JDBC result set.
 *
 * <pre>{@code
 * try (ResultSet rs = st.executeQuery("SELECT * FROM cpu WHERE host = 'a'")) {
 *   List<Cpu> rows = GreptimeRows.read(rs, Cpu.class);
 * }
 * }</pre>
 *
 * <p>Mapping mistakes in the record type are {@code SQLSyntaxErrorException}s with SQLState 42000, raised
 * before any row is read (see {@link #check}); a component whose column is not in the result is 42S22; a
 * SQL NULL for a primitive component is 22002 (use the boxed type for nullable columns). Reading needs no
 * {@code @TimeIndex}: a record may also hold the columns of an aggregate query.
 */
public final class GreptimeRows {
    private GreptimeRows() {}

    /**
     * Builds (once per class, then cached) and checks the mapping of {@code type} as a table row, as
     * {@link GreptimeConnection#bulkWriter(Class)} does, without reading or writing anything: lets an
     * application find mapping mistakes at start-up.
     */
    public static void check(Class<?> type) throws SQLException {
        RecordMapping.of(type).requireTimeIndex();
    }

    /** Every remaining row of {@code rs} as a record; the result set is left open, positioned after the end. */
    public static <T> List<T> read(ResultSet rs, Class<T> type) throws SQLException {
        RecordReader<T> reader = RecordReader.open(RecordMapping.of(type), rs);
        List<T> out = new ArrayList<>();
        while (rs.next()) {
            out.add(reader.read());
        }
        return out;
    }

    /**
     * The remaining rows of {@code rs} as a lazy, sequential stream of records. A SQLException while reading
     * surfaces as an {@link IllegalStateException} whose cause is
     * the SQLException. Closing the stream closes the result set.
     */
    public static <T> Stream<T> stream(ResultSet rs, Class<T> type) throws SQLException {
        RecordReader<T> reader = RecordReader.open(RecordMapping.of(type), rs);
        Spliterator<T> rows =
                new Spliterators.AbstractSpliterator<T>(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
                    @Override
                    public boolean tryAdvance(Consumer<? super T> action) {
                        try {
                            if (!rs.next()) {
                                return false;
                            }
                            action.accept(reader.read());
                            return true;
                        } catch (SQLException e) {
                            throw new IllegalStateException(e.getMessage(), e);
                        }
                    }
                };
        return StreamSupport.stream(rows, false).onClose(() -> {
            try {
                rs.close();
            } catch (SQLException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        });
    }
}
