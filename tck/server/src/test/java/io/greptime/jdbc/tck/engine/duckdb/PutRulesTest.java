package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The DoPut (bulk insert) rules of each GreptimeDB line (fidelity audit A1, B4, B5): column subsets and extra
 * columns, metric-engine and partition_tree tables, streaming flows and {@code ttl='instant'}.
 */
class PutRulesTest {
    private final EngineFixture f = new EngineFixture();
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void stop() {
        allocator.close();
        f.close();
    }

    private long put(ServerProfile profile, String table, String... columns) {
        List<Field> fields = new java.util.ArrayList<>();
        for (String c : columns) {
            fields.add(
                    c.equals("ts")
                            ? Field.notNullable("ts", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null))
                            : Field.nullable(c, new ArrowType.Int(64, true)));
        }
        try (VectorSchemaRoot root =
                VectorSchemaRoot.create(new org.apache.arrow.vector.types.pojo.Schema(fields), allocator)) {
            root.allocateNew();
            for (FieldVector v : root.getFieldVectors()) {
                for (int i = 0; i < 2; i++) {
                    if (v instanceof TimeStampMilliVector ts) {
                        ts.setSafe(i, 1_000L + i);
                    } else {
                        ((BigIntVector) v).setSafe(i, 7);
                    }
                }
            }
            root.setRowCount(2);
            QueryContext ctx = f.ctx.withProfile(profile);
            return f.engine.putBatch(ctx, table, root);
        }
    }

    private static void refused(Runnable put, StatusCode code) {
        assertThatThrownBy(put::run)
                .isInstanceOfSatisfying(
                        GreptimeError.class, e -> assertThat(e.status()).isEqualTo(code));
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void columnSubset_panicsBeforeV10_isRefusedOnV10_isFilledAfter(ServerProfile profile) {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, a BIGINT, b BIGINT)");
        Runnable subset = () -> put(profile, "t", "ts", "a");
        switch (profile.missingPutColumns()) {
            case PANICS -> refused(subset, StatusCode.UNEXPECTED);
            case COLUMN_NOT_FOUND -> refused(subset, StatusCode.TABLE_COLUMN_NOT_FOUND);
            case FILLED -> {
                subset.run();
                assertThat(f.query("SELECT a, b FROM t ORDER BY ts").rows())
                        .containsExactly(java.util.Arrays.asList("7", null), java.util.Arrays.asList("7", null));
            }
        }
        if (profile.missingPutColumns() != io.greptime.jdbc.tck.engine.EngineProfile.MissingColumns.FILLED) {
            assertThat(f.query("SELECT count(*) FROM t").rows()).containsExactly(List.of("0"));
        }
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void extraColumn_panicsBeforeV10_isIgnoredAfter(ServerProfile profile) {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, a BIGINT)");
        Runnable extra = () -> put(profile, "t", "ts", "a", "dropped");
        if (profile.putRefusesExtraColumns()) {
            refused(extra, StatusCode.UNEXPECTED);
        } else {
            extra.run();
            assertThat(f.query("SELECT count(*) FROM t").rows()).containsExactly(List.of("2"));
        }
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void partitionTree_isRefusedUpToV10(ServerProfile profile) {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, a BIGINT) WITH ('memtable.type' = 'partition_tree')");
        Runnable all = () -> put(profile, "t", "ts", "a");
        if (profile.putIntoPartitionTree()) {
            all.run();
        } else {
            refused(all, StatusCode.UNSUPPORTED);
        }
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void ttlInstant_keepsNothingOfABulkInsert(ServerProfile profile) {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, a BIGINT) WITH (ttl = 'instant')");
        assertThat(put(profile, "t", "ts", "a")).isEqualTo(2);
        assertThat(f.query("SELECT count(*) FROM t").rows()).containsExactly(List.of("0"));
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void streamingFlow_neverSeesBulkRows_butSeesInsertedOnes(ServerProfile profile) {
        f.update("CREATE TABLE src (ts TIMESTAMP TIME INDEX, a BIGINT)");
        f.update("CREATE FLOW keep SINK TO kept AS SELECT a, ts FROM src WHERE a > 0");
        put(profile, "src", "ts", "a");
        f.query("ADMIN FLUSH_FLOW('keep')");
        assertThat(f.query("SELECT count(*) FROM src").rows()).containsExactly(List.of("2"));
        assertThat(f.query("SELECT count(*) FROM kept").rows()).containsExactly(List.of("0"));
        f.update("INSERT INTO src VALUES (5000, 3)");
        f.query("ADMIN FLUSH_FLOW('keep')");
        assertThat(f.query("SELECT count(*) FROM kept").rows()).containsExactly(List.of("1"));
    }
}
