package io.greptime.jdbc.live;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.testing.GreptimeDBProcess;
import io.greptime.jdbc.testing.GreptimeDBStartException;
import io.greptime.jdbc.testing.LiveGreptimeDB;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The one real GreptimeDB of this test JVM ({@link LiveGreptimeDB#fromEnvironment}), started on first use and
 * stopped when the JVM exits. Tests call {@link #require()}, which skips them, saying why, when there is none.
 */
final class LiveServer {
    private static volatile LiveGreptimeDB live;

    private LiveServer() {}

    /** The server, or the calling test is skipped with the reason. */
    static synchronized LiveGreptimeDB require() {
        if (live == null) {
            try {
                live = LiveGreptimeDB.fromEnvironment(Map.of());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            LiveGreptimeDB started = live;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(current()), "live-greptimedb-stop"));
            live.skipReason()
                    .ifPresentOrElse(
                            r -> System.out.println("live: skipped: " + r),
                            () -> System.out.println("live: " + started.description()));
        }
        assumeTrue(live.skipReason().isEmpty(), () -> live.skipReason().orElse(""));
        return live;
    }

    /** A driver connection to {@code public}, with {@code GREPTIMEDB_USER}/{@code GREPTIMEDB_PASSWORD} if set. */
    static Connection connect() throws SQLException {
        return connect("public", new Properties());
    }

    static Connection connect(String database, Properties extra) throws SQLException {
        Properties props = new Properties();
        String user = System.getenv("GREPTIMEDB_USER");
        if (user != null) {
            props.setProperty("user", user);
            props.setProperty("password", String.valueOf(System.getenv("GREPTIMEDB_PASSWORD")));
        }
        props.putAll(extra);
        return DriverManager.getConnection(require().jdbcUrl(database), props);
    }

    /** The process this JVM started, when it started one (GREPTIMEDB_BIN). */
    static Optional<GreptimeDBProcess> process() {
        return require().process();
    }

    /**
     * Checks that the server answers and writes (see {@link #answers()}). A server this JVM started that does not
     * (dead, or alive but broken) is restarted, on its data directory or else a fresh one; an external one cannot be.
     *
     * @return whether a restart happened
     */
    static boolean restartIfBroken() {
        if (answers()) {
            return false;
        }
        process()
                .orElseThrow(() -> new IllegalStateException("the GreptimeDB at "
                        + require().grpcEndpoint() + " stopped answering, and it is not ours to restart"));
        restart();
        return true;
    }

    /** Restarts the server this JVM started ({@code -- SQLNESS ARG restart=true}); an external one is left alone. */
    static synchronized void restart() {
        GreptimeDBProcess p = process().orElse(null);
        if (p == null) {
            return;
        }
        try {
            p.restart();
        } catch (IOException | GreptimeDBStartException e) {
            // a write that panics GreptimeDB's region worker panics it again when its WAL is replayed at start
            // (v1.0.0's metric-engine INSERT without its time index): start afresh on a new data directory
            System.out.println("live: the server did not come back on its data (" + firstLine(e) + "); starting a"
                    + " new one on a fresh data directory");
            closeQuietly(live);
            try {
                live = LiveGreptimeDB.fromEnvironment(Map.of());
            } catch (IOException again) {
                throw new UncheckedIOException(again);
            }
        }
    }

    private static LiveGreptimeDB current() {
        return live;
    }

    private static String firstLine(Exception e) {
        String m = String.valueOf(e.getMessage());
        return m.lines().findFirst().orElse(m);
    }

    /**
     * The server answers and its storage works: {@code SELECT 1} alone is not enough, since a region worker that
     * panicked (v1.0.0's metric-engine INSERT without its time index) leaves every table write failing while the
     * frontend still answers.
     */
    private static boolean answers() {
        Properties p = new Properties();
        p.setProperty("queryTimeout", "20");
        p.setProperty("connectTimeout", "5000");
        try (Connection c = connect("public", p);
                Statement st = c.createStatement()) {
            st.executeQuery("SELECT 1").close();
            // in a database of its own, so that the corpus' SHOW TABLES in public never sees it
            st.execute("CREATE DATABASE IF NOT EXISTS live_health");
            st.execute("CREATE TABLE IF NOT EXISTS live_health.probe (ts TIMESTAMP TIME INDEX, v DOUBLE)");
            st.execute("INSERT INTO live_health.probe VALUES (now(), 1)");
            st.executeQuery("SELECT count(*) FROM live_health.probe").close();
            return true;
        } catch (SQLException e) {
            System.out.println("live: health probe failed: " + e.getSQLState() + " " + e.getMessage());
            return false;
        }
    }

    private static void closeQuietly(LiveGreptimeDB db) {
        try {
            db.close();
        } catch (Exception ignored) {
            // the JVM is exiting
        }
    }
}
