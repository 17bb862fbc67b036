package io.greptime.jdbc.live;

import io.greptime.jdbc.testing.LiveGreptimeDB;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The same values written and read through greptime-jdbc, MySQL Connector/J and pgjdbc on one real GreptimeDB, each
 * driver in a JVM whose zone is {@code America/New_York} (so naive timestamps and DST matter), and what each stored
 * as GreptimeDB holds it (read back by greptime-jdbc in a UTC session: the instant, or the value's text). The
 * expected column is written out here: GreptimeDB's TIMESTAMP holds an instant (as PostgreSQL's timestamptz does),
 * so an instant goes in unchanged and a {@code LocalDateTime} is a wall-clock time in the session zone, resolved
 * by java.time's rule at a DST gap or overlap.
 *
 * <pre>GREPTIMEDB_BIN=/path/to/greptime java -cp "live/target/classes:live/target/lib/*" io.greptime.jdbc.live.CorrectnessTable</pre>
 */
public final class CorrectnessTable {
    static final String ZONE = "America/New_York";

    /** What a correct driver stores (as GreptimeDB holds it) and reads back, per case, in {@link #ZONE}. */
    static final Map<String, String[]> EXPECTED = expected();

    private CorrectnessTable() {}

    private static Map<String, String[]> expected() {
        List<CorrectnessClient.Case> cases = CorrectnessClient.CASES;
        String[][] values = {
            {"2024-05-06T07:08:09.123Z", "2024-05-06T07:08:09.123Z"},
            {"2024-05-06T07:08:09.123Z", "2024-05-06T03:08:09.123"},
            {"2024-05-06T11:08:09.123Z", "2024-05-06 07:08:09.123"},
            {"2024-11-03T05:30:00Z", "2024-11-03T01:30"},
            {"2024-03-10T07:30:00Z", "2024-03-10T03:30"},
            {"2024-05-06T07:08:09.123456789Z", "2024-05-06T07:08:09.123456789Z"},
            {"18446744073709551615", "18446744073709551615"},
            {"-12345678901234.123456", "-12345678901234.123456"},
            {"{\"a\":1,\"b\":[true,null]}", "{\"a\":1,\"b\":[true,null]}"},
            {"00ff7f", "00ff7f"},
            {"héllo, 世界 😀", "héllo, 世界 😀"}
        };
        Map<String, String[]> out = new LinkedHashMap<>();
        for (int i = 0; i < cases.size(); i++) {
            out.put(cases.get(i).name(), values[i]);
        }
        return out;
    }

    public static void main(String[] args) throws Exception {
        try (LiveGreptimeDB db = LiveGreptimeDB.fromEnvironment(Map.of())) {
            if (db.skipReason().isPresent()) {
                System.out.println(
                        "correctness table: skipped: " + db.skipReason().get());
                return;
            }
            Map<String, String> drivers = new LinkedHashMap<>();
            drivers.put("greptime-jdbc", db.jdbcUrl("public"));
            drivers.put("Connector/J", "jdbc:mysql://" + db.mysqlEndpoint() + "/public?useSSL=false");
            drivers.put("pgjdbc", "jdbc:postgresql://" + db.postgresEndpoint() + "/public?sslmode=disable");
            Map<String, Map<String, String>> cells = new LinkedHashMap<>();
            int n = 0;
            for (Map.Entry<String, String> d : drivers.entrySet()) {
                String table = "correctness_" + n++;
                create(db, table);
                Map<String, String> readBack = runClient(d.getValue(), table);
                Map<String, String> stored = stored(db, table);
                Map<String, String> column = new LinkedHashMap<>();
                for (String c : EXPECTED.keySet()) {
                    column.put(c, cell(c, stored.get(c), readBack.get(c)));
                }
                cells.put(d.getKey(), column);
            }
            String md = markdown(db.description(), cells);
            System.out.println(md);
            Files.createDirectories(Path.of("live", "target"));
            Files.writeString(Path.of("live", "target", "correctness.md"), md, StandardCharsets.UTF_8);
        }
    }

