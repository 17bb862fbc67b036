package io.greptime.jdbc.tck.server;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/** One batch with a dictionary-encoded string column {@code s = b, a, b} (dictionary {@code a, b}). */
final class DictionaryRowsReader extends ArrowReader {
    private boolean loaded;

    DictionaryRowsReader(BufferAllocator allocator) {
        super(allocator);
    }

    @Override
    public boolean loadNextBatch() throws java.io.IOException {
        if (loaded) {
            return false;
        }
        loaded = true;
        VarCharVector values = (VarCharVector) getDictionaryVectors().get(1L).getVector();
        values.allocateNew(2);
        values.setSafe(0, "a".getBytes(StandardCharsets.UTF_8));
        values.setSafe(1, "b".getBytes(StandardCharsets.UTF_8));
        values.setValueCount(2);
        IntVector indices = (IntVector) getVectorSchemaRoot().getVector("s");
        indices.allocateNew(3);
        indices.set(0, 1);
        indices.set(1, 0);
        indices.set(2, 1);
        getVectorSchemaRoot().setRowCount(3);
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
        DictionaryEncoding encoding = new DictionaryEncoding(1L, false, new ArrowType.Int(32, true));
        return new Schema(List.of(new Field("s", new FieldType(true, ArrowType.Utf8.INSTANCE, encoding), null)));
    }
}
