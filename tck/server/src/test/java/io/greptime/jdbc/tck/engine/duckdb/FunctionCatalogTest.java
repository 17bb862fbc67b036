package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.engine.CatalogLines;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Walks GreptimeDB's function catalog (function-catalog.tsv, read from GreptimeDB's source per version
 * line) and DataFusion's built-ins GreptimeDB enables (datafusion-catalog.tsv, read from the DataFusion each
 * line pins) on every profile. An entry of GreptimeDB's own that the profile's line registers must be known
 * to the engine: a call evaluates, or fails with an error of GreptimeDB's shape, never DuckDB's "does not
 * exist". A DataFusion entry the line registers must evaluate its probe (datafusion-probes.tsv, a call with
 * arguments of the function's signature). An entry the line lacks in both catalogs must be refused as
 * GreptimeDB's planner refuses an unknown function. What does neither is a gap; function-gaps.txt lists the
 * gaps as of now (the work list), and this test fails when the gaps differ from it: a new gap, or a fixed
 * one still listed.
 */
class FunctionCatalogTest {
    record Entry(String kind, String name, List<String> where) {}

    static final List<String> LINES = List.of("0.14", "0.15", "0.17", "1.0", "1.2", "1.3");

    static List<Entry> catalog() throws IOException {
        return entries("/io/greptime/jdbc/tck/engine/duckdb/function-catalog.tsv");
    }

    /** DataFusion's built-ins: kinds df-scalar, df-aggregate, df-window and df-table. */
    static List<Entry> dataFusion() throws IOException {
        return entries("/io/greptime/jdbc/tck/engine/duckdb/datafusion-catalog.tsv");
    }

    private static List<Entry> entries(String resource) throws IOException {
        List<Entry> out = new ArrayList<>();
        for (String line : lines(resource)) {
            String[] f = line.split("\t");
            out.add(new Entry(f[0], f[1], List.of(f).subList(2, f.length)));
        }
        return out;
    }

    private static List<String> lines(String resource) throws IOException {
        return CatalogLines.of(resource);
    }

    static String line(ServerProfile p) {
        String[] v = p.version().split("\\.");
        return v[0] + "." + v[1];
    }

    private static final java.util.Map<String, String> PROBES = new java.util.HashMap<>();

    /**
     * A call of the entry: function-probes.tsv's, with arguments of the function's signature, else one with
     * no arguments (enough to tell whether the engine knows the name).
     */
    static String probe(Entry e) throws IOException {
        if (PROBES.isEmpty()) {
            for (String l : lines("/function-probes.tsv")) {
                String[] f = l.split("\t", 2);
                PROBES.put(f[0], f[1]);
            }
        }
        String given = PROBES.get(e.name());
        if (given != null) {
            return given;
        }
        return switch (e.kind()) {
            case "admin" -> "ADMIN " + e.name() + "('probe_table')";
            case "aggregate" -> "SELECT " + e.name() + "(x) FROM (VALUES (1)) t(x)";
            case "window" -> "SELECT " + e.name() + "(x) OVER () FROM (VALUES (1.0)) t(x)";
            default -> "SELECT " + e.name() + "()";
        };
    }

    private static final java.util.Map<String, String> DF_PROBES = new java.util.HashMap<>();

    /**
     * datafusion-probes.tsv's call of a DataFusion entry. A probe written {@code !SELECT ...} is a call
     * DataFusion refuses too (no SQL value has the argument type it needs): the engine must refuse it with an
     * error of GreptimeDB's rather than not know the name.
     */
    static String dataFusionProbe(Entry e) throws IOException {
        if (DF_PROBES.isEmpty()) {
            for (String l : lines("/datafusion-probes.tsv")) {
                String[] f = l.split("\t", 3);
                DF_PROBES.put(f[0] + "\t" + f[1], f[2]);
            }
        }
        return DF_PROBES.get(e.kind() + "\t" + e.name());
    }

    /** Every failure a probe met (target/function-gaps.details.txt), to tell a gap's cause. */
    private static final TreeSet<String> DETAILS = new TreeSet<>();

