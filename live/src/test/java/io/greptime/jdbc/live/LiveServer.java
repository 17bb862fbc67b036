package io.greptime.jdbc.live;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.testing.GreptimeDBProcess;
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
    private static LiveGreptimeDB live;

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
            Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(started), "live-greptimedb-stop"));
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
     * True when the server answers {@code SELECT 1} within a few seconds. A server this JVM started that does not
     * (dead, or alive but broken) is restarted on its data directory; an external one cannot be.
     *
     * @return whether a restart happened
     */
    static boolean restartIfBroken() {
        if (answers()) {
            return false;
        }
        GreptimeDBProcess p = process()
                .orElseThrow(() -> new IllegalStateException("the GreptimeDB at "
                        + require().grpcEndpoint() + " stopped answering, and it is not ours to restart"));
        try {
            p.restart();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return true;
    }

    /** Restarts the server this JVM started ({@code -- SQLNESS ARG restart=true}); an external one is left alone. */
    static void restart() {
        process().ifPresent(p -> {
            try {
                p.restart();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static boolean answers() {
        Properties p = new Properties();
        p.setProperty("queryTimeout", "10");
        p.setProperty("connectTimeout", "5000");
        try (Connection c = connect("public", p);
                Statement st = c.createStatement()) {
            st.executeQuery("SELECT 1").close();
            return true;
        } catch (SQLException e) {
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
