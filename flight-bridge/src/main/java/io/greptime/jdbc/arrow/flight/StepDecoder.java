package io.greptime.jdbc.arrow.flight;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;

/**
 * Reads the IPC message of each DoGet frame in order (protocol.md §3): the schema first (or, for DML/DDL,
 * a frame of app_metadata only), then record and dictionary batches and metadata frames. A second schema,
 * a batch before the schema, a dictionary batch for an id the schema does not name, a delta dictionary or a
 * body shorter than its message says are protocol violations. Runs on gRPC's callback, one frame at a time.
 */
final class StepDecoder {
    private final BufferAllocator allocator;
    private final BatchDecoder batches;
    private List<Field> fields;
    private final Map<Long, Field> dictionaryFields = new HashMap<>();

    StepDecoder(BufferAllocator allocator, long maxResultMemory) {
        this.allocator = allocator;
        this.batches = new BatchDecoder(allocator, maxResultMemory);
    }

    Step decode(DoGetFrame frame) throws FlightCallException {
        if (frame.headerLength() == 0) {
            return new Step.Metadata(frame.metadata());
        }
        Message message = Message.getRootAsMessage(frame.header());
        if (message.bodyLength() > frame.bodyLength()) {
            throw FlightCallException.protocol(
                    "a message announcing a body of " + message.bodyLength() + " bytes with " + frame.bodyLength()
                            + " bytes",
                    null);
        }
        switch (message.headerType()) {
            case MessageHeader.NONE:
                return new Step.Metadata(frame.metadata());
            case MessageHeader.Schema:
                return start(message);
            case MessageHeader.RecordBatch:
                requireSchema("a record batch");
                RecordBatch batch = (RecordBatch) message.header(new RecordBatch());
                return new Step.Batch(batches.decode(batch, fields, frame), frame.metadata());
            case MessageHeader.DictionaryBatch:
                requireSchema("a dictionary batch");
                return dictionary((DictionaryBatch) message.header(new DictionaryBatch()), frame);
            default:
                throw FlightCallException.protocol("an IPC message of type " + message.headerType(), null);
        }
    }

    private Step start(Message message) throws FlightCallException {
        if (fields != null) {
            throw FlightCallException.protocol("a second schema in the middle of its DoGet answer", null);
        }
        Schema schema = MessageSerializer.deserializeSchema(message);
        Map<Long, Dictionary> dictionaries = new HashMap<>();
        List<Field> memory = new ArrayList<>();
        VectorSchemaRoot root = null;
        try {
            for (Field field : schema.getFields()) {
                memory.add(DictionaryUtility.toMemoryFormat(field, allocator, dictionaries));
            }
            root = VectorSchemaRoot.create(new Schema(memory, schema.getCustomMetadata()), allocator);
        } catch (RuntimeException e) {
            dictionaries.values().forEach(d -> d.getVector().close());
            throw e;
        }
        fields = memory;
        dictionaries.forEach((id, d) -> dictionaryFields.put(id, d.getVector().getField()));
        return new Step.Start(schema, root, dictionaries);
    }

    private Step dictionary(DictionaryBatch batch, DoGetFrame frame) throws FlightCallException {
        Field field = dictionaryFields.get(batch.id());
        if (field == null) {
            throw FlightCallException.protocol(
                    "a dictionary batch for id " + batch.id() + ", which the schema does not use", null);
        }
        if (batch.isDelta()) {
            throw FlightCallException.protocol("a delta dictionary batch, which GreptimeDB does not send", null);
        }
        return new Step.DictionaryData(
                batch.id(), batches.decode(batch.data(), List.of(field), frame), frame.metadata());
    }

    private void requireSchema(String what) throws FlightCallException {
        if (fields == null) {
            throw FlightCallException.protocol(what + " before the schema", null);
        }
    }
}
