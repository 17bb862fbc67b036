package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.errCode;
import static io.greptime.jdbc.tck.server.WireFixture.sql;
import static io.greptime.jdbc.tck.server.WireFixture.ticket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.v1.FlightMetadata;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * DoGet in front of the real DuckDB engine streams: a result leaves in batches as DuckDB produces them,
 * with server memory bounded by a batch or two whatever the result's size; an error DuckDB meets after
 * some batches arrives as GreptimeDB's status after them (never as a shorter result that looks
 * complete); and a client that cancels, runs out of time or goes away stops DuckDB's work. Memory bounds
 * are generous and no check is timed: deadlines only guard against a query DuckDB would run for hours.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES) // a safety net against a query that was never stopped, not a timing
class StreamingDoGetTest {
    /** About 65 MB of rows, in batches of about 0.9 MB: far more than the bound below. */
    private static final String LARGE = "SELECT range AS n, repeat('x', 100) AS s FROM range(600000)";

    private static final String ENDLESS_AGGREGATE = "SELECT sum(range) FROM range(1000000000000)";
    /** Two million rows at once, then none for hours (see StreamingAndCancellationTest). */
    private static final String ENDLESS_STREAM = "SELECT range FROM range(10000000000000)"
            + " WHERE range < 2000000 OR range % 1000000000000007 = 1000000000000006";

    private DuckDbEngine engine;
    private EmbeddedGreptimeServer server;
    private ManagedChannel channel;
    private FlightServiceGrpc.FlightServiceBlockingStub flight;

    @BeforeEach
    void start() {
        engine = DuckDbEngine.inMemory();
        server = EmbeddedGreptimeServer.builder().engine(engine).build().start();
        channel = WireFixture.channel(server);
        flight = FlightServiceGrpc.newBlockingStub(channel);
    }

    @AfterEach
    void stop() throws InterruptedException {
        WireFixture.shutdown(channel);
        awaitIdle();
        assertThat(server.allocatedMemory()).as("server Arrow memory left").isZero();
        server.close();
        engine.close();
    }

    @Test
    void largeResult_leavesInBatchesWhileTheClientReadsSlowly() throws Exception {
        Iterator<Flight.FlightData> frames = flight.doGet(ticket(sql(LARGE)));
        assertThat(header(frames.next())).isEqualTo(MessageHeader.Schema);
        long rows = batchRows(frames.next()) + batchRows(frames.next());
        // a server that did not wait for the reader would now fill memory with the rest of the result
        Thread.sleep(500);
        long arrowWhilePaused = server.allocatedMemory();
        Flight.FlightData last = null;
        while (frames.hasNext()) {
            last = frames.next();
            if (header(last) == MessageHeader.RecordBatch) {
                rows += batchRows(last);
            }
        }
        assertThat(rows).isEqualTo(600_000);
        assertThat(FlightMetadata.parseFrom(last.getAppMetadata()).hasMetrics()).isTrue();
        assertThat(arrowWhilePaused).isLessThan(24L << 20);
        assertThat(server.peakAllocatedMemory()).isLessThan(24L << 20);
    }

    @Test
    void errorAfterSomeBatches_arrivesAsGreptimeStatusAfterThem() {
        Iterator<Flight.FlightData> frames = flight.doGet(ticket(sql(
                "SELECT CAST(CASE WHEN range < 3000000 THEN '1' ELSE 'x' END AS INTEGER) AS v FROM range(4000000)")));
        List<Integer> headers = new ArrayList<>();
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> {
            while (frames.hasNext()) {
                headers.add(header(frames.next()));
            }
        });

        assertThat(e).as("the result must fail, not end as if complete").isNotNull();
        // a string that is no integer fails as Arrow's cast does: EngineExecuteQuery, which gRPC carries as INTERNAL
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(errCode(e)).isEqualTo("3001");
        assertThat(headers.get(0)).isEqualTo(MessageHeader.Schema);
        assertThat(headers.subList(1, headers.size())).isNotEmpty().containsOnly((int) MessageHeader.RecordBatch);
    }

    @Test
    void clientCancel_stopsAStatementDuckDbIsStillComputing() throws Exception {
        cancelAfterStart(ENDLESS_AGGREGATE);
        awaitIdle();
        assertThat(server.activeStreams()).isZero();
    }

    @Test
    void clientCancel_stopsAFetchOfStreamedRows() throws Exception {
        cancelAfterStart(ENDLESS_STREAM);
        awaitIdle();
        assertThat(server.activeStreams()).isZero();
    }

    @Test
    void deadline_stopsTheQueryOnTheServerToo() throws Exception {
        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> flight.withDeadlineAfter(500, TimeUnit.MILLISECONDS)
                        .doGet(ticket(sql(ENDLESS_AGGREGATE)))
                        .hasNext());

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        awaitIdle();
        assertThat(server.activeStreams()).isZero();
    }

    @Test
    void clientGoingAway_stopsTheQuery() throws Exception {
        ManagedChannel other = WireFixture.channel(server);
        Thread reader = new Thread(() -> {
            try {
                FlightServiceGrpc.newBlockingStub(other)
                        .doGet(ticket(sql(ENDLESS_STREAM)))
                        .forEachRemaining(frame -> {});
            } catch (StatusRuntimeException expected) {
                // the channel shut down below
            }
        });
        reader.start();
        awaitStreams(1);
        Thread.sleep(300); // DuckDB is computing now

        other.shutdownNow(); // the connection closes under the running call
        awaitIdle();
        assertThat(server.activeStreams()).isZero();
        reader.join(30_000);
        assertThat(frames(LARGE.replace("600000", "10"))).hasSize(3);
    }

    private void cancelAfterStart(String sql) throws InterruptedException {
        Context.CancellableContext cancellable = Context.current().withCancellation();
        Thread reader = new Thread(() -> cancellable.run(() -> {
            try {
                flight.doGet(ticket(sql(sql))).forEachRemaining(frame -> {});
            } catch (StatusRuntimeException expected) {
                // the cancellation below
            }
        }));
        reader.start();
        awaitStreams(1);
        Thread.sleep(300); // DuckDB is computing now
        cancellable.cancel(null);
        reader.join(30_000);
    }

    private void awaitStreams(int n) throws InterruptedException {
        for (int i = 0; i < 3000 && server.activeStreams() != n; i++) {
            Thread.sleep(10);
        }
        assertThat(server.activeStreams()).isEqualTo(n);
    }

    /** Waits (at most 30 s: DuckDB would run the endless queries for hours) for the server to stop working. */
    private void awaitIdle() throws InterruptedException {
        for (int i = 0; i < 3000 && (server.activeStreams() != 0 || server.allocatedMemory() != 0); i++) {
            Thread.sleep(10);
        }
    }

    private List<Flight.FlightData> frames(String sql) {
        List<Flight.FlightData> out = new ArrayList<>();
        flight.doGet(ticket(sql(sql))).forEachRemaining(out::add);
        return out;
    }

    private static int header(Flight.FlightData frame) {
        return FlightDoGetTest.header(frame).headerType();
    }

    private static long batchRows(Flight.FlightData frame) {
        return ((RecordBatch) FlightDoGetTest.header(frame).header(new RecordBatch())).length();
    }
}
