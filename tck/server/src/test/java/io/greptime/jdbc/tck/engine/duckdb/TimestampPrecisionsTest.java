package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Timestamps of every unit computed as DataFusion computes them on the column's own i64: a nanosecond value
 * is floored (DuckDB would round it to microseconds), two units meet in the coarser one truncated toward
 * zero, a difference of timestamps is an Arrow Duration. Expected values are what a real GreptimeDB v1.0.0
 * answered for the same rows (probes datetime/precisions and precisions_arith).
 */
class TimestampPrecisionsTest {
    private final EngineFixture f = new EngineFixture();

    @BeforeEach
    void rows() {
        f.update("CREATE TABLE tq (k INT, ts TIMESTAMP(3) TIME INDEX, s TIMESTAMP(0), ms TIMESTAMP(3),"
                + " us TIMESTAMP(6), ns TIMESTAMP(9), PRIMARY KEY(k))");
        f.update("INSERT INTO tq VALUES (1, 1, '2024-02-29 12:34:56', '2024-02-29 12:34:56.789',"
                + " '2024-02-29 12:34:56.789123', '2024-02-29 12:34:56.789123456'), (2, 2, '1969-12-31 23:59:59',"
                + " '1969-12-31 23:59:59.999', '1969-12-31 23:59:59.999999', '1969-12-31 23:59:59.999999999')");
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void nanosecondCalendar_isFlooredNotRounded() {
        EngineFixture.Result r = f.query(
                "SELECT date_trunc('second', ns), date_trunc('day', ns), date_part('microsecond', ns),"
                        + " extract(epoch FROM ns), to_unixtime(ns), date_format(ns, '%H:%M:%S%.9f') FROM tq ORDER BY k");
        assertThat(r.rows())
                .containsExactly(
                        List.of(
                                "2024-02-29T12:34:56",
                                "2024-02-29T00:00:00",
                                "56789123",
                                "1709210096.7891235",
                                "1709210096",
                                "12:34:56.789123456"),
                        List.of(
                                "1969-12-31T23:59:59",
                                "1969-12-31T00:00:00",
                                "59999999",
                                "-1e-9",
                                "-1",
                                "23:59:59.999999999"));
        assertThat(r.schema().getFields().get(0).getType())
                .isEqualTo(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null));
        assertThat(r.schema().getFields().get(2).getType()).isEqualTo(new ArrowType.Int(32, true));
    }

    @Test
    void twoUnits_meetInTheCoarserTruncatedTowardZero() {
        EngineFixture.Result r =
                f.query("SELECT ns > us, ns = us, s <= ns, ns - us, ns - s, s - ns FROM tq ORDER BY k");
        assertThat(r.rows())
                .containsExactly(
                        List.of("false", "true", "true", "P0D", "P0D", "P0D"),
                        List.of("true", "false", "true", "PT0.000001S", "PT1S", "-PT1S"));
        assertThat(r.schema().getFields().get(3).getType()).isEqualTo(new ArrowType.Duration(TimeUnit.MICROSECOND));
        assertThat(r.schema().getFields().get(4).getType()).isEqualTo(new ArrowType.Duration(TimeUnit.SECOND));
    }

    @Test
    void intervalArithmetic_keepsTheUnit() {
        EngineFixture.Result r =
                f.query("SELECT ns + INTERVAL '1 nanosecond', s + INTERVAL '1500 milliseconds' FROM tq ORDER BY k");
        assertThat(r.rows())
                .containsExactly(
                        List.of("2024-02-29T12:34:56.789123457", "2024-02-29T12:34:57"),
                        List.of("1970-01-01T00:00:00", "1970-01-01T00:00:00"));
        assertThat(r.schema().getFields().get(1).getType()).isEqualTo(new ArrowType.Timestamp(TimeUnit.SECOND, null));
    }

    @Test
    void unsupportedParts_areRefusedAsDataFusionRefusesThem() {
        f.fails(
                "SELECT date_part('nanosecond', ns) FROM tq",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "This feature is not implemented: Date part Nanosecond not supported");
        f.fails(
                "SELECT date_trunc('decade', ns) FROM tq",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: Unsupported date_trunc granularity: 'decade'. Supported values are: "
                        + String.join(
                                ", ",
                                Arrays.asList(
                                        "microsecond",
                                        "millisecond",
                                        "second",
                                        "minute",
                                        "hour",
                                        "day",
                                        "week",
                                        "month",
                                        "quarter",
                                        "year")));
    }
}
