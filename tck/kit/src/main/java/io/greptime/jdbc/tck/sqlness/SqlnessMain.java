package io.greptime.jdbc.tck.sqlness;

import java.nio.file.Path;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Replays a sqlness folder against any GreptimeDB-compatible gRPC endpoint, e.g. a real GreptimeDB:
 * {@code SqlnessMain <sqlness-dir> <host:port> [report-file]}. Unlike the test suite it cannot give each
 * case a fresh database; the cases drop what they create.
 */
public final class SqlnessMain {
    private SqlnessMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: SqlnessMain <sqlness-dir> <host:port> [report-file]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        int colon = args[1].lastIndexOf(':');
        Location location =
                Location.forGrpcInsecure(args[1].substring(0, colon), Integer.parseInt(args[1].substring(colon + 1)));
        try (BufferAllocator allocator = new RootAllocator()) {
            SqlnessReport report = SqlnessSuite.run(dir, () -> new FlightSqlnessExecutor(allocator, location));
            System.out.println(report.summary());
            report.write(Path.of(args.length > 2 ? args[2] : "sqlness-report.txt"));
        }
    }
}
