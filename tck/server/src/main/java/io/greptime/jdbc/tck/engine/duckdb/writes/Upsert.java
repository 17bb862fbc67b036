package io.greptime.jdbc.tck.engine.duckdb.writes;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.results.MaterializedReader;
import io.greptime.jdbc.tck.engine.duckdb.storage.PutRules;
import io.greptime.jdbc.tck.engine.duckdb.storage.StagedKeys;
import io.greptime.jdbc.tck.engine.duckdb.storage.StagingBatch;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Writes staged rows into a table with GreptimeDB's mito semantics (protocol.md §9.5): rows with equal
 * (tags, time index) are one row; {@code last_row} keeps the latest write whole, {@code last_non_null}
 * merges non-null fields, {@code append_mode} keeps duplicates. Runs inside the caller's transaction.
 */
public final class Upsert {
    /** Tables up to this size are kept physically ordered by (tags, time index), like GreptimeDB scans. */
    private static final long SORT_LIMIT = 20_000;

    private static final AtomicLong STREAMS = new AtomicLong();

    private Upsert() {}

    /** Writes the rows and returns how many were written (duplicates included, as GreptimeDB counts). */
    public static long write(Call call, TableMeta t, List<Object[]> rows) throws SQLException {
        if (rows.isEmpty()) {
            return 0;
        }
        try (VectorSchemaRoot staged = StagingBatch.build(t, rows, call.engine.staging)) {
            writeStaged(call, t, List.of(staged));
            return rows.size();
        }
    }

    /**
     * Writes a staged batch ({@link StagingBatch} layout) and returns its row count, in as few DuckDB
     * statements as its table allows (each costs about as much as importing the batch): rows for an
     * append table go straight from DuckDB's Arrow scan of the batch into the table; rows for a dedup
     * table whose time range holds no stored row yet (fresh samples, the usual case) only need the
     * batch's own duplicates merged on the way in. Everything else (stored keys to replace,
     * {@code last_non_null} merges, flows reading the table) goes through the temp table
     * {@code gt_stg} in one transaction. The batch is released once DuckDB has read it.
     */
    static void writeStaged(Call call, TableMeta t, List<VectorSchemaRoot> staged) throws SQLException {
        if (staged.stream().allMatch(b -> b.getRowCount() == 0)) {
            return;
        }
        if (call.bulkInsert && PutRules.instant(t)) {
            // ttl='instant': a bulk insert is written to the region, where it expires at once, and reaches no
            // flow (bulk_insert.rs has no instant-TTL split, unlike insert.rs:134-146); counted as written.
            // (Row and SQL inserts, which GreptimeDB mirrors to the flows only, are the flow engine's concern.)
            return;
        }
        String during = timeRange(t, staged);
        String into = "INSERT INTO " + Catalog.duckTable(t) + " (" + columnList(t, "") + ") ";
        boolean flows = FlowHooks.hasFlows(call, t);
        if (!flows && t.appendMode()) {
            readStaged(call, staged, view -> into + "SELECT " + columnList(t, "") + " FROM " + view);
        } else if (!flows && !t.appendMode() && !t.lastNonNull() && !storedRowsIn(call, t, during)) {
            boolean repeats = StagedKeys.repeat(t, staged);
            readStaged(
                    call,
                    staged,
                    view -> into + (repeats ? mergeLastRow(t, view) : "SELECT " + columnList(t, "") + " FROM " + view));
        } else {
            call.beginTransaction();
            readStaged(call, staged, view -> "CREATE OR REPLACE TEMP TABLE gt_stg AS SELECT * FROM " + view);
            apply(call, t, during);
            return;
        }
        sort(call, t);
    }

    /** Whether the table holds a row in the time range (null: unknown, so maybe). */
    private static boolean storedRowsIn(Call call, TableMeta t, String during) throws SQLException {
        if (during == null) {
            return true;
        }
        call.checkInterrupted();
        try (Statement st = call.conn.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT 1 FROM " + Catalog.duckTable(t) + " WHERE " + during + " LIMIT 1")) {
            return rs.next();
        }
    }

