package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PersistenceAndConcurrencyTest {
    @TempDir
    Path dir;

    @Test
    void reopen_restoresDataAndGreptimeMetadata() {
        String desc;
        try (EngineFixture f = new EngineFixture(DuckDbEngine.open(dir))) {
            f.update("CREATE DATABASE d WITH (ttl = '2h')");
            f.update("CREATE TABLE d.m (host STRING PRIMARY KEY, v DOUBLE DEFAULT 1 COMMENT 'c',"
                    + " ts TIMESTAMP(6) TIME INDEX) WITH (merge_mode = 'last_non_null')");
            f.update("INSERT INTO d.m VALUES ('a', NULL, 1), ('b', 2, 2)");
            desc = f.query("SHOW CREATE TABLE d.m").rows().get(0).get(1);
        }
        try (EngineFixture f = new EngineFixture(DuckDbEngine.open(dir))) {
            assertThat(f.query("SHOW DATABASES").column(0)).contains("d");
            assertThat(f.query("SHOW CREATE TABLE d.m").rows().get(0).get(1)).isEqualTo(desc);
            assertThat(f.query("SELECT host, v FROM d.m").rows())
                    .containsExactly(java.util.Arrays.asList("a", null), List.of("b", "2.0"));
            f.update("INSERT INTO d.m VALUES ('a', 5, 1)");
            f.update("CREATE TABLE d.n (ts TIMESTAMP TIME INDEX)");
            assertThat(f.query("SELECT table_name, table_id FROM information_schema.tables WHERE table_schema = 'd'"
                                    + " ORDER BY table_id")
                            .column(0))
                    .containsExactly("m", "n");
        }
    }

    @Test
    void concurrentWritersAndReaders_seeConsistentCounts() throws Exception {
        try (EngineFixture f = new EngineFixture()) {
            f.update("CREATE TABLE c (w INT PRIMARY KEY, ts TIMESTAMP TIME INDEX, v INT)");
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int w = 0; w < 4; w++) {
                    int writer = w;
                    futures.add(pool.submit(() -> {
                        for (int i = 0; i < 20; i++) {
                            f.update("INSERT INTO c VALUES (" + writer + ", " + i + ", " + i + ")");
                            assertThat(f.query("SELECT count(*) FROM c WHERE w = " + writer)
                                            .column(0))
                                    .containsExactly(String.valueOf(i + 1));
                        }
                    }));
                }
                for (Future<?> fu : futures) {
                    fu.get();
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(f.query("SELECT count(*) FROM c").column(0)).containsExactly("80");
        }
    }
}
