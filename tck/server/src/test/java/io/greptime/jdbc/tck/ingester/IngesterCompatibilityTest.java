package io.greptime.jdbc.tck.ingester;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.Value;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official GreptimeDB Java client (io.greptime:ingester-all:0.11.0, in its own class loader with its
 * own protobuf and grpc) as an independent client of the embedded server: its unary {@code write} and
 * its {@code streamWriter} must land exactly the rows it was given.
 */
class IngesterCompatibilityTest {
    private static final int ROWS = 100;
    private static final int STREAM_CHUNK = 25;

    private static IsolatedIngester ingester;

    @BeforeAll
    static void loadClient() throws Exception {
        ingester = IsolatedIngester.load();
    }

    @AfterAll
    static void unloadClient() throws Exception {
        ingester.close();
    }

    /** Rows of (host tag, ts millis, cpu, mem), spelled out here so nothing under test produces them. */
    private static List<List<Object>> rows(long firstTs) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(List.of("host-" + (i % 4), firstTs + 1000L * i, i * 0.5, 2048.0 + i * 0.125));
        }
        return rows;
    }

    private static Map<String, Object> args(
            EmbeddedGreptimeServer server, String table, String mode, List<List<Object>> rows) {
        return Map.of(
                "endpoint", "127.0.0.1:" + server.port(),
                "database", "public",
                "table", table,
                "mode", mode,
                "rows", rows,
                "chunk", STREAM_CHUNK);
    }

    @Test
    void client_runsOnItsOwnProtobufAndGrpc_andCannotSeeOurs() throws Exception {
        assertThat(ingester.sees("io.greptime.jdbc.proto.v1.GreptimeRequest")).isFalse();
        assertThat(ingester.sees("io.greptime.v1.Database$GreptimeRequest")).isTrue();
        Class<?> theirMessage = ingester.classOf("com.google.protobuf.Message");
        assertThat(theirMessage).isNotSameAs(com.google.protobuf.Message.class);
        assertThat(theirMessage
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .getPath())
                .endsWith("protobuf-java-3.21.12.jar");
        assertThat(ingester.classOf("io.grpc.ManagedChannel")
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .getPath())
                .endsWith("grpc-api-1.56.1.jar");
    }

    @Test
    void unaryAndStreamWrites_reachTheEngineExactlyAsWritten() {
        RecordingEngine engine = new RecordingEngine();
        try (EmbeddedGreptimeServer server =
                EmbeddedGreptimeServer.builder().engine(engine).build()) {
            server.start();
            List<List<Object>> unaryRows = rows(1_700_000_000_000L);
            List<List<Object>> streamRows = rows(1_700_000_500_000L);

            long unaryWritten = ingester.write(args(server, "cpu_unary", "write", unaryRows));
            long streamWritten = ingester.write(args(server, "cpu_stream", "stream", streamRows));

            assertThat(unaryWritten).isEqualTo(ROWS);
            assertThat(streamWritten).isEqualTo(ROWS);
            assertThat(received(engine, "cpu_unary")).isEqualTo(unaryRows);
            assertThat(received(engine, "cpu_stream")).isEqualTo(streamRows);
            assertThat(engine.inserts)
                    .allSatisfy(insert -> assertThat(schemaOf(insert))
                            .containsExactly(
                                    "host STRING TAG",
                                    "ts TIMESTAMP_MILLISECOND TIMESTAMP",
                                    "cpu FLOAT64 FIELD",
                                    "mem FLOAT64 FIELD"));
            assertThat(engine.inserts.stream().filter(i -> i.getTableName().equals("cpu_stream")))
                    .as("the stream writer sends one request per table chunk")
                    .hasSize(ROWS / STREAM_CHUNK);
            assertThat(engine.contexts)
                    .allSatisfy(ctx ->
                            assertThat(ctx.catalog() + "." + ctx.schema()).isEqualTo("greptime.public"));
        } finally {
            engine.close();
        }
    }

    @Test
    void unaryAndStreamWrites_readBackThroughPlainFlight() throws Exception {
        try (Engine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server =
                        EmbeddedGreptimeServer.builder().engine(engine).build()) {
            server.start();
            List<List<Object>> unaryRows = rows(1_700_000_000_000L);
            List<List<Object>> streamRows = rows(1_700_000_500_000L);

            assertThat(ingester.write(args(server, "ingest_unary", "write", unaryRows)))
                    .isEqualTo(ROWS);
            assertThat(ingester.write(args(server, "ingest_stream", "stream", streamRows)))
                    .isEqualTo(ROWS);

            assertThat(readBack(server, "ingest_unary")).isEqualTo(unaryRows);
            assertThat(readBack(server, "ingest_stream")).isEqualTo(streamRows);
        }
    }

    /** The rows of a table as a plain Arrow Flight client reads them, ordered by time. */
    private static List<List<Object>> readBack(EmbeddedGreptimeServer server, String table) throws Exception {
        GreptimeRequest query = GreptimeRequest.newBuilder()
                .setHeader(RequestHeader.newBuilder().setDbname("public"))
                .setQuery(QueryRequest.newBuilder().setSql("SELECT host, ts, cpu, mem FROM " + table))
                .build();
        List<List<Object>> rows = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
                FlightClient client = FlightClient.builder(
                                allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
                        .build();
                FlightStream stream = client.getStream(new Ticket(query.toByteArray()))) {
            while (stream.next()) {
                VectorSchemaRoot root = stream.getRoot();
                for (int i = 0; i < root.getRowCount(); i++) {
                    rows.add(List.of(
                            root.getVector("host").getObject(i).toString(),
                            ((TimeStampVector) root.getVector("ts")).get(i),
                            ((Float8Vector) root.getVector("cpu")).get(i),
                            ((Float8Vector) root.getVector("mem")).get(i)));
                }
            }
        }
        rows.sort(Comparator.comparing(row -> (Long) row.get(1)));
        return rows;
    }

    /** The rows the engine received for a table, as (host, ts, cpu, mem) in arrival order. */
    private static List<List<Object>> received(RecordingEngine engine, String table) {
        List<List<Object>> rows = new ArrayList<>();
        for (RowInsertRequest insert : engine.inserts) {
            if (!insert.getTableName().equals(table)) {
                continue;
            }
            List<String> columns = insert.getRows().getSchemaList().stream()
                    .map(ColumnSchema::getColumnName)
                    .collect(Collectors.toList());
            insert.getRows().getRowsList().forEach(row -> {
                List<Value> values = row.getValuesList();
                rows.add(List.of(
                        values.get(columns.indexOf("host")).getStringValue(),
                        values.get(columns.indexOf("ts")).getTimestampMillisecondValue(),
                        values.get(columns.indexOf("cpu")).getF64Value(),
                        values.get(columns.indexOf("mem")).getF64Value()));
            });
        }
        return rows;
    }

    private static List<String> schemaOf(RowInsertRequest insert) {
        return insert.getRows().getSchemaList().stream()
                .map(c -> c.getColumnName() + " " + c.getDatatype() + " " + c.getSemanticType())
                .collect(Collectors.toList());
    }
}