    /** Deletes the rows whose (tags, time index) equal those of {@code keyRows}; returns rows deleted. */
    static long deleteKeys(Call call, TableMeta t, List<Object[]> keyRows) throws SQLException {
        if (keyRows.isEmpty()) {
            return 0;
        }
        String during;
        try (VectorSchemaRoot staged = StagingBatch.build(t, keyRows, call.engine.staging)) {
            during = timeRange(t, List.of(staged));
            readStaged(call, List.of(staged), view -> "CREATE OR REPLACE TEMP TABLE gt_stg AS SELECT * FROM " + view);
        }
        String tgt = Catalog.duckTable(t);
        long n = call.update("DELETE FROM " + tgt + " WHERE " + and(during) + "EXISTS (SELECT 1 FROM gt_stg s WHERE "
                + keyMatch(t, tgt, "s") + ")");
        FlowHooks.staged(call, t, true);
        call.exec("DROP TABLE gt_stg");
        return n;
    }

    private static String and(String during) {
        return during == null ? "" : during + " AND ";
    }

    private interface ReadingStatement {
        String sql(String view);
    }

    /**
     * Registers the batches with DuckDB as one Arrow stream (a temp view over it), runs the statement
     * that reads it, and drops the view: on a pooled connection, views over streams already read would
     * otherwise pile up. The stream takes the batches over and releases each once read.
     */
    private static void readStaged(Call call, List<VectorSchemaRoot> staged, ReadingStatement statement)
            throws SQLException {
        String name = "gt_in_" + STREAMS.incrementAndGet();
        VectorSchemaRoot first = staged.get(0);
        BufferAllocator allocator = first.getFieldVectors().get(0).getAllocator();
        try (MaterializedReader reader = new MaterializedReader(allocator, first.getSchema(), staged);
                ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
            Data.exportArrayStream(allocator, reader, stream);
            call.conn.registerArrowStream(name, stream);
            try {
                call.exec(statement.sql(name));
            } finally {
                call.exec("DROP VIEW IF EXISTS " + name);
            }
        } catch (java.io.IOException e) {
            throw new SQLException(e.getMessage(), e);
        }
    }