    private static void create(LiveGreptimeDB db, String table) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.jdbcUrl("public"));
                Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + table);
            st.execute("CREATE TABLE " + table + " (ts TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP TIME INDEX,"
                    + " k STRING PRIMARY KEY, t3 TIMESTAMP(3), t9 TIMESTAMP(9), u64 BIGINT UNSIGNED,"
                    + " amt DECIMAL(20, 6), j JSON, bin VARBINARY, s STRING)");
        }
    }

    private static Map<String, String> runClient(String url, String table) throws Exception {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "--add-opens=java.base/java.nio=ALL-UNNAMED",
                        "-Duser.timezone=" + ZONE,
                        "-cp",
                        System.getProperty("java.class.path"),
                        CorrectnessClient.class.getName(),
                        url,
                        table)
                .redirectErrorStream(true)
                .start();
        Map<String, String> out = new LinkedHashMap<>();
        String firstOther = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("CASE ")) {
                    int bar = line.indexOf(" | ");
                    out.put(line.substring(5, bar), line.substring(bar + 3));
                } else if (firstOther == null && line.contains("Exception")) {
                    firstOther = line;
                }
            }
        }
        p.waitFor(5, TimeUnit.MINUTES);
        if (out.isEmpty()) {
            // the client never got to its cases (no connection): say so in every cell
            for (CorrectnessClient.Case k : CorrectnessClient.CASES) {
                out.put(k.name(), "CLIENT FAILED " + firstOther);
            }
        }
        return out;
    }

    /** Each case's row as GreptimeDB holds it, read by greptime-jdbc in a UTC session. */
    private static Map<String, String> stored(LiveGreptimeDB db, String table) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection(db.jdbcUrl("public") + "?timezone=UTC")) {
            for (CorrectnessClient.Case k : CorrectnessClient.CASES) {
                try (PreparedStatement ps =
                        c.prepareStatement("SELECT " + k.column() + " FROM " + table + " WHERE k = ?")) {
                    ps.setString(1, k.name());
                    try (ResultSet rs = ps.executeQuery()) {
                        out.put(k.name(), rs.next() ? asStored(rs, k.column()) : "(no row)");
                    }
                }
            }
        }
        return out;
    }

    private static String asStored(ResultSet rs, String column) throws SQLException {
        if (rs.getObject(1) == null) {
            return "NULL";
        }
        if (column.startsWith("t")) {
            return rs.getObject(1, Instant.class).toString();
        }
        return column.equals("bin") ? HexFormat.of().formatHex(rs.getBytes(1)) : rs.getString(1);
    }

    private static String cell(String name, String stored, String readBack) {
        String[] want = EXPECTED.get(name);
        boolean ok = want[0].equals(stored) && want[1].equals(readBack);
        return (ok ? "✓ " : "✗ ") + "stored " + stored + "; read " + readBack;
    }

    private static String markdown(String server, Map<String, Map<String, String>> cells) {
        StringBuilder sb = new StringBuilder("Server: ")
                .append(server)
                .append("; each driver in a JVM in ")
                .append(ZONE)
                .append("\n\n| case | expected (stored; read back) |");
        cells.keySet().forEach(d -> sb.append(' ').append(d).append(" |"));
        sb.append("\n|---|---|");
        cells.keySet().forEach(d -> sb.append("---|"));
        for (Map.Entry<String, String[]> e : EXPECTED.entrySet()) {
            sb.append("\n| ")
                    .append(e.getKey())
                    .append(" | ")
                    .append(e.getValue()[0])
                    .append("; ")
                    .append(e.getValue()[1])
                    .append(" |");
            for (Map<String, String> column : cells.values()) {
                sb.append(' ')
                        .append(column.get(e.getKey()).replace("|", "\\|"))
                        .append(" |");
            }
        }
        return sb.append('\n').toString();
    }
}
