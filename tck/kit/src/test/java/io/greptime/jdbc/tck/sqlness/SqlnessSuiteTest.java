package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqlnessSuiteTest {

    @Test
    void readPassList_skipsCommentsAndBlankLinesAndAcceptsTheSqlSuffix() {
        assertThat(SqlnessSuite.readPassList("# header\nbasic\n\n  create/create.sql  # trailing\n#x\n"))
                .containsExactly("basic", "create/create");
    }

    @Test
    void run_givesEveryCaseAFreshTargetAndClosesIt(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("sub"));
        Files.writeString(dir.resolve("a.sql"), "SELECT 1;\n");
        Files.writeString(dir.resolve("a.result"), "SELECT 1;\n\nAffected Rows: 1\n");
        Files.writeString(dir.resolve("sub/b.sql"), "SELECT 2;\n");
        Files.writeString(dir.resolve("sub/b.result"), "SELECT 2;\n\nAffected Rows: 2\n");
        List<String> events = new ArrayList<>();

        SqlnessReport report = SqlnessSuite.run(dir, () -> new SqlnessExecutor() {
            final int id = events.size();

            @Override
            public Answer execute(SqlnessSession session, String sql) {
                events.add("exec" + id);
                return new Answer.Affected(1);
            }

            @Override
            public void close() {
                events.add("close" + id);
            }
        });

        assertThat(events).containsExactly("exec0", "close0", "exec2", "close2");
        assertThat(report.find("a").passes()).isTrue();
        assertThat(report.find("sub/b").passes()).isFalse();
        assertThat(report.totalLine()).isEqualTo("sqlness: total 1 of 2 statements match (50.0%)");
    }
}
