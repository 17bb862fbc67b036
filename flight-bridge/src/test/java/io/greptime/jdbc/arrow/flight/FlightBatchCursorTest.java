package io.greptime.jdbc.arrow.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.arrow.meta.ColumnMetadata;
import io.greptime.jdbc.arrow.read.ColumnReader;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The DoGet cursor against a real Flight endpoint on loopback that writes GreptimeDB's frame
 * shapes: LZ4 batches, metrics frames, the schema-less affected-rows frame, errors with trailers.
 * Every test closes the cursor and checks that the client allocator is back to zero.
 */
class FlightBatchCursorTest {
    private static final long MIB = 1024 * 1024;
    private static final Schema METRICS_SCHEMA = new Schema(List.of(
            new Field(
                    "ts",
                    new FieldType(
                            false,
                            new ArrowType.Timestamp(TimeUnit.MILLISECOND, null),
                            null,
                            Map.of("greptime:time_index", "true")),
                    null),
            Field.nullable("host", ArrowType.Utf8.INSTANCE),
            Field.nullable(
                    "cpu", new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE))));

    private BufferAllocator serverAllocator;
    private BufferAllocator clientAllocator;
    private GreptimeLikeFlightServer server;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws Exception {
        serverAllocator = new RootAllocator();
        clientAllocator = new RootAllocator();
        server = new GreptimeLikeFlightServer();
        channel = server.newChannel();
    }

    @AfterEach
    void stop() throws Exception {
        channel.shutdownNow().awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
        server.close(); // waits for running scripts, whose cancelled calls end their loops
        assertThat(clientAllocator.getAllocatedMemory())
                .as("client Arrow memory left")
                .isZero();
        clientAllocator.close();
        serverAllocator.close();
    }

    private FlightBatchCursor open(String script, long maxRows, long maxMemory) throws FlightCallException {
        CursorSettings settings = new CursorSettings(new ColumnReaderFactory(ZoneId.of("UTC")), maxRows, maxMemory);
        Ticket ticket = new Ticket(script.getBytes(StandardCharsets.UTF_8));
        return FlightBatchCursor.open(channel, clientAllocator, ticket, settings);
    }

    /** Fills the three-column metrics root with rows (ts = base + i ms, host-i, i * 0.5). */
    private static void fill(VectorSchemaRoot root, long base, int rows) {
        root.allocateNew();
        TimeStampMilliVector ts = (TimeStampMilliVector) root.getVector("ts");
        VarCharVector host = (VarCharVector) root.getVector("host");
        Float8Vector cpu = (Float8Vector) root.getVector("cpu");
        for (int i = 0; i < rows; i++) {
            ts.setSafe(i, base + i);
            host.setSafe(i, ("host-" + i).getBytes(StandardCharsets.UTF_8));
            cpu.setSafe(i, i * 0.5);
        }
        root.setRowCount(rows);
    }

    private void scriptMetricsRows(String name, int... batchSizes) {
        server.script(name, frames -> {
            try (VectorSchemaRoot root = VectorSchemaRoot.create(METRICS_SCHEMA, serverAllocator)) {
                frames.schema(METRICS_SCHEMA);
                long base = 1_700_000_000_000L;
                for (int rows : batchSizes) {
                    fill(root, base, rows);
                    frames.batch(root);
                    frames.metrics("{\"elapsed_compute\":" + rows + "}"); // partial metrics between batches
                    base += rows;
                }
                frames.metrics("{\"elapsed_compute\":42}");
                frames.complete();
            }
        });
    }

    @Test
    void rows_lz4BatchesReadInOrderAndMetricsFramesAreSkipped() throws Exception {
        scriptMetricsRows("rows", 3, 2);
        try (FlightBatchCursor cursor = open("rows", 0, 16 * MIB)) {
            assertThat(cursor.isUpdateCount()).isFalse();
            assertThat(cursor.updateCount()).isEqualTo(-1);
            List<ColumnMetadata> columns = cursor.columns();
            assertThat(columns).extracting(ColumnMetadata::name).containsExactly("ts", "host", "cpu");
            assertThat(columns).extracting(ColumnMetadata::timeIndex).containsExactly(true, false, false);

            assertThat(cursor.nextBatch()).isTrue();
            assertThat(cursor.batchRowCount()).isEqualTo(3);
            List<ColumnReader> readers = cursor.readers();
            assertThat(readers.get(0).getObject(2, Instant.class)).isEqualTo(Instant.parse("2023-11-14T22:13:20.002Z"));
            assertThat(readers.get(1).getString(2)).isEqualTo("host-2");
            assertThat(readers.get(2).getDouble(2)).isEqualTo(1.0);

            assertThat(cursor.nextBatch()).isTrue();
            assertThat(cursor.batchRowCount()).isEqualTo(2);
            assertThat(cursor.readers().get(1).getString(1)).isEqualTo("host-1");
            assertThat(cursor.readers().get(0).getString(0)).isEqualTo("2023-11-14T22:13:20.003");
            assertThat(cursor.metricsJson()).contains("{\"elapsed_compute\":3}");

            assertThat(cursor.nextBatch()).isFalse();
            assertThat(cursor.metricsJson()).contains("{\"elapsed_compute\":42}");
            assertThat(cursor.rowsDelivered()).isEqualTo(5);
            assertThat(cursor.wasCancelled()).isFalse();
        }
    }

    @Test
    void affectedRows_schemaLessFrameIsAnUpdateCount() throws Exception {
        server.script("insert", frames -> {
            frames.affectedRows(5);
            frames.complete();
        });
        try (FlightBatchCursor cursor = open("insert", 0, MIB)) {
            assertThat(cursor.isUpdateCount()).isTrue();
            assertThat(cursor.updateCount()).isEqualTo(5);
            assertThat(cursor.schema()).isEmpty();
            assertThat(cursor.columns()).isEmpty();
            assertThat(cursor.nextBatch()).isFalse();
        }
    }

    @Test
    void emptyResult_schemaAndMetricsOnlyHasColumnsButNoBatch() throws Exception {
        server.script("empty", frames -> {
            frames.schema(METRICS_SCHEMA);
            frames.metrics("{\"elapsed_compute\":1}");
            frames.complete();
        });
        try (FlightBatchCursor cursor = open("empty", 0, MIB)) {
            assertThat(cursor.isUpdateCount()).isFalse();
            assertThat(cursor.columns()).hasSize(3);
            assertThat(cursor.nextBatch()).isFalse();
            assertThat(cursor.batchRowCount()).isZero();
            assertThat(cursor.metricsJson()).contains("{\"elapsed_compute\":1}");
        }
    }

    @Test
    void midStreamError_surfacesStatusAndGreptimeTrailers() throws Exception {
        server.script("fails", frames -> {
            try (VectorSchemaRoot root = VectorSchemaRoot.create(METRICS_SCHEMA, serverAllocator)) {
                frames.schema(METRICS_SCHEMA);
                fill(root, 0, 4);
                frames.batch(root);
                frames.fail(
                        Status.INTERNAL.withDescription("Failed to execute query: region gone"),
                        Map.of("x-greptime-err-code", "3001"));
            }
        });
        try (FlightBatchCursor cursor = open("fails", 0, MIB)) {
            assertThat(cursor.nextBatch()).isTrue();
            assertThat(cursor.readers().get(1).getString(3)).isEqualTo("host-3");
            assertThatThrownBy(cursor::nextBatch).isInstanceOfSatisfying(FlightCallException.class, e -> {
                assertThat(e.statusCode()).isEqualTo(FlightStatusCode.INTERNAL);
                assertThat(e.description()).isEqualTo("Failed to execute query: region gone");
                assertThat(e.greptimeStatusCode()).hasValue(3001);
                assertThat(e.retryHint()).isEmpty();
                assertThat(e.memoryLimitExceeded()).isFalse();
            });
            assertThat(cursor.nextBatch()).isFalse();
        }
    }

    @Test
    void errorBeforeSchema_failsOpenAndReleasesEverything() {
        server.script(
                "missing",
                frames -> frames.fail(
                        Status.NOT_FOUND.withDescription("Table not found: greptime.public.x"),
                        Map.of("x-greptime-err-code", "4001")));
        assertThatThrownBy(() -> open("missing", 0, MIB)).isInstanceOfSatisfying(FlightCallException.class, e -> {
            assertThat(e.statusCode()).isEqualTo(FlightStatusCode.NOT_FOUND);
            assertThat(e.greptimeStatusCode()).hasValue(4001);
        });
    }

    @Test
    void maxRows_cutsTheBatchStopsAndCancelsTheStream() throws Exception {
        scriptMetricsRows("many", 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000);
        try (FlightBatchCursor cursor = open("many", 2500, 16 * MIB)) {
            List<Integer> sizes = new ArrayList<>();
            while (cursor.nextBatch()) {
                sizes.add(cursor.batchRowCount());
            }
            assertThat(sizes).containsExactly(1000, 1000, 500);
            assertThat(cursor.rowsDelivered()).isEqualTo(2500);
            assertThat(cursor.wasCancelled()).isTrue();
        }
    }

    @Test
    void closeBeforeTheEnd_cancelsTheCallAndFreesTheBatch() throws Exception {
        scriptMetricsRows("abandoned", 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500);
        FlightBatchCursor cursor = open("abandoned", 0, 16 * MIB);
        assertThat(cursor.nextBatch()).isTrue();
        assertThat(clientAllocator.getAllocatedMemory()).isPositive();
        cursor.close();
        assertThat(cursor.wasCancelled()).isTrue();
        assertThat(cursor.nextBatch()).isFalse();
        assertThat(clientAllocator.getAllocatedMemory()).isZero();
    }

    @Test
    void largeStream_readsFarMoreThanTheMemoryLimitThroughABoundedAllocator() throws Exception {
        Schema schema = new Schema(List.of(Field.nullable("v", new ArrowType.Int(64, true))));
        int batches = 320;
        int rows = 16_384; // 128 KiB of values per batch, 40 MiB in all
        server.script("large", frames -> {
            try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, serverAllocator)) {
                frames.schema(schema);
                BigIntVector v = (BigIntVector) root.getVector("v");
                for (int b = 0; b < batches && !frames.isCancelled(); b++) {
                    root.allocateNew();
                    for (int i = 0; i < rows; i++) {
                        v.setSafe(i, (long) b * rows + i);
                    }
                    root.setRowCount(rows);
                    frames.batch(root, false);
                }
                frames.complete();
            }
        });
        long limit = 4 * MIB;
        long sum = 0;
        long count = 0;
        try (FlightBatchCursor cursor = open("large", 0, limit)) {
            while (cursor.nextBatch()) {
                ColumnReader v = cursor.readers().get(0);
                for (int i = 0; i < cursor.batchRowCount(); i++) {
                    sum += v.getLong(i);
                }
                count += cursor.batchRowCount();
            }
        }
        long n = (long) batches * rows;
        assertThat(count).isEqualTo(n);
        assertThat(sum).isEqualTo(n * (n - 1) / 2);
        assertThat(clientAllocator.getPeakMemoryAllocation()).isLessThanOrEqualTo(limit);
    }

    @Test
    void batchLargerThanTheMemoryLimit_failsWithAMemoryLimitError() throws Exception {
        Schema schema = new Schema(List.of(Field.nullable("v", new ArrowType.Int(64, true))));
        server.script("huge", frames -> {
            try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, serverAllocator)) {
                frames.schema(schema);
                BigIntVector v = (BigIntVector) root.getVector("v");
                root.allocateNew();
                for (int i = 0; i < 500_000; i++) {
                    v.setSafe(i, i);
                }
                root.setRowCount(500_000);
                frames.batch(root, false);
                frames.complete();
            }
        });
        try (FlightBatchCursor cursor = open("huge", 0, MIB)) {
            assertThatThrownBy(cursor::nextBatch)
                    .isInstanceOfSatisfying(
                            FlightCallException.class,
                            e -> assertThat(e.memoryLimitExceeded()).isTrue());
        } catch (FlightCallException e) {
            assertThat(e.memoryLimitExceeded())
                    .as("failed already at open: " + e)
                    .isTrue();
        }
    }

    @Test
    void readerGetters_throwSqlExceptionsNotRuntimeOnes() throws Exception {
        scriptMetricsRows("typed", 2);
        try (FlightBatchCursor cursor = open("typed", 0, MIB)) {
            assertThat(cursor.nextBatch()).isTrue();
            assertThatThrownBy(() -> cursor.readers().get(1).getInt(0))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22018"));
        }
    }

    @Test
    void dictionaryBatches_areDecodedThroughTheStreamsDictionary() throws Exception {
        DictionaryEncoding encoding = new DictionaryEncoding(1L, false, new ArrowType.Int(32, true));
        Field host = new Field("host", new FieldType(true, ArrowType.Utf8.INSTANCE, encoding), null);
        Schema schema = new Schema(List.of(host));
        server.script("dictionary", frames -> {
            frames.schema(schema);
            try (VarCharVector values = new VarCharVector("values", serverAllocator);
                    IntVector indices = new IntVector("host", serverAllocator)) {
                values.allocateNew();
                values.setSafe(0, "cpu".getBytes(StandardCharsets.UTF_8));
                values.setSafe(1, "mem".getBytes(StandardCharsets.UTF_8));
                values.setValueCount(2);
                try (VectorSchemaRoot dictionaryRoot = VectorSchemaRoot.of(values);
                        ArrowRecordBatch data = new VectorUnloader(dictionaryRoot).getRecordBatch();
                        ArrowDictionaryBatch batch = new ArrowDictionaryBatch(1L, data, false)) {
                    frames.dictionary(batch);
                }
                indices.allocateNew(3);
                indices.set(0, 1);
                indices.setNull(1);
                indices.set(2, 0);
                indices.setValueCount(3);
                try (VectorSchemaRoot root = VectorSchemaRoot.of(indices)) {
                    frames.batch(root);
                }
            }
            frames.complete();
        });
        try (FlightBatchCursor cursor = open("dictionary", 0, MIB)) {
            assertThat(cursor.columns().get(0).type().typeName()).isEqualTo("String");
            assertThat(cursor.nextBatch()).isTrue();
            ColumnReader reader = cursor.readers().get(0);
            assertThat(reader.getString(0)).isEqualTo("mem");
            assertThat(reader.getString(1)).isNull();
            assertThat(reader.isNull(1)).isTrue();
            assertThat(reader.getObject(2)).isEqualTo("cpu");
            assertThat(cursor.nextBatch()).isFalse();
        }
    }

    @Test
    void cancelFromAnotherThread_failsTheReaderWithCancelled() throws Exception {
        scriptMetricsRows("cancelled", 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500);
        try (FlightBatchCursor cursor = open("cancelled", 0, 16 * MIB)) {
            assertThat(cursor.nextBatch()).isTrue();
            Thread canceller = new Thread(cursor::cancel);
            canceller.start();
            canceller.join();
            assertThat(cursor.wasCancelled()).isTrue();
            assertThatThrownBy(() -> {
                        while (cursor.nextBatch()) {
                            // batches already queued before the cancel may still arrive
                        }
                    })
                    .isInstanceOfSatisfying(
                            FlightCallException.class,
                            e -> assertThat(e.statusCode()).isEqualTo(FlightStatusCode.CANCELLED));
        }
    }
}
