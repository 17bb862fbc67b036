package io.greptime.jdbc.tck.engine.duckdb.functions;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.EngineProfile;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.ObjectNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The admin functions that ask GreptimeDB's procedure service or table mutation handler (src/common/function
 * /src/admin, system/procedure_state.rs), answered as a standalone GreptimeDB answers them: it runs no
 * region migrations or follower changes ("Unsupported operation"), knows no procedure the caller could name
 * (this engine submits none), and keeps no dropped tables to purge. Arguments are checked first as
 * GreptimeDB's admin statement checks them against the function's signature.
 *
 * <p>The error's shape is the line's: v0.14-v0.15 report the innermost error with its own status; v0.17-v1.0
 * wrap it as {@code Failed to execute admin function: Failed to execute admin function F, error: D: D} (D the
 * DataFusion error, printed again as the root cause), status Unexpected; v1.2+ as
 * {@code Failed to execute admin function F: D}.
 */
public final class AdminProcedures {
    private AdminProcedures() {}

    /** A literal argument as the statement's parser sees it. */
    record Arg(String kind, String text) {}

    public static boolean handles(String fn) {
        return switch (fn) {
            case "migrate_region",
                    "procedure_state",
                    "add_region_follower",
                    "remove_region_follower",
                    "purge_table",
                    "discard_unflushed" -> true;
            default -> false;
        };
    }

    /**
     * Runs {@code fn}: null when it would answer (never, for these), else throws GreptimeDB's error. A NULL
     * argument makes the region functions answer NULL, which the admin statement refuses for its
     * non-nullable column.
     */
    public static void run(EngineProfile p, String fn, String args, String label, String schema) {
        List<Arg> a = args(args);
        switch (fn) {
            case "migrate_region" -> {
                numeric(a, a.size() == 3 || a.size() == 4);
                nullAnswer(a, label);
                fail(p, fn, StatusCode.UNSUPPORTED, "Unsupported operation migrate_region");
            }
            case "add_region_follower", "remove_region_follower" -> {
                numeric(a, a.size() == 2);
                if (a.stream().anyMatch(x -> x.kind().equals("null"))) {
                    fail(p, fn, StatusCode.INVALID_ARGUMENTS, unsupportedTypes(fn, a));
                }
                fail(p, fn, StatusCode.UNSUPPORTED, "Unsupported operation " + fn);
            }
            case "procedure_state" -> {
                Arg id = oneString(a);
                if (id.kind().equals("null")) {
                    fail(p, fn, StatusCode.INVALID_ARGUMENTS, unsupportedTypes(fn, a));
                }
                fail(p, fn, StatusCode.INVALID_ARGUMENTS, ProcedureIds.notFound(id.text()));
            }
            case "purge_table", "discard_unflushed" -> {
                Arg table = oneString(a);
                if (table.kind().equals("null")) {
                    fail(p, fn, StatusCode.INVALID_ARGUMENTS, unsupportedTypes(fn, a));
                }
                String[] name = tableName(p, fn, table.text(), schema);
                fail(p, fn, StatusCode.TABLE_NOT_FOUND, "Table not found: greptime." + name[0] + "." + name[1]);
            }
            default -> throw new IllegalArgumentException(fn);
        }
    }