    /** Null when the engine answers as GreptimeDB would; else what it did instead. */
    static String check(EngineFixture f, Entry e, boolean present) throws IOException {
        Throwable failure = null;
        boolean dataFusion = e.kind().startsWith("df-");
        String sql = dataFusion ? dataFusionProbe(e) : probe(e);
        boolean refusedToo = sql.startsWith("!");
        if (refusedToo) {
            sql = sql.substring(1);
        }
        try {
            Output out = f.engine.execute(f.ctx, sql, f.allocator);
            if (out instanceof Output.Rows rows) {
                try (org.apache.arrow.vector.ipc.ArrowReader reader = rows.reader()) {
                    // a DataFusion probe must evaluate, and a streamed result fails while it is read
                    while (dataFusion && reader.loadNextBatch()) {
                        // read every batch
                    }
                }
            }
        } catch (IOException | RuntimeException t) {
            failure = t;
        }
        String msg = failure == null ? "" : String.valueOf(failure.getMessage());
        if (failure != null) {
            DETAILS.add(e.kind() + "\t" + e.name() + "\t" + msg.replace('\n', ' '));
        }
        if (present) {
            boolean unknown = msg.contains("does not exist") || msg.contains("Not supported: admin function");
            if (unknown) {
                return "unknown";
            }
            if (!dataFusion || failure == null) {
                return null;
            }
            return refusedToo && failure instanceof GreptimeError ? null : "fails";
        }
        boolean refused = failure instanceof GreptimeError g
                && (e.kind().equals("df-table")
                        ? g.status() == io.greptime.jdbc.proto.StatusCode.PLAN_QUERY
                                && msg.equals("Failed to plan SQL: Error during planning: table function '" + e.name()
                                        + "' not found")
                        : e.kind().equals("admin")
                                ? g.status() == io.greptime.jdbc.proto.StatusCode.INVALID_ARGUMENTS
                                        && msg.equals("Admin function not found: " + e.name())
                                : g.status() == io.greptime.jdbc.proto.StatusCode.PLAN_QUERY
                                        && msg.startsWith(
                                                "Failed to plan SQL: Error during planning: Invalid function '"
                                                        + e.name() + "'"));
        return refused ? null : "answers-though-absent";
    }

    /**
     * Whether the line (column) registers a function called like the entry in either catalog: a scalar,
     * aggregate or window name of one is the same name of the other; a table function only of its kind.
     */
    static boolean present(List<Entry> all, Entry e, int column) {
        boolean table = e.kind().equals("df-table");
        for (Entry o : all) {
            if (o.name().equals(e.name())
                    && o.kind().equals("df-table") == table
                    && !o.where().get(column).equals("-")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void everyEntry_isImplementedOrRefusedAsGreptimeDbRefusesIt() throws IOException {
        List<Entry> catalog = new ArrayList<>(catalog());
        catalog.addAll(dataFusion());
        TreeSet<String> gaps = new TreeSet<>();
        for (ServerProfile p : ServerProfile.values()) {
            int column = LINES.indexOf(line(p));
            assertThat(column).as("catalog column for %s", p).isNotNegative();
            try (EngineFixture f = new EngineFixture()) {
                f.ctx = f.ctx.withProfile(p);
                for (Entry e : catalog) {
                    String gap = check(f, e, present(catalog, e, column));
                    if (gap != null) {
                        gaps.add(line(p) + "\t" + e.kind() + "\t" + e.name() + "\t" + gap);
                    }
                }
            }
        }
        // the gaps as found, to copy over function-gaps.txt when the list changes on purpose
        java.nio.file.Files.writeString(
                java.nio.file.Path.of("target", "function-gaps.actual.txt"), String.join("\n", gaps) + "\n");
        java.nio.file.Files.writeString(
                java.nio.file.Path.of("target", "function-gaps.details.txt"), String.join("\n", DETAILS) + "\n");
        assertThat(String.join("\n", gaps))
                .as("gaps (update function-gaps.txt when one is closed)")
                .isEqualTo(String.join("\n", new TreeSet<>(lines("/function-gaps.txt"))));
    }

    @Test
    void catalog_namesASourceLineForEveryEntryOnSomeLine() throws IOException {
        List<Entry> catalog = catalog();
        assertThat(catalog).hasSizeGreaterThan(100);
        for (Entry e : catalog) {
            assertThat(e.where()).hasSize(LINES.size());
            assertThat(e.where()).as(e.name()).anyMatch(w -> w.matches("src/.+\\.rs:\\d+"));
        }
    }

    @Test
    void dataFusionCatalog_namesASourceLineAndHasAProbeForEveryEntry() throws IOException {
        List<Entry> catalog = dataFusion();
        assertThat(catalog).hasSizeGreaterThan(250);
        for (Entry e : catalog) {
            assertThat(e.kind()).isIn("df-scalar", "df-aggregate", "df-window", "df-table");
            assertThat(e.where()).hasSize(LINES.size());
            assertThat(e.where()).as(e.name()).anyMatch(w -> w.matches("(datafusion|src)/.+\\.rs:\\d+"));
            assertThat(dataFusionProbe(e))
                    .as("probe of %s %s", e.kind(), e.name())
                    .isNotNull();
        }
    }
}
