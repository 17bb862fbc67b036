package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** DataFusion's median keeps an integer input's type and truncates the mean of the two middle values. */
class MedianTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void integerMedians_stayIntegers() {
        f.update("CREATE TABLE m (ts TIMESTAMP TIME INDEX, i INT, d DOUBLE, g INT)");
        f.update(
                "INSERT INTO m VALUES (1, 4, 4.0, 1), (2, 5, 5.0, 1), (3, -4, -4.0, 2), (4, -5, -5.0, 2), (5, 7, 7, 3)");
        EngineFixture.Result r = f.query("SELECT g, median(i), median(d) FROM m GROUP BY g ORDER BY g");
        assertThat(r.column(1)).containsExactly("4", "-4", "7");
        assertThat(r.column(2)).containsExactly("4.5", "-4.5", "7.0");
        assertThat(r.schema().getFields().get(1).getType()).isEqualTo(GreptimeType.INT32.arrow());
        assertThat(f.query("SELECT median(NULL), median(3)").rows().get(0)).containsExactly(null, "3");
    }
}
