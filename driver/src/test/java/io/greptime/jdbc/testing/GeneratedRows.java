package io.greptime.jdbc.testing;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Rows {@code n = 0..total-1}: {@code ts} = n seconds after the epoch (the time index), {@code n}, and
 * {@code host} = {@code "host-" + n % 10}, null for every seventh row; in batches of {@code batchSize},
 * optionally failing after some batches.
 */
public final class GeneratedRows extends ArrowReader {
    public static final Schema SCHEMA = new Schema(List.of(
            new Field(
                    "ts",
                    new FieldType(
                            false,
                            new ArrowType.Timestamp(TimeUnit.MILLISECOND, null),
                            null,
                            Map.of("greptime:time_index", "true")),
                    null),
            Field.nullable("n", new ArrowType.Int(64, true)),
            Field.nullable("host", ArrowType.Utf8.INSTANCE)));

    private final long total;
    private final int batchSize;
    private final int failAfterBatches;
    private final int firstBatchSize;
    private long produced;
    private int batches;

    GeneratedRows(BufferAllocator allocator, long total, int batchSize, int failAfterBatches) {
        this(allocator, total, batchSize, failAfterBatches, batchSize);
    }

    /** @param firstBatchSize rows of the first batch (later ones have {@code batchSize}) */
    GeneratedRows(BufferAllocator allocator, long total, int batchSize, int failAfterBatches, int firstBatchSize) {
        super(allocator);
        this.firstBatchSize = firstBatchSize;
        this.total = total;
        this.batchSize = batchSize;
        this.failAfterBatches = failAfterBatches;
    }

    @Override
    public boolean loadNextBatch() {
        if (failAfterBatches >= 0 && batches == failAfterBatches) {
            throw new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Failed to execute query: boom mid-stream");
        }
        if (produced >= total) {
            return false;
        }
        try {
            VectorSchemaRoot root = getVectorSchemaRoot();
            int rows = (int) Math.min(batches == 0 ? firstBatchSize : batchSize, total - produced);
            root.allocateNew();
            TimeStampMilliVector ts = (TimeStampMilliVector) root.getVector("ts");
            BigIntVector n = (BigIntVector) root.getVector("n");
            VarCharVector host = (VarCharVector) root.getVector("host");
            for (int i = 0; i < rows; i++) {
                long value = produced + i;
                ts.setSafe(i, value * 1000);
                n.setSafe(i, value);
                if (value % 7 == 6) {
                    host.setNull(i);
                } else {
                    host.setSafe(i, ("host-" + (value % 10)).getBytes(StandardCharsets.UTF_8));
                }
            }
            root.setRowCount(rows);
            produced += rows;
            batches++;
            return true;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {}

    @Override
    protected Schema readSchema() {
        return SCHEMA;
    }
}
