package io.greptime.jdbc.tck.engine.duckdb.writes;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.sql.Json2Hints;
import io.greptime.jdbc.tck.engine.duckdb.sql.Json2Values;
import io.greptime.jdbc.tck.engine.duckdb.storage.PutRules;
import io.greptime.jdbc.tck.engine.duckdb.storage.StagingBatch;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * DoPut record batches: columns matched by name, upsert semantics, all-or-nothing per batch. A batch is
 * staged column by column: a column whose Arrow layout is already the table's storage type (the usual
 * case: timestamps, strings, numbers as a client sends them) lends its buffers to the staged batch
 * unchanged, and only the others are converted value by value; DuckDB then imports the staged batch
 * through its Arrow stream interface.
 */
public final class BatchWrites {
    private BatchWrites() {}

    public static long put(Call call, String table, VectorSchemaRoot batch) {
        return putAll(call, table, List.of(batch))[0];
    }

    /**
     * Several batches of one DoPut stream into one table, all or nothing: DuckDB reads them as one Arrow
     * stream in one statement (or one transaction), so each statement's fixed cost, which for a batch of
     * 10,000 rows is about as much as importing the rows, is paid once for all of them. Later batches
     * win over earlier ones for equal keys, as if they had been written one after the other.
     */
    public static long[] putAll(Call call, String table, List<VectorSchemaRoot> batches) {
        List<VectorSchemaRoot> staged = new ArrayList<>();
        try {
            call.lockForWrite(); // the write opens a transaction if it takes more than one statement
            call.bulkInsert = true;
            TableMeta tm = call.catalog.table(call.schema(), table);
            if (tm == null) {
                throw Errors.tableNotFound(call.schema(), table);
            }
            long[] counts = new long[batches.size()];
            long seq = 0;
            for (int i = 0; i < batches.size(); i++) {
                VectorSchemaRoot batch = batches.get(i);
                FieldVector[] given = matchColumns(call, tm, batch);
                if (given[tm.columns().indexOf(tm.column(tm.timeIndex()))] == null) {
                    throw new GreptimeError(
                            StatusCode.INVALID_ARGUMENTS, "timestamp column `" + tm.timeIndex() + "` not found");
                }
                PutRules.check(call.ctx.profile(), tm, givenColumns(tm, given));
                staged.add(stage(tm, given, batch.getRowCount(), allocatorOf(batch, call), seq));
                counts[i] = batch.getRowCount();
                seq += batch.getRowCount();
            }
            Upsert.writeStaged(call, tm, staged);
            call.commit();
            return counts;
        } catch (SQLException e) {
            throw Errors.map(e, call.schema());
        } finally {
            staged.forEach(VectorSchemaRoot::close);
        }
    }

    /**
     * The batch's vector for each table column (by position), null where the batch has none. A column the table
     * does not have is ignored or refused as the profile's line does ({@link PutRules#extraColumn}).
     */
    private static FieldVector[] matchColumns(Call call, TableMeta tm, VectorSchemaRoot batch) {
        FieldVector[] given = new FieldVector[tm.columns().size()];
        for (FieldVector v : batch.getFieldVectors()) {
            ColumnMeta c = tm.column(v.getName());
            if (c == null) {
                if (PutRules.dropsExtraColumn(call.ctx.profile())) {
                    continue; // flat-format regions ignore a column the table no longer has
                }
                throw PutRules.extraColumn(call.ctx.profile(), v.getName(), tm.name());
            }
            int at = tm.columns().indexOf(c);
            if (given[at] == null) { // a repeated column: the first one counts, as before
                given[at] = v;
            }
        }
        return given;
    }

    /** The table's columns the batch carries, in table order. */
    private static List<ColumnMeta> givenColumns(TableMeta tm, FieldVector[] given) {
        List<ColumnMeta> out = new ArrayList<>();
        for (int i = 0; i < given.length; i++) {
            if (given[i] != null) {
                out.add(tm.columns().get(i));
            }
        }
        return out;
    }

    /** Shared buffers need one allocator tree; the batch's own is the natural one (it is freed with it). */
    private static BufferAllocator allocatorOf(VectorSchemaRoot batch, Call call) {
        return batch.getFieldVectors().isEmpty()
                ? call.engine.staging
                : batch.getFieldVectors().get(0).getAllocator();
    }

    private static VectorSchemaRoot stage(
            TableMeta tm, FieldVector[] given, int rows, BufferAllocator allocator, long firstSeq) {
        VectorSchemaRoot staged = VectorSchemaRoot.create(StagingBatch.schema(tm), allocator);
        try {
            for (int i = 0; i < given.length; i++) {
                ColumnMeta c = tm.columns().get(i);
                FieldVector dst = staged.getVector(i);
                FieldVector src = given[i];
                if (src == null) {
                    fill(c, dst, rows);
                } else if (c.type().kind() != GreptimeType.Kind.JSON
                        && c.type().kind() != GreptimeType.Kind.JSON2
                        && StagingBatch.canShare(src, dst)) {
                    if (!c.nullable() && src.getNullCount() > 0) {
                        throw notNullable(c);
                    }
                    StagingBatch.share(src, dst);
                } else {
                    convert(c, src, dst, rows);
                }
            }
            StagingBatch.fillSeq(staged, rows, firstSeq);
            return staged;
        } catch (RuntimeException e) {
            staged.close();
            throw e;
        }
    }

