package io.greptime.jdbc.internal.bulk;

import java.util.Arrays;

/**
 * The array a batch's update counts are returned in: {@code executeBatch}'s {@code int[]} or
 * {@code executeLargeBatch}'s {@code long[]}, built once in the form the caller asked for. A DoPut batch
 * that succeeded has one and the same count for every row, so it needs no intermediate array: building a
 * {@code long[]} and then narrowing it cost 12 bytes of garbage a row (WriteProcesses,
 * docs/benchmarks.md), more than the rest of executeBatch's heap allocation.
 *
 * @param <T> {@code int[]} or {@code long[]}
 */
public abstract sealed class CountArrays<T> {
    /** For executeLargeBatch. */
    public static final CountArrays<long[]> LONGS = new Longs();
    /** For executeBatch: counts above Integer.MAX_VALUE become Integer.MAX_VALUE. */
    public static final CountArrays<int[]> INTS = new Ints();

    private CountArrays() {}

    /** {@code rows} counts, each {@code count} (1, SUCCESS_NO_INFO, ...). */
    public abstract T filled(int rows, long count);

    /** These counts, in this form (the array itself when it already is). */
    public abstract T of(long[] counts);

    /**
     * An update count as the int API can say it: a count beyond {@code Integer.MAX_VALUE} (GreptimeDB
     * counts in uint32) is clamped to it, as MySQL Connector/J does, and never turned into a negative
     * constant that reads as "no count" ({@code -1}) or "unknown" ({@code -2}); the large variants give it
     * exactly. Negative counts (SUCCESS_NO_INFO, EXECUTE_FAILED) pass as they are.
     */
    public static int narrow(long count) {
        return count > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) count;
    }

    private static final class Longs extends CountArrays<long[]> {
        @Override
        public long[] filled(int rows, long count) {
            long[] out = new long[rows];
            Arrays.fill(out, count);
            return out;
        }

        @Override
        public long[] of(long[] counts) {
            return counts;
        }
    }

    private static final class Ints extends CountArrays<int[]> {
        @Override
        public int[] filled(int rows, long count) {
            int[] out = new int[rows];
            Arrays.fill(out, narrow(count));
            return out;
        }

        @Override
        public int[] of(long[] counts) {
            int[] out = new int[counts.length];
            for (int i = 0; i < counts.length; i++) {
                out[i] = narrow(counts[i]);
            }
            return out;
        }
    }
}
