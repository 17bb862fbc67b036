package io.greptime.jdbc.tck.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FloatTextTest {

    @Test
    void double_integralValuesKeepPointZero() {
        assertThat(FloatText.of(50.0)).isEqualTo("50.0");
        assertThat(FloatText.of(0.0)).isEqualTo("0.0");
        assertThat(FloatText.of(-0.0)).isEqualTo("-0.0");
        assertThat(FloatText.of(1e15)).isEqualTo("1000000000000000.0");
    }

    @Test
    void double_shortestRoundTripDigits() {
        assertThat(FloatText.of(47.26666666666667)).isEqualTo("47.26666666666667");
        assertThat(FloatText.of(0.1 + 0.2)).isEqualTo("0.30000000000000004");
        assertThat(FloatText.of(-11.8)).isEqualTo("-11.8");
    }

    @Test
    void double_switchesToExponentOutsidePlainRange() {
        assertThat(FloatText.of(1e16)).isEqualTo("1e16");
        assertThat(FloatText.of(1.5e20)).isEqualTo("1.5e20");
        assertThat(FloatText.of(0.0001)).isEqualTo("0.0001");
        assertThat(FloatText.of(0.00001)).isEqualTo("0.00001");
        assertThat(FloatText.of(0.000001)).isEqualTo("1e-6");
        assertThat(FloatText.of(-1.25e-7)).isEqualTo("-1.25e-7");
        assertThat(FloatText.of(Double.MAX_VALUE)).isEqualTo("1.7976931348623157e308");
    }

    @Test
    void double_specialValuesAreSpelledAsRust() {
        assertThat(FloatText.of(Double.NaN)).isEqualTo("NaN");
        assertThat(FloatText.of(Double.POSITIVE_INFINITY)).isEqualTo("inf");
        assertThat(FloatText.of(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
    }

    @Test
    void float_usesFloat32ShortestDigitsAndItsOwnLimit() {
        assertThat(FloatText.of(0.1f)).isEqualTo("0.1");
        assertThat(FloatText.of(66.7f)).isEqualTo("66.7");
        assertThat(FloatText.of(1e12f)).isEqualTo("1000000000000.0");
        assertThat(FloatText.of(1e13f)).isEqualTo("1e13");
    }
}
