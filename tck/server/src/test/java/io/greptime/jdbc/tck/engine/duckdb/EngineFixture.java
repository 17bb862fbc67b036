package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.text.CellText;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/** An in-memory engine plus helpers that read results fully and check Arrow memory on close. */
final class EngineFixture implements AutoCloseable {
    final RootAllocator allocator = new RootAllocator();
    final DuckDbEngine engine;
    QueryContext ctx = QueryContext.defaults();

    /** A fully read result: its schema and its rows rendered as sqlness-style strings. */
    record Result(Schema schema, List<List<String>> rows) {
        List<String> column(int i) {
            return rows.stream().map(r -> r.get(i)).toList();
        }
    }

    EngineFixture() {
        this(DuckDbEngine.inMemory());
    }

    EngineFixture(DuckDbEngine engine) {
        this.engine = engine;
    }

    long update(String sql) {
        Output out = engine.execute(ctx, sql, allocator);
        assertThat(out).isInstanceOf(Output.AffectedRows.class);
        return ((Output.AffectedRows) out).count();
    }

    Result query(String sql) {
        Output out = engine.execute(ctx, sql, allocator);
        assertThat(out).isInstanceOf(Output.Rows.class);
        try (ArrowReader r = ((Output.Rows) out).reader()) {
            VectorSchemaRoot root = r.getVectorSchemaRoot();
            List<List<String>> rows = new ArrayList<>();
            while (r.loadNextBatch()) {
                for (int i = 0; i < root.getRowCount(); i++) {
                    List<String> row = new ArrayList<>();
                    for (int c = 0; c < root.getFieldVectors().size(); c++) {
                        row.add(
                                root.getVector(c).isNull(i)
                                        ? null
                                        : CellText.forField(root.getVector(c).getField())
                                                .cell(root.getVector(c), i));
                    }
                    rows.add(row);
                }
            }
            return new Result(root.getSchema(), rows);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    void fails(String sql, StatusCode code, String message) {
        assertThatThrownBy(() -> engine.execute(ctx, sql, allocator)).isInstanceOfSatisfying(GreptimeError.class, e -> {
            assertThat(e.status()).isEqualTo(code);
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }

    @Override
    public void close() {
        engine.close();
        assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
        allocator.close();
    }
}
