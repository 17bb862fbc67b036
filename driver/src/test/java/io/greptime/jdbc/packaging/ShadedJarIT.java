package io.greptime.jdbc.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.testing.DuckDbFixture;
import io.greptime.jdbc.testing.ServerFixture;
import io.greptime.jdbc.transport.TestPki;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.uring.IoUring;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.jar.JarFile;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The all-in-one jar {@code target/greptime-jdbc-all.jar} (built by {@code package}; run by failsafe in
 * {@code verify}). It is loaded in a fresh class loader that sees old netty 4.1, protobuf 3.21 and grpc 1.56
 * jars FIRST, so any unrelocated reference would bind to the wrong version; the driver must still be found
 * through ServiceLoader, connect to the embedded server and query (which exercises Arrow's allocation
 * manager and the relocated gRPC/netty stack). Its contents are checked against an allow-list.
 */
class ShadedJarIT {
    private static final Path TARGET = Path.of("target");
    private static final Path JAR = TARGET.resolve("greptime-jdbc-all.jar");

    private static List<Path> conflictingJars() throws IOException {
        try (Stream<Path> s = Files.list(TARGET.resolve("conflicting-lib"))) {
            return s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
    }

    /** The old jars first, then the shaded jar, in a loader that sees nothing of the test class path. */
    private static URLClassLoader shadedLoader() throws IOException {
        assertThat(JAR).exists();
        List<Path> old = conflictingJars();
        assertThat(old.stream().map(p -> p.getFileName().toString()))
                .anyMatch(n -> n.startsWith("netty-common-4.1."))
                .anyMatch(n -> n.startsWith("protobuf-java-3."));
        List<URL> urls = new ArrayList<>();
        for (Path p : old) {
            urls.add(p.toUri().toURL());
        }
        urls.add(JAR.toUri().toURL());
        return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    private static Driver shadedDriver(ClassLoader loader) {
        Driver driver = null;
        for (Driver d : ServiceLoader.load(Driver.class, loader)) {
            if (d.getClass().getName().equals("io.greptime.jdbc.GreptimeDriver")) {
                driver = d;
            }
        }
        assertThat(driver)
                .as("GreptimeDriver registered in META-INF/services/java.sql.Driver")
                .isNotNull();
        assertThat(driver.getClass().getClassLoader()).isSameAs(loader);
        return driver;
    }

    /** The transport the unshaded netty on the test class path can run: what the shaded jar must pick too. */
    private static String bestTransportHere() {
        return IoUring.isAvailable() ? "io_uring" : Epoll.isAvailable() ? "epoll" : "nio";
    }

    /**
     * The shaded jar's netty loads its renamed natives: it picks the same transport as unshaded netty here,
     * and BoringSSL for TLS (TLS 1.3 to a server requiring a client certificate). The driver says which it
     * picked on the {@code io.greptime.jdbc.transport} logger (once per class loader).
     */
    @Test
    void shadedJarRunsNativeTransportAndBoringSslTls(@TempDir Path dir) throws Exception {
        TestPki pki = new TestPki("shaded-ca");
        TestPki.Issued serverCert = pki.leaf("localhost", "localhost", "127.0.0.1");
        TestPki.Issued clientCert = pki.leaf("shaded-client");
        Logger transportLog = Logger.getLogger("io.greptime.jdbc.transport");
        List<String> said = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                said.add(r.getMessage() != null ? r.getMessage() : String.valueOf(r.getParameters()));
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Level before = transportLog.getLevel();
        transportLog.setLevel(Level.CONFIG);
        transportLog.addHandler(capture);
        try (URLClassLoader loader = shadedLoader();
                ServerFixture server = new ServerFixture(
                        b -> b.tls(serverCert.key(), serverCert.certificate()).clientCa(pki.ca.certificate()))) {
            Properties p = new Properties();
            p.setProperty("tls", "true");
            p.setProperty("tlsRootCert", TestPki.pem(pki.ca.certificate()));
            p.setProperty(
                    "tlsClientCert",
                    TestPki.write(dir.resolve("c.pem"), clientCert.certificate())
                            .toString());
            p.setProperty(
                    "tlsClientKey",
                    TestPki.writeKey(dir.resolve("c.key"), clientCert.key(), "pw".toCharArray())
                            .toString());
            p.setProperty("tlsClientKeyPassword", "pw");
            try (Connection c = shadedDriver(loader).connect(server.url(""), p);
                    Statement st = c.createStatement()) {
                assertThat(st.executeUpdate("INSERT 3")).isEqualTo(3);
            }
        } finally {
            transportLog.removeHandler(capture);
            transportLog.setLevel(before);
        }
        assertThat(said).anyMatch(m -> m.startsWith("greptime-jdbc transport: " + bestTransportHere()));
        assertThat(said).anyMatch(m -> m.startsWith("greptime-jdbc TLS: openssl (BoringSSL"));
    }

    @Test
    void shadedJarConnectsBesideConflictingNettyAndProtobuf() throws Exception {
        try (URLClassLoader loader = shadedLoader();
                DuckDbFixture server = new DuckDbFixture()) {
            // the old libraries really are visible to this loader, under their own names
            Class<?> oldNetty = loader.loadClass("io.netty.util.Version");
            assertThat(oldNetty.getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toString())
                    .contains("4.1.");
            Driver driver = shadedDriver(loader);
            String url = "jdbc:greptime://" + server.server().address() + "?timezone=UTC";
            try (Connection c = driver.connect(url, new Properties());
                    Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE shaded (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
                st.executeUpdate(
                        "INSERT INTO shaded VALUES ('2024-01-01T00:00:00Z', 'a', 1.5), ('2024-01-01T00:00:01Z', 'b', 2.5)");
                try (ResultSet rs = st.executeQuery("SELECT host, v FROM shaded ORDER BY host")) {
                    List<String> rows = new ArrayList<>();
                    while (rs.next()) {
                        rows.add(rs.getString(1) + "=" + rs.getDouble(2));
                    }
                    assertThat(rows).containsExactly("a=1.5", "b=2.5");
                }
                assertThat(c.getMetaData().getDatabaseProductName()).isEqualTo("GreptimeDB");
            }
            // netty finds its BoringSSL native under the renamed library name (relocated package prefix)
            Class<?> openSsl = loader.loadClass("io.greptime.jdbc.shaded.io.netty.handler.ssl.OpenSsl");
            Object cause = openSsl.getMethod("unavailabilityCause").invoke(null);
            assertThat(cause).as("OpenSsl.unavailabilityCause").isNull();
        }
    }

    /**
     * A compressed DoGet stream (the embedded server compresses as GreptimeDB does by default) of every wire type
     * family reads back through the all-in-one jar, whose relocated lz4-java decodes in Java, exactly as through
     * the thin jar on the test class path (whose lz4-java may use its JNI library), and as the literals say.
     */
    @Test
    void shadedJarReadsEveryTypeFromACompressedStreamAsTheThinJarDoes() throws Exception {
        try (URLClassLoader loader = shadedLoader();
                DuckDbFixture server = new DuckDbFixture()) {
            String url = "jdbc:greptime://" + server.server().address() + "?timezone=UTC";
            try (Connection thin = java.sql.DriverManager.getConnection(url);
                    Statement st = thin.createStatement()) {
                st.executeUpdate("CREATE TABLE every_type (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY,"
                        + " i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE,"
                        + " b BOOLEAN, `dec` DECIMAL(12,3), d DATE, tm TIME, ts_s TIMESTAMP(0), ts_us TIMESTAMP(6),"
                        + " ts_ns TIMESTAMP(9), j JSON, bin BINARY)");
                for (int i = 0; i <= 20; i++) {
                    st.executeUpdate("INSERT INTO every_type VALUES (" + (1_700_000_000_000L + i) + ", 'h" + (i % 7)
                            + "', " + (i % 128) + ", " + (i * 3) + ", " + (i * 1000) + ", " + (i * 1_000_000_000L)
                            + ", 18446744073709551615, " + i + ".5, " + i + ".25, " + (i % 2 == 0) + ", -" + i + ".678,"
                            + " '2024-02-29', '23:59:58', '2024-03-10 12:34:56', '2024-03-10 12:34:56.123456',"
                            + " '2024-03-10 12:34:56.123456789', '{\"a\":" + i + "}', 'x" + i + "')");
                }
            }
            String query = "SELECT * FROM every_type ORDER BY ts";
            List<String> viaThin = readAll(java.sql.DriverManager.getConnection(url), query);
            List<String> viaShaded = readAll(shadedDriver(loader).connect(url, new Properties()), query);
            assertThat(viaThin).hasSize(21);
            assertThat(viaShaded).isEqualTo(viaThin);
            assertThat(viaShaded.get(20))
                    .contains("|20|60|20000|20000000000|18446744073709551615|20.5|20.25|true|-20.678|2024-02-29|");
        }
    }

    /** Every column of every row through getString, joined with '|'; closes the connection. */
    private static List<String> readAll(Connection c, String query) throws java.sql.SQLException {
        List<String> rows = new ArrayList<>();
        try (c;
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(query)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder("|");
                for (int i = 1; i <= columns; i++) {
                    row.append(rs.getString(i)).append('|');
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    /** Every class is ours or relocated under io.greptime.jdbc.shaded, except zstd-jni (its JNI names are fixed). */
    /**
     * A batched INSERT from the shaded jar goes as LZ4-compressed DoPut batches (the default): the relocated
     * lz4-java cannot link its JNI library and must fall back to its Java codec, and the server must read
     * every row.
     */
    @Test
    void shadedJarWritesLz4CompressedDoPutBatches() throws Exception {
        try (URLClassLoader loader = shadedLoader();
                DuckDbFixture server = new DuckDbFixture()) {
            try (Connection c = shadedDriver(loader)
                            .connect("jdbc:greptime://" + server.server().address(), new Properties());
                    Statement st = c.createStatement()) {
                st.execute("CREATE TABLE shaded_put (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
                try (java.sql.PreparedStatement ps =
                        c.prepareStatement("INSERT INTO shaded_put (ts, host, v) VALUES (?, ?, ?)")) {
                    for (int i = 0; i < 5_000; i++) {
                        ps.setTimestamp(1, new java.sql.Timestamp(1_700_000_000_000L + i));
                        ps.setString(2, "h" + (i % 7));
                        ps.setDouble(3, i);
                        ps.addBatch();
                    }
                    assertThat(ps.executeBatch()).hasSize(5_000).containsOnly(1);
                }
                try (ResultSet rs = st.executeQuery("SELECT count(*), sum(v) FROM shaded_put")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(5_000);
                    assertThat(rs.getDouble(2)).isEqualTo(4_999 * 5_000 / 2.0);
                }
            }
        }
    }

    @Test
    void contentsMatchTheAllowList() throws IOException {
        List<String> outside = new ArrayList<>();
        List<String> natives = new ArrayList<>();
        String manifestModule;
        try (JarFile jar = new JarFile(JAR.toFile())) {
            for (var e : Collections.list(jar.entries())) {
                String n = e.getName();
                if (n.endsWith(".class")
                        && !n.startsWith("io/greptime/jdbc/")
                        && !n.startsWith("com/github/luben/zstd/")) {
                    outside.add(n);
                }
                // the thin flight-bridge and proto jars (brought by the embedded server into users' tests) hold
                // these names compiled against unrelocated Arrow/gRPC/protobuf
                if (n.startsWith("io/greptime/jdbc/arrow/") || n.startsWith("io/greptime/jdbc/proto/")) {
                    outside.add(n);
                }
                if (n.startsWith("META-INF/native/") && !n.endsWith("/")) {
                    natives.add(n);
                }
            }
            manifestModule = jar.getManifest().getMainAttributes().getValue("Automatic-Module-Name");
            assertThat(new String(
                            jar.getInputStream(jar.getEntry("META-INF/services/java.sql.Driver"))
                                    .readAllBytes(),
                            java.nio.charset.StandardCharsets.UTF_8))
                    .contains("io.greptime.jdbc.GreptimeDriver");
            assertThat(jar.getEntry("META-INF/services/io.greptime.jdbc.shaded.org.apache.arrow.vector.compression"
                            + ".CompressionCodec$Factory"))
                    .isNotNull();
            assertThat(jar.getEntry(
                            "io/greptime/jdbc/shaded/org/apache/arrow/memory/netty/DefaultAllocationManagerFactory"
                                    + ".class"))
                    .isNotNull();
        }
        assertThat(outside).isEmpty();
        assertThat(manifestModule).isEqualTo("io.greptime.jdbc");
        assertThat(natives)
                .isNotEmpty()
                .allMatch(n -> n.startsWith("META-INF/native/libio_greptime_jdbc_shaded_netty_")
                        || n.startsWith("META-INF/native/io_greptime_jdbc_shaded_netty_"));
    }

    @Test
    void thinJarKeepsTheModuleNameAndDriverService() throws IOException {
        Path thin;
        try (Stream<Path> s = Files.list(TARGET)) {
            thin = s.filter(p -> p.getFileName().toString().matches("greptime-jdbc-[0-9].*(?<!sources|tests)\\.jar"))
                    .findFirst()
                    .orElseThrow();
        }
        try (JarFile jar = new JarFile(thin.toFile())) {
            assertThat(jar.getManifest().getMainAttributes().getValue("Automatic-Module-Name"))
                    .isEqualTo("io.greptime.jdbc");
            assertThat(jar.getEntry("META-INF/services/java.sql.Driver")).isNotNull();
            assertThat(jar.getEntry("io/greptime/jdbc/shaded/")).isNull();
        }
    }
}
