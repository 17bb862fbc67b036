package io.greptime.jdbc.tck.engine.duckdb.flows;

import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.tql.DuckDbPromSource;
import io.greptime.jdbc.tck.engine.duckdb.writes.RowAssembler;
import io.greptime.jdbc.tck.engine.duckdb.writes.Upsert;
import io.greptime.jdbc.tck.engine.flow.FlowHost.Column;
import io.greptime.jdbc.tck.engine.flow.FlowHost.Table;
import io.greptime.jdbc.tck.engine.flow.SinkColumnMatch;
import io.greptime.jdbc.tck.promql.Tql;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.Text;

/**
 * Flows whose query is TQL EVAL: each pass evaluates the statement (its parameters, such as
 * {@code now() - '1m'::interval}, at pass time) and upserts the rows into the sink, columns matched by
 * name as GreptimeDB's batching engine matches them ({@link SinkColumnMatch}).
 */
final class TqlFlows {
    private TqlFlows() {}

    /** The output columns of the TQL statement, evaluated now (the caller holds the read lock). */
    static List<Column> describe(Call call, String tql) {
        try (ArrowReader reader = Tql.execute(new DuckDbPromSource(call), tql, call.engine.staging)) {
            List<Column> out = new ArrayList<>();
            for (Field f : reader.getVectorSchemaRoot().getSchema().getFields()) {
                out.add(new Column(f.getName(), FlowBridge.typeName(f.getType()), true));
            }
            return out;
        } catch (IOException e) {
            throw new GreptimeError(io.greptime.jdbc.proto.StatusCode.INTERNAL, "Internal error: " + e.getMessage(), e);
        }
    }

    /** One pass: evaluates {@code tql} and upserts its rows into {@code sink} (the caller holds the write lock). */
    static long run(Call call, TableMeta sink, Table sinkShape, String tql) throws SQLException {
        List<Column> columns = new ArrayList<>();
        List<Object[]> rows = new ArrayList<>();
        try (ArrowReader reader = Tql.execute(new DuckDbPromSource(call), tql, call.engine.staging)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            for (Field f : root.getSchema().getFields()) {
                columns.add(new Column(f.getName(), FlowBridge.typeName(f.getType()), true));
            }
            while (reader.loadNextBatch()) {
                for (int r = 0; r < root.getRowCount(); r++) {
                    Object[] row = new Object[columns.size()];
                    for (int c = 0; c < row.length; c++) {
                        row[c] = value(root.getVector(c), r);
                    }
                    rows.add(row);
                }
            }
        } catch (IOException e) {
            throw new GreptimeError(io.greptime.jdbc.proto.StatusCode.INTERNAL, "Internal error: " + e.getMessage(), e);
        }
        SinkColumnMatch.Targets targets = SinkColumnMatch.match(sinkShape, columns);
        List<ColumnMeta> used = new ArrayList<>();
        targets.fromOutput().forEach(n -> used.add(sink.column(n)));
        if (targets.updateAt() != null) {
            used.add(sink.column(targets.updateAt()));
        }
        if (targets.placeholder() != null) {
            used.add(sink.column(targets.placeholder()));
        }
        Instant now = Instant.now();
        List<Object[]> out = new ArrayList<>(rows.size());
        for (Object[] r : rows) {
            Object[] given = new Object[used.size()];
            System.arraycopy(r, 0, given, 0, r.length);
            int at = r.length;
            if (targets.updateAt() != null) {
                given[at++] = now;
            }
            if (targets.placeholder() != null) {
                given[at] = Instant.EPOCH;
            }
            out.add(RowAssembler.assemble(sink, used, given, call.ctx.timeZone()));
        }
        return Upsert.write(call, sink, out);
    }

    /** Every row of {@code reader} as Java values (timestamps as LocalDateTime, strings as String); closes it. */
    static List<Object[]> rows(ArrowReader reader) {
        List<Object[]> rows = new ArrayList<>();
        try (reader) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            while (reader.loadNextBatch()) {
                for (int r = 0; r < root.getRowCount(); r++) {
                    Object[] row = new Object[root.getFieldVectors().size()];
                    for (int c = 0; c < row.length; c++) {
                        row[c] = value(root.getVector(c), r);
                    }
                    rows.add(row);
                }
            }
        } catch (IOException e) {
            throw new GreptimeError(io.greptime.jdbc.proto.StatusCode.INTERNAL, "Internal error: " + e.getMessage(), e);
        }
        return rows;
    }

    private static Object value(FieldVector v, int r) {
        if (v.isNull(r)) {
            return null;
        }
        Object o = v.getObject(r);
        return o instanceof Text t ? t.toString() : o;
    }
}