    /** A column the batch does not carry: its default (one value for the whole batch) or NULL. */
    private static void fill(ColumnMeta c, FieldVector dst, int rows) {
        Object v = Values.coerce(RowAssembler.defaultValue(c, ZoneOffset.UTC), c.type(), ZoneOffset.UTC, c.name());
        if (v == null && !c.nullable()) {
            throw notNullable(c);
        }
        dst.setInitialCapacity(rows);
        dst.allocateNew();
        if (v != null) {
            for (int r = 0; r < rows; r++) {
                StagingBatch.set(dst, r, v);
            }
        }
        dst.setValueCount(rows);
    }

    /** A column in another layout than its storage (JSONB, other units or widths): value by value. */
    private static void convert(ColumnMeta c, FieldVector src, FieldVector dst, int rows) {
        boolean json = c.type().kind() == GreptimeType.Kind.JSON;
        dst.setInitialCapacity(rows);
        dst.allocateNew();
        for (int r = 0; r < rows; r++) {
            Object v = value(src, r);
            if (json && v instanceof byte[] b) {
                v = jsonText(b, c.name());
            }
            v = v != null && c.type().kind() == GreptimeType.Kind.JSON2
                    ? Json2Values.store(v, Json2Hints.of(c)) // JSON2 type hints apply to every write path
                    : Values.coerce(v, c.type(), ZoneOffset.UTC, c.name());
            if (v == null) {
                if (!c.nullable()) {
                    throw notNullable(c);
                }
            } else {
                StagingBatch.set(dst, r, v);
            }
        }
        dst.setValueCount(rows);
    }

    private static GreptimeError notNullable(ColumnMeta c) {
        return new GreptimeError(
                StatusCode.INVALID_ARGUMENTS,
                "Invalid argument: column " + c.name() + " is not nullable but got a NULL value");
    }

    /**
     * A JSON column's DoPut value: GreptimeDB stores the Binary bytes as they arrive, so they must be
     * JSONB (its DoPut path neither parses text nor checks them). This storage keeps JSON as text, so it
     * decodes them, and refuses bytes that are not JSONB (which GreptimeDB would store unchecked and
     * then fail to read) instead of storing something else.
     */
    private static String jsonText(byte[] jsonb, String column) {
        try {
            return io.greptime.jdbc.arrow.jsonb.Jsonb.decode(jsonb);
        } catch (IllegalArgumentException e) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid request parameter: column " + column + " holds bytes that are not JSONB");
        }
    }

    private static Object value(FieldVector v, int r) {
        if (v.isNull(r)) {
            return null;
        }
        if (v instanceof TimeStampVector ts) {
            long x = ts.get(r);
            var unit = ((org.apache.arrow.vector.types.pojo.ArrowType.Timestamp)
                            v.getField().getType())
                    .getUnit();
            return switch (unit) {
                case SECOND -> java.time.Instant.ofEpochSecond(x);
                case MILLISECOND -> java.time.Instant.ofEpochMilli(x);
                case MICROSECOND ->
                    java.time.Instant.ofEpochSecond(Math.floorDiv(x, 1_000_000L), Math.floorMod(x, 1_000_000L) * 1000);
                case NANOSECOND ->
                    java.time.Instant.ofEpochSecond(Math.floorDiv(x, 1_000_000_000L), Math.floorMod(x, 1_000_000_000L));
            };
        }
        // Arrow's getObject gives Time32(ms) as a LocalDateTime on 1970-01-01, which Values cannot read as a
        // time of day; the raw count in the column's unit is what it expects (Time32(s) is an Integer count).
        if (v instanceof org.apache.arrow.vector.TimeMilliVector tm) {
            return (long) tm.get(r);
        }
        Object unsigned = unsigned(v, r);
        if (unsigned != null) {
            return unsigned;
        }
        Object o = v.getObject(r);
        if (o instanceof org.apache.arrow.vector.util.Text t) {
            return t.toString();
        }
        // UInt2Vector.getObject is a Character (Arrow's char-as-uint16), which Values would read as text
        if (o instanceof Character c) {
            return (int) c;
        }
        return o;
    }

    /**
     * Arrow's getObject reads UInt8 as a signed Byte, UInt16 as a Character and UInt32 as a signed Integer,
     * so 255, 65535 and 2^32-1 (which GreptimeDB's bulk writers send for full-range unsigned columns) came
     * out as -1 or as a character; read them as the unsigned numbers they are. UInt64 keeps its bits in a
     * long, as every other write path stores it.
     */
    private static Object unsigned(FieldVector v, int r) {
        if (v instanceof org.apache.arrow.vector.UInt1Vector u) {
            return (long) Byte.toUnsignedInt(u.get(r));
        }
        if (v instanceof org.apache.arrow.vector.UInt2Vector u) {
            return (long) u.get(r);
        }
        if (v instanceof org.apache.arrow.vector.UInt4Vector u) {
            return Integer.toUnsignedLong(u.get(r));
        }
        return null;
    }
}
