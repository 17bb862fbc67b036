package io.greptime.jdbc.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
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
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The secret scan on the all-in-one jar (#17 items 1 and 4), where gRPC and netty log under
 * {@code io.greptime.jdbc.shaded}, i.e. below the driver's own root logger. {@code SecretScanTest} runs
 * on the thin class path, where those loggers are {@code io.grpc.*}/{@code io.netty.*}; this one loads
 * {@code target/greptime-jdbc-all.jar} in a class loader of its own and runs a session with auth on
 * (login, DDL, a DoPut batch, a query, a server error, a refused login) twice: with the README's
 * {@code io.greptime.jdbc} at FINE, where the shaded frame loggers must stay off, and with the frame
 * logger asked for by its shaded name, where frames are logged with the credentials masked. Every
 * captured record is searched for the password, its hex and both base64 forms.
 */
class ShadedLoggingJarIT {
    private static final Path JAR = Path.of("target", "greptime-jdbc-all.jar");
    private static final String USER = "shaded-scan";
    private static final String PASSWORD = "Kp4-Shaded-Secret-Wm8";
    private static final String FRAME_LOGGER = "io.greptime.jdbc.shaded.io.grpc.netty.NettyClientHandler";

    /** Loggers whose level a test sets, held strongly (JUL forgets the level of an unreferenced logger). */
    private final List<Logger> touched = new ArrayList<>();

    private final Capture capture = new Capture();

    @BeforeEach
    void captureEverything() {
        Logger.getLogger("").addHandler(capture);
    }

    @AfterEach
    void restore() {
        Logger.getLogger("").removeHandler(capture);
        for (Logger l : touched) {
            l.setLevel(null);
        }
    }

    @Test
    void readmeFineSetting_leavesTheShadedFrameLoggersOff_andShowsNoSecret() throws Exception {
        level("io.greptime.jdbc", Level.FINE);
        level("io.greptime.jdbc.shaded", null); // as a logging file that names only the driver's root
        session();
        assertThat(capture.records)
                .as("the driver's own FINE records were captured")
                .anyMatch(r -> r.name().startsWith("io.greptime.jdbc.")
                        && !r.name().startsWith("io.greptime.jdbc.shaded.")
                        && r.level().intValue() <= Level.FINE.intValue());
        assertThat(capture.records)
                .as("nothing below INFO from the relocated gRPC/netty loggers")
                .noneMatch(r -> r.name().startsWith("io.greptime.jdbc.shaded.")
                        && r.level().intValue() < Level.INFO.intValue());
        assertNoSecret();
    }

    @Test
    void frameLoggerAskedForByItsShadedName_logsFrames_withTheCredentialsMasked() throws Exception {
        level(FRAME_LOGGER, Level.ALL);
        session();
        List<String> frames = capture.records.stream()
                .filter(r -> r.name().equals(FRAME_LOGGER))
                .map(Captured::text)
                .toList();
        assertThat(frames).as("HEADERS frames logged").anyMatch(t -> t.contains("HEADERS"));
        assertThat(frames).as("DATA frames logged").anyMatch(t -> t.contains("DATA"));
        assertThat(frames).as("the DoPut auth header is printed, masked").anyMatch(t -> t.contains("x-greptime-auth"));
        assertNoSecret();
    }

    private void level(String name, Level level) {
        Logger l = Logger.getLogger(name);
        l.setLevel(level);
        touched.add(l);
    }

    private void assertNoSecret() {
        List<String> forms = forms();
        for (Captured r : capture.records) {
            String text = r.text().toLowerCase(Locale.ROOT);
            for (String form : forms) {
                assertThat(text).as("a record of %s", r.name()).doesNotContain(form);
            }
        }
    }

    /** The password as it may travel, lower-cased (hex dumps are lower case, texts are compared so). */
    private static List<String> forms() {
        byte[] pw = PASSWORD.getBytes(StandardCharsets.UTF_8);
        Base64.Encoder b64 = Base64.getEncoder();
        return List.of(
                PASSWORD.toLowerCase(Locale.ROOT),
                HexFormat.of().formatHex(pw),
                b64.encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8))
                        .toLowerCase(Locale.ROOT),
                b64.encodeToString(pw).toLowerCase(Locale.ROOT));
    }

    /** One session through the shaded driver, against a server that requires the password. */
    private void session() throws Exception {
        assertThat(JAR).exists();
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                URLClassLoader loader =
                        new URLClassLoader(new URL[] {JAR.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                    .port(0)
                    .engine(engine)
                    .user(USER, PASSWORD)
                    .build()
                    .start();
            try {
                Driver driver = shadedDriver(loader);
                String url = "jdbc:greptime://" + server.address() + "/public?timezone=UTC&logging=jul";
                Properties p = new Properties();
                p.setProperty("user", USER);
                p.setProperty("password", PASSWORD);
                try (Connection c = driver.connect(url, p)) {
                    work(c);
                }
                p.setProperty("password", PASSWORD + "-wrong");
                capture.note(thrown(() -> driver.connect(url, p)));
            } finally {
                server.close();
            }
        }
    }

    private void work(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE scan (ts TIMESTAMP(3) TIME INDEX, k STRING PRIMARY KEY, v DOUBLE)");
            capture.note(thrown(() -> st.executeQuery("SELECT nosuch FROM scan")));
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO scan (ts, k, v) VALUES (?, ?, ?)")) {
            for (int i = 0; i < 50; i++) {
                ps.setTimestamp(1, new Timestamp(1_700_000_000_000L + i));
                ps.setString(2, "k" + i % 5);
                ps.setDouble(3, i);
                ps.addBatch();
            }
            assertThat(ps.executeBatch()).hasSize(50);
        }
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM scan")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(50);
        }
        capture.note(c.toString());
        capture.note(c.getMetaData().getURL());
    }

    private static Driver shadedDriver(ClassLoader loader) {
        for (Driver d : ServiceLoader.load(Driver.class, loader)) {
            if (d.getClass().getName().equals("io.greptime.jdbc.GreptimeDriver")
                    && d.getClass().getClassLoader() == loader) {
                return d;
            }
        }
        throw new AssertionError("no GreptimeDriver in " + JAR);
    }

    interface Call {
        Object run() throws Exception;
    }

    /** The whole chain of what {@code call} threw, as text ("" when it did not throw). */
    private static String thrown(Call call) {
        try {
            call.run();
            return "";
        } catch (Exception e) {
            StringBuilder sb = new StringBuilder();
            for (Throwable t = e; t != null; t = t.getCause()) {
                sb.append(t).append('\n');
            }
            return sb.toString();
        }
    }

    record Captured(String name, Level level, String text) {}

    /** Every record that reaches the root logger's handlers, and the texts the session handed back. */
    private static final class Capture extends Handler {
        final List<Captured> records = new CopyOnWriteArrayList<>();
        private final SimpleFormatter format = new SimpleFormatter();

        Capture() {
            setLevel(Level.ALL);
        }

        void note(String text) {
            records.add(new Captured("(returned by the driver)", Level.OFF, text));
        }

        @Override
        public void publish(LogRecord r) {
            StringBuilder sb = new StringBuilder(format.formatMessage(r));
            if (r.getParameters() != null) {
                for (Object p : r.getParameters()) {
                    sb.append(' ').append(p);
                }
            }
            if (r.getThrown() != null) {
                sb.append(' ').append(r.getThrown());
            }
            records.add(new Captured(String.valueOf(r.getLoggerName()), r.getLevel(), sb.toString()));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }
}
