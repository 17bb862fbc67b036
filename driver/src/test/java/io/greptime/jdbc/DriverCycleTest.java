package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.sourcegraph.JavaSources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "No cycles among the driver's internal packages" (design.md, one vocabulary), checked on the graph that
 * {@link JavaSources} reads: imports, inline fully-qualified names and same-package simple names.
 *
 * <p>The public package {@code io.greptime.jdbc} is left out of the package graph: it is both the API the
 * internals implement and report through ({@code GreptimeConnection}, {@code GreptimeProperty},
 * {@code GreptimeSqlException}) and the entry points that build them ({@code GreptimeDriver},
 * {@code GreptimeDataSource}), so it meets every internal package from both sides by construction. Its files
 * are held by the file rule instead: no cycle of files may span two packages, the public one included.
 *
 * <p>Cycles among files of one package are listed in {@link #KNOWN_FILE_CYCLES}: those that existed when
 * the check was written, not yet broken. The list must match exactly, so a new cycle, or a known one that
 * grows, fails; breaking one means taking it off the list.
 */
class DriverCycleTest {
    private static final String PUBLIC_PACKAGE = "io.greptime.jdbc";

    // the write pipeline's group: the DoPut protocol left it for internal.put; the binders and routes remain
    private static final List<String> KNOWN_FILE_CYCLES = List.of(
            "bulk.ArrowPut bulk.BulkInsertBinder bulk.BulkWrites bulk.CommitUnit bulk.HandleRowsBinder bulk.KeyedDeletes bulk.RowBatches bulk.RowDeleteBinder bulk.RowInsertBinder bulk.RowInsertRoute bulk.RowRequests bulk.StreamInserterImpl bulk.TableCatalog bulk.WriteRoutes",
            "bulk.ObjectParameters bulk.ParameterSink",
            "client.FrontendDiscovery client.GreptimeClient",
            "jdbc.ConnectionImpl jdbc.ParameterMetaDataImpl jdbc.PreparedStatementImpl jdbc.ResultSetImpl jdbc.StatementImpl",
            "observe.CallInterceptor observe.LoggedFailoverEvents observe.Observability observe.ObservedScope observe.OtelBridge observe.StatementIds observe.StatementObservation observe.TraceSupport",
            "observe.DriverLog observe.Slf4jSupport",
            "typed.ComponentReader typed.Construction typed.RecordMapping");

    private static String shortName(String type) {
        return type.substring(PUBLIC_PACKAGE.length() + 1).replace("internal.", "");
    }

    static Map<String, Set<String>> internalPackageGraph(JavaSources sources) {
        Map<String, Set<String>> packages = new TreeMap<>();
        sources.fileGraph().forEach((from, deps) -> {
            String p = sources.packageOf(from);
            if (p.equals(PUBLIC_PACKAGE)) {
                return;
            }
            Set<String> out = packages.computeIfAbsent(p, k -> new TreeSet<>());
            for (String to : deps) {
                String q = sources.packageOf(to);
                if (!q.equals(p) && !q.equals(PUBLIC_PACKAGE)) {
                    out.add(q);
                }
            }
        });
        return packages;
    }

    /** One file-level edge that realises each package-level link of a cycle, for the failure message. */
    private static String explain(JavaSources sources, List<String> cycle) {
        List<String> why = new ArrayList<>();
        sources.fileGraph()
                .forEach((from, deps) -> deps.stream()
                        .filter(to -> cycle.contains(sources.packageOf(from))
                                && cycle.contains(sources.packageOf(to))
                                && !sources.packageOf(from).equals(sources.packageOf(to)))
                        .forEach(to -> why.add(shortName(from) + " -> " + shortName(to))));
        return cycle + " through " + why;
    }

    @Test
    void internalPackages_formNoCycle() {
        JavaSources sources = JavaSources.mainSources();
        Map<String, Set<String>> packages = internalPackageGraph(sources);
        assertThat(packages).as("the scan sees the internal packages").hasSizeGreaterThan(8);
        List<String> cycles = JavaSources.cycles(packages).stream()
                .map(c -> explain(sources, c))
                .toList();
        assertThat(cycles).isEmpty();
    }

    @Test
    void noFileCycle_spansTwoPackages() {
        JavaSources sources = JavaSources.mainSources();
        List<String> spanning = JavaSources.cycles(sources.fileGraph()).stream()
                .filter(c -> c.stream().map(sources::packageOf).distinct().count() > 1)
                .map(c -> c.stream().map(DriverCycleTest::shortName).toList().toString())
                .toList();
        assertThat(spanning).isEmpty();
    }

    @Test
    void fileCyclesInsideAPackage_areTheKnownOnes() {
        List<String> cycles = JavaSources.cycles(JavaSources.mainSources().fileGraph()).stream()
                .map(c -> c.stream().map(DriverCycleTest::shortName).collect(Collectors.joining(" ")))
                .toList();
        assertThat(cycles).containsExactlyInAnyOrderElementsOf(KNOWN_FILE_CYCLES);
    }

    @Test
    void theGraph_seesInlineNamesImportsAndSamePackageNames(@TempDir Path root) throws IOException {
        write(
                root,
                "a/A.java",
                "package io.greptime.jdbc.internal.a;\n"
                        + "class A { Object b() { return io.greptime.jdbc.internal.b.B.make(); } }\n");
        write(
                root,
                "b/B.java",
                "package io.greptime.jdbc.internal.b;\n"
                        + "import io.greptime.jdbc.internal.a.A;\n"
                        + "class B { static Object make() { return new C(); } A a; }\n");
        write(
                root,
                "b/C.java",
                "package io.greptime.jdbc.internal.b;\n"
                        + "/** Not a dependency: {@link io.greptime.jdbc.internal.a.A} */\n"
                        + "class C { String s = \"io.greptime.jdbc.internal.a.A\"; io.netty.B notOurB; }\n");
        JavaSources sources = JavaSources.of(root);
        assertThat(sources.dependencies("io.greptime.jdbc.internal.a.A"))
                .containsExactly("io.greptime.jdbc.internal.b.B");
        assertThat(sources.dependencies("io.greptime.jdbc.internal.b.B"))
                .containsExactly("io.greptime.jdbc.internal.a.A", "io.greptime.jdbc.internal.b.C");
        assertThat(sources.dependencies("io.greptime.jdbc.internal.b.C")).isEmpty();
        assertThat(sources.references("io.greptime.jdbc.internal.a", "io.greptime.jdbc.internal.b"))
                .containsExactly("A.java:2: io.greptime.jdbc.internal.b.B.make");
        assertThat(sources.references("io.greptime.jdbc.internal.b", "io.greptime.jdbc.internal.a"))
                .containsExactly("B.java:2: io.greptime.jdbc.internal.a.A");
        assertThat(JavaSources.cycles(internalPackageGraph(sources)))
                .containsExactly(List.of("io.greptime.jdbc.internal.a", "io.greptime.jdbc.internal.b"));
        assertThat(JavaSources.cycles(sources.fileGraph()))
                .containsExactly(List.of("io.greptime.jdbc.internal.a.A", "io.greptime.jdbc.internal.b.B"));
    }

    private static void write(Path root, String file, String text) throws IOException {
        Path p = root.resolve("io/greptime/jdbc/internal").resolve(file);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }
}
