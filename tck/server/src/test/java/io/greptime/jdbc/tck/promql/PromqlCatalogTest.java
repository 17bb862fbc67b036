package io.greptime.jdbc.tck.promql;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.CatalogLines;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * Walks GreptimeDB's PromQL catalog (promql-catalog.tsv, read from its planner and the promql-parser each
 * version line pins) on every profile, through TQL EVAL. An entry the line plans must evaluate; one its
 * planner refuses must fail with the planner's status and text; one its parser lacks must fail as the
 * parser fails on an unknown function. What does otherwise is a gap; promql-gaps.txt lists the gaps as of
 * now (the work list), and this test fails when the gaps differ from it: a new gap, or a fixed one still
 * listed.
 */
class PromqlCatalogTest {
    record Entry(String kind, String name, List<String> where) {}

    static List<Entry> catalog() throws IOException {
        List<Entry> out = new ArrayList<>();
        for (String l : lines(PromCatalog.RESOURCE)) {
            String[] f = l.split("\t");
            out.add(new Entry(f[0], f[1], List.of(f).subList(2, f.length)));
        }
        return out;
    }

    static List<String> lines(String resource) throws IOException {
        return CatalogLines.of(resource);
    }

    static Map<String, String> probes() throws IOException {
        Map<String, String> out = new HashMap<>();
        for (String l : lines("/promql-probes.tsv")) {
            String[] f = l.split("\t", 3);
            out.put(f[0] + "\t" + f[1], f[2]);
        }
        return out;
    }

    static String line(ServerProfile p) {
        String[] v = p.version().split("\\.");
        return v[0] + "." + v[1];
    }

    /**
     * The error a refusal gives, as GreptimeDB v1.0.0 answers it over /v1/sql: the parser's for a name it
     * does not know ({@code unknown function with name 'x'}, 2000) or a keyword its grammar does not take
     * there ({@code invalid promql query}, 2000), the planner's UnsupportedExpr (1004). The planner's
     * UnexpectedToken for limitk/limit_ratio (1.2 and main only) prints a token id no server at hand showed,
     * so only its status and prefix are checked.
     */
    static GreptimeError expected(Entry e, String cell) {
        if (cell.equals("-")) {
            return new GreptimeError(StatusCode.INVALID_SYNTAX, "unknown function with name '" + e.name() + "'");
        }
        if (cell.startsWith("keyword@")) {
            return new GreptimeError(StatusCode.INVALID_SYNTAX, "invalid promql query");
        }
        if (cell.startsWith("refused@")) {
            String text = e.kind().equals("aggregation") ? "Unexpected token: " : "Unsupported expr type: " + e.name();
            return new GreptimeError(StatusCode.INVALID_ARGUMENTS, text);
        }
        return null;
    }

    /** Null when the engine answers as the line's GreptimeDB would; else what it did instead. */
    static String check(Engine engine, QueryContext ctx, BufferAllocator alloc, Entry e, String cell, String probe) {
        Throwable failure = null;
        try {
            Output out = engine.execute(ctx, "TQL EVAL (0, 10, '5s') " + probe, alloc);
            if (out instanceof Output.Rows rows) {
                rows.reader().close();
            }
        } catch (IOException | RuntimeException t) {
            failure = t;
        }
        GreptimeError want = expected(e, cell);
        if (want == null) {
            return failure == null ? null : "fails: " + describe(failure);
        }
        if (failure == null) {
            return cell.startsWith("refused@") ? "answers-though-refused" : "answers-though-absent";
        }
        boolean prefixOnly = e.kind().equals("aggregation") && cell.startsWith("refused@");
        boolean same = failure instanceof GreptimeError g
                && g.status() == want.status()
                && (prefixOnly
                        ? g.getMessage().startsWith(want.getMessage())
                        : g.getMessage().equals(want.getMessage()));
        return same ? null : "wrong-refusal: " + describe(failure);
    }

    private static String describe(Throwable t) {
        String msg = String.valueOf(t.getMessage()).replace('\n', ' ').replace('\t', ' ');
        msg = msg.length() > 100 ? msg.substring(0, 100) : msg;
        return (t instanceof GreptimeError g ? g.status().name() : t.getClass().getSimpleName()) + " " + msg;
    }

