package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.proto.v1.AffectedRows;
import io.greptime.jdbc.proto.v1.FlightMetadata;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.Metrics;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.ErrorFlightMetadata;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Drives the executor over real Flight on loopback against a small producer that answers in GreptimeDB's
 * stream shapes (protocol.md §3.2–3.3, §6.1).
 */
class FlightSqlnessExecutorTest {
    private BufferAllocator allocator;
    private FlightServer server;
    private FlightSqlnessExecutor executor;
    private final List<GreptimeRequest> received = new CopyOnWriteArrayList<>();

    /** Answers by the SQL text: rows, empty, affected rows, or an error with GreptimeDB's trailer. */
    private final class GreptimeShapes extends NoOpFlightProducer {
        @Override
        public void getStream(CallContext context, Ticket ticket, ServerStreamListener listener) {
            try {
                GreptimeRequest request = GreptimeRequest.parseFrom(ticket.getBytes());
                received.add(request);
                switch (request.getQuery().getSql()) {
                    case "rows;" -> rows(listener, 2);
                    case "empty;" -> rows(listener, 0);
                    case "dictionary;" -> dictionaryRows(listener);
                    case "insert;" -> {
                        metadata(
                                listener,
                                FlightMetadata.newBuilder()
                                        .setAffectedRows(
                                                AffectedRows.newBuilder().setValue(3))
                                        .build());
                        listener.completed();
                    }
                    default -> {
                        ErrorFlightMetadata trailers = new ErrorFlightMetadata();
                        trailers.insert("x-greptime-err-code", "4001");
                        listener.error(CallStatus.NOT_FOUND
                                .withDescription("Table not found: greptime.public.x")
                                .withMetadata(trailers)
                                .toRuntimeException());
                    }
                }
            } catch (Exception e) {
                listener.error(CallStatus.INTERNAL.withCause(e).toRuntimeException());
            }
        }

        /** Schema, {@code batches} one-row batches, then a metrics-only message, as GreptimeDB ends a query. */
        private void rows(ServerStreamListener listener, int batches) {
            try (VectorSchemaRoot root = VectorSchemaRoot.of(new IntVector("n", allocator))) {
                listener.start(root);
                IntVector n = (IntVector) root.getVector(0);
                for (int b = 0; b < batches; b++) {
                    n.allocateNew();
                    n.setSafe(0, b + 1);
                    root.setRowCount(1);
                    listener.putNext();
                }
                metadata(
                        listener,
                        FlightMetadata.newBuilder()
                                .setMetrics(Metrics.newBuilder()
                                        .setMetrics(ByteString.copyFrom("{}", StandardCharsets.UTF_8)))
                                .build());
                listener.completed();
            }
        }

        /** One batch whose only column is dictionary-encoded (values b, a, b over dictionary [a, b]). */
        private void dictionaryRows(ServerStreamListener listener) {
            try (VarCharVector words = new VarCharVector("s", allocator);
                    VarCharVector values = new VarCharVector("s", allocator)) {
                words.allocateNew();
                words.setSafe(0, "a".getBytes(StandardCharsets.UTF_8));
                words.setSafe(1, "b".getBytes(StandardCharsets.UTF_8));
                words.setValueCount(2);
                values.allocateNew();
                values.setSafe(0, "b".getBytes(StandardCharsets.UTF_8));
                values.setSafe(1, "a".getBytes(StandardCharsets.UTF_8));
                values.setSafe(2, "b".getBytes(StandardCharsets.UTF_8));
                values.setValueCount(3);
                Dictionary dictionary = new Dictionary(words, new DictionaryEncoding(7L, false, null));
                try (FieldVector encoded = (FieldVector) DictionaryEncoder.encode(values, dictionary);
                        VectorSchemaRoot root =
                                new VectorSchemaRoot(List.of(encoded.getField()), List.of(encoded), 3)) {
                    listener.start(root, new DictionaryProvider.MapDictionaryProvider(dictionary));
                    listener.putNext();
                    listener.completed();
                }
            }
        }

        private void metadata(ServerStreamListener listener, FlightMetadata meta) {
            byte[] bytes = meta.toByteArray();
            ArrowBuf buf = allocator.buffer(bytes.length);
            buf.writeBytes(bytes);
            listener.putMetadata(buf);
        }
    }

    @BeforeEach
    void setUp() throws Exception {
        allocator = new RootAllocator();
        server = FlightServer.builder(allocator, Location.forGrpcInsecure("127.0.0.1", 0), new GreptimeShapes())
                .build()
                .start();
        executor = new FlightSqlnessExecutor(allocator, Location.forGrpcInsecure("127.0.0.1", server.getPort()));
    }

    @AfterEach
    void tearDown() throws Exception {
        executor.close();
        server.close();
        // FlightServer.close() returns when the calls are done, but gRPC's transport may still hold the last
        // message it was writing (the producer's batch or metadata buffer) and releases it on its own thread a
        // moment later; a leak stays allocated past the bound and fails below.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (allocator.getAllocatedMemory() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    @Test
    void execute_putsSessionIntoTheTicketHeader() {
        executor.execute(new SqlnessSession("Mydb", "Asia/Shanghai"), "rows;");

        assertThat(received).hasSize(1);
        assertThat(received.get(0).getHeader().getCatalog()).isEqualTo("greptime");
        assertThat(received.get(0).getHeader().getSchema()).isEqualTo("Mydb");
        assertThat(received.get(0).getHeader().getTimezone()).isEqualTo("Asia/Shanghai");
    }

    @Test
    void execute_collectsBatchesAndSkipsTheMetricsMessage() {
        Answer answer = executor.execute(SqlnessSession.initial(), "rows;");

        assertThat(answer.render()).isEqualTo("+---+\n| n |\n+---+\n| 1 |\n| 2 |\n+---+");
    }

    @Test
    void execute_schemaWithoutBatchesIsTheEmptyTable() {
        assertThat(executor.execute(SqlnessSession.initial(), "empty;").render())
                .isEqualTo("++\n++");
    }

    @Test
    void execute_printsDictionaryEncodedValuesNotIndices() {
        assertThat(executor.execute(SqlnessSession.initial(), "dictionary;").render())
                .isEqualTo("+---+\n| s |\n+---+\n| b |\n| a |\n| b |\n+---+");
    }

    @Test
    void execute_readsAffectedRowsFromTheSchemaLessStream() {
        assertThat(executor.execute(SqlnessSession.initial(), "insert;")).isEqualTo(new Answer.Affected(3));
    }

    @Test
    void execute_turnsTheErrorTrailerIntoTheRunnersErrorLine() {
        assertThat(executor.execute(SqlnessSession.initial(), "select * from x;")
                        .render())
                .isEqualTo("Error: 4001(TableNotFound), Table not found: greptime.public.x");
    }
}
