package io.greptime.jdbc.tck.engine.duckdb.functions;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.EngineProfile;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which version lines register each of GreptimeDB's own functions, from function-catalog.tsv (read from
 * GreptimeDB's source by tck/catalog/extract_functions.py). A function the profile's line lacks is refused
 * as DataFusion's planner refuses an unknown name, unless DataFusion itself has it.
 */
public final class FunctionLines {
    /** The catalog's columns, oldest first. */
    public static final List<String> LINES = List.of("0.14", "0.15", "0.17", "1.0", "1.2", "1.3");

    /** DataFusion built-ins of the same name answer where GreptimeDB's registry lacks it: pow is power. */
    private static final Set<String> DATAFUSION_HAS = Set.of("pow");

    /** name to the lines (indexes into {@link #LINES}) that register it. */
    private static final Map<String, boolean[]> PRESENT = load();

    static final String CATALOG = "/io/greptime/jdbc/tck/engine/duckdb/function-catalog.tsv";

    private FunctionLines() {}

    private static Map<String, boolean[]> load() {
        Map<String, boolean[]> out = new HashMap<>();
        // an absolute path: the catalog is data shared by the engine's packages and the scripts that extract it
        InputStream in = FunctionLines.class.getResourceAsStream(CATALOG);
        if (in == null) {
            throw new IllegalStateException("function-catalog.tsv is missing from the tck jar");
        }
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                if (l.startsWith("#") || l.isBlank()) {
                    continue;
                }
                String[] f = l.split("\t");
                boolean[] lines = out.computeIfAbsent(f[1], k -> new boolean[LINES.size()]);
                for (int i = 0; i < LINES.size(); i++) {
                    lines[i] |= !f[2 + i].equals("-");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The catalog column of the profile's line: its version's major.minor. */
    public static int line(EngineProfile p) {
        String[] v = p.version().split("\\.");
        return LINES.indexOf(v[0] + "." + v[1]);
    }

    /** Whether some line registers {@code name}. */
    public static boolean known(String name) {
        return PRESENT.containsKey(name);
    }

    /** Whether {@code name} is one of GreptimeDB's own functions that the profile's line lacks. */
    public static boolean absent(EngineProfile p, String name) {
        boolean[] lines = PRESENT.get(name);
        int line = line(p);
        return lines != null && line >= 0 && !lines[line] && !DATAFUSION_HAS.contains(name);
    }

    /** Refuses a call of a function the profile's line lacks, as GreptimeDB's planner does. */
    public static void check(EngineProfile p, String name) {
        if (absent(p, name)) {
            throw new GreptimeError(
                    StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: Invalid function '" + name + "'.");
        }
    }
}
