package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;

/**
 * What the translator hands to the rooms that build on it: a function call to GreptimeDB's function
 * families, a SELECT with RANGE or ALIGN to the range query. The engine installs both when its class loads,
 * so that the translator never names those packages (they read the translator, not the other way round).
 */
public final class TranslatorExtensions {
    /** A function call as DuckDB SQL, GreptimeDB's semantics included. */
    @FunctionalInterface
    public interface Functions {
        String render(ExprRenderer r, SqlAst.Call c);
    }

    /** SELECTs with RANGE expressions (or ALIGN), as DuckDB SQL. */
    public interface Ranges {
        boolean hasRange(SqlAst.Select s);

        String render(QueryTranslator translator, SqlAst.Select s, QueryScope scope);
    }

    private static volatile Functions functions;
    private static volatile Ranges ranges;

    private TranslatorExtensions() {}

    /** Called once by the engine; later calls replace the earlier ones with the same behaviour. */
    public static void install(Functions f, Ranges r) {
        functions = f;
        ranges = r;
    }

    static Functions functions() {
        return installed(functions);
    }

    static Ranges ranges() {
        return installed(ranges);
    }

    private static <T> T installed(T extension) {
        if (extension == null) {
            throw new IllegalStateException("the engine installs the translator's extensions before any query");
        }
        return extension;
    }
}
