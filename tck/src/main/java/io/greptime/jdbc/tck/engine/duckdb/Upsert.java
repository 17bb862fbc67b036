package io.greptime.jdbc.tck.engine.duckdb;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Writes staged rows into a table with GreptimeDB's mito semantics (protocol.md §9.5): rows with equal
 * (tags, time index) are one row; {@code last_row} keeps the latest write whole, {@code last_non_null}
 * merges non-null fields, {@code append_mode} keeps duplicates. Runs inside the caller's transaction.
 */
final class Upsert {
    /** Tables up to this size are kept physically ordered by (tags, time index), like GreptimeDB scans. */
    private static final long SORT_LIMIT = 20_000;

    private static final AtomicLong STREAMS = new AtomicLong();

    private Upsert() {}

    /** Writes the rows and returns how many were written (duplicates included, as GreptimeDB counts). */
    static long write(Call call, TableMeta t, List<Object[]> rows) throws SQLException {
        if (rows.isEmpty()) {
            return 0;
        }
        try (VectorSchemaRoot staged = StagingBatch.build(t, rows, call.engine.staging)) {
            stage(call, staged);
        }
        apply(call, t);
        return rows.size();
    }

    /** Deletes the rows whose (tags, time index) equal those of {@code keyRows}; returns rows deleted. */
    static long deleteKeys(Call call, TableMeta t, List<Object[]> keyRows) throws SQLException {
        if (keyRows.isEmpty()) {
            return 0;
        }
        try (VectorSchemaRoot staged = StagingBatch.build(t, keyRows, call.engine.staging)) {
            stage(call, staged);
        }
        String tgt = Catalog.duckTable(t);
        long n = call.update(
                "DELETE FROM " + tgt + " WHERE EXISTS (SELECT 1 FROM gt_stg s WHERE " + keyMatch(t, tgt, "s") + ")");
        FlowBridge.staged(call, t, true);
        call.exec("DROP TABLE gt_stg");
        return n;
    }

    /** Registers the batch with DuckDB and copies it into the temp table {@code gt_stg}. */
    private static void stage(Call call, VectorSchemaRoot staged) throws SQLException {
        String name = "gt_in_" + STREAMS.incrementAndGet();
        List<VectorSchemaRoot> one = new ArrayList<>();
        VectorSchemaRoot copy = VectorSchemaRoot.create(staged.getSchema(), call.engine.staging);
        try (org.apache.arrow.vector.ipc.message.ArrowRecordBatch arb =
                new org.apache.arrow.vector.VectorUnloader(staged).getRecordBatch()) {
            new org.apache.arrow.vector.VectorLoader(copy).load(arb);
        }
        one.add(copy);
        try (MaterializedReader reader = new MaterializedReader(call.engine.staging, staged.getSchema(), one);
                ArrowArrayStream stream = ArrowArrayStream.allocateNew(call.engine.staging)) {
            Data.exportArrayStream(call.engine.staging, reader, stream);
            call.conn.registerArrowStream(name, stream);
            call.exec("CREATE OR REPLACE TEMP TABLE gt_stg AS SELECT * FROM " + name);
            // the registration is a temp view over a stream that is gone once read; pooled connections
            // would otherwise collect one per write
            call.exec("DROP VIEW " + name);
        } catch (java.io.IOException e) {
            throw new SQLException(e.getMessage(), e);
        }
    }

    private static void apply(Call call, TableMeta t) throws SQLException {
        String tgt = Catalog.duckTable(t);
        String cols = columnList(t, "");
        if (t.appendMode()) {
            call.exec("INSERT INTO " + tgt + " (" + cols + ") SELECT " + cols + " FROM gt_stg ORDER BY "
                    + StagingBatch.SEQ);
        } else {
            call.exec(
                    "CREATE OR REPLACE TEMP TABLE gt_mrg AS " + (t.lastNonNull() ? mergeNonNull(t) : mergeLastRow(t)));
            call.exec("DELETE FROM " + tgt + " WHERE EXISTS (SELECT 1 FROM gt_mrg m WHERE " + keyMatch(t, tgt, "m")
                    + ")");
            call.exec("INSERT INTO " + tgt + " (" + cols + ") SELECT " + cols + " FROM gt_mrg");
            call.exec("DROP TABLE gt_mrg");
        }
        FlowBridge.staged(call, t, false);
        call.exec("DROP TABLE gt_stg");
        sort(call, t);
    }

    private static String mergeLastRow(TableMeta t) {
        return "SELECT " + columnList(t, "") + " FROM (SELECT *, row_number() OVER (PARTITION BY "
                + quotedList(t.keyColumns()) + " ORDER BY " + StagingBatch.SEQ
                + " DESC) AS __rn FROM gt_stg) WHERE __rn = 1";
    }

    private static String mergeNonNull(TableMeta t) {
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
                + " WHERE EXISTS (SELECT 1 FROM gt_stg s WHERE " + keyMatch(t, tgt, "s") + ") UNION ALL SELECT " + cols
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