    /**
     * From v1.0: the argument checks and refusals of the admin functions this engine otherwise answers with 0.
     * flush_table takes one table name (a number "failed to cast"); compact_table a name, a type and options
     * whose strict-window / regular forms flush_compact_table.rs parses; a missing table, or a region whose table
     * id ({@code region >> 32}) names no table, fails in the admin error shape; gc_table, gc_regions and the
     * reconcile functions are unsupported on a standalone server.
     */
    public static void checkV1(
            EngineProfile p,
            String fn,
            String args,
            String schema,
            TableLookup tables,
            java.util.function.LongPredicate tableIdExists) {
        List<Arg> a = args(args);
        switch (fn) {
            case "flush_table" -> {
                Arg table = oneString(a);
                if (table.kind().equals("string")) {
                    checkTable(p, fn, table.text(), schema, tables);
                }
            }
            case "compact_table" -> {
                if (a.isEmpty() || a.size() > 3) {
                    throw new GreptimeError(
                            StatusCode.INVALID_ARGUMENTS,
                            "Invalid function args: The length of the args is not correct, expect 1-4, have: "
                                    + a.size());
                }
                if (!a.stream().allMatch(x -> x.kind().equals("string"))) {
                    fail(p, fn, StatusCode.INVALID_ARGUMENTS, unsupportedTypes(fn, a));
                }
                if (a.size() >= 2) {
                    String bad = compactOptions(
                            a.get(1).text(), a.size() == 3 ? a.get(2).text() : null);
                    if (bad != null) {
                        fail(p, fn, StatusCode.INVALID_ARGUMENTS, "Invalid function args: " + bad);
                    }
                }
                checkTable(p, fn, a.get(0).text(), schema, tables);
            }
            case "flush_region", "compact_region" -> {
                if (a.size() == 1 && a.get(0).kind().equals("int")) {
                    long table = Long.parseLong(a.get(0).text()) >>> 32;
                    if (!tableIdExists.test(table)) {
                        fail(p, fn, StatusCode.UNEXPECTED, "Failed to find table route: " + table);
                    }
                }
            }
            case "gc_table", "gc_regions" -> fail(p, fn, StatusCode.UNSUPPORTED, "Unsupported operation " + fn);
            case "reconcile_table", "reconcile_database", "reconcile_catalog" ->
                fail(p, fn, StatusCode.UNSUPPORTED, "Unsupported operation reconcile");
            default -> {}
        }
    }

    private static void checkTable(EngineProfile p, String fn, String name, String schema, TableLookup tables) {
        String[] parts = tableName(p, fn, name, schema);
        Found found = tables.find(parts[0], parts[1]);
        if (found == null) {
            fail(p, fn, StatusCode.TABLE_NOT_FOUND, "Table not found: greptime." + parts[0] + "." + parts[1]);
        }
        if (found.view()) {
            // a view has no regions: the flush/compact request's route lookup fails on its table id
            fail(p, fn, StatusCode.UNEXPECTED, "Failed to find table route: " + found.id());
        }
    }

    /** What a name resolves to for an admin function: a table, or a view (with its table id). */
    public record Found(boolean view, long id) {}

    /** Looks a (schema, table) up; null when there is neither a table nor a view of that name. */
    @FunctionalInterface
    public interface TableLookup {
        Found find(String schema, String table);
    }

    /**
     * {schema, table} of an admin function's table argument, as session/src/table_name.rs
     * table_name_to_full_name reads it: parsed as an object name (bare parts lower-cased, quoted parts kept:
     * {@code 'HeldMixed'} names heldmixed, {@code '"HeldMixed"'} HeldMixed), {@code table},
     * {@code schema.table} or {@code catalog.schema.table}, the catalog being the session's (greptime). Text
     * that is no object name is taken whole as the table's name (its lookup then fails).
     */
    public static String[] tableName(EngineProfile p, String fn, String text, String schema) {
        List<String> parts = ObjectNames.parts(text);
        if (parts == null || parts.isEmpty()) {
            return new String[] {schema, text};
        }
        return switch (parts.size()) {
            case 1 -> new String[] {schema, parts.get(0)};
            case 2 -> new String[] {parts.get(0), parts.get(1)};
            case 3 -> {
                if (!parts.get(0).equals("greptime")) {
                    fail(
                            p,
                            fn,
                            StatusCode.PERMISSION_DENIED,
                            "Permission denied while operating catalog " + parts.get(0)
                                    + " from current catalog greptime");
                }
                yield new String[] {parts.get(1), parts.get(2)};
            }
            default -> {
                fail(
                        p,
                        fn,
                        StatusCode.INVALID_SYNTAX,
                        "Invalid SQL, error: expect table name to be <catalog>.<schema>.<table>, <schema>.<table> or"
                                + " <table>, actual: " + text);
                yield null;
            }
        };
    }

    /**
     * flush_compact_table.rs parse_compact_options: null when the type and options parse, else the message.
     * strict_window (or swcs) takes a number of seconds or window/window_seconds/parallelism pairs; any other type
     * compacts regularly and takes parallelism only.
     */
    static String compactOptions(String type, String options) {
        if (options == null) {
            return null;
        }
        boolean strict = type.equalsIgnoreCase("strict_window") || type.equalsIgnoreCase("swcs");
        if (strict && options.matches("[+-]?\\d+")) {
            return null;
        }
        for (String pair : options.split(",", -1)) {
            String[] kv = pair.trim().split("=", -1);
            if (kv.length != 2) {
                return "Invalid key-value pair: " + pair.trim();
            }
            String key = kv[0].trim();
            String value = kv[1].trim();
            if (strict && (key.equals("window") || key.equals("window_seconds"))) {
                if (!value.matches("[+-]?\\d+")) {
                    return "Invalid value for window: " + value;
                }
            } else if (key.equals("parallelism")) {
                if (!value.matches("\\+?\\d+")) {
                    return "Invalid value for parallelism: " + value;
                }
            } else {
                return "Unknown parameter: " + key;
            }
        }
        return null;
    }

