package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.storage.StagedKeys;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * DoPut batches into the DuckDB engine, alone and several at once ({@code putBatches}): GreptimeDB's
 * merge semantics hold whichever path a batch takes (straight insert, merge within the batches, merge
 * with stored rows), later batches win over earlier ones, and a group that fails stores nothing.
 */
class BatchWritesTest {
    private final EngineFixture f = new EngineFixture();
    private final List<VectorSchemaRoot> open = new ArrayList<>();

    @AfterEach
    void close() {
        open.forEach(VectorSchemaRoot::close);
        f.close();
    }

    private void table(String name, String with) {
        f.update("CREATE TABLE " + name + " (ts TIMESTAMP(3) NOT NULL TIME INDEX, host STRING, v DOUBLE,"
                + " PRIMARY KEY (host))" + with);
    }

    /** A batch in the table's DoPut schema; rows are {ts millis, host (null allowed), v (null allowed)}. */
    private VectorSchemaRoot batch(String table, Object[]... rows) {
        VectorSchemaRoot root = VectorSchemaRoot.create(f.engine.tableSchema(f.ctx, table), f.allocator);
        open.add(root);
        root.allocateNew();
        for (int r = 0; r < rows.length; r++) {
            ((TimeStampMilliVector) root.getVector("ts")).setSafe(r, (Long) rows[r][0]);
            if (rows[r][1] != null) {
                ((VarCharVector) root.getVector("host"))
                        .setSafe(r, ((String) rows[r][1]).getBytes(StandardCharsets.UTF_8));
            }
            if (rows[r][2] != null) {
                ((Float8Vector) root.getVector("v")).setSafe(r, (Double) rows[r][2]);
            }
        }
        root.setRowCount(rows.length);
        return root;
    }

    private static Object[] row(long ts, String host, Double v) {
        return new Object[] {ts, host, v};
    }

    private List<String> rows(String table) {
        return f.query("SELECT host, ts, v FROM " + table + " ORDER BY host, ts").rows().stream()
                .map(r -> String.join("|", String.valueOf(r.get(0)), r.get(1), String.valueOf(r.get(2))))
                .toList();
    }

    @Test
    void append_storesEveryRowOfEveryBatchInOrder() {
        table("app", " WITH (append_mode = 'true')");
        long[] counts = f.engine.putBatches(
                f.ctx,
                "app",
                List.of(batch("app", row(1000, "a", 1.0), row(1000, "a", 2.0)), batch("app", row(1000, "a", 3.0))));

        assertThat(counts).containsExactly(2, 1);
        assertThat(f.query("SELECT v FROM app").column(0)).containsExactly("1.0", "2.0", "3.0");
    }

    @Test
    void dedup_laterRowsWinWithinABatchAndAcrossBatches() {
        table("dd", "");
        long[] counts = f.engine.putBatches(
                f.ctx,
                "dd",
                List.of(
                        batch("dd", row(1000, "a", 1.0), row(1000, "a", 2.0), row(2000, "b", 5.0)),
                        batch("dd", row(2000, "b", 6.0), row(3000, null, 7.0)),
                        batch("dd", row(3000, null, 8.0))));

        assertThat(counts).containsExactly(3, 2, 1);
        // NULL tags are one key, as GreptimeDB merges them
        assertThat(rows("dd"))
                .containsExactly(
                        "a|1970-01-01T00:00:01|2.0", "b|1970-01-01T00:00:02|6.0", "null|1970-01-01T00:00:03|8.0");
    }

    @Test
    void dedup_replacesStoredKeysAndKeepsTheRowsOutsideTheBatchesTimeRange() {
        table("dd", "");
        f.engine.putBatch(f.ctx, "dd", batch("dd", row(1000, "a", 1.0), row(2000, "a", 2.0), row(9000, "a", 9.0)));
        f.engine.putBatch(f.ctx, "dd", batch("dd", row(2000, "a", 20.0), row(3000, "a", 30.0)));

        assertThat(rows("dd"))
                .containsExactly(
                        "a|1970-01-01T00:00:01|1.0",
                        "a|1970-01-01T00:00:02|20.0",
                        "a|1970-01-01T00:00:03|30.0",
                        "a|1970-01-01T00:00:09|9.0");
    }

    @Test
    void lastNonNull_mergesFieldsAcrossBatches() {
        table("lnn", " WITH (merge_mode = 'last_non_null')");
        f.engine.putBatches(
                f.ctx, "lnn", List.of(batch("lnn", row(1000, "a", 1.0)), batch("lnn", row(1000, "a", null))));

        assertThat(rows("lnn")).containsExactly("a|1970-01-01T00:00:01|1.0");
    }

    @Test
    void failingGroup_storesNothing() {
        table("dd", "");
        VectorSchemaRoot good = batch("dd", row(1000, "a", 1.0));
        // no time index column: refused on every line (an unknown column would be ignored from v1.0 on)
        Schema wrong = new Schema(List.of(Field.nullable(
                "v", new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE))));
        VectorSchemaRoot bad = VectorSchemaRoot.create(wrong, f.allocator);
        open.add(bad);
        bad.allocateNew();
        ((org.apache.arrow.vector.Float8Vector) bad.getVector("v")).setSafe(0, 5.0);
        bad.setRowCount(1);

        assertThatThrownBy(() -> f.engine.putBatches(f.ctx, "dd", List.of(good, bad)))
                .isInstanceOfSatisfying(
                        GreptimeError.class, e -> assertThat(e.status()).isEqualTo(StatusCode.INVALID_ARGUMENTS));
        assertThat(rows("dd")).isEmpty();
    }

    @Test
    void stagedKeys_findRepeatsAcrossBatchesOnly() {
        table("dd", "");
        TableMeta t = f.engine.catalog.table("public", "dd");
        VectorSchemaRoot one = batch("dd", row(1000, "a", 1.0), row(1000, "b", 1.0), row(1000, null, 1.0));
        VectorSchemaRoot other = batch("dd", row(2000, "a", 1.0), row(1000, null, 2.0));
        VectorSchemaRoot fresh = batch("dd", row(3000, "a", 1.0));

        assertThat(StagedKeys.repeat(t, List.of(one))).isFalse();
        assertThat(StagedKeys.repeat(t, List.of(one, fresh))).isFalse();
        assertThat(StagedKeys.repeat(t, List.of(one, other))).isTrue();
    }
}
