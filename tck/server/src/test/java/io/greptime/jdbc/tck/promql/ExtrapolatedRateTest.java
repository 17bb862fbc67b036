package io.greptime.jdbc.tck.promql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** rate over a counter, to the last digit a real GreptimeDB v1.0.0 answered (TQL EVAL rate(m[30s])). */
class ExtrapolatedRateTest {
    @Test
    void rateMultipliesByOneFactorDividedByTheRange() {
        long[] t = {0, 10000, 20000, 30000, 40000, 50000};
        double[] a = {10.0, 20.0, 35.0, 5.0, 15.0, 30.0};
        double[] b = {100.0, 110.0, 90.0, 95.5, 130.0, 131.0};
        // window (-10s, 20s]: samples at 0, 10 and 20 s
        assertEquals(1.1666666666666665, RangeFunctions.extrapolated(t, a, 0, 3, 20000, 30000, true, true));
        // window (20s, 50s]: samples at 30, 40 and 50 s
        assertEquals(1.7750000000000001, RangeFunctions.extrapolated(t, b, 3, 6, 50000, 30000, true, true));
    }
}
