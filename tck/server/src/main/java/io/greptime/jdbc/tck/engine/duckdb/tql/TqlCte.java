package io.greptime.jdbc.tck.engine.duckdb.tql;

import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.promql.Tql;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A TQL statement used as a CTE: evaluated with the PromQL evaluator, its rows copied into a DuckDB
 * temporary table on the call's connection, which the rest of the query reads like any CTE.
 */
public final class TqlCte {
    private static final AtomicLong NEXT = new AtomicLong();

    /** The temporary table and its column names. */
    public record Result(String table, List<String> columns) {}

    private TqlCte() {}

    /** Runs {@code tqlText} on the call's storage (the caller holds the read lock). */
    public static Result materialize(Call call, String tqlText) {
        String name = "gt_tql_" + NEXT.incrementAndGet();
        try (ArrowReader reader = Tql.execute(new DuckDbPromSource(call), tqlText, call.engine.staging);
                ArrowArrayStream stream = ArrowArrayStream.allocateNew(call.engine.staging)) {
            List<String> columns = new ArrayList<>();
            for (Field f : reader.getVectorSchemaRoot().getSchema().getFields()) {
                columns.add(f.getName());
            }
            Data.exportArrayStream(call.engine.staging, reader, stream);
            call.conn.registerArrowStream(name + "_in", stream);
            call.exec("CREATE OR REPLACE TEMP TABLE " + name + " AS SELECT * FROM " + name + "_in");
            return new Result(name, columns);
        } catch (SQLException e) {
            throw Errors.map(e, call.schema());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
