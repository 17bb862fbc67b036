package io.greptime.jdbc.internal.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** executeBatch's int[] and executeLargeBatch's long[] say the same counts, built without a detour. */
class CountArraysTest {
    @Test
    void filled_givesEveryRowTheCount_inEitherForm() {
        assertThat(CountArrays.INTS.filled(3, 1)).containsExactly(1, 1, 1);
        assertThat(CountArrays.LONGS.filled(3, 1)).containsExactly(1L, 1L, 1L);
        assertThat(CountArrays.INTS.filled(2, Statement.SUCCESS_NO_INFO))
                .containsExactly(Statement.SUCCESS_NO_INFO, Statement.SUCCESS_NO_INFO);
        assertThat(CountArrays.INTS.filled(0, 1)).isEmpty();
    }

    @Test
    void of_keepsLongCountsAsTheyAre_andClampsIntsAtTheirLargestValue() {
        long[] counts = {1, Statement.EXECUTE_FAILED, 5_000_000_000L};
        assertThat(CountArrays.LONGS.of(counts)).isSameAs(counts);
        assertThat(CountArrays.INTS.of(counts)).containsExactly(1, Statement.EXECUTE_FAILED, Integer.MAX_VALUE);
    }
}
