package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Integer arithmetic wraps around on overflow, in the wider operand's type. */
class IntegerWrapTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void overflow_wrapsInTheOperandsType() {
        assertThat(f.query(
                                "SELECT 120::TINYINT + 10::TINYINT, (-120)::TINYINT - 10::TINYINT, 200::SMALLINT * 200::SMALLINT,"
                                        + " 9223372036854775807::BIGINT + 1::BIGINT, 250::UINT8 + 10::UINT8, 1::UINT8 - 2::UINT8")
                        .rows()
                        .get(0))
                .containsExactly("-126", "126", "-25536", "-9223372036854775808", "4", "255");
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, a INT, b INT)");
        f.update("INSERT INTO t VALUES (1, 2147483647, 2), (2, 5, 6)");
        EngineFixture.Result r = f.query("SELECT a + b, a * b FROM t ORDER BY ts");
        assertThat(r.rows()).containsExactly(java.util.List.of("-2147483647", "-2"), java.util.List.of("11", "30"));
        assertThat(r.schema().getFields().get(0).getType()).isEqualTo(GreptimeType.INT32.arrow());
    }
}
