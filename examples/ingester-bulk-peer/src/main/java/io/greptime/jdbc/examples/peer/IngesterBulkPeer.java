package io.greptime.jdbc.examples.peer;

import io.greptime.BulkStreamWriter;
import io.greptime.BulkWrite;
import io.greptime.GreptimeDB;
import io.greptime.models.DataType;
import io.greptime.models.Table;
import io.greptime.models.TableSchema;
import io.greptime.options.GreptimeOptions;
import io.greptime.rpc.Compression;
import io.greptime.rpc.Context;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One child of WriteProcesses: the official Java ingester's bulk writer ({@code BulkStreamWriter}, Flight
 * DoPut, 8 requests in flight, no compression, as the driver and the Arrow client are run) writing the
 * benchmark's rows (timestamp, two tags, three doubles) into tables the benchmark created. It speaks the
 * child protocol of WriteProcesses: a warm-up into {@code TABLE_warm}, then per measured pass a line
 * starting {@code measuring} and a line {@code RESULT method rows seconds peakRssKiB process=ns,heapBytes=n}.
 *
 * <p>Arguments: {@code METHOD HOST:PORT TABLE ROWS BATCH WARMUP_ROWS PASSES}. The rows are built inside
 * the timed loop with the ingester's row API ({@code addRow}), as the driver's rows are bound through
 * PreparedStatement inside its loop; the ingester encodes them into Arrow vectors as they are added.
 */
public final class IngesterBulkPeer {
  private static final String[] HOSTS = new String[100];
  private static final String[] DCS = new String[5];
  private static final int IN_FLIGHT = 8;

  static {
    for (int i = 0; i < HOSTS.length; i++) {
      HOSTS[i] = "host-" + i;
    }
    for (int i = 0; i < DCS.length; i++) {
      DCS[i] = "dc-" + i;
    }
  }

  private IngesterBulkPeer() {}

  public static void main(String[] args) throws Exception {
    String method = args[0];
    String endpoint = args[1];
    String table = args[2];
    long rows = Long.parseLong(args[3]);
    int batch = Integer.parseInt(args[4]);
    long warmup = Long.parseLong(args[5]);
    int passes = Integer.parseInt(args[6]);
    GreptimeOptions options =
        GreptimeOptions.newBuilder(endpoint, "public").writeMaxRetries(0).build();
    GreptimeDB db = GreptimeDB.create(options);
    try {
      write(db, table + "_warm", warmup, batch);
      for (int pass = 1; pass <= passes; pass++) {
        System.out.printf(
            "measuring from JVM uptime %d ms; peak RSS so far %d MiB%n",
            ManagementFactory.getRuntimeMXBean().getUptime(), peakRssKib() / 1024);
        long cpu0 = processCpuNanos();
        long heap0 = allocatedBytes();
        long t0 = System.nanoTime();
        write(db, table, rows, batch);
        double seconds = (System.nanoTime() - t0) / 1e9;
        long cpu = processCpuNanos() - cpu0;
        long heap = allocatedBytes() - heap0;
        System.out.println(
            "RESULT " + method + " " + rows + " " + seconds + " " + peakRssKib() + " process=" + cpu
                + ",heapBytes=" + heap);
      }
    } finally {
      db.shutdownGracefully();
    }
  }

  /** The benchmark table's columns in the table's order (the time index first, as CREATE TABLE has it). */
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

  /** All rows over one bulk stream, then its completion; fails unless the server confirmed every row. */
  private static void write(GreptimeDB db, String tableName, long rows, int batch) throws Exception {
    if (rows == 0) {
      return;
    }
    BulkWrite.Config config = BulkWrite.Config.newBuilder()
        .allocatorInitReservation(0)
        .allocatorMaxAllocation(1024L * 1024 * 1024)
        .timeoutMsPerMessage(60_000)
        .maxRequestsInFlight(IN_FLIGHT)
        .build();
    Context ctx = Context.newDefault().withCompression(Compression.None);
    List<CompletableFuture<Integer>> answers = new ArrayList<>();
    try (BulkStreamWriter writer = db.bulkStreamWriter(schema(tableName), config, ctx)) {
      for (long from = 0; from < rows; from += batch) {
        long to = Math.min(rows, from + batch);
        Table.TableBufferRoot t = writer.tableBufferRoot(1024);
        for (long i = from; i < to; i++) {
          t.addRow(1_700_000_000_000L + i, HOSTS[(int) (i % 100)], DCS[(int) (i % 5)], i * 0.5, i * 0.25,
              i * 0.125);
        }
        t.complete();
        answers.add(writer.writeNext());
      }
      writer.completed();
    }
    long confirmed = 0;
    for (CompletableFuture<Integer> a : answers) {
      confirmed += a.get();
    }
    if (confirmed != rows) {
      throw new IllegalStateException("bulk writer: " + confirmed + " rows confirmed, expected " + rows);
    }
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getTotalThreadAllocatedBytes();
  }

  /** VmHWM of /proc/self/status: the most resident memory this process ever had. */
  private static long peakRssKib() throws Exception {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmHWM:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
      }
    }
    return -1;
  }
}
