package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Rows {@code n = 0..total-1} with {@code s = "host-" + (n % 10)} (repetitive, so LZ4 shrinks it), in
 * batches of {@code batchSize}; optionally fails with a GreptimeError after some batches.
 */
final class GeneratedRowsReader extends ArrowReader {
    static final Schema SCHEMA = new Schema(
            List.of(Field.nullable("n", new ArrowType.Int(64, true)), Field.nullable("s", ArrowType.Utf8.INSTANCE)));

    private final long total;
    private final int batchSize;
    private final int failAfterBatches;
    private long produced;
    private int batches;

    GeneratedRowsReader(BufferAllocator allocator, long total, int batchSize, int failAfterBatches) {
        super(allocator);
        this.total = total;
        this.batchSize = batchSize;
        this.failAfterBatches = failAfterBatches;
    }

    @Override
    public boolean loadNextBatch() throws java.io.IOException {
        if (failAfterBatches >= 0 && batches == failAfterBatches) {
            throw new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Failed to execute query: boom mid-stream");
        }
        if (produced >= total) {
            return false;
        }
        VectorSchemaRoot root = getVectorSchemaRoot();
        int rows = (int) Math.min(batchSize, total - produced);
        BigIntVector n = (BigIntVector) root.getVector("n");
        VarCharVector s = (VarCharVector) root.getVector("s");
        root.allocateNew();
        for (int i = 0; i < rows; i++) {
            long value = produced + i;
            n.setSafe(i, value);
            s.setSafe(i, ("host-" + (value % 10)).getBytes(StandardCharsets.UTF_8));
        }
        root.setRowCount(rows);
        produced += rows;
        batches++;
        return true;
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
