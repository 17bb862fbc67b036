package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Replays GreptimeDB's own sqlness cases (read from the shared folder, never copied) through the engine
 * and requires the recorded answers, statement by statement.
 */
class SqlnessCasesTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"basic", "create/create", "insert/insert", "describe/describe_table", "drop/drop_table",
      "delete/delete", "show/show_databases_tables"})
  void recordedAnswers_areReproduced(String name) throws Exception {
    assumeTrue(Files.exists(SqlnessRun.dir().resolve(name + ".sql")), "sqlness cases not available");
    try (RootAllocator alloc = new RootAllocator()) {
      DuckDbEngine engine = DuckDbEngine.open(dir);
      List<SqlnessRun.Mismatch> bad = SqlnessRun.run(name, () -> DuckDbEngine.open(dir), engine, alloc);
      engine.close();
      bad.forEach(System.out::println);
      assertThat(bad).as(name).isEmpty();
      assertThat(alloc.getAllocatedMemory()).isZero();
    }
  }
}
