package io.greptime.jdbc.examples;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * GreptimeDB's own clients as judges of the embedded server: runs a peer program (the official Python or
 * Go ingester, in {@code peers/}) against an embedded server of every {@link ServerProfile}, with auth off
 * and on, then reads every table the peer wrote back through greptime-jdbc and compares each value with
 * what the peer says it sent. Prints one line per table and check and {@code N passed, N failed}; exits 1
 * when anything failed.
 *
 * <p>Run through {@code peers/python/run.sh} or {@code peers/go/run.sh} (they build the peer, then call this
 * with {@code -Dpeer.command=...}); {@code -Dpeer.profiles=V1_2,V0_17} limits the profiles. With
 * {@code GREPTIMEDB_ENDPOINT=host:port} it runs one pass against that real GreptimeDB instead (auth off; the peer's
 * expectations follow {@code -Dpeer.serverVersion}, default {@code 1.0}). Not a test of the default build: it needs
 * the peer's toolchain.
 */
public final class PeerCheck {
    /** Requests a server must refuse (a peer prints REFUSED or ACCEPTED for each). */
    private static final Set<String> MUST_REFUSE =
            Set.of("unary_wrong_password", "unary_no_credentials", "bulk_wrong_password");

    /**
     * Requests where the embedded server knowingly differs from GreptimeDB (docs/peers.md): reported, not
     * counted. {@code bulk_json_text}: the bulk writers send a JSON column as Binary holding JSON text, which
     * GreptimeDB's DoPut stores unchecked as JSONB (unreadable afterwards); the embedded server refuses it.
     */
    private static final Set<String> KNOWN_DIFFERENCES = Set.of("bulk_json_text");

    private static final String USER = "peer";
    private static final String PASSWORD = "peer-secret";

    private int passed;
    private int failed;
    private int skipped;

    private PeerCheck() {}

    public static void main(String[] args) throws Exception {
        String command = System.getProperty("peer.command");
        if (command == null || command.isBlank()) {
            System.err.println("set -Dpeer.command (see peers/python/run.sh)");
            System.exit(2);
        }
        String name = System.getProperty("peer.name", "peer");
        PeerCheck check = new PeerCheck();
        List<String> peer = List.of(command.trim().split("\\s+"));
        String endpoint = System.getenv("GREPTIMEDB_ENDPOINT");
        if (endpoint != null && !endpoint.isBlank()) {
            // a real GreptimeDB: one pass, auth as the server has it, the line named by -Dpeer.serverVersion
            String version = System.getProperty("peer.serverVersion", "1.0");
            System.out.printf("== %s peer, GreptimeDB at %s (GREPTIMEDB_ENDPOINT), line %s%n", name, endpoint, version);
            check.runAndJudge(peer, endpoint.trim(), version, false);
        } else {
            for (ServerProfile profile : profiles()) {
                for (boolean auth : new boolean[] {false, true}) {
                    check.pass(name, peer, profile, auth);
                }
            }
        }
        System.out.printf(
                "%s peer: %d passed, %d failed, %d skipped%n", name, check.passed, check.failed, check.skipped);
        System.out.printf("%d passed, %d failed%n", check.passed, check.failed);
        System.exit(check.failed == 0 ? 0 : 1);
    }

    private static List<ServerProfile> profiles() {
        String only = System.getProperty("peer.profiles", "");
        if (only.isBlank()) {
            return List.of(ServerProfile.values());
        }
        List<ServerProfile> out = new ArrayList<>();
        for (String p : only.split(",")) {
            out.add(ServerProfile.valueOf(p.trim()));
        }
        return out;
    }

    /** The GreptimeDB line a profile imitates, as the peers take it ("V0_17" is "0.17"). */
    static String version(ServerProfile profile) {
        return profile.name().substring(1).replace('_', '.');
    }

    private void pass(String name, List<String> command, ServerProfile profile, boolean auth) throws Exception {
        System.out.printf("== %s peer, profile %s, auth %s%n", name, profile, auth ? "on" : "off");
        try (DuckDbEngine engine = DuckDbEngine.inMemory()) {
            EmbeddedGreptimeServer.Builder b =
                    EmbeddedGreptimeServer.builder().port(0).engine(engine).profile(profile);
            if (auth) {
                b.user(USER, PASSWORD);
            }
            try (EmbeddedGreptimeServer server = b.build().start()) {
                runAndJudge(command, server.address(), version(profile), auth);
            }
        }
    }

