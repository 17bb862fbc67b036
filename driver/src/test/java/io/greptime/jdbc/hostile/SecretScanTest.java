package io.greptime.jdbc.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * The build's secret scan (#17 item 4): a whole session with auth on, run with EVERY logger of the JVM
 * at ALL (the driver's, gRPC's and netty's HTTP/2 frame loggers among them), and every text the session
 * produced is searched for the password in each form it travels in: plain, hex (as a frame dump shows
 * a request body), the base64 of {@code user:password} (the DoPut auth header) and the base64 of the
 * password alone. The session: metadata, queries, errors, a failed login, a DoPut batch, a row-insert
 * batch, a statement batch, a failover from a dead host, JMX attributes, getURL and toString of every
 * object. The shaded jar's own logger names are checked by {@code ShadedLoggingJarIT} after package.
 */
class SecretScanTest {
    private static final String USER = "scanner";
    private static final String PASSWORD = "Vx7-Secret-Qz9";

    @Test
    void wholeSession_atEveryLogLevel_neverShowsTheSecretInAnyForm() throws Exception {
        List<String> seen = new ArrayList<>();
        Capture capture = new Capture();
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                Capture c = capture.open()) {
            EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                    .port(0)
                    .engine(engine)
                    .user(USER, PASSWORD)
                    .build()
                    .start();
            try {
                session(server, seen);
            } finally {
                server.close();
            }
        }
        assertThat(capture.texts).as("frame logs were captured").anyMatch(t -> t.contains("HEADERS"));
        assertThat(capture.texts).anyMatch(t -> t.contains("DATA"));
        seen.addAll(capture.texts);
        List<String> forms = forms();
        for (String text : seen) {
            for (String form : forms) {
                assertThat(text.toLowerCase(Locale.ROOT)).as("a captured text").doesNotContain(form);
            }
        }
    }

    /** The password as it may travel, lower-cased (hex dumps are lower case, texts are compared so). */
    private static List<String> forms() {
        byte[] pw = PASSWORD.getBytes(StandardCharsets.UTF_8);
        return List.of(
                PASSWORD.toLowerCase(Locale.ROOT),
                HexFormat.of().formatHex(pw),
                Base64.getEncoder()
                        .encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8))
                        .toLowerCase(Locale.ROOT),
                Base64.getEncoder().encodeToString(pw).toLowerCase(Locale.ROOT));
    }

    private static void session(EmbeddedGreptimeServer server, List<String> seen) throws Exception {
        int dead;
        try (ServerSocket s = new ServerSocket(0)) {
            dead = s.getLocalPort();
        }
        // failover: the first host refuses, the second serves
        String url = "jdbc:greptime://127.0.0.1:" + dead + "," + server.address()
                + "/public?timezone=UTC&metrics=jmx&logging=jul&slowStatementThreshold=1&user=" + USER + "&password="
                + PASSWORD;
        for (String path : List.of("", "&bulkRowPathBelow=1000", "&bulkWrites=false")) {
            try (Connection c = DriverManager.getConnection(url + path)) {
                seen.add(c.toString());
                work(c, seen, path.isEmpty());
                jmx(seen);
            }
        }
        Properties p = new Properties();
        p.setProperty("user", USER);
        p.setProperty("password", PASSWORD + "-wrong");
        seen.add(thrown(() -> DriverManager.getConnection("jdbc:greptime://" + server.address(), p)));
        seen.add(thrown(() -> DriverManager.getConnection("jdbc:greptime://admin:" + PASSWORD + "@h:x/db")));
        seen.add(thrown(() -> DriverManager.getConnection("jdbc:greptime://h/db?password" + PASSWORD)));
    }

    private static void work(Connection c, List<String> seen, boolean create) throws SQLException {
        DatabaseMetaData md = c.getMetaData();
        seen.add(md.getURL());
        seen.add(md.getUserName());
        try (ResultSet rs = md.getTables(null, null, "%", null)) {
            seen.add(rs.toString());
        }
        try (Statement st = c.createStatement()) {
            seen.add(st.toString());
            if (create) {
                st.executeUpdate("CREATE TABLE s (ts TIMESTAMP(3) TIME INDEX, k STRING PRIMARY KEY, v STRING)");
            }
            seen.add(thrown(() -> st.executeQuery("SELECT nosuch FROM s")));
            seen.add(thrown(() -> st.executeUpdate("INSERT INTO nosuch VALUES (1)")));
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO s (ts, k, v) VALUES (?, ?, ?)")) {
            seen.add(ps.toString());
            for (int i = 0; i < 3; i++) {
                ps.setTimestamp(1, new Timestamp(System.nanoTime() / 1000 + i));
                ps.setString(2, "k" + i);
                ps.setString(3, "v" + i);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM s")) {
            while (rs.next()) {
                seen.add(rs.getString(2));
            }
        }
    }

    private static void jmx(List<String> seen) throws Exception {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        for (ObjectName name : mbs.queryNames(new ObjectName("io.greptime.jdbc:*"), null)) {
            seen.add(name.toString());
            for (MBeanAttributeInfo a : mbs.getMBeanInfo(name).getAttributes()) {
                try {
                    seen.add(String.valueOf(mbs.getAttribute(name, a.getName())));
                } catch (Exception e) {
                    seen.add(String.valueOf(e));
                }
            }
        }
    }

    interface Call {
        Object run() throws Exception;
    }

    private static String thrown(Call call) {
        try {
            call.run();
            return "";
        } catch (Exception e) {
            StringBuilder sb = new StringBuilder();
            for (Throwable t = e; t != null; t = t.getCause()) {
                sb.append(t).append('\n');
                if (t instanceof SQLException s && s.getNextException() != null) {
                    sb.append(s.getNextException()).append('\n');
                }
            }
            return sb.toString();
        }
    }

    /** Every record of every JUL logger at ALL while open (the root logger and all below it). */
    private static final class Capture extends Handler implements AutoCloseable {
        final List<String> texts = new CopyOnWriteArrayList<>();
        private final Logger root = Logger.getLogger("");
        private final SimpleFormatter format = new SimpleFormatter();
        private Level previous;
        private final List<Logger> forced = new ArrayList<>();

        Capture open() {
            previous = root.getLevel();
            setLevel(Level.ALL);
            root.setLevel(Level.ALL);
            root.addHandler(this);
            // loggers with a level of their own (set by the driver or a test) are forced to ALL as well
            for (String name : List.of("io.greptime.jdbc", "io.grpc", "io.netty", "io.greptime.jdbc.shaded")) {
                Logger l = Logger.getLogger(name);
                l.setLevel(Level.ALL);
                forced.add(l);
            }
            return this;
        }

        @Override
        public void publish(LogRecord r) {
            StringBuilder sb = new StringBuilder(r.getLoggerName() + " " + format.formatMessage(r));
            if (r.getParameters() != null) {
                for (Object p : r.getParameters()) {
                    sb.append(' ').append(p);
                }
            }
            if (r.getThrown() != null) {
                sb.append(' ').append(r.getThrown());
            }
            texts.add(sb.toString());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {
            root.removeHandler(this);
            root.setLevel(previous);
            for (Logger l : forced) {
                l.setLevel(null);
            }
        }
    }
}
