package io.greptime.jdbc.tck.engine.duckdb;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DuckDB engine is sub-packaged by concern (parse, time, catalog, functions, storage, results, infoschema,
 * sql, exec, tql, builtins, range, ddl, writes, flows) below {@code engine.duckdb} itself, which holds only the
 * entry point (the engine and the statement dispatcher). Checked on the graph {@link JavaSources} reads (imports,
 * inline qualified names, same-package simple
 * names): the packages form no cycle, and no sub-package reaches back up into {@code engine.duckdb}.
 */
class EnginePackagesTest {
    private static final String ENGINE = "io.greptime.jdbc.tck.engine.duckdb";
    /** A field declaration with {@code static} among its modifiers and no {@code final}. */
    private static final Pattern STATIC_MUTABLE = Pattern.compile("(?m)^[ \\t]*"
            + "(?:(?:public|protected|private|transient|volatile)\\s+)*static\\s+(?:(?:transient|volatile)\\s+)*"
            + "(?!final\\b)[\\w<>\\[\\]?,. ]+?\\s+\\w+\\s*[=;]");

    static Map<String, Set<String>> enginePackageGraph(JavaSources sources) {
        Map<String, Set<String>> packages = new TreeMap<>();
        sources.fileGraph().forEach((from, deps) -> {
            String p = sources.packageOf(from);
            if (!inEngine(p)) {
                return;
            }
            Set<String> out = packages.computeIfAbsent(p, k -> new TreeSet<>());
            for (String to : deps) {
                String q = sources.packageOf(to);
                if (!q.equals(p) && inEngine(q)) {
                    out.add(q);
                }
            }
        });
        return packages;
    }

    private static boolean inEngine(String pkg) {
        return pkg.equals(ENGINE) || pkg.startsWith(ENGINE + ".");
    }

    /** The file-level edges that realise the package links among {@code packages}, for a failure message. */
    private static List<String> edges(JavaSources sources, List<String> packages) {
        List<String> why = new ArrayList<>();
        sources.fileGraph()
                .forEach((from, deps) -> deps.stream()
                        .filter(to -> packages.contains(sources.packageOf(from))
                                && packages.contains(sources.packageOf(to))
                                && !sources.packageOf(from).equals(sources.packageOf(to)))
                        .forEach(to -> why.add(shortName(from) + " -> " + shortName(to))));
        return why;
    }

    private static String shortName(String type) {
        return type.substring(ENGINE.length() + 1);
    }

    @Test
    void enginePackages_formNoCycle() {
        JavaSources sources = JavaSources.mainSources();
        Map<String, Set<String>> packages = enginePackageGraph(sources);
        assertThat(packages.keySet())
                .as("the scan sees the engine's packages")
                .contains(
                        ENGINE,
                        ENGINE + ".parse",
                        ENGINE + ".catalog",
                        ENGINE + ".functions",
                        ENGINE + ".sql",
                        ENGINE + ".exec",
                        ENGINE + ".tql",
                        ENGINE + ".infoschema",
                        ENGINE + ".builtins",
                        ENGINE + ".range",
                        ENGINE + ".ddl",
                        ENGINE + ".writes",
                        ENGINE + ".flows");
        List<String> cycles = JavaSources.cycles(packages).stream()
                .map(c -> c + " through " + edges(sources, c))
                .toList();
        assertThat(cycles).isEmpty();
    }

    @Test
    void noSubPackage_reachesBackIntoTheEnginePackage() {
        JavaSources sources = JavaSources.mainSources();
        List<String> upward = new ArrayList<>();
        enginePackageGraph(sources).forEach((from, to) -> {
            if (!from.equals(ENGINE) && to.contains(ENGINE)) {
                // a sub-package's type has a dot in its short name, one of engine.duckdb itself has none
                edges(sources, List.of(from, ENGINE)).stream()
                        .filter(e -> e.split(" -> ")[0].contains(".") && !e.split(" -> ")[1].contains("."))
                        .forEach(upward::add);
            }
        });
        assertThat(upward).isEmpty();
    }

    /** "file:line" of every static field that is not final in the engine's packages. */
    static List<String> staticMutableFields(JavaSources sources) {
        List<String> found = new ArrayList<>();
        sources.sources().values().stream().filter(s -> inEngine(s.pkg())).forEach(s -> {
            Matcher m = STATIC_MUTABLE.matcher(s.code());
            while (m.find()) {
                long line = s.code().substring(0, m.start()).lines().count() + 1;
                found.add(shortName(s.type()) + ":" + line);
            }
        });
        return found;
    }

    /**
     * The engine keeps no state in static fields: what its calls share belongs to the engine instance (the
     * translator's extensions once were static, filled when the engine's class loaded, so a query translated before
     * that failed).
     */
    @Test
    void theEngine_keepsNoStaticMutableField() {
        assertThat(staticMutableFields(JavaSources.mainSources())).isEmpty();
    }

    @Test
    void theStaticFieldScan_seesOnlyFieldsThatAreNotFinal(@TempDir Path root) throws IOException {
        write(
                root,
                "x/Holder.java",
                String.join(
                        "\n",
                        "package " + ENGINE + ".x;",
                        "final class Holder {",
                        "    private static final int LIMIT = 3;",
                        "    private static volatile Runnable hook;",
                        "    static java.util.List<String> names = new java.util.ArrayList<>();",
                        "    static { LIMIT.hashCode(); }",
                        "    static int twice(int x) { return 2 * x; }",
                        "    static final class Inner {}",
                        "    // static int commented;",
                        "    private int count;",
                        "}"));
        assertThat(staticMutableFields(JavaSources.of(root))).containsExactly("x.Holder:4", "x.Holder:5");
    }

    @Test
    void theGraph_seesACycleBetweenTwoSubPackages(@TempDir Path root) throws IOException {
        write(root, "a/A.java", "package " + ENGINE + ".a;\n" + "import " + ENGINE + ".b.B;\n" + "class A { B b; }\n");
        write(
                root,
                "b/B.java",
                "package " + ENGINE + ".b;\n" + "class B { Object a() { return new " + ENGINE + ".a.A(); } }\n");
        write(root, "C.java", "package " + ENGINE + ";\n" + "class C { " + ENGINE + ".a.A a; }\n");
        JavaSources sources = JavaSources.of(root);
        Map<String, Set<String>> graph = enginePackageGraph(sources);
        assertThat(graph)
                .containsEntry(ENGINE, Set.of(ENGINE + ".a"))
                .containsEntry(ENGINE + ".a", Set.of(ENGINE + ".b"))
                .containsEntry(ENGINE + ".b", Set.of(ENGINE + ".a"));
        assertThat(JavaSources.cycles(graph)).containsExactly(List.of(ENGINE + ".a", ENGINE + ".b"));
    }

    private static void write(Path root, String file, String text) throws IOException {
        Path p = root.resolve(ENGINE.replace('.', '/')).resolve(file);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }
}
