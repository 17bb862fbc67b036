package io.greptime.jdbc.tck.engine.duckdb;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** DoPut record batches: columns matched by name, upsert semantics, all-or-nothing per batch. */
final class BatchWrites {
    private BatchWrites() {}

    static long put(Call call, String table, VectorSchemaRoot batch) {
        try {
            call.write();
            call.bulkInsert = true;
            TableMeta tm = call.catalog.table(call.schema(), table);
            if (tm == null) {
                throw Errors.tableNotFound(call.schema(), table);
            }
            List<ColumnMeta> targets = new ArrayList<>();
            List<FieldVector> vectors = new ArrayList<>();
            for (FieldVector v : batch.getFieldVectors()) {
                ColumnMeta c = tm.column(v.getName());
                if (c == null) {
                    if (PutRules.dropsExtraColumn(call.ctx.profile())) {
                        continue; // flat-format regions ignore a column the table no longer has
                    }
                    throw PutRules.extraColumn(call.ctx.profile(), v.getName(), tm.name());
                }
                targets.add(c);
                vectors.add(v);
            }
            if (!targets.contains(tm.column(tm.timeIndex()))) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS, "timestamp column `" + tm.timeIndex() + "` not found");
            }
            PutRules.check(call.ctx.profile(), tm, targets);
            boolean[] json = new boolean[targets.size()];
            for (int i = 0; i < json.length; i++) {
                json[i] = targets.get(i).type().kind() == GreptimeType.Kind.JSON;
            }
            List<Object[]> rows = new ArrayList<>(batch.getRowCount());
            for (int r = 0; r < batch.getRowCount(); r++) {
                Object[] given = new Object[vectors.size()];
                for (int i = 0; i < given.length; i++) {
                    given[i] = value(vectors.get(i), r);
                    if (json[i] && given[i] instanceof byte[] b) {
                        given[i] = jsonText(b, targets.get(i).name());
                    }
                }
                rows.add(RowAssembler.assemble(tm, targets, given, ZoneOffset.UTC));
            }
            long n = Upsert.write(call, tm, rows);
            call.commit();
            return n;
        } catch (SQLException e) {
            throw Errors.map(e, call.schema());
        }
    }

    /**
     * A JSON column's DoPut value: GreptimeDB stores the Binary bytes as they arrive, so they must be
     * JSONB (its DoPut path neither parses text nor checks them). This storage keeps JSON as text, so it
     * decodes them, and refuses bytes that are not JSONB (which GreptimeDB would store unchecked and
     * then fail to read) instead of storing something else.
     */
    private static String jsonText(byte[] jsonb, String column) {
        try {
            return io.greptime.jdbc.proto.jsonb.Jsonb.decode(jsonb);
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
