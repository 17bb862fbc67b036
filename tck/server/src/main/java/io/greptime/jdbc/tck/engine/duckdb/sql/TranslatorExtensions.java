package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import java.util.Objects;

/**
 * What the translator hands to the rooms that build on it: a function call to GreptimeDB's function
 * families, a SELECT with RANGE or ALIGN to the range query. The engine builds one when it opens and its calls
 * reach it ({@link #of(Call)}); every {@link QueryTranslator} carries the one it was made with, so the translator
 * never names those packages (they read the translator, not the other way round).
 */
public record TranslatorExtensions(Functions functions, Ranges ranges) {
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

    public TranslatorExtensions {
        Objects.requireNonNull(functions, "functions");
        Objects.requireNonNull(ranges, "ranges");
    }

    /** The extensions of the engine {@code call} runs in. */
    public static TranslatorExtensions of(Call call) {
        return call.engine.part(TranslatorExtensions.class);
    }
}