    /**
     * {@code <time index> BETWEEN <earliest> AND <latest>} of the staged rows, or null without a usable
     * bound. Only stored rows in that range can share a key with a staged row, and DuckDB skips
     * the row groups outside it by their min/max statistics: a merge then reads the few row groups the
     * batch's time range touches instead of the whole table, whose size no longer slows writes down.
     */
    static String timeRange(TableMeta t, List<VectorSchemaRoot> staged) {
        ColumnMeta ti = t.column(t.timeIndex());
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (VectorSchemaRoot batch : staged) {
            if (ti == null || !(batch.getVector(ti.name()) instanceof TimeStampVector ts)) {
                return null;
            }
            for (int r = 0; r < ts.getValueCount(); r++) {
                if (!ts.isNull(r)) {
                    long v = ts.get(r);
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        String from = timestampLiteral(min, ti.type());
        String to = timestampLiteral(max, ti.type());
        if (min > max || from == null || to == null) {
            return null;
        }
        String column = Catalog.duckTable(t) + "." + Catalog.quote(ti.name());
        return column + " BETWEEN " + from + " AND " + to;
    }

    /**
     * A time index value as a DuckDB constant of the column's own type (so that DuckDB compares it with
     * the column's statistics as is); null outside years 1..9999, which DuckDB's text form cannot take.
     */
    static String timestampLiteral(long value, GreptimeType type) {
        long perSecond = switch (type.unit()) {
            case SECOND -> 1;
            case MILLISECOND -> 1_000;
            case MICROSECOND -> 1_000_000;
            case NANOSECOND -> 1_000_000_000;
        };
        long seconds = Math.floorDiv(value, perSecond);
        int nanos = (int) (Math.floorMod(value, perSecond) * (1_000_000_000 / perSecond));
        if (seconds < YEAR_1 || seconds > YEAR_9999) {
            return null;
        }
        LocalDateTime at = LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
        return "CAST('" + LITERAL.format(at) + "' AS " + type.duck() + ")";
    }

    private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSSSSS");
    private static final long YEAR_1 = LocalDateTime.of(1, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC);
    private static final long YEAR_9999 =
            LocalDateTime.of(9999, 12, 31, 23, 59, 59).toEpochSecond(ZoneOffset.UTC);

    private static void apply(Call call, TableMeta t, String during) throws SQLException {
        String tgt = Catalog.duckTable(t);
        String cols = columnList(t, "");
        if (t.appendMode()) {
            call.exec("INSERT INTO " + tgt + " (" + cols + ") SELECT " + cols + " FROM gt_stg ORDER BY "
                    + StagingBatch.SEQ);
        } else {
            call.exec("CREATE OR REPLACE TEMP TABLE gt_mrg AS "
                    + (t.lastNonNull() ? mergeNonNull(t, during) : mergeLastRow(t, "gt_stg")));
            call.exec("DELETE FROM " + tgt + " WHERE " + and(during) + "EXISTS (SELECT 1 FROM gt_mrg m WHERE "
                    + keyMatch(t, tgt, "m") + ")");
            call.exec("INSERT INTO " + tgt + " (" + cols + ") SELECT " + cols + " FROM gt_mrg");
            call.exec("DROP TABLE gt_mrg");
        }
        FlowHooks.staged(call, t, false);
        call.exec("DROP TABLE gt_stg");
        sort(call, t);
    }

    /** The last write of each key among the staged rows in {@code source}. */
    private static String mergeLastRow(TableMeta t, String source) {
        return "SELECT " + columnList(t, "") + " FROM (SELECT *, row_number() OVER (PARTITION BY "
                + quotedList(t.keyColumns()) + " ORDER BY " + StagingBatch.SEQ
                + " DESC) AS __rn FROM " + source + ") WHERE __rn = 1";
    }

    private static String mergeNonNull(TableMeta t, String during) {
        String tgt = Catalog.duckTable(t);
        String cols = columnList(t, "");
        StringBuilder sel = new StringBuilder();
        for (ColumnMeta c : t.columns()) {
            String q = Catalog.quote(c.name());
            sel.append(sel.length() == 0 ? "" : ", ");
            if (t.keyColumns().contains(c.name())) {
                sel.append(q);
            } else {
                sel.append("arg_max(")
                        .append(q)
                        .append(", ")
                        .append(StagingBatch.SEQ)
                        .append(") FILTER (WHERE ")
                        .append(q)
                        .append(" IS NOT NULL) AS ")
                        .append(q);
            }
        }
        return "SELECT " + sel + " FROM (SELECT " + cols + ", -1 AS " + StagingBatch.SEQ + " FROM " + tgt
                + " WHERE " + and(during) + "EXISTS (SELECT 1 FROM gt_stg s WHERE " + keyMatch(t, tgt, "s")
                + ") UNION ALL SELECT " + cols
                + ", " + StagingBatch.SEQ + " FROM gt_stg) GROUP BY " + quotedList(t.keyColumns());
    }

    static String keyMatch(TableMeta t, String left, String right) {
        StringBuilder sb = new StringBuilder();
        for (String k : t.keyColumns()) {
            String q = Catalog.quote(k);
            sb.append(sb.length() == 0 ? "" : " AND ")
                    .append(left)
                    .append('.')
                    .append(q)
                    .append(" IS NOT DISTINCT FROM ")
                    .append(right)
                    .append('.')
                    .append(q);
        }
        return sb.toString();
    }

    static String columnList(TableMeta t, String prefix) {
        StringBuilder sb = new StringBuilder();
        for (ColumnMeta c : t.columns()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(prefix).append(Catalog.quote(c.name()));
        }
        return sb.toString();
    }

    private static String quotedList(List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (String n : names) {
            sb.append(sb.length() == 0 ? "" : ", ").append(Catalog.quote(n));
        }
        return sb.toString();
    }

    /** Keeps small tables in (tags, time index) order so unordered scans look like GreptimeDB's. */
    static void sort(Call call, TableMeta t) throws SQLException {
        String tgt = Catalog.duckTable(t);
        try (Statement st = call.conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM " + tgt)) {
            rs.next();
            if (rs.getLong(1) > SORT_LIMIT) {
                return;
            }
        }
        call.beginTransaction(); // the rewrite below must not lose the table's rows halfway
        // Metric-engine tables scan in hashed series order in GreptimeDB; descending keys is our stand-in.
        String dir = "metric".equals(t.engine()) ? " DESC NULLS LAST" : " ASC NULLS FIRST";
        StringBuilder order = new StringBuilder();
        for (String k : t.keyColumns()) {
            order.append(order.length() == 0 ? "" : ", ")
                    .append(Catalog.quote(k))
                    .append(dir);
        }
        call.exec("CREATE OR REPLACE TEMP TABLE gt_sorted AS SELECT * FROM " + tgt + " ORDER BY " + order);
        call.exec("DELETE FROM " + tgt);
        call.exec("INSERT INTO " + tgt + " SELECT * FROM gt_sorted");
        call.exec("DROP TABLE gt_sorted");
    }
}
