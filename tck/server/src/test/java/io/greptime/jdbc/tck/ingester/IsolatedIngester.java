package io.greptime.jdbc.tck.ingester;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The official GreptimeDB Java client in a class loader of its own: its jars (copied to
 * {@code target/ingester-lib} by tck/pom.xml, with its protobuf 3.21 and grpc 1.56) plus
 * {@code driver/IngesterDriver.java} compiled against them here. The loader's parent is the platform
 * loader, so nothing of ours (protobuf 4, grpc 1.79, our io.greptime.jdbc classes) is visible to it and
 * the only shared types are the JDK's.
 */
final class IsolatedIngester implements AutoCloseable {
    private static final String DRIVER = "io.greptime.jdbc.tck.ingester.driver.IngesterDriver";

    private final URLClassLoader loader;
    private final Function<Map<String, Object>, Long> driver;

    private IsolatedIngester(URLClassLoader loader, Function<Map<String, Object>, Long> driver) {
        this.loader = loader;
        this.driver = driver;
    }

    /** Compiles the driver against the client's jars and loads both; fails if the jars are missing. */
    static IsolatedIngester load() throws Exception {
        Path module = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
        Path lib = module.resolve("target/ingester-lib");
        List<Path> jars = jars(lib);
        Path classes = module.resolve("target/ingester-driver-classes");
        compileDriver(module.resolve("src/test/java/" + DRIVER.replace('.', '/') + ".java"), jars, classes);
        List<URL> urls = new ArrayList<>();
        urls.add(classes.toUri().toURL());
        for (Path jar : jars) {
            urls.add(jar.toUri().toURL());
        }
        URLClassLoader loader =
                new URLClassLoader("ingester-0.11.0", urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        @SuppressWarnings("unchecked")
        Function<Map<String, Object>, Long> driver = (Function<Map<String, Object>, Long>)
                loader.loadClass(DRIVER).getConstructor().newInstance();
        return new IsolatedIngester(loader, driver);
    }

    /** Runs the driver on a thread whose context class loader is the client's, as its libraries expect. */
    long write(Map<String, Object> args) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return driver.apply(args);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** Whether a class of this name is visible to the client (to prove the isolation). */
    boolean sees(String className) {
        try {
            Class.forName(className, false, loader);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** The class of that name as the client sees it (to show which jar it comes from). */
    Class<?> classOf(String className) throws ClassNotFoundException {
        return Class.forName(className, false, loader);
    }

    /**
     * Closes the loader once the client's gRPC threads are gone: gRPC releases its shared event loops a
     * moment after the client shuts down, and a thread still running when its jars close fails to load
     * classes. A thread is the client's when it carries the client's loader as context loader (inherited
     * from the driver's calls). The client's two idle scheduled threads ({@code display_self},
     * {@code metrics.reporter}) never end, so they are not waited for.
     */
    @Override
    public void close() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Thread thread : grpcThreads()) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left > 0) {
                thread.join(left);
            }
        }
        loader.close();
    }

    private List<Thread> grpcThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getContextClassLoader() == loader && t.getName().startsWith("grpc-"))
                .collect(Collectors.toList());
    }

    private static List<Path> jars(Path lib) throws IOException {
        if (!Files.isDirectory(lib)) {
            throw new IllegalStateException(
                    lib + " is missing: run the tck build through Maven (generate-test-resources copies the"
                            + " official client's jars there)");
        }
        try (Stream<Path> files = Files.list(lib)) {
            return files.filter(p -> p.toString().endsWith(".jar")).sorted().collect(Collectors.toList());
        }
    }

    private static void compileDriver(Path source, List<Path> jars, Path classes) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no system Java compiler: run the tests on a JDK, not a JRE");
        }
        Files.createDirectories(classes);
        String classpath = jars.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = javac.run(
                null,
                diagnostics,
                diagnostics,
                "-proc:none",
                "-nowarn",
                "-encoding",
                "UTF-8",
                "-classpath",
                classpath,
                "-d",
                classes.toString(),
                source.toString());
        if (status != 0) {
            throw new IllegalStateException(
                    "compiling " + source + " failed:\n" + diagnostics.toString(StandardCharsets.UTF_8));
        }
    }
}
