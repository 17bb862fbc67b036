package io.greptime.jdbc.tck.engine.duckdb.writes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.apache.arrow.vector.types.TimeUnit;
import org.junit.jupiter.api.Test;

/** A written timestamp's count in its column's unit, up to the ends of the i64 range GreptimeDB stores. */
class ValuesInstantTest {
    @Test
    void theFirstAndLastNanosecondsAreTheI64Ends() {
        assertThat(Values.fromInstant(Instant.parse("1677-09-21T00:12:43.145224192Z"), TimeUnit.NANOSECOND))
                .isEqualTo(Long.MIN_VALUE);
        assertThat(Values.fromInstant(Instant.parse("2262-04-11T23:47:16.854775807Z"), TimeUnit.NANOSECOND))
                .isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(
                        () -> Values.fromInstant(Instant.parse("1677-09-21T00:12:43.145224191Z"), TimeUnit.NANOSECOND))
                .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void aFractionBefore1970CountsDownFromTheNextSecond() {
        assertThat(Values.fromInstant(Instant.parse("1969-12-31T23:59:59.999Z"), TimeUnit.MILLISECOND))
                .isEqualTo(-1L);
        assertThat(Values.fromInstant(Instant.parse("1969-07-20T20:17:40.500001Z"), TimeUnit.MICROSECOND))
                .isEqualTo(-14_182_939_499_999L);
        assertThat(Values.fromInstant(Instant.parse("2024-02-29T23:59:59.999999999Z"), TimeUnit.MICROSECOND))
                .isEqualTo(1_709_251_199_999_999L);
    }
}
