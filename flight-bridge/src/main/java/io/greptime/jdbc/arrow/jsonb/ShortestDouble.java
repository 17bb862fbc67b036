package io.greptime.jdbc.arrow.jsonb;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Prints a double the way Rust's {@code ryu} crate does (the jsonb crate prints floats with it): the
 * shortest decimal that parses back to the same double (the closest one when several are as short), laid
 * out as {@code 123.0}, {@code 1.5}, {@code 0.0001}, {@code 1e16}, {@code 1.5e-7}.
 *
 * <p>Java 17's {@code Double.toString} is not always shortest (JDK-4511638, fixed in JDK 19) and lays
 * numbers out differently ({@code 1.0E16}), so the digits are found here with exact decimal arithmetic.
 */
final class ShortestDouble {
    private ShortestDouble() {}

    /** Largest double below which every integer is exact, so its digits are those of the long. */
    private static final double EXACT_INTEGER_LIMIT = 0x1p53;

    static String format(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        } else if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        boolean negative = (Double.doubleToRawLongBits(v) & Long.MIN_VALUE) != 0;
        double magnitude = Math.abs(v);
        StringBuilder out = new StringBuilder(24);
        if (negative) {
            out.append('-');
        }
        if (magnitude == 0) {
            return out.append("0.0").toString();
        }
        BigDecimal shortest = shortestDecimal(magnitude).stripTrailingZeros();
        layOut(shortest.unscaledValue().toString(), -shortest.scale(), out);
        return out.toString();
    }

    private static BigDecimal shortestDecimal(double magnitude) {
        if (magnitude < EXACT_INTEGER_LIMIT && magnitude == Math.rint(magnitude)) {
            return BigDecimal.valueOf((long) magnitude);
        }
        // Fast path: the JDK's digits D round-trip. Its length is the shortest when neither of D's
        // neighbours one digit shorter round-trips (if some shorter decimal did, so would the one of those
        // neighbours on its side); D is then the answer when neither of its same-length neighbours
        // round-trips either, since D is the only candidate left.
        BigDecimal jdk = new BigDecimal(Double.toString(magnitude)).stripTrailingZeros();
        int length = jdk.precision();
        if (length > 1 && closestRoundTripping(jdk, magnitude, length - 1) != null) {
            return bisect(new BigDecimal(magnitude), magnitude, length - 1);
        }
        if (!parsesTo(jdk.subtract(jdk.ulp()), magnitude) && !parsesTo(jdk.add(jdk.ulp()), magnitude)) {
            return jdk;
        }
        return closestRoundTripping(new BigDecimal(magnitude), magnitude, length);
    }

    /** The shortest decimal of at most {@code maxDigits} digits that parses back to {@code value}. */
    private static BigDecimal bisect(BigDecimal exact, double value, int maxDigits) {
        // Whether some p-digit decimal parses back to the double only gets truer as p grows, so the
        // smallest such p can be found by bisection.
        int lo = 1;
        int hi = maxDigits;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (closestRoundTripping(exact, value, mid) != null) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return closestRoundTripping(exact, value, lo);
    }

    private static boolean parsesTo(BigDecimal decimal, double value) {
        return Double.parseDouble(decimal.toString()) == value;
    }

    /**
     * The p-digit decimal nearest to {@code exact} that parses back to {@code value}, or null. Only the
     * p-digit neighbours below and above can qualify: the decimals that parse to a double form an interval
     * around its exact value.
     */
    private static BigDecimal closestRoundTripping(BigDecimal exact, double value, int digits) {
        BigDecimal below = exact.round(new MathContext(digits, RoundingMode.FLOOR));
        BigDecimal above = exact.round(new MathContext(digits, RoundingMode.CEILING));
        boolean belowOk = parsesTo(below, value);
        boolean aboveOk = parsesTo(above, value);
        if (belowOk && aboveOk) {
            int cmp = exact.subtract(below).compareTo(above.subtract(exact));
            if (cmp != 0) {
                return cmp < 0 ? below : above;
            }
            return below.unscaledValue().testBit(0) ? above : below; // a tie goes to the even digit
        }
        return belowOk ? below : aboveOk ? above : null;
    }

    /**
     * Lays out {@code digits × 10^exponent} ({@code digits} without trailing zeros) as ryu does: plain
     * notation while the decimal point falls within 16 digits of the start, or at most five places left of
     * it (0.0000d); otherwise {@code d.ddde±x} with no '+' and no leading exponent zeros.
     */
    private static void layOut(String digits, int exponent, StringBuilder out) {
        int length = digits.length();
        int pointAt = length + exponent; // 10^(pointAt-1) <= value < 10^pointAt
        if (exponent >= 0 && pointAt <= 16) {
            out.append(digits).append("0".repeat(exponent)).append(".0");
        } else if (pointAt > 0 && pointAt <= 16) {
            out.append(digits, 0, pointAt).append('.').append(digits, pointAt, length);
        } else if (pointAt > -5 && pointAt <= 0) {
            out.append("0.").append("0".repeat(-pointAt)).append(digits);
        } else if (length == 1) {
            out.append(digits).append('e').append(pointAt - 1);
        } else {
            out.append(digits.charAt(0))
                    .append('.')
                    .append(digits, 1, length)
                    .append('e')
                    .append(pointAt - 1);
        }
    }
}
