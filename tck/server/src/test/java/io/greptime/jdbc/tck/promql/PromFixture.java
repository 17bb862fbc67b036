package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/** A DuckDB engine with PromQL test data, and TQL results read back as plain samples. */
final class PromFixture implements AutoCloseable {
    final BufferAllocator allocator = new RootAllocator();
    final Engine engine = DuckDbEngine.inMemory();
    final QueryContext ctx = QueryContext.defaults();

    /** One output row: its labels (the string columns), its time in ms and its value. */
    record Sample(Map<String, String> labels, long timeMs, double value) {}

    /** A result: column names in order, their Arrow types, its samples and how many record batches held them. */
    record Result(List<String> columns, List<ArrowType> types, List<Sample> samples, int batches) {}

    void sql(String... statements) {
        for (String s : statements) {
            Output o = engine.execute(ctx, s, allocator);
            if (o instanceof Output.Rows rows) {
                close(rows.reader());
            }
        }
    }

    Result tql(String statement) {
        Output o = engine.execute(ctx, statement, allocator);
        return read(((Output.Rows) o).reader());
    }

    static Result read(ArrowReader reader) {
        try (reader) {
            Schema schema = reader.getVectorSchemaRoot().getSchema();
            List<String> columns = new ArrayList<>();
            List<ArrowType> types = new ArrayList<>();
            schema.getFields().forEach(f -> {
                columns.add(f.getName());
                types.add(f.getType());
            });
            List<Sample> samples = new ArrayList<>();
            int batches = 0;
            while (reader.loadNextBatch()) {
                batches++;
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                for (int r = 0; r < root.getRowCount(); r++) {
                    samples.add(sample(root, r));
                }
            }
            return new Result(columns, types, samples, batches);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Sample sample(VectorSchemaRoot root, int r) {
        Map<String, String> labels = new TreeMap<>();
        long time = Long.MIN_VALUE;
        double value = Double.NaN;
        for (FieldVector v : root.getFieldVectors()) {
            ArrowType t = v.getField().getType();
            Object o = v.getObject(r);
            if (v instanceof TimeStampVector ts) {
                time = ts.get(r);
            } else if (t instanceof ArrowType.Utf8) {
                if (o != null) {
                    labels.put(v.getName(), o.toString());
                }
            } else {
                value = o == null ? Double.NaN : ((Number) o).doubleValue();
            }
        }
        return new Sample(labels, time, value);
    }

    private static void close(ArrowReader reader) {
        try {
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        engine.close();
        allocator.close();
    }
}
