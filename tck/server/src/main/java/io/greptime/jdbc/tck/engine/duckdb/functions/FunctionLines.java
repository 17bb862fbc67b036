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

/**
 * Which version lines register each function GreptimeDB answers: its own registry's (function-catalog.tsv,
 * read from GreptimeDB's source by tck/server/catalog/extract_functions.py) and DataFusion's built-ins it
 * enables (datafusion-catalog.tsv, read from the DataFusion each line pins by
 * tck/server/catalog/extract_datafusion.py). A function some line registers that the profile's line lacks
 * in both is refused as DataFusion's planner refuses an unknown name.
 */
public final class FunctionLines {
    /** The catalogs' columns, oldest first. */
    public static final List<String> LINES = List.of("0.14", "0.15", "0.17", "1.0", "1.2", "1.3");

    static final String CATALOG = "/io/greptime/jdbc/tck/engine/duckdb/function-catalog.tsv";

    static final String DATAFUSION_CATALOG = "/io/greptime/jdbc/tck/engine/duckdb/datafusion-catalog.tsv";

    /** GreptimeDB's own functions: name to the lines (indexes into {@link #LINES}) that register it. */
    private static final Map<String, boolean[]> OWN = new HashMap<>();

    /** Scalar, aggregate and window functions of either catalog: name to the lines that register it. */
    private static final Map<String, boolean[]> PRESENT = new HashMap<>();

    /** DataFusion's table functions ({@code FROM generate_series(...)}): name to the lines that register it. */
    private static final Map<String, boolean[]> TABLES = new HashMap<>();

    static {
        load(CATALOG, OWN);
        load(CATALOG, PRESENT);
        load(DATAFUSION_CATALOG, PRESENT);
    }

    private FunctionLines() {}

    private static void load(String resource, Map<String, boolean[]> into) {
        // an absolute path: the catalogs are data shared by the engine's packages and the scripts that extract them
        InputStream in = FunctionLines.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException(resource + " is missing from the tck jar");
        }
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                if (l.startsWith("#") || l.isBlank()) {
                    continue;
                }
                String[] f = l.split("\t");
                Map<String, boolean[]> target = f[0].equals("df-table") ? TABLES : into;
                boolean[] lines = target.computeIfAbsent(f[1], k -> new boolean[LINES.size()]);
                for (int i = 0; i < LINES.size(); i++) {
                    lines[i] |= !f[2 + i].equals("-");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The catalog column of the profile's line: its version's major.minor. */
    public static int line(EngineProfile p) {
        String[] v = p.version().split("\\.");
        return LINES.indexOf(v[0] + "." + v[1]);
    }

    /** Whether some line registers {@code name} in GreptimeDB's own registry. */
    public static boolean known(String name) {
        return OWN.containsKey(name);
    }

    /** Whether {@code name} is a function some line has (GreptimeDB's or DataFusion's) that the profile's line lacks. */
    public static boolean absent(EngineProfile p, String name) {
        return absent(PRESENT, p, name);
    }

    /** Whether {@code name} is one of DataFusion's table functions that the profile's line lacks. */
    public static boolean tableAbsent(EngineProfile p, String name) {
        return absent(TABLES, p, name);
    }

    private static boolean absent(Map<String, boolean[]> catalog, EngineProfile p, String name) {
        boolean[] lines = catalog.get(name);
        int line = line(p);
        return lines != null && line >= 0 && !lines[line];
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
