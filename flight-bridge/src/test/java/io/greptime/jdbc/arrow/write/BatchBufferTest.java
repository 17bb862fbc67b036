package io.greptime.jdbc.arrow.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Parameter values into vectors: JDBC carry-over across rows and batches, range checks, answer parsing. */
class BatchBufferTest {
    private final BufferAllocator allocator = new RootAllocator();
    private final List<Field> fields = List.of(
            new Field(
                    "ts",
                    new FieldType(
                            true,
                            new ArrowType.Timestamp(TimeUnit.MILLISECOND, null),
                            null,
                            Map.of("greptime:time_index", "true")),
                    null),
            Field.nullable("host", ArrowType.Utf8.INSTANCE),
            Field.nullable("u", new ArrowType.Int(8, false)),
            Field.nullable("d", new ArrowType.Decimal(5, 2, 128)));

    @AfterEach
    void close() {
        allocator.close();
    }

    @Test
    void unsetParameters_keepTheirValue_evenAcrossABatchCut() throws SQLException {
        try (BatchBuffer b = BatchBuffer.create(fields, 0, allocator, ZoneId.of("UTC"))) {
            b.writer(1).setString(b.row(), "kept");
            b.writer(2).setLong(b.row(), 7);
            b.writer(3).setNull(b.row());
            for (int i = 0; i < 2; i++) {
                b.writer(0).setInstant(b.row(), 1_700_000_000L + i, 5_000_000);
                b.endRow();
            }
            VectorSchemaRoot first = b.seal();
            assertThat(first.getRowCount()).isEqualTo(2);
            assertThat(first.getVector(0).getObject(1)).hasToString("2023-11-14T22:13:21.005");
            assertThat(first.getVector(1).getObject(1)).hasToString("kept");
            b.writer(0).setLong(b.row(), 99); // set for the open row before the cut
            b.reset();
            b.endRow();
            VectorSchemaRoot second = b.seal();
            assertThat(second.getRowCount()).isEqualTo(1);
            assertThat(second.getVector(0).getObject(0)).hasToString("1970-01-01T00:00:00.099");
            assertThat(second.getVector(1).getObject(0)).hasToString("kept");
            assertThat(second.getVector(2).getObject(0)).isEqualTo((byte) 7);
            assertThat(second.getVector(3).isNull(0)).isTrue();
        }
    }

    @Test
    void valuesOutsideTheColumnType_areRefusedWithSqlStates() throws SQLException {
        try (BatchBuffer b = BatchBuffer.create(fields, 0, allocator, ZoneId.of("UTC"))) {
            assertThatThrownBy(() -> b.writer(2).setLong(0, 256))
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22003");
            assertThatThrownBy(() -> b.writer(2).setLong(0, -1)).hasMessageContaining("column 'u'");
            assertThatThrownBy(() -> b.writer(3).setDecimal(0, new BigDecimal("1000.00")))
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22003");
            assertThatThrownBy(() -> b.writer(0).setBytes(0, new byte[1]))
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22018");
            assertThatThrownBy(() -> b.writer(0).setInstant(0, Long.MAX_VALUE / 10, 0))
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22003");
            assertThatThrownBy(b::endRow)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("07001");
            for (int c = 1; c < 4; c++) {
                b.writer(c).setNull(0);
            }
            b.writer(0).setNull(0);
            assertThatThrownBy(b::endRow)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22004");
            assertThat(b.row()).isZero();
        }
    }
}
