package io.greptime.jdbc.tck.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.ForwardingEngine;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * DoPut streams whose batches arrive faster than DuckDB stores them (every frame sent before any
 * answer is read), so that the server's writer takes several queued batches at once: each batch is
 * still answered on its own, in order, once stored; a bad batch among them fails alone, after the
 * batches before it are stored and answered; a client that cancels leaves no memory behind.
 */
class PipelinedDoPutTest {
    private static final int ROWS = 500;

    private final BufferAllocator allocator = new RootAllocator();
    private DuckDbEngine engine;
    private GatedEngine gated;
    private EmbeddedGreptimeServer server;
    private ManagedChannel channel;

    @BeforeEach
    void start() {
        engine = DuckDbEngine.inMemory();
        gated = new GatedEngine(engine);
        server = EmbeddedGreptimeServer.builder()
                .engine(gated)
                .profile(ServerProfile.V1_2)
                .build()
                .start();
        channel = WireFixture.channel(server);
        engine.execute(
                QueryContext.defaults(),
                "CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING, v DOUBLE NOT NULL, PRIMARY KEY (host))",
                allocator);
    }

    @AfterEach
    void stop() throws InterruptedException {
        WireFixture.shutdown(channel);
        server.close();
        engine.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    @Test
    void manyBatchesInFlight_eachAnsweredInOrderAndLaterBatchesWin() throws Exception {
        List<Flight.FlightData> frames = new ArrayList<>();
        frames.add(schemaFrame());
        int batches = 40;
        for (int b = 1; b <= batches; b++) {
            // every batch rewrites the keys of the one before (same hosts and times) with its own number
            frames.add(batch(b, 0, b, false));
        }

        PutCall call = PutCall.run(channel, new Metadata(), frames);

        assertThat(call.error()).isNull();
        assertThat(call.results).hasSize(batches + 1); // the v1.2 ack, then one answer per batch
        for (int b = 1; b <= batches; b++) {
            assertThat(call.results.get(b)).startsWith("{\"request_id\":" + b + ",\"affected_rows\":" + ROWS + ",");
        }
        assertThat(select("SELECT count(*) AS n, min(v) AS lo, max(v) AS hi FROM m"))
                .isEqualTo(ROWS + "|" + (double) batches + "|" + (double) batches);
    }

    @Test
    void badBatchAmongQueuedOnes_failsAloneAfterTheOnesBeforeAreStored() throws Exception {
        List<Flight.FlightData> frames = new ArrayList<>();
        frames.add(schemaFrame());
        for (int b = 1; b <= 12; b++) {
            // distinct time ranges per batch; batch 6 holds a NULL in the NOT NULL field
            frames.add(batch(b, b * 10_000L, b * 10_000L, b == 6));
        }

        PutCall call = PutCall.run(channel, new Metadata(), frames);

        StatusRuntimeException e = call.error();
        assertThat(e).isNotNull();
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).contains("not nullable");
        assertThat(call.results).hasSize(6); // the ack and batches 1 to 5
        for (int b = 1; b <= 5; b++) {
            assertThat(call.results.get(b)).startsWith("{\"request_id\":" + b + ",");
        }
        assertThat(select("SELECT count(*) AS n, min(v) AS lo, max(v) AS hi FROM m"))
                .isEqualTo(5 * ROWS + "|10000.0|50000.0");
    }