    /** Runs the peer against {@code address} (host:port) as GreptimeDB {@code version}, then judges what it wrote. */
    private void runAndJudge(List<String> command, String address, String version, boolean auth) throws Exception {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of("--endpoint", address, "--server-version", version));
        if (auth) {
            args.addAll(List.of("--user", USER, "--password", PASSWORD));
        }
        PeerManifest manifest = runPeer(args);
        String url = "jdbc:greptime://" + address + "/public" + (auth ? "?user=" + USER + "&password=" + PASSWORD : "");
        try (Connection conn = DriverManager.getConnection(url)) {
            judge(manifest, conn);
        }
    }

    private static PeerManifest runPeer(List<String> args) throws Exception {
        Process process = new ProcessBuilder(args).redirectErrorStream(true).start();
        PeerManifest manifest = new PeerManifest();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                manifest.accept(line);
            }
        }
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("peer did not finish within 5 minutes");
        }
        manifest.other.forEach(l -> System.out.println("  peer> " + l));
        if (process.exitValue() != 0) {
            manifest.errors.add("peer exited with " + process.exitValue());
        }
        return manifest;
    }

    private void judge(PeerManifest manifest, Connection conn) throws SQLException {
        for (PeerManifest.Table table : manifest.tables.values()) {
            List<String> known = new ArrayList<>();
            List<String> problems = compare(table, conn, known);
            String note = known.isEmpty()
                    ? ""
                    : " (known difference: " + known.size() + " TIME_NANOSECOND values kept to microseconds,"
                            + " docs/peers.md)";
            report(
                    problems.isEmpty(),
                    table.name() + " (" + table.path() + ")",
                    problems.isEmpty()
                            ? table.rows().size() + " rows x " + table.columns().size() + " columns equal" + note
                            : String.join("; ", problems));
        }
        for (PeerManifest.Check c : manifest.checks) {
            if (KNOWN_DIFFERENCES.contains(c.name())) {
                System.out.printf(
                        "  NOTE %s: %s (known difference, docs/peers.md)%n",
                        c.name(), c.refused() ? "refused: " + c.message() : "accepted");
            } else if (MUST_REFUSE.contains(c.name())) {
                report(c.refused(), c.name(), c.refused() ? "refused: " + c.message() : "accepted, must be refused");
            } else {
                report(!c.refused(), c.name(), c.refused() ? "refused: " + c.message() : "accepted");
            }
        }
        manifest.errors.forEach(e -> report(false, "peer error", e));
        manifest.skips.forEach(s -> {
            skipped++;
            System.out.println("  SKIP " + s);
        });
    }

    private void report(boolean ok, String what, String detail) {
        if (ok) {
            passed++;
        } else {
            failed++;
        }
        System.out.printf("  %s %s: %s%n", ok ? "PASS" : "FAIL", what, detail);
    }

    /** Every difference between the rows the peer expects and the rows read back, as short sentences. */
    private static List<String> compare(PeerManifest.Table table, Connection conn, List<String> known)
            throws SQLException {
        List<PeerManifest.Column> cols = table.columns();
        String sql = "SELECT " + cols.stream().map(PeerManifest.Column::name).collect(Collectors.joining(", "))
                + " FROM " + table.name() + " ORDER BY ts";
        List<String> problems = new ArrayList<>();
        int row = 0;
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            for (; rs.next(); row++) {
                if (row >= table.rows().size()) {
                    continue;
                }
                String[] expected = table.rows().get(row);
                for (int i = 0; i < cols.size(); i++) {
                    String type = cols.get(i).type();
                    String actual = readOrError(rs, i + 1, type);
                    if (PeerValues.knownDifference(expected[i], actual, type)) {
                        known.add(cols.get(i).name());
                    } else if (!PeerValues.same(expected[i], actual, type)) {
                        problems.add("row " + row + " " + cols.get(i).name() + " (" + type + "): sent "
                                + PeerValues.show(expected[i]) + ", read " + PeerValues.show(actual));
                    }
                }
            }
        } catch (SQLException e) {
            problems.add("reading failed: " + e.getMessage());
            return problems;
        }
        if (row != table.rows().size()) {
            problems.add(row + " rows read, " + table.rows().size() + " expected");
        }
        return problems;
    }

    private static String readOrError(ResultSet rs, int i, String type) {
        try {
            return PeerValues.read(rs, i, type);
        } catch (SQLException | RuntimeException e) {
            return "<" + e.getClass().getSimpleName() + ": " + e.getMessage() + ">";
        }
    }
}
