package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeResultSet;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
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

/** Arrow in and out through unwrap: GreptimeResultSet.nextBatch and GreptimeConnection.putBatch. */
class ArrowInOutTest {
    private static final Instant T0 = Instant.parse("2024-07-01T00:00:00Z");
    private static final int ROWS = 2000;
    private BulkFixture fixture;
    private BufferAllocator mine;

    @BeforeEach
    void start() {
        fixture = new BulkFixture(ServerProfile.V1_2);
        mine = new RootAllocator();
    }

    @AfterEach
    void stop() {
        mine.close(); // throws when a test leaked a buffer of its own
        BulkFixture.closeChecked(fixture);
    }

    private Connection open() throws SQLException {
        Connection c = fixture.connect("");
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
            st.executeUpdate("CREATE TABLE copy (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, ?)")) {
            for (int i = 0; i < ROWS; i++) {
                ps.setTimestamp(1, Timestamp.from(T0.plusMillis(i)));
                ps.setString(2, "h" + (i % 5));
                ps.setDouble(3, i);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        return c;
    }

    @Test
    void nextBatch_handsTheServersBatches_andTheyWriteStraightBackWithPutBatch() throws Exception {
        try (Connection c = open();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ts, host, v FROM m")) {
            GreptimeResultSet batches = rs.unwrap(GreptimeResultSet.class);
            GreptimeConnection gc = c.unwrap(GreptimeConnection.class);
            long rows = 0;
            double sum = 0;
            long put = 0;
            VectorSchemaRoot root;
            while ((root = batches.nextBatch()) != null) {
                assertThat(ArrowMemoryProbe.driverAllocatedBytes())
                        .as("the batch lives in driver memory")
                        .isPositive();
                Float8Vector v = (Float8Vector) root.getVector("v");
                for (int r = 0; r < root.getRowCount(); r++) {
                    sum += v.get(r);
                }
                rows += root.getRowCount();
                put += gc.putBatch("copy", root);
            }
            assertThat(rows).isEqualTo(ROWS);
            assertThat(sum).isEqualTo((double) ROWS * (ROWS - 1) / 2);
            assertThat(put).isEqualTo(ROWS);
            assertThat(count(c, "copy")).isEqualTo(ROWS);
            assertThat(stats(c).doPutRows())
                    .as("the INSERT batch plus the copied batches")
                    .isEqualTo(2L * ROWS);
            assertThatThrownBy(rs::next)
                    .isInstanceOf(SQLException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("HY010");
        }
    }

    @Test
    void rowsThenBatches_isRefused_andMaxRowsCutsTheBatch() throws Exception {
        try (Connection c = open();
                Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT v FROM m")) {
                assertThat(rs.next()).isTrue();
                assertThatThrownBy(() -> rs.unwrap(GreptimeResultSet.class).nextBatch())
                        .isInstanceOf(SQLException.class)
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("HY010");
            }
            st.setMaxRows(7);
            try (ResultSet rs = st.executeQuery("SELECT v FROM m")) {
                GreptimeResultSet batches = rs.unwrap(GreptimeResultSet.class);
                VectorSchemaRoot root = batches.nextBatch();
                assertThat(root.getRowCount()).isEqualTo(7);
                assertThatThrownBy(() -> rs.getDouble(1))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("nextBatch");
                assertThat(batches.nextBatch()).isNull();
                assertThat(batches.nextBatch()).isNull();
            }
        }
    }

    private static Field ts() {
        return new Field("ts", FieldType.notNullable(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)), null);
    }

    private static Field host() {
        return new Field("host", FieldType.nullable(ArrowType.Utf8.INSTANCE), null);
    }

    private VectorSchemaRoot root(Field value, int rows) {
        VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(List.of(ts(), host(), value)), mine);
        root.allocateNew();
        TimeStampMilliVector t = (TimeStampMilliVector) root.getVector(0);
        VarCharVector h = (VarCharVector) root.getVector(1);
        for (int i = 0; i < rows; i++) {
            t.setSafe(i, T0.plusSeconds(3600 + i).toEpochMilli());
            h.setSafe(i, ("p" + i).getBytes(StandardCharsets.UTF_8));
            if (root.getVector(2) instanceof Float8Vector d) {
                d.setSafe(i, i * 2.0);
            } else {
                ((Float4Vector) root.getVector(2)).setSafe(i, i);
            }
        }
        root.setRowCount(rows);
        return root;
    }

    @Test
    void putBatch_writesACallersRoot_andLeavesItToTheCaller() throws Exception {
        try (Connection c = open();
                VectorSchemaRoot root = root(
                        new Field(
                                "v",
                                FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                                null),
                        100)) {
            assertThat(c.unwrap(GreptimeConnection.class).putBatch("m", root)).isEqualTo(100);
            assertThat(root.getRowCount()).as("the root is only read").isEqualTo(100);
            assertThat(count(c, "m")).isEqualTo(ROWS + 100);
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT v FROM m WHERE host = 'p42'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getDouble(1)).isEqualTo(84.0);
            }
        }
    }

    @Test
    void putBatch_refusesWhatDoesNotMatchTheTable_beforeSendingAnything() throws Exception {
        try (Connection c = open()) {
            GreptimeConnection gc = c.unwrap(GreptimeConnection.class);
            try (VectorSchemaRoot wrongType = root(
                    new Field(
                            "v", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)), null),
                    3)) {
                assertThatThrownBy(() -> gc.putBatch("m", wrongType))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("'v'")
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("22018");
                assertThatThrownBy(() -> gc.putBatch("absent", wrongType))
                        .isInstanceOf(SQLException.class)
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("42S02");
            }
            try (VectorSchemaRoot unknown = root(
                    new Field(
                            "w", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
                    3)) {
                assertThatThrownBy(() -> gc.putBatch("m", unknown))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("'w'")
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("42S22");
            }
            try (VectorSchemaRoot nullTs = root(
                    new Field(
                            "v", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
                    3)) {
                ((TimeStampMilliVector) nullTs.getVector(0)).setNull(1);
                assertThatThrownBy(() -> gc.putBatch("m", nullTs))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("Row 2")
                        .hasMessageContaining("'ts'")
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("22004");
            }
            assertThat(count(c, "m")).isEqualTo(ROWS);
            assertThat(stats(c).doPutStreams())
                    .as("only the setup's INSERT opened a stream")
                    .isEqualTo(1);
        }
    }
}
