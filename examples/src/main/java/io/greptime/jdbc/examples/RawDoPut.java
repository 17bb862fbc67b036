package io.greptime.jdbc.examples;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.flight.AsyncPutListener;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write benchmark's ceiling: Arrow Flight DoPut of record batches built before the clock starts,
 * with Arrow's own {@link FlightClient}, following protocol.md §4: PATH descriptor naming the table,
 * {@code x-greptime-db-name}, {@code {"request_id":N}} app_metadata numbered from 1, answers read
 * concurrently and at most {@link #WINDOW} batches unanswered (the driver's default window), no IPC
 * compression (as the driver is configured in the benchmark).
 */
final class RawDoPut {
    static final int WINDOW = 8;
    private static final Pattern AFFECTED = Pattern.compile("\"affected_rows\"\\s*:\\s*(\\d+)");
    private static final Pattern REQUEST_ID = Pattern.compile("\"request_id\"\\s*:\\s*(\\d+)");
    static final Schema SCHEMA = new Schema(List.of(
            new Field("ts", FieldType.notNullable(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)), null),
            Field.nullable("host", ArrowType.Utf8.INSTANCE),
            Field.nullable("dc", ArrowType.Utf8.INSTANCE),
            Field.nullable("v1", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            Field.nullable("v2", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            Field.nullable("v3", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));

    /** The tags' UTF-8 bytes, encoded once (as a careful application using Arrow directly would). */
    private static final byte[][] HOST_UTF8 = new byte[100][];

    private static final byte[][] DC_UTF8 = new byte[5][];

    static {
        for (int i = 0; i < HOST_UTF8.length; i++) {
            HOST_UTF8[i] = WriteBenchmark.host(i).getBytes(StandardCharsets.UTF_8);
        }
        for (int i = 0; i < DC_UTF8.length; i++) {
            DC_UTF8[i] = WriteBenchmark.dc(i).getBytes(StandardCharsets.UTF_8);
        }
    }

    private RawDoPut() {}

    /** The benchmark's rows as record batches of {@code batch} rows; the caller closes them. */
    static List<ArrowRecordBatch> prebuild(BufferAllocator allocator, long rows, int batch) {
        List<ArrowRecordBatch> batches = new ArrayList<>();
        try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
            for (long from = 0; from < rows; from += batch) {
                fill(root, from, (int) Math.min(batch, rows - from));
                batches.add(new VectorUnloader(root).getRecordBatch());
            }
        }
        return batches;
    }

    /**
     * Writes rows {@code from .. from + size - 1} of the benchmark into fresh buffers of {@code root},
     * with Arrow's vector API, as an application using Arrow directly would.
     */
    private static void fill(VectorSchemaRoot root, long from, int size) {
        root.allocateNew();
        TimeStampMilliVector ts = (TimeStampMilliVector) root.getVector(0);
        VarCharVector host = (VarCharVector) root.getVector(1);
        VarCharVector dc = (VarCharVector) root.getVector(2);
        Float8Vector v1 = (Float8Vector) root.getVector(3);
        Float8Vector v2 = (Float8Vector) root.getVector(4);
        Float8Vector v3 = (Float8Vector) root.getVector(5);
        for (int r = 0; r < size; r++) {
            long i = from + r;
            ts.setSafe(r, WriteBenchmark.ts(i));
            host.setSafe(r, HOST_UTF8[(int) (i % HOST_UTF8.length)]);
            dc.setSafe(r, DC_UTF8[(int) (i % DC_UTF8.length)]);
            v1.setSafe(r, i * 0.5);
            v2.setSafe(r, i * 0.25);
            v3.setSafe(r, i * 0.125);
        }
        root.setRowCount(size);
    }

    /**
     * Waits for gRPC flow control to accept the next message without burning a core: Arrow's putNext
     * busy-spins on isReady(), which on a loaded two-core machine takes CPU from the server and made the
     * "ceiling" slower than the driver (which waits on a lock).
     */
    private static void awaitReady(FlightClient.ClientStreamListener stream) {
        while (!stream.isReady()) {
            LockSupport.parkNanos(50_000);
        }
    }

    /** Sends the batches on one DoPut stream into {@code table}; returns once every batch is answered. */
    static void put(FlightClient client, BufferAllocator allocator, String table, List<ArrowRecordBatch> batches)
            throws Exception {
        put(client, allocator, table, batches, WINDOW);
    }

    /**
     * As {@link #put(FlightClient, BufferAllocator, String, List)} with at most {@code window} batches
     * unanswered; a window of 1 waits for each batch's answer before sending the next, as a synchronous
     * executeBatch of one batch does.
     */
    static void put(
            FlightClient client, BufferAllocator allocator, String table, List<ArrowRecordBatch> batches, int window)
            throws Exception {
        long expected = batches.stream().mapToLong(ArrowRecordBatch::getLength).sum();
        put(client, allocator, table, window, expected, (root, loader, n) -> {
            if (n >= batches.size()) {
                return false;
            }
            loader.load(batches.get(n));
            return true;
        });
    }

    /**
     * The benchmark's rows written by an application that uses Arrow Flight directly: each batch of
     * {@code batch} rows is built with Arrow's vector API inside the timed loop, then sent with at most
     * {@link #WINDOW} unanswered. What the driver's executeBatch does, minus JDBC.
     */
    static void putBuilding(FlightClient client, BufferAllocator allocator, String table, long rows, int batch)
            throws Exception {
        put(client, allocator, table, WINDOW, rows, (root, loader, n) -> {
            long from = (long) n * batch;
            if (from >= rows) {
                return false;
            }
            fill(root, from, (int) Math.min(batch, rows - from));
            return true;
        });
    }

    /** Puts the {@code n}-th batch into the stream's root; false when there is none. */
    private interface Batches {
        boolean next(VectorSchemaRoot root, VectorLoader loader, int n);
    }

    private static void put(
            FlightClient client, BufferAllocator allocator, String table, int window, long expected, Batches batches)
            throws Exception {
        CallHeaders headers = new FlightCallHeaders();
        headers.insert("x-greptime-db-name", "public");
        Semaphore unanswered = new Semaphore(window);
        AtomicLong affected = new AtomicLong();
        AsyncPutListener answers = new AsyncPutListener() {
            @Override
            public void onNext(PutResult val) {
                ArrowBuf meta = val.getApplicationMetadata();
                // the buffer's writer index is not set and its capacity is rounded up: the JSON is a prefix of it
                byte[] json = new byte[(int) meta.capacity()];
                meta.getBytes(0, json);
                String text = new String(json, StandardCharsets.UTF_8);
                Matcher id = REQUEST_ID.matcher(text);
                if (!id.find() || id.group(1).equals("0")) {
                    return; // the server's immediate ack (request_id 0), not an answer to a batch
                }
                Matcher m = AFFECTED.matcher(text);
                if (m.find()) {
                    affected.addAndGet(Long.parseLong(m.group(1)));
                }
                unanswered.release();
            }
        };
        try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
            FlightClient.ClientStreamListener stream =
                    client.startPut(FlightDescriptor.path(table), root, answers, new HeaderCallOption(headers));
            VectorLoader loader = new VectorLoader(root);
            long requestId = 0;
            for (int n = 0; ; n++) {
                unanswered.acquire();
                awaitReady(stream);
                if (!batches.next(root, loader, n)) {
                    break;
                }
                byte[] json = ("{\"request_id\":" + ++requestId + "}").getBytes(StandardCharsets.UTF_8);
                ArrowBuf meta = allocator.buffer(json.length);
                meta.writeBytes(json); // Arrow sends the readable bytes
                stream.putNext(meta); // takes the metadata buffer over
            }
            stream.completed();
            stream.getResult();
        }
        if (affected.get() != expected) {
            throw new IllegalStateException(
                    "raw DoPut: " + affected.get() + " rows acknowledged, expected " + expected);
        }
    }
}
