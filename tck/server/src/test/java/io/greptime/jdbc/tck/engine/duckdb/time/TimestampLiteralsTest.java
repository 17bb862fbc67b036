package io.greptime.jdbc.tck.engine.duckdb.time;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** GreptimeDB's to_unixtime of text; the expected seconds are a real GreptimeDB v1.0.0's answers. */
class TimestampLiteralsTest {
    @Test
    void unixSeconds_floorTheFractionAndHonourAnOffset() {
        assertThat(TimestampLiterals.unixSeconds("1969-07-20T20:17:40.5Z", "UTC"))
                .isEqualTo(-14_182_940L);
        assertThat(TimestampLiterals.unixSeconds("2024-02-29 23:59:59.999", "UTC"))
                .isEqualTo(1_709_251_199L);
        assertThat(TimestampLiterals.unixSeconds("2023-12-31T23:59:59+08:00", "UTC"))
                .isEqualTo(1_704_038_399L);
    }

    @Test
    void unixSeconds_readTextWithoutOffsetInTheSessionZone() {
        assertThat(TimestampLiterals.unixSeconds("1970-01-01 00:00:00", "+08:00"))
                .isEqualTo(-28_800L);
        assertThat(TimestampLiterals.unixSeconds("2000-01-31", "UTC")).isEqualTo(949_276_800L);
    }

    @Test
    void unixSeconds_reachYearsNanosecondsCannot_andAnswerNullForOtherText() {
        assertThat(TimestampLiterals.unixSeconds("0001-01-01 00:00:00", "UTC")).isEqualTo(-62_135_596_800L);
        assertThat(TimestampLiterals.unixSeconds("9999-12-31 23:59:59", "UTC")).isEqualTo(253_402_300_799L);
        assertThat(TimestampLiterals.parseNanos("0001-01-01 00:00:00", java.time.ZoneOffset.UTC))
                .isNull();
        assertThat(TimestampLiterals.unixSeconds("yesterday", "UTC")).isNull();
        assertThat(TimestampLiterals.unixSeconds(null, "UTC")).isNull();
    }
}
