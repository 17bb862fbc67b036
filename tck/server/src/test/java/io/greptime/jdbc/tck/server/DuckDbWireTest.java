package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.errCode;
import static io.greptime.jdbc.tck.server.WireFixture.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.AsyncPutListener;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The wire front in front of the real DuckDB engine: DDL and writes over Handle, reads over DoGet, DoPut. */
class DuckDbWireTest {
    private static DuckDbEngine engine;
    private static EmbeddedGreptimeServer server;
    private static ManagedChannel channel;
    private static GreptimeDatabaseGrpc.GreptimeDatabaseBlockingStub db;
    private static BufferAllocator allocator;

    @BeforeAll
    static void start() {
        engine = DuckDbEngine.inMemory();
        server = EmbeddedGreptimeServer.builder().engine(engine).build().start();
        channel = WireFixture.channel(server);
        db = GreptimeDatabaseGrpc.newBlockingStub(channel);
        allocator = new RootAllocator();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        WireFixture.shutdown(channel);
        server.close();
        engine.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    @Test
    void createInsertSelect_roundTripsThroughHandleAndDoGet() throws Exception {
        db.handle(sql("CREATE TABLE wire_cpu (host STRING, ts TIMESTAMP TIME INDEX, v DOUBLE, PRIMARY KEY (host))"));
        int inserted = db.handle(sql("INSERT INTO wire_cpu VALUES ('a', 1000, 1.5), ('b', 2000, 2.5)"))
                .getAffectedRows()
                .getValue();

        List<String> rows = select("SELECT host, ts, v FROM wire_cpu ORDER BY host");

        assertThat(inserted).isEqualTo(2);
        assertThat(rows).containsExactly("a|1000|1.5", "b|2000|2.5");
    }

    @Test
    void select_throughHandleIsUnimplemented() {
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("SELECT 1")));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
        assertThat(e.getStatus().getDescription()).isEqualTo("GreptimeDatabase::Handle for query");
    }

    @Test
    void missingTable_isAGreptimeErrorWithItsCode() {
        var flight = org.apache.arrow.flight.impl.FlightServiceGrpc.newBlockingStub(channel);

        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> flight.doGet(WireFixture.ticket(sql("SELECT * FROM no_such_table")))
                        .hasNext());

        assertThat(errCode(e)).isNotNull();
        assertThat(e.getStatus().getDescription()).contains("no_such_table");
    }

    @Test
    void doPut_writesIntoAnExistingTable() throws Exception {
        db.handle(sql("CREATE TABLE wire_put (host STRING, ts TIMESTAMP TIME INDEX, v DOUBLE, PRIMARY KEY (host))"));
        Schema schema = engine.tableSchema(io.greptime.jdbc.tck.engine.QueryContext.defaults(), "wire_put");
        List<String> results = new ArrayList<>();
        CallHeaders headers = new FlightCallHeaders();
        headers.insert("x-greptime-db-name", "public");
        try (FlightClient client = flightClient();
                VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            AsyncPutListener listener = new AsyncPutListener() {
                @Override
                public void onNext(PutResult val) {
                    ArrowBuf buf = val.getApplicationMetadata();
                    byte[] bytes = new byte[(int) buf.readableBytes()];
                    buf.getBytes(0, bytes);
                    results.add(new String(bytes, StandardCharsets.UTF_8));
                }
            };
            FlightClient.ClientStreamListener writer =
                    client.startPut(FlightDescriptor.path("wire_put"), root, listener, new HeaderCallOption(headers));
            root.allocateNew();
            ((VarCharVector) root.getVector("host")).setSafe(0, "h".getBytes(StandardCharsets.UTF_8));
            ((TimeStampMilliVector) root.getVector("ts")).setSafe(0, 5000L);
            ((Float8Vector) root.getVector("v")).setSafe(0, 9.5);
            root.setRowCount(1);
            byte[] id = "{\"request_id\":1}".getBytes(StandardCharsets.UTF_8);
            ArrowBuf metadata = allocator.buffer(id.length);
            metadata.writeBytes(id);
            writer.putNext(metadata);
            writer.completed();
            listener.getResult();
        }

        assertThat(results).hasSize(2);
        assertThat(results.get(1)).startsWith("{\"request_id\":1,\"affected_rows\":1,");
        assertThat(select("SELECT host, ts, v FROM wire_put")).containsExactly("h|5000|9.5");
    }

    private static List<String> select(String query) throws Exception {
        List<String> rows = new ArrayList<>();
        try (FlightClient client = flightClient();
                FlightStream stream = client.getStream(new Ticket(sql(query).toByteArray()))) {
            while (stream.next()) {
                VectorSchemaRoot root = stream.getRoot();
                for (int r = 0; r < root.getRowCount(); r++) {
                    List<String> cells = new ArrayList<>();
                    for (var vector : root.getFieldVectors()) {
                        Object value = vector.getObject(r);
                        cells.add(
                                value instanceof java.time.LocalDateTime ldt
                                        ? Long.toString(ldt.toInstant(java.time.ZoneOffset.UTC)
                                                .toEpochMilli())
                                        : String.valueOf(value));
                    }
                    rows.add(String.join("|", cells));
                }
            }
        }
        return rows;
    }

    private static FlightClient flightClient() {
        return FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
                .build();
    }
}
