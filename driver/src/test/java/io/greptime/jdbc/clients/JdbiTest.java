package io.greptime.jdbc.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.junit.jupiter.api.Test;

/** JDBI 3 (three-argument prepareStatement): bound insert, prepared batch and a mapped query. */
class JdbiTest {

    @Test
    void insertBatchAndQuery() throws SQLException {
        try (TicksDatabase db = new TicksDatabase()) {
            Jdbi jdbi = Jdbi.create(db.url());
            List<String> rows = jdbi.withHandle(h -> {
                h.createUpdate("INSERT INTO ticks (sym, venue, ts, price, qty) VALUES (:sym, 'J', :ts, :price, :qty)")
                        .bind("sym", "T0")
                        .bind("ts", Instant.parse("2024-01-04T00:00:00Z"))
                        .bind("price", 1.5)
                        .bind("qty", 1L)
                        .execute();
                PreparedBatch batch = h.prepareBatch(
                        "INSERT INTO ticks (sym, venue, ts, price, qty) VALUES (:sym, 'J', :ts, :price, :qty)");
                for (int i = 1; i <= 3; i++) {
                    batch.bind("sym", "T" + i)
                            .bind("ts", Instant.parse("2024-01-04T00:00:00Z").plusSeconds(i))
                            .bind("price", 1.5 + i)
                            .bind("qty", (long) i)
                            .add();
                }
                assertThat(batch.execute()).containsExactly(1, 1, 1);
                return h.createQuery("SELECT sym, price FROM ticks WHERE venue = :venue ORDER BY sym")
                        .bind("venue", "J")
                        .map((rs, ctx) -> rs.getString("sym") + "=" + rs.getDouble("price"))
                        .list();
            });
            assertThat(rows).containsExactly("T0=1.5", "T1=2.5", "T2=3.5", "T3=4.5");
        }
    }
}
