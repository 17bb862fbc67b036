package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * putBatch continues on the connection's parked DoPut stream for the same table and schema: a batch the
 * server acknowledged parks its stream, a failed stream is closed and the next putBatch opens a new one.
 */
// v0.14 has no real DoPut (its stub answers byte counts, so the write route sends row inserts there): the DoPut
// tests here leave that profile out; WriteRoutesTest and ValueFidelityTest cover it.
class PutBatchStreamReuseTest {
    private static final long T0 = 1_717_200_000_000L;
    private BulkFixture fixture;
    private BufferAllocator allocator;

    @BeforeEach
    void allocate() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void stop() {
        allocator.close();
        BulkFixture.closeChecked(fixture); // waits for the server's stream memory to come back first
    }

    private Connection open(ServerProfile profile) throws SQLException {
        fixture = new BulkFixture(profile);
        Connection c = fixture.connect("");
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
            st.executeUpdate("CREATE TABLE n (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
        return c;
    }

    /** {@code rows} rows starting at millisecond {@code from}; {@code v} as DOUBLE, or FLOAT when wrong. */
    private VectorSchemaRoot root(int from, int rows, boolean wrongType) {
        ArrowType v =
                new ArrowType.FloatingPoint(wrongType ? FloatingPointPrecision.SINGLE : FloatingPointPrecision.DOUBLE);
        Schema schema = new Schema(List.of(
                new Field("ts", FieldType.notNullable(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)), null),
                new Field("host", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
                new Field("v", FieldType.nullable(v), null)));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        root.allocateNew();
        for (int i = 0; i < rows; i++) {
            ((TimeStampMilliVector) root.getVector(0)).setSafe(i, T0 + from + i);
            ((VarCharVector) root.getVector(1)).setSafe(i, ("h" + (i % 3)).getBytes(StandardCharsets.UTF_8));
            if (wrongType) {
                ((Float4Vector) root.getVector(2)).setSafe(i, from + i);
            } else {
                ((Float8Vector) root.getVector(2)).setSafe(i, from + i);
            }
        }
        root.setRowCount(rows);
        return root;
    }

    private long put(Connection c, String table, int from, int rows) throws SQLException {
        try (VectorSchemaRoot r = root(from, rows, false)) {
            return c.unwrap(GreptimeConnection.class).putBatch(table, r);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void repeatedPutBatch_intoOneTable_usesOneStream(ServerProfile profile) throws Exception {
        try (Connection c = open(profile)) {
            for (int k = 0; k < 5; k++) {
                assertThat(put(c, "m", k * 100, 100)).isEqualTo(100);
            }
            assertThat(stats(c).doPutStreams()).isEqualTo(1);
            assertThat(stats(c).doPutBatches()).isEqualTo(5);
            assertThat(stats(c).doPutRows()).isEqualTo(500);
            assertThat(fixture.engine.putBatches.get()).isEqualTo(5);
            assertThat(count(c, "m")).isEqualTo(500);
        }
    }

    @Test
    void eachTableKeepsItsOwnStream() throws Exception {
        try (Connection c = open(ServerProfile.V1_2)) {
            put(c, "m", 0, 10);
            put(c, "n", 0, 10);
            put(c, "m", 10, 10);
            put(c, "n", 10, 10);
            assertThat(stats(c).doPutStreams()).isEqualTo(2);
            assertThat(count(c, "m")).isEqualTo(20);
            assertThat(count(c, "n")).isEqualTo(20);
        }
    }

    @Test
    void serverFailure_closesTheStream_andTheNextPutBatchOpensAFreshOne() throws Exception {
        try (Connection c = open(ServerProfile.V1_2)) {
            put(c, "m", 0, 10);
            fixture.engine.failPutAfter(0);
            assertThatThrownBy(() -> put(c, "m", 10, 10))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Injected region failure");
            assertThat(stats(c).doPutStreams())
                    .as("the failing batch went on the parked stream")
                    .isEqualTo(1);
            put(c, "m", 20, 10);
            assertThat(stats(c).doPutStreams())
                    .as("the failed stream was not parked again")
                    .isEqualTo(2);
            put(c, "m", 30, 10);
            assertThat(stats(c).doPutStreams()).as("the fresh stream is reused").isEqualTo(2);
            assertThat(stats(c).doPutBatches())
                    .as("batches sent, the refused one included")
                    .isEqualTo(4);
            assertThat(count(c, "m")).as("every batch but the failed one").isEqualTo(30);
        }
    }

    @Test
    void refusedRoot_leavesTheParkedStreamUsable() throws Exception {
        try (Connection c = open(ServerProfile.V1_2)) {
            GreptimeConnection gc = c.unwrap(GreptimeConnection.class);
            put(c, "m", 0, 10);
            try (VectorSchemaRoot wrong = root(10, 10, true)) {
                assertThatThrownBy(() -> gc.putBatch("m", wrong))
                        .isInstanceOf(SQLException.class)
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("22018");
            }
            put(c, "m", 20, 10);
            assertThat(stats(c).doPutStreams()).isEqualTo(1);
            assertThat(stats(c).doPutBatches()).isEqualTo(2);
            assertThat(count(c, "m")).isEqualTo(20);
        }
    }
}
