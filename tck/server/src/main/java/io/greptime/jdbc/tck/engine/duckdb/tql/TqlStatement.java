package io.greptime.jdbc.tck.engine.duckdb.tql;

import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.promql.SeriesSource;
import io.greptime.jdbc.tck.promql.Tql;
import java.util.function.Function;

/** The engine's PromQL hook: TQL statements and the read-locked series source the evaluator reads. */
public final class TqlStatement {
    private TqlStatement() {}

    public static Output run(Call call, String sql) {
        return withSource(call, src -> new Output.Rows(Tql.execute(src, sql, call.out)));
    }

    public static <T> T withSource(Call call, Function<SeriesSource, T> body) {
        call.read();
        return body.apply(new DuckDbPromSource(call));
    }
}
