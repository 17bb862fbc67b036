package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The core sqlness cases replayed straight into an engine that keeps its data in a directory, reopened
 * from disk after every statement: the replay over the wire (SqlnessReplayTest) uses in-memory engines,
 * so this is what shows that a data directory keeps everything GreptimeDB's own cases rely on.
 */
class SqlnessCasesTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "basic",
                "create/create",
                "insert/insert",
                "describe/describe_table",
                "drop/drop_table",
                "delete/delete",
                "show/show_databases_tables"
            })
    void recordedAnswers_surviveReopeningTheDataDirectory(String name) throws Exception {
        Path cases = Path.of(System.getProperty("greptime.shared.dir", "../../../shared"), "sqlness");
        assumeTrue(Files.exists(cases.resolve(name + ".sql")), "sqlness cases not found under " + cases);
        try (BufferAllocator allocator = new RootAllocator();
                ReopeningExecutor executor = new ReopeningExecutor(dir, allocator)) {
            SqlnessReplayer.CaseResult result = new SqlnessReplayer(executor)
                    .replay(name, cases.resolve(name + ".sql"), cases.resolve(name + ".result"));
            assertThat(result.passes())
                    .as(name + ": first difference " + result.firstMismatch())
                    .isTrue();
            assertThat(executor.reopenings)
                    .as("statements run on a reopened engine")
                    .isGreaterThan(1);
            executor.close();
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }

    /** Closes the engine and opens it again from the same directory before each statement. */
    private static final class ReopeningExecutor implements SqlnessExecutor {
        private final Path dir;
        private final BufferAllocator allocator;
        private DuckDbEngine engine;
        private EngineSqlnessExecutor delegate;
        long reopenings;

        ReopeningExecutor(Path dir, BufferAllocator allocator) {
            this.dir = dir;
            this.allocator = allocator;
        }

        @Override
        public Answer execute(SqlnessSession session, String sql) {
            close();
            engine = DuckDbEngine.open(dir);
            delegate = new EngineSqlnessExecutor(engine, allocator);
            reopenings++;
            return delegate.execute(session, sql);
        }

        @Override
        public void close() {
            if (delegate != null) {
                delegate.close();
                engine.close();
                delegate = null;
            }
        }
    }
}
