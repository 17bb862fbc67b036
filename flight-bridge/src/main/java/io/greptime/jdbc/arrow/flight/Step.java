package io.greptime.jdbc.arrow.flight;

import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One decoded frame of a DoGet answer, handed from gRPC's callback to the reading thread. A step owns its
 * Arrow memory until the reader takes it; {@link #close} releases it when nobody will.
 */
sealed interface Step extends AutoCloseable {
    /** Releases the step's buffers (idempotent for the record types that hold none). */
    @Override
    void close();

    /** The schema: the wire schema, an empty root and the (still empty) dictionaries it refers to. */
    record Start(Schema schema, VectorSchemaRoot root, Map<Long, Dictionary> dictionaries) implements Step {
        @Override
        public void close() {
            root.close();
            dictionaries.values().forEach(d -> d.getVector().close());
        }
    }

    /** A record batch, validated and decoded. */
    record Batch(ArrowRecordBatch batch, byte[] metadata) implements Step {
        @Override
        public void close() {
            batch.close();
        }
    }

    /** A dictionary batch for dictionary {@code id}, validated and decoded. */
    record DictionaryData(long id, ArrowRecordBatch batch, byte[] metadata) implements Step {
        @Override
        public void close() {
            batch.close();
        }
    }

    /** A frame with no IPC body: GreptimeDB's affected rows or metrics in app_metadata. */
    record Metadata(byte[] metadata) implements Step {
        @Override
        public void close() {}
    }

    /** The end of the answer: {@code error} is null when the server completed the call. */
    record End(FlightCallException error) implements Step {
        @Override
        public void close() {}
    }
}
