package io.greptime.jdbc.tck.engine.duckdb.time;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Interval text as GreptimeDB expands and Arrow parses it into months, days and nanoseconds. */
class IntervalValueTest {
    @Test
    void abbreviations_expandOnlyWithoutSpaces() {
        assertThat(IntervalValue.expand("3w2d")).isEqualTo("3 weeks 2 days");
        assertThat(IntervalValue.expand("100ms")).isEqualTo("100 milliseconds");
        assertThat(IntervalValue.expand("1 year 2 months")).isEqualTo("1 year 2 months");
        assertThat(IntervalValue.expand("P1DT2H")).isEqualTo("93600000 milliseconds");
        assertThat(IntervalValue.expand("-P1W")).isEqualTo("-604800000 milliseconds");
    }

    @Test
    void fractions_spillIntoSmallerUnits() {
        assertThat(IntervalValue.parse("1.5 months")).isEqualTo(new IntervalValue(1, 15, 0));
        assertThat(IntervalValue.parse("0.5 day")).isEqualTo(new IntervalValue(0, 0, 12 * 3_600_000_000_000L));
        assertThat(IntervalValue.parse("1.5 years")).isEqualTo(new IntervalValue(18, 0, 0));
        assertThat(IntervalValue.parse("2 weeks 1 hour")).isEqualTo(new IntervalValue(0, 14, 3_600_000_000_000L));
    }

    @Test
    void aBareNumberIsSeconds_andRepeatedOrUnknownUnitsAreRefused() {
        assertThat(IntervalValue.parse("30")).isEqualTo(new IntervalValue(0, 0, 30_000_000_000L));
        assertThat(IntervalValue.parse("1 day 2 days")).isNull();
        assertThat(IntervalValue.parse("1 fortnight")).isNull();
    }
}