    @Test
    void clientCancelsMidStream_memoryIsReleasedAndTheServerKeepsServing() throws Exception {
        gated.gate = new CountDownLatch(1); // DoPut writes wait here until the call is cancelled
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        CompletableFuture<ClientCallStreamObserver<Flight.FlightData>> started = new CompletableFuture<>();
        io.grpc.stub.StreamObserver<Flight.FlightData> out = FlightServiceGrpc.newStub(channel)
                .doPut(new ClientResponseObserver<Flight.FlightData, Flight.PutResult>() {
                    @Override
                    public void beforeStart(ClientCallStreamObserver<Flight.FlightData> call) {
                        started.complete(call);
                    }

                    @Override
                    public void onNext(Flight.PutResult value) {}

                    @Override
                    public void onError(Throwable t) {
                        ended.complete(t);
                    }

                    @Override
                    public void onCompleted() {
                        ended.complete(null);
                    }
                });
        out.onNext(schemaFrame());
        for (int b = 1; b <= 30; b++) {
            out.onNext(batch(b, b * 10_000L, b, false));
        }
        out.onCompleted(); // cancelled after the last batch: gRPC tells the server only through the cancel
        assertThat(gated.entered.await(30, TimeUnit.SECONDS)).isTrue(); // the writer is storing a batch
        started.get(10, TimeUnit.SECONDS).cancel("test cancels", null);
        assertThat(ended.get(30, TimeUnit.SECONDS)).isNotNull();
        gated.gate.countDown();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (server.allocatedMemory() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(server.allocatedMemory()).isZero();
        // the batches still queued behind the write in progress were dropped (at most 16 wait at once)
        assertThat(Long.parseLong(select("SELECT count(*) AS n FROM m"))).isLessThan(30L * ROWS);
        PutCall after = PutCall.run(channel, new Metadata(), List.of(schemaFrame(), batch(99, 5_000_000L, 99, false)));
        assertThat(after.error()).isNull();
        assertThat(after.results).hasSize(2);
    }

    /** The real engine, with its DoPut writes held at a gate (open unless a test closes it). */
    private static final class GatedEngine extends ForwardingEngine {
        final CountDownLatch entered = new CountDownLatch(1);
        volatile CountDownLatch gate = new CountDownLatch(0);

        GatedEngine(Engine delegate) {
            super(delegate);
        }

        private void pass() {
            entered.countDown();
            try {
                if (!gate.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never opened the gate");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        @Override
        public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
            pass();
            return delegate.putBatch(ctx, table, batch);
        }

        @Override
        public long[] putBatches(QueryContext ctx, String table, List<VectorSchemaRoot> batches) {
            pass(); // the real engine's grouped writes, which ForwardingEngine would turn off
            return delegate.putBatches(ctx, table, batches);
        }
    }

    private Flight.FlightData schemaFrame() {
        Schema schema = engine.tableSchema(QueryContext.defaults(), "m");
        return FlightFrames.schema(schema).toBuilder()
                .setFlightDescriptor(FlightDoPutTest.pathDescriptor("m"))
                .build();
    }

    /** ROWS rows: hosts h0..h4 at times tsBase, tsBase+1, ..., all with v = value (NULL at row 7 if asked). */
    private Flight.FlightData batch(int requestId, long tsBase, double value, boolean nullField) {
        Schema schema = engine.tableSchema(QueryContext.defaults(), "m");
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            root.allocateNew();
            TimeStampMilliVector ts = (TimeStampMilliVector) root.getVector("ts");
            VarCharVector host = (VarCharVector) root.getVector("host");
            Float8Vector v = (Float8Vector) root.getVector("v");
            for (int r = 0; r < ROWS; r++) {
                ts.setSafe(r, tsBase + r / 5);
                host.setSafe(r, ("h" + r % 5).getBytes(StandardCharsets.UTF_8));
                if (nullField && r == 7) {
                    v.setNull(r);
                } else {
                    v.setSafe(r, value);
                }
            }
            root.setRowCount(ROWS);
            try (ArrowRecordBatch batch = new VectorUnloader(root).getRecordBatch()) {
                return FlightFrames.recordBatch(batch).toBuilder()
                        .setAppMetadata(ByteString.copyFromUtf8("{\"request_id\":" + requestId + "}"))
                        .build();
            }
        }
    }

    /** The single row of a query, its cells joined with '|'. */
    private String select(String sql) throws Exception {
        Output out = engine.execute(QueryContext.defaults(), sql, allocator);
        try (ArrowReader reader = ((Output.Rows) out).reader()) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            List<String> cells = new ArrayList<>();
            while (reader.loadNextBatch()) {
                for (int r = 0; r < root.getRowCount(); r++) {
                    for (var vector : root.getFieldVectors()) {
                        cells.add(String.valueOf(vector.getObject(r)));
                    }
                }
            }
            return String.join("|", cells);
        }
    }
}
