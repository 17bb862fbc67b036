package io.greptime.jdbc.tck.engine.duckdb.results;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An {@link ArrowReader} over batches that are already in memory. It owns the batches it was given and
 * releases those not yet read when closed.
 */
public final class MaterializedReader extends ArrowReader {
    private final Schema schema;
    private final Deque<VectorSchemaRoot> pending;

    public MaterializedReader(BufferAllocator allocator, Schema schema, List<VectorSchemaRoot> batches) {
        super(allocator);
        this.schema = schema;
        this.pending = new ArrayDeque<>(batches);
    }

    @Override
    public boolean loadNextBatch() {
        VectorSchemaRoot next = pending.poll();
        if (next == null) {
            return false;
        }
        try (VectorSchemaRoot src = next;
                ArrowRecordBatch batch = new VectorUnloader(src).getRecordBatch()) {
            new VectorLoader(getVectorSchemaRoot()).load(batch);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        return true;
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
        while (!pending.isEmpty()) {
            pending.poll().close();
        }
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }
}
