package io.greptime.jdbc.examples.peer;

import io.greptime.GreptimeDB;
import io.greptime.StreamWriter;
import io.greptime.models.DataType;
import io.greptime.models.Err;
import io.greptime.models.Result;
import io.greptime.models.Table;
import io.greptime.models.TableSchema;
import io.greptime.models.WriteOk;
import io.greptime.options.GreptimeOptions;

/**
 * The write benchmark's peer: the official GreptimeDB Java ingester (0.11.0) writing the benchmark's rows
 * (timestamp, two tags, three doubles) to tables the benchmark created, first with unary writes (one
 * {@code write(table).get()} per batch, as an application waiting for each write does), then over one
 * write stream. Each mode runs a warm-up into its own table first. Prints one line per mode,
 * {@code PEER <mode> <rows> <seconds>}, which WriteBenchmark reads.
 *
 * <p>Arguments: {@code HOST:PORT ROWS BATCH WARMUP_ROWS}. The rows are built inside the timed loop (the
 * client API's work per row), as the driver's rows are set through PreparedStatement inside its loop.
 */
public final class IngesterPeer {
  private static final String[] HOSTS = new String[100];
  private static final String[] DCS = new String[5];

  static {
    for (int i = 0; i < HOSTS.length; i++) {
      HOSTS[i] = "host-" + i;
    }
    for (int i = 0; i < DCS.length; i++) {
      DCS[i] = "dc-" + i;
    }
  }

  private IngesterPeer() {}

  public static void main(String[] args) throws Exception {
    String endpoint = args[0];
    long rows = Long.parseLong(args[1]);
    int batch = Integer.parseInt(args[2]);
    long warmup = Long.parseLong(args[3]);
    GreptimeOptions options = GreptimeOptions.newBuilder(endpoint, "public")
        .writeMaxRetries(0)
        .maxInFlightWritePoints(Integer.MAX_VALUE)
        // the stream writer rate-limits to this many points per second by default; lift it
        .defaultStreamMaxWritePointsPerSecond(Integer.MAX_VALUE)
        .build();
    GreptimeDB db = GreptimeDB.create(options);
    try {
      unary(db, "bench_w_peer_unary_warm", warmup, batch);
      report("unary", rows, unary(db, "bench_w_peer_unary", rows, batch));
      stream(db, "bench_w_peer_stream_warm", warmup, batch);
      report("stream", rows, stream(db, "bench_w_peer_stream", rows, batch));
    } finally {
      db.shutdownGracefully();
    }
  }

  private static void report(String mode, long rows, long nanos) {
    System.out.printf("PEER %s %d %.6f%n", mode, rows, nanos / 1e9);
  }

  private static TableSchema schema(String table) {
    return TableSchema.newBuilder(table)
        .addTimestamp("ts", DataType.TimestampMillisecond)
        .addTag("host", DataType.String)
        .addTag("dc", DataType.String)
        .addField("v1", DataType.Float64)
        .addField("v2", DataType.Float64)
        .addField("v3", DataType.Float64)
        .build();
  }

  private static Table rows(TableSchema schema, long from, long to) {
    Table table = Table.from(schema);
    for (long i = from; i < to; i++) {
      table.addRow(1_700_000_000_000L + i, HOSTS[(int) (i % 100)], DCS[(int) (i % 5)], i * 0.5, i * 0.25, i * 0.125);
    }
    return table;
  }

  /** One unary write per batch, each awaited; returns the elapsed nanoseconds. */
  private static long unary(GreptimeDB db, String tableName, long rows, int batch) throws Exception {
    TableSchema schema = schema(tableName);
    long start = System.nanoTime();
    for (long from = 0; from < rows; from += batch) {
      long to = Math.min(rows, from + batch);
      Result<WriteOk, Err> result = db.write(rows(schema, from, to)).get();
      if (!result.isOk() || result.getOk().getSuccess() != to - from) {
        throw new IllegalStateException("unary write failed: " + result);
      }
    }
    return System.nanoTime() - start;
  }

  /** All batches over one write stream, then its committed total; returns the elapsed nanoseconds. */
  private static long stream(GreptimeDB db, String tableName, long rows, int batch) throws Exception {
    TableSchema schema = schema(tableName);
    long start = System.nanoTime();
    StreamWriter<Table, WriteOk> writer = db.streamWriter();
    for (long from = 0; from < rows; from += batch) {
      writer.write(rows(schema, from, Math.min(rows, from + batch)));
    }
    WriteOk ok = writer.completed().get();
    if (ok.getSuccess() != rows) {
      throw new IllegalStateException("stream wrote " + ok + ", expected " + rows);
    }
    return System.nanoTime() - start;
  }
}
