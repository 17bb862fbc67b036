package app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

@SpringBootTest(properties = "logging.level.io.greptime.jdbc.transport=trace")
class ApplicationTest {
    // before the context starts, so the pool's first connection is seen
    private static final TransportLog LOG = TransportLog.install();

    @Autowired
    DataSource dataSource;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void bootsPoolAndJdbcTemplateOverTheDriver() {
        assertEquals("com.zaxxer.hikari.HikariDataSource", dataSource.getClass().getName());
        String table =
                "boot_cpu_" + System.getProperty("java.class.version").replace('.', '_') + "_" + System.nanoTime();
        jdbc.execute("CREATE TABLE " + table + " (host STRING PRIMARY KEY, `usage` DOUBLE, ts TIMESTAMP TIME INDEX)");
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            rows.add(new Object[] {"h" + i % 3, (double) i, new Timestamp(1_700_000_000_000L + i)});
        }
        int[] counts = jdbc.batchUpdate("INSERT INTO " + table + " (host, usage, ts) VALUES (?, ?, ?)", rows);
        assertEquals(50, counts.length);
        assertEquals(
                1,
                jdbc.update(
                        "INSERT INTO " + table + " (host, usage, ts) VALUES (?, ?, ?)",
                        "h9",
                        1000.0,
                        new Timestamp(1_800_000_000_000L)));
        assertEquals(51L, jdbc.queryForObject("SELECT count(*) FROM " + table, Long.class));
        assertEquals(2225.0, jdbc.queryForObject("SELECT sum(usage) FROM " + table, Double.class));
        LOG.check();
    }
}
