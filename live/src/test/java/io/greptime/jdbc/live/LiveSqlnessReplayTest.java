package io.greptime.jdbc.live;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.tck.sqlness.FlightSqlnessExecutor;
import io.greptime.jdbc.tck.sqlness.JdbcSqlnessExecutor;
import io.greptime.jdbc.tck.sqlness.SqlnessExecutor;
import io.greptime.jdbc.tck.sqlness.SqlnessReplayer;
import io.greptime.jdbc.tck.sqlness.SqlnessReport;
import io.greptime.jdbc.tck.sqlness.SqlnessSuite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * GreptimeDB's own SQL corpus ({@code ../shared/sqlness}, read here, never copied) replayed through the driver
 * against the real server, case by case.
 *
 * <p>Every statement whose answer through the driver differs from the recorded {@code .result} is replayed again
 * through raw Arrow Flight (tck's {@link FlightSqlnessExecutor}, which does not use the driver) on the same
 * server, and classified:
 *
 * <ul>
 *   <li><b>driver</b>: the server answered differently through raw Flight than through the driver;
 *   <li><b>server</b>: raw Flight gives the driver's answer, so this server differs from the {@code .result}
 *       (a version difference, or a nondeterministic answer).
 * </ul>
 *
 * <p>The replay survives the server: before each case it checks that the server answers, and one it started that
 * does not is restarted, naming the case that left it so. The test fails only on <b>driver</b> differences in cases
 * whose every other statement matched (so that a failing earlier statement cannot explain them); a server that had
 * to be restarted is reported, not failed (a server's crash is the server's bug). Reports: {@code live/target/live-sqlness-report.txt} and
 * {@code live-sqlness-folders.md}.
 */
class LiveSqlnessReplayTest {
    private static final Path OUT = Path.of("target");

    /** One mismatching statement and what raw Flight said. */
    record Difference(String caseName, SqlnessReplayer.StatementResult driver, String flight) {
        boolean driversFault() {
            return !java.util.Objects.equals(driver.actual(), flight);
        }
    }

    @Test
    void corpus_throughTheDriver_differsFromRawFlightNowhere() throws IOException {
        LiveServer.require();
        String shared = System.getProperty("greptime.shared.dir");
        Path dir = shared == null ? null : Path.of(shared, "sqlness");
        assumeTrue(dir != null && Files.isDirectory(dir), "GreptimeDB's sqlness cases not found at " + dir);

        List<SqlnessReplayer.CaseResult> results = new ArrayList<>();
        List<Difference> differences = new ArrayList<>();
        List<String> crashes = new ArrayList<>();
        String previous = null;
        try (BufferAllocator allocator = new RootAllocator()) {
            for (String name : SqlnessSuite.caseNames(dir)) {
                if (LiveServer.restartIfBroken()) {
                    crashes.add(previous + " (the server stopped answering after it; restarted)");
                    System.out.println("live sqlness: the server stopped answering after " + previous + "; restarted");
                }
                SqlnessReplayer.CaseResult r = replay(driverExecutor(), dir, name);
                results.add(r);
                if (!r.passes()) {
                    differences.addAll(classify(allocator, dir, name, r));
                }
                previous = name;
            }
        }
        if (LiveServer.restartIfBroken()) {
            crashes.add(previous + " (the server stopped answering after it; restarted)");
        }
        SqlnessReport report = new SqlnessReport(results);
        String summary = report.summary().replace("sqlness: ", "live sqlness (JDBC, " + server() + "): ");
        System.out.println(summary);
        Files.createDirectories(OUT);
        report.write(OUT.resolve("live-sqlness-report.txt"));
        Files.writeString(
                OUT.resolve("live-sqlness-folders.md"),
                report.folderTable() + "\n" + classification(differences, crashes),
                StandardCharsets.UTF_8);
        System.out.println(classification(differences, crashes));

        List<String> driverBugs = differences.stream()
                .filter(Difference::driversFault)
                .filter(d -> onlyDifference(results, d))
                .map(d -> d.caseName() + " statement " + d.driver().statement().number() + ": "
                        + d.driver().statement().firstLine() + "\n  driver: "
                        + d.driver().actual()
                        + "\n  flight: " + d.flight())
                .toList();
        assertTrue(
                driverBugs.isEmpty(),
                "the driver answered differently from raw Flight:\n" + String.join("\n", driverBugs));
    }

    private static String server() {
        return LiveServer.require().description();
    }

    private static SqlnessReplayer.CaseResult replay(SqlnessExecutor executor, Path dir, String name)
            throws IOException {
        try (executor) {
            return new SqlnessReplayer(executor)
                    .replay(name, dir.resolve(name + ".sql"), dir.resolve(name + ".result"));
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static SqlnessExecutor driverExecutor() {
        Properties p = new Properties();
        p.setProperty("queryTimeout", "120");
        return new JdbcSqlnessExecutor(() -> LiveServer.connect("public", p), LiveServer::restart);
    }

    /** The case again through raw Flight; each differing statement paired with Flight's answer to it. */
    private static List<Difference> classify(
            BufferAllocator allocator, Path dir, String name, SqlnessReplayer.CaseResult viaDriver) throws IOException {
        String[] hostPort = LiveServer.require().grpcEndpoint().split(":");
        Location location = Location.forGrpcInsecure(hostPort[0], Integer.parseInt(hostPort[1]));
        SqlnessReplayer.CaseResult viaFlight = replay(new FlightSqlnessExecutor(allocator, location), dir, name);
        List<Difference> out = new ArrayList<>();
        for (SqlnessReplayer.StatementResult st : viaDriver.statements()) {
            if (st.skipped() || st.matches()) {
                continue;
            }
            String flight = viaFlight.statements().stream()
                    .filter(f -> f.statement().number() == st.statement().number())
                    .map(SqlnessReplayer.StatementResult::actual)
                    .findFirst()
                    .orElse(null);
            out.add(new Difference(name, st, flight));
        }
        return out;
    }

    /** The difference is the only statement of its case that did not match. */
    private static boolean onlyDifference(List<SqlnessReplayer.CaseResult> results, Difference d) {
        return results.stream()
                .filter(r -> r.name().equals(d.caseName()))
                .allMatch(r -> r.compared() - r.matching() == 1);
    }

    private static String classification(List<Difference> differences, List<String> crashes) {
        long driver = differences.stream().filter(Difference::driversFault).count();
        StringBuilder sb = new StringBuilder()
                .append("## Differences from the .result files\n\n")
                .append("- the server answers the same through raw Flight (server or version difference): ")
                .append(differences.size() - driver)
                .append("\n- the driver answers differently from raw Flight (driver): ")
                .append(driver)
                .append('\n');
        for (Difference d : differences) {
            if (d.driversFault()) {
                sb.append("  - ")
                        .append(d.caseName())
                        .append(" #")
                        .append(d.driver().statement().number())
                        .append(": ")
                        .append(d.driver().statement().firstLine())
                        .append('\n');
            }
        }
        sb.append("- server restarts: ").append(crashes.size()).append('\n');
        crashes.forEach(c -> sb.append("  - after ").append(c).append('\n'));
        return sb.toString();
    }
}
