package io.greptime.jdbc.tck.sqlness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Replays a sqlness folder against any GreptimeDB-compatible gRPC endpoint, e.g. a real GreptimeDB:
 * {@code SqlnessMain <sqlness-dir> <host:port> [report-file]}. Unlike the test suite it cannot give each
 * case a fresh database; the cases drop what they create.
 *
 * <p>{@code SqlnessMain --record <dir-or-case.sql> <host:port>} takes the answers instead: it writes each case's
 * {@code .result} beside its {@code .sql} from what the server answered (how the probe cases' answers are taken
 * from a real GreptimeDB), and warns when a case leaves tables behind in {@code public}.
 */
public final class SqlnessMain {
    private SqlnessMain() {}

    public static void main(String[] args) throws Exception {
        boolean record = args.length > 0 && args[0].equals("--record");
        String[] rest = record ? Arrays.copyOfRange(args, 1, args.length) : args;
        if (rest.length < 2) {
            System.err.println("usage: SqlnessMain <sqlness-dir> <host:port> [report-file]\n"
                    + "       SqlnessMain --record <dir-or-case.sql> <host:port>");
            System.exit(2);
        }
        Path target = Path.of(rest[0]);
        int colon = rest[1].lastIndexOf(':');
        Location location =
                Location.forGrpcInsecure(rest[1].substring(0, colon), Integer.parseInt(rest[1].substring(colon + 1)));
        try (BufferAllocator allocator = new RootAllocator()) {
            if (record) {
                record(target, () -> new FlightSqlnessExecutor(allocator, location));
                return;
            }
            SqlnessReport report = SqlnessSuite.run(target, () -> new FlightSqlnessExecutor(allocator, location));
            System.out.println(report.summary());
            report.write(Path.of(rest.length > 2 ? rest[2] : "sqlness-report.txt"));
        }
    }

    private static void record(Path target, Supplier<SqlnessExecutor> executors) throws IOException {
        List<Path> cases = new ArrayList<>();
        if (Files.isDirectory(target)) {
            for (String name : SqlnessSuite.caseNames(target)) {
                cases.add(target.resolve(name + ".sql"));
            }
        } else {
            cases.add(target);
        }
        for (Path sql : cases) {
            String name = sql.getFileName().toString();
            Path result = sql.resolveSibling(name.substring(0, name.length() - ".sql".length()) + ".result");
            try (SqlnessExecutor executor = executors.get()) {
                Files.writeString(result, new SqlnessReplayer(executor).record(sql), StandardCharsets.UTF_8);
                String left = executor.execute(SqlnessSession.initial(), "SHOW TABLES;")
                        .render();
                if (!left.lines()
                        .filter(l -> l.startsWith("| "))
                        .allMatch(l -> l.matches("\\| (Tables|numbers) +\\|"))) {
                    System.out.println("record: " + sql + " left tables behind:\n" + left);
                }
            }
            System.out.println("record: " + result);
        }
    }
}
