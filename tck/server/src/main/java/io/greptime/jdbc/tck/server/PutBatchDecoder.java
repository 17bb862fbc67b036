package io.greptime.jdbc.tck.server;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;

/**
 * Turns the IPC messages of one DoPut stream into record batches in the client's schema: any IPC
 * compression, and dictionary-encoded columns (which GreptimeDB v1.x accepts) decoded back to plain
 * values, because the engine matches columns to the table by name and type.
 */
final class PutBatchDecoder implements AutoCloseable {
    private final BufferAllocator allocator;
    private final Map<Long, Dictionary> dictionaries = new HashMap<>();
    private final VectorSchemaRoot root;

    PutBatchDecoder(Schema wireSchema, BufferAllocator allocator) {
        this.allocator = allocator;
        List<Field> fields = new ArrayList<>();
        for (Field field : wireSchema.getFields()) {
            fields.add(DictionaryUtility.toMemoryFormat(field, allocator, dictionaries));
        }
        this.root = VectorSchemaRoot.create(new Schema(fields, wireSchema.getCustomMetadata()), allocator);
    }

    /** Loads (or replaces) one dictionary; GreptimeDB answers nothing for dictionary messages. */
    void loadDictionary(Message message, ByteString body) throws IOException {
        try (ArrowDictionaryBatch batch =
                withBody(body, buf -> MessageSerializer.deserializeDictionaryBatch(message, buf))) {
            Dictionary dictionary = dictionaries.get(batch.getDictionaryId());
            if (dictionary == null) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid request parameter: unknown dictionary id " + batch.getDictionaryId());
            }
            if (batch.isDelta()) {
                throw new GreptimeError(StatusCode.UNSUPPORTED, "Not supported: delta dictionary batches in DoPut");
            }
            FieldVector vector = dictionary.getVector();
            VectorSchemaRoot holder = new VectorSchemaRoot(List.of(vector.getField()), List.of(vector), 0);
            new VectorLoader(holder, CommonsCompressionFactory.INSTANCE).load(batch.getDictionary());
        }
    }

    /** Loads one record batch; the caller closes the result before the next one. */
    DictionaryDecoding.Decoded loadBatch(Message message, ByteString body) throws IOException {
        RecordBatch header = (RecordBatch) message.header(new RecordBatch());
        try (ArrowRecordBatch batch = withBody(body, buf -> MessageSerializer.deserializeRecordBatch(header, buf))) {
            new VectorLoader(root, CommonsCompressionFactory.INSTANCE).load(batch);
        }
        if (dictionaries.isEmpty()) {
            return new DictionaryDecoding.Decoded(root, List.of());
        }
        return DictionaryDecoding.decode(root, dictionaries);
    }

    private interface BodyReader<T> {
        T read(ArrowBuf body) throws IOException;
    }

    /** Copies the body into Arrow memory; Arrow's deserializers take that reference over on success. */
    private <T> T withBody(ByteString bytes, BodyReader<T> reader) throws IOException {
        ArrowBuf body = allocator.buffer(bytes.size());
        boolean owned = true;
        try {
            // one bulk copy into the buffer's memory (ArrowBuf.setBytes from a read-only heap buffer, which a
            // ByteString gives, copies eight bytes at a time)
            bytes.copyTo(body.nioBuffer(0, bytes.size()));
            T result = reader.read(body);
            owned = false;
            return result;
        } finally {
            if (owned) {
                body.close();
            }
        }
    }

    @Override
    public void close() {
        List<AutoCloseable> all = new ArrayList<>();
        all.add(root);
        dictionaries.values().forEach(d -> all.add(d.getVector()));
        try {
            AutoCloseables.close(all);
        } catch (Exception e) {
            throw new IllegalStateException("cannot release DoPut buffers", e);
        }
    }
}
