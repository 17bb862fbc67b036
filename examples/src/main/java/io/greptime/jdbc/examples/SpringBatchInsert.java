package io.greptime.jdbc.examples;

import io.greptime.jdbc.GreptimeDataSource;
import io.greptime.jdbc.GreptimeProperty;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Spring's {@link JdbcTemplate} over {@link GreptimeDataSource}: a {@code batchUpdate} of 10,000 rows
 * (sent by the driver as Arrow record batches on Flight DoPut), then {@code queryForObject},
 * {@code queryForList} and {@code update}. GreptimeDB has no transactions; JdbcTemplate needs none.
 */
public final class SpringBatchInsert {
    static final int ROWS = 10_000;

    private SpringBatchInsert() {}

    public static void main(String[] args) throws Exception {
        try (ExampleTarget target = ExampleTarget.open()) {
            run(target.url());
        }
    }

    static void run(String url) {
        // The DataSource owns the channels its connections share; closing it releases them.
        try (GreptimeDataSource dataSource = new GreptimeDataSource()) {
            dataSource.setUrl(url);
            // Any connection property can be set on the DataSource. Uncompressed DoPut batches: on loopback, LZ4
            // costs more client CPU than the bytes it saves.
            dataSource.setProperty(GreptimeProperty.BULK_COMPRESSION, "none");
            run(new JdbcTemplate(dataSource));
        }
    }

    private static void run(JdbcTemplate jdbc) {
        jdbc.execute("DROP TABLE IF EXISTS spring_orders");
        jdbc.execute("CREATE TABLE spring_orders (`region` STRING, store STRING, amount DOUBLE, `items` BIGINT,"
                + " ts TIMESTAMP(3) NOT NULL, TIME INDEX (ts), PRIMARY KEY (region, store))");

        List<Object[]> rows = new ArrayList<>(ROWS);
        long t0 = 1_704_067_200_000L;
        for (int i = 0; i < ROWS; i++) {
            rows.add(new Object[] {
                i % 2 == 0 ? "north" : "south",
                "store-" + i % 10,
                10.0 + i % 90,
                (long) (1 + i % 5),
                new Timestamp(t0 + i * 1000L)
            });
        }
        long start = System.nanoTime();
        int[] counts = jdbc.batchUpdate(
                "INSERT INTO spring_orders (region, store, amount, items, ts) VALUES (?, ?, ?, ?, ?)", rows);
        System.out.printf("batchUpdate wrote %,d rows in %.2f s%n", sum(counts), (System.nanoTime() - start) / 1e9);
        ExampleTarget.check(sum(counts) == ROWS, "batchUpdate reported " + ROWS + " rows");

        Long stored = jdbc.queryForObject("SELECT count(*) FROM spring_orders", Long.class);
        ExampleTarget.check(stored != null && stored == ROWS, "count(*) is " + ROWS);
        List<Map<String, Object>> perRegion = jdbc.queryForList(
                "SELECT region, sum(items) AS items FROM spring_orders GROUP BY region ORDER BY region");
        perRegion.forEach(r -> System.out.println("  " + r));
        ExampleTarget.check(perRegion.size() == 2, "two regions");

        // an update in GreptimeDB is a write with the same tags and time index
        int replaced = jdbc.update(
                "INSERT INTO spring_orders (region, store, amount, items, ts) VALUES (?, ?, ?, ?, ?)",
                "north",
                "store-0",
                999.0,
                1L,
                new Timestamp(t0));
        Double amount = jdbc.queryForObject(
                "SELECT amount FROM spring_orders WHERE region = ? AND store = ? AND ts = ?",
                Double.class,
                "north",
                "store-0",
                new Timestamp(t0));
        ExampleTarget.check(replaced == 1 && amount != null && amount == 999.0, "the row was replaced (upsert)");
        ExampleTarget.check(
                Long.valueOf(ROWS).equals(jdbc.queryForObject("SELECT count(*) FROM spring_orders", Long.class)),
                "still " + ROWS + " rows");
        jdbc.execute("DROP TABLE spring_orders");
    }

    private static long sum(int[] counts) {
        long n = 0;
        for (int c : counts) {
            n += c;
        }
        return n;
    }
}
