package io.greptime.jdbc.tck.engine.flow;

import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/** Drives a real in-memory DuckDB engine through its public {@code Engine} API and reads results fully. */
final class FlowFixture implements AutoCloseable {
    final RootAllocator allocator = new RootAllocator();
    final DuckDbEngine engine;
    final QueryContext ctx = QueryContext.defaults();

    /** A fully read result. */
    record Result(Schema schema, List<List<Object>> rows) {}

    FlowFixture() {
        this(DuckDbEngine.inMemory());
    }

    FlowFixture(DuckDbEngine engine) {
        this.engine = engine;
    }

    long update(String sql) {
        Output out = engine.execute(ctx, sql, allocator);
        if (!(out instanceof Output.AffectedRows a)) {
            try {
                ((Output.Rows) out).reader().close();
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
            throw new AssertionError("expected affected rows from " + sql);
        }
        return a.count();
    }

    Result query(String sql) {
        Output out = engine.execute(ctx, sql, allocator);
        if (!(out instanceof Output.Rows r)) {
            throw new AssertionError("expected rows from " + sql);
        }
        try (ArrowReader reader = r.reader()) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            List<List<Object>> rows = new ArrayList<>();
            while (reader.loadNextBatch()) {
                for (int i = 0; i < root.getRowCount(); i++) {
                    List<Object> row = new ArrayList<>();
                    for (FieldVector v : root.getFieldVectors()) {
                        Object o = v.getObject(i);
                        row.add(o instanceof org.apache.arrow.vector.util.Text t ? t.toString() : o);
                    }
                    rows.add(row);
                }
            }
            return new Result(root.getSchema(), rows);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        engine.close();
        if (allocator.getAllocatedMemory() != 0) {
            throw new AssertionError("Arrow memory left: " + allocator.getAllocatedMemory());
        }
        allocator.close();
    }
}
