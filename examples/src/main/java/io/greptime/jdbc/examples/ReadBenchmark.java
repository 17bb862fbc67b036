package io.greptime.jdbc.examples;

import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Read throughput of the driver against raw Arrow Flight, in one JVM against one embedded server: N rows
 * of (timestamp, two tags, two doubles) read (a) through {@code ResultSet.next()} and typed getters and
 * (b) through a {@link FlightClient} DoGet reading every value from the vectors, in alternating rounds.
 * Prints rows/s of both, their ratio, heap used after GC and the peak direct memory.
 *
 * <p>Run: {@code mvn -B -q -pl examples -am -Pbench -DskipTests -Dserver.jar.skip=true verify
 * -Dbench.rows=2000000 -Dbench.rounds=3} (README, "Benchmarks"). Not a test: figures
 * depend on the machine.
 */
public final class ReadBenchmark {
  private static final String QUERY = "SELECT ts, host, dc, v1, v2 FROM bench";
  private static final AtomicLong PEAK_DIRECT = new AtomicLong();

  private ReadBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = Long.getLong("bench.rows", 2_000_000L);
    int rounds = Integer.getInteger("bench.rounds", 3);
    Thread sampler = startDirectMemorySampler();
    try (DuckDbEngine engine = DuckDbEngine.inMemory();
        EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder().port(0).engine(engine).build().start();
        Connection conn = DriverManager.getConnection("jdbc:greptime://" + server.address() + "/public?timezone=UTC");
        BufferAllocator allocator = new RootAllocator();
        FlightClient flight = FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
            .build()) {
      long fillStart = System.nanoTime();
      fill(conn, rows);
      System.out.printf("filled %,d rows in %.1f s%n", rows, (System.nanoTime() - fillStart) / 1e9);
      double bestDriver = 0;
      double bestRaw = 0;
      for (int round = 1; round <= rounds; round++) {
        double driver = timed("driver (ResultSet.next + getters)", rows, () -> readWithDriver(conn));
        double raw = timed("raw Flight (DoGet + vectors)     ", rows, () -> readWithFlight(flight));
        bestDriver = Math.max(bestDriver, driver);
        bestRaw = Math.max(bestRaw, raw);
        System.out.printf("round %d: ratio driver/raw = %.2f%n", round, driver / raw);
      }
      System.out.printf("best: driver %,.0f rows/s, raw %,.0f rows/s, ratio %.2f (target 0.90)%n",
          bestDriver, bestRaw, bestDriver / bestRaw);
    } finally {
      sampler.interrupt();
    }
    System.gc();
    System.out.printf("heap used after GC: %,d KiB; peak direct memory: %,d KiB%n",
        usedHeap() / 1024, PEAK_DIRECT.get() / 1024);
  }

  /** Writes the rows inside the server (INSERT ... SELECT) in chunks, so filling does not dominate. */
  private static void fill(Connection conn, long rows) throws SQLException {
    try (Statement st = conn.createStatement()) {
      st.executeUpdate("CREATE TABLE bench (ts TIMESTAMP(3) NOT NULL TIME INDEX, host STRING, dc STRING,"
          + " v1 DOUBLE, v2 DOUBLE, PRIMARY KEY (host, dc)) WITH (append_mode = 'true')");
      long chunk = 1_000_000L;
      for (long from = 1; from <= rows; from += chunk) {
        long to = Math.min(rows, from + chunk - 1);
        st.executeUpdate("INSERT INTO bench SELECT x * 10 AS ts, 'host-' || (x % 100) AS host, 'dc-' || (x % 5) AS dc,"
            + " x * 0.5 AS v1, x * 0.25 AS v2 FROM generate_series(" + from + ", " + to + ") AS g(x)");
      }
    }
  }

  private interface Reader {
    long read() throws Exception;
  }

  /** Runs one read; returns rows/s and prints it with the row count as a check. */
  private static double timed(String label, long expectedRows, Reader reader) throws Exception {
    long start = System.nanoTime();
    long n = reader.read();
    double seconds = (System.nanoTime() - start) / 1e9;
    if (n != expectedRows) {
      throw new IllegalStateException(label + " read " + n + " rows, expected " + expectedRows);
    }
    double rate = n / seconds;
    System.out.printf("  %s %,12.0f rows/s (%.2f s)%n", label, rate, seconds);
    return rate;
  }

  /** Reads every value through typed getters; the checksum keeps the JIT from dropping the reads. */
  private static long readWithDriver(Connection conn) throws SQLException {
    long n = 0;
    long checksum = 0;
    try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(QUERY)) {
      while (rs.next()) {
        checksum += rs.getTimestamp(1).getTime();
        checksum += rs.getString(2).length() + rs.getString(3).length();
        checksum += (long) (rs.getDouble(4) + rs.getDouble(5));
        n++;
      }
    }
    blackhole(checksum);
    return n;
  }

  /** DoGet with the same request the driver sends, reading every value of every vector. */
  private static long readWithFlight(FlightClient flight) throws Exception {
    GreptimeRequest request = GreptimeRequest.newBuilder()
        .setHeader(RequestHeader.newBuilder().setCatalog("greptime").setSchema("public").setTimezone("UTC"))
        .setQuery(QueryRequest.newBuilder().setSql(QUERY))
        .build();
    long n = 0;
    long checksum = 0;
    try (FlightStream stream = flight.getStream(new Ticket(request.toByteArray()))) {
      while (stream.next()) {
        VectorSchemaRoot root = stream.getRoot();
        TimeStampMilliVector ts = (TimeStampMilliVector) root.getVector(0);
        VarCharVector host = (VarCharVector) root.getVector(1);
        VarCharVector dc = (VarCharVector) root.getVector(2);
        Float8Vector v1 = (Float8Vector) root.getVector(3);
        Float8Vector v2 = (Float8Vector) root.getVector(4);
        for (int i = 0; i < root.getRowCount(); i++) {
          checksum += ts.get(i);
          checksum += new String(host.get(i), StandardCharsets.UTF_8).length()
              + new String(dc.get(i), StandardCharsets.UTF_8).length();
          checksum += (long) (v1.get(i) + v2.get(i));
        }
        n += root.getRowCount();
      }
    }
    blackhole(checksum);
    return n;
  }

  private static volatile long sink;

  private static void blackhole(long value) {
    sink += value;
  }

  private static long usedHeap() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** Direct memory as the JDK's buffer pool and Netty (Arrow's allocation manager) count it. */
  private static long directBytes() {
    long total = 0;
    for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
      if (pool.getName().equals("direct")) {
        total += pool.getMemoryUsed();
      }
    }
    return total + Math.max(0, io.netty.util.internal.PlatformDependent.usedDirectMemory());
  }

  private static Thread startDirectMemorySampler() {
    Thread t = new Thread(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        PEAK_DIRECT.accumulateAndGet(directBytes(), Math::max);
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "direct-memory-sampler");
    t.setDaemon(true);
    t.start();
    return t;
  }
}
