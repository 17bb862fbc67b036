package io.greptime.jdbc.examples;

import io.greptime.jdbc.GreptimeBulkWriter;
import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeRows;
import io.greptime.jdbc.GreptimeTable;
import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.Tag;
import io.greptime.jdbc.TimeIndex;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Java records as rows: a {@code Cpu} record annotated with its table, tags and time index is written with
 * {@code GreptimeConnection.bulkWriter} (Arrow record batches on one DoPut stream; the table is created
 * from the record when it does not exist) and read back into records with {@code GreptimeRows.read}.
 * The mapping is built once per class, so a mistake in the record (say, no time index) fails before the
 * first row.
 */
public final class TypedRows {
    private TypedRows() {}

    /** One CPU sample: tags host and region, the time index, two fields. */
    @GreptimeTable("typed_cpu")
    public record Cpu(
            @Tag String host, @Tag String region, @TimeIndex Instant ts, double usageUser, double usageSystem) {}

    /** The columns of an aggregate query: records for reading need no time index. */
    public record HostLoad(String host, long samples, double peakUser) {}

    public static void main(String[] args) throws Exception {
        try (ExampleTarget target = ExampleTarget.open()) {
            run(target.url(), 50_000);
        }
    }

    static void run(String url, int rows) throws SQLException {
        try (Connection conn = DriverManager.getConnection(url);
                Statement st = conn.createStatement()) {
            st.execute("DROP TABLE IF EXISTS typed_cpu");
            GreptimeConnection greptime = conn.unwrap(GreptimeConnection.class);
            List<Cpu> samples = samples(rows);
            long start = System.nanoTime();
            long confirmed;
            try (GreptimeBulkWriter<Cpu> writer = greptime.bulkWriter(Cpu.class)) {
                writer.writeAll(samples);
                confirmed = writer.flush();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            GreptimeWriteStatistics stats = greptime.getWriteStatistics();
            System.out.printf(
                    "wrote %,d Cpu records with bulkWriter in %.2f s (%,.0f rows/s): %s%n",
                    confirmed, seconds, confirmed / seconds, stats);
            ExampleTarget.check(confirmed == rows, "the server confirmed every record (" + confirmed + ")");
            ExampleTarget.check(stats.doPutRows() == rows, "the records went as DoPut record batches");

            try (ResultSet rs = st.executeQuery("SELECT host, region, ts, usage_user, usage_system FROM typed_cpu"
                    + " ORDER BY host, region, ts")) {
                List<Cpu> back = GreptimeRows.read(rs, Cpu.class);
                List<Cpu> expected = new ArrayList<>(samples);
                expected.sort(java.util.Comparator.comparing(Cpu::host)
                        .thenComparing(Cpu::region)
                        .thenComparing(Cpu::ts));
                ExampleTarget.check(back.equals(expected), "every record read back equal to the one written");
                System.out.println("read " + back.size() + " records back, first: " + back.get(0));
            }
            try (ResultSet rs = st.executeQuery("SELECT host, count(*) AS samples, max(usage_user) AS peak_user"
                    + " FROM typed_cpu GROUP BY host ORDER BY host")) {
                for (HostLoad load : GreptimeRows.read(rs, HostLoad.class)) {
                    System.out.printf(
                            "%-8s samples=%d peak user=%.1f%%%n", load.host(), load.samples(), load.peakUser());
                }
            }
            st.execute("DROP TABLE typed_cpu");
        }
    }

    private static List<Cpu> samples(int rows) {
        Instant t0 = Instant.parse("2024-06-01T00:00:00Z");
        String[] hosts = {"web-1", "web-2", "db-1", "db-2"};
        List<Cpu> out = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            String host = hosts[i % hosts.length];
            double user = 20 + (i * 37 % 600) / 10.0;
            out.add(new Cpu(
                    host,
                    host.startsWith("web") ? "eu-west" : "eu-north",
                    t0.plusSeconds(i / hosts.length),
                    user,
                    user / 4));
        }
        return out;
    }
}