    /** Whether the table a purge_table / discard_unflushed names exists (then this engine cannot answer). */
    public static String tableArg(String args) {
        List<Arg> a = args(args);
        return a.size() == 1 && a.get(0).kind().equals("string") ? a.get(0).text() : null;
    }

    /** Uniform(n, numerics) signatures: a string, or the wrong count, matches none of them. */
    private static void numeric(List<Arg> a, boolean arity) {
        boolean types = a.stream().allMatch(x -> !x.kind().equals("string"));
        if (!arity || !types) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS, "Failed to build admin function args: function signature not match");
        }
    }

    private static void nullAnswer(List<Arg> a, String label) {
        if (a.stream().anyMatch(x -> x.kind().equals("null"))) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Fail to create datafusion record batch: Invalid argument error: Column '" + label
                            + "' is declared as non-nullable but contains null values");
        }
    }

    /** Uniform(1, [Utf8]): one argument, which a number cannot be cast to. */
    private static Arg oneString(List<Arg> a) {
        if (a.size() != 1) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Expected 1 args, but actual " + a.size());
        }
        Arg x = a.get(0);
        if (!x.kind().equals("string") && !x.kind().equals("null")) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS, "Failed to build admin function args: failed to cast " + x.text());
        }
        return x;
    }

    private static String unsupportedTypes(String fn, List<Arg> a) {
        List<String> types = new ArrayList<>();
        for (Arg x : a) {
            types.add(
                    switch (x.kind()) {
                        case "null" -> "Null(NullType)";
                        case "string" -> "String(StringType)";
                        case "float" -> "Float64(Float64Type)";
                        default -> "Int64(Int64Type)";
                    });
        }
        return "Unsupported input datatypes " + types + " in function " + fn;
    }

    /** Throws {@code inner} in the line's admin error shape; {@code status} is the inner error's own. */
    public static void fail(EngineProfile p, String fn, StatusCode status, String inner) {
        int line = FunctionLines.line(p);
        if (line >= 0 && line <= FunctionLines.LINES.indexOf("0.15")) {
            throw new GreptimeError(status, inner);
        }
        if (line >= 0 && line <= FunctionLines.LINES.indexOf("1.0")) {
            String df = "Execution error: Function execution error: " + inner;
            throw new GreptimeError(
                    StatusCode.UNEXPECTED,
                    "Failed to execute admin function: Failed to execute admin function " + fn + ", error: " + df + ": "
                            + df);
        }
        throw new GreptimeError(
                StatusCode.UNEXPECTED, "Failed to execute admin function " + fn + ": Execution error: " + inner);
    }

    /** The arguments between the parentheses, split at top-level commas and classified. */
    static List<Arg> args(String text) {
        List<Arg> out = new ArrayList<>();
        if (text.isBlank()) {
            return out;
        }
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && (c == '(' || c == ')')) {
                depth += c == '(' ? 1 : -1;
            } else if (!quoted && depth == 0 && c == ',') {
                out.add(arg(cur.toString().trim()));
                cur.setLength(0);
                continue;
            }
            cur.append(c);
        }
        out.add(arg(cur.toString().trim()));
        return out;
    }

    private static Arg arg(String t) {
        if (t.length() >= 2 && t.startsWith("'") && t.endsWith("'")) {
            return new Arg("string", t.substring(1, t.length() - 1).replace("''", "'"));
        }
        if (t.toUpperCase(Locale.ROOT).equals("NULL")) {
            return new Arg("null", t);
        }
        if (t.matches("-?\\d+")) {
            return new Arg("int", t);
        }
        return new Arg(t.matches("-?\\d*\\.\\d+([eE][-+]?\\d+)?|-?\\d+[eE][-+]?\\d+") ? "float" : "other", t);
    }
}