    @Test
    void everyEntry_isEvaluatedOrRefusedAsTheLinesGreptimeDbRefusesIt() throws IOException {
        List<Entry> catalog = catalog();
        Map<String, String> probes = probes();
        TreeSet<String> gaps = new TreeSet<>();
        for (ServerProfile p : ServerProfile.values()) {
            int column = PromCatalog.LINES.indexOf(line(p));
            assertThat(column).as("catalog column for %s", p).isNotNegative();
            QueryContext ctx = QueryContext.defaults().withProfile(p);
            try (BufferAllocator alloc = new RootAllocator();
                    DuckDbEngine engine = DuckDbEngine.inMemory()) {
                for (String s : List.of(
                        "CREATE TABLE g (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)",
                        "INSERT INTO g VALUES (0, 'a', 1), (5000, 'a', 2), (10000, 'a', 3), (0, 'b', 4),"
                                + " (5000, 'b', 5), (10000, 'b', 6)",
                        "CREATE TABLE h (ts TIMESTAMP TIME INDEX, le STRING PRIMARY KEY, v DOUBLE)",
                        "INSERT INTO h VALUES (0, '1', 1), (0, '+Inf', 2), (5000, '1', 2), (5000, '+Inf', 4)")) {
                    Output o = engine.execute(ctx, s, alloc);
                    if (o instanceof Output.Rows rows) {
                        rows.reader().close();
                    }
                }
                for (Entry e : catalog) {
                    String probe = probes.get(e.kind() + "\t" + e.name());
                    assertThat(probe).as("probe for %s %s", e.kind(), e.name()).isNotNull();
                    String gap = check(engine, ctx, alloc, e, e.where().get(column), probe);
                    if (gap != null) {
                        gaps.add(line(p) + "\t" + e.kind() + "\t" + e.name() + "\t" + gap);
                    }
                }
            }
        }
        // the gaps as found, to copy over promql-gaps.txt when the list changes on purpose
        Files.writeString(Path.of("target", "promql-gaps.actual.txt"), String.join("\n", gaps) + "\n");
        assertThat(String.join("\n", gaps))
                .as("gaps (update promql-gaps.txt when one is closed)")
                .isEqualTo(String.join("\n", new TreeSet<>(lines("/promql-gaps.txt"))));
    }

    @Test
    void catalog_namesAPlannerOrParserLineForEveryEntry() throws IOException {
        List<Entry> catalog = catalog();
        assertThat(catalog).hasSizeGreaterThan(100);
        for (Entry e : catalog) {
            assertThat(e.where()).hasSize(PromCatalog.LINES.size());
            for (String cell : e.where()) {
                assertThat(cell).as("%s %s", e.kind(), e.name()).matches("-|(refused@|keyword@)?src/.+\\.rs:\\d+");
            }
            assertThat(e.where()).as(e.name()).anyMatch(w -> !w.equals("-"));
        }
        // every probe names an entry and every entry has a probe: a name the script loses shows here
        assertThat(catalog.stream()
                        .map(e -> e.kind() + "\t" + e.name())
                        .sorted()
                        .toList())
                .isEqualTo(probes().keySet().stream().sorted().toList());
        // facts read from GreptimeDB's source, not from the catalog's own script
        Map<String, Entry> byName = new HashMap<>();
        catalog.forEach(e -> byName.put(e.kind() + " " + e.name(), e));
        // holt_winters was renamed double_exponential_smoothing in promql-parser 0.10 (GreptimeDB v1.2)
        assertThat(byName.get("function holt_winters").where().get(4)).isEqualTo("-");
        assertThat(byName.get("function double_exponential_smoothing").where().get(0))
                .isEqualTo("-");
        // limitk: unknown before v1.0, lexed but left out of the grammar by promql-parser 0.7 (v1.0), parsed by
        // 0.10 (v1.2) and then refused by the planner, which has no arm for it
        assertThat(byName.get("aggregation limitk").where().get(2)).isEqualTo("-");
        assertThat(byName.get("aggregation limitk").where().get(3)).startsWith("keyword@");
        assertThat(byName.get("aggregation limitk").where().get(4)).startsWith("refused@");
        // GreptimeDB's own clamp_min/clamp_max came with v0.15; clamp was there before
        assertThat(byName.get("function clamp_min").where().get(0)).startsWith("refused@");
        assertThat(byName.get("function clamp").where().get(0)).startsWith("src/common/function/");
    }
}
