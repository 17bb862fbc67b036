package io.greptime.jdbc.tck.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Floats as arrow-rs prints them (it uses the {@code ryu} crate): the shortest digits that read back to the
 * same value, laid out as {@code 50.0}, {@code 0.001234}, {@code 1e-7} or {@code 1.5e20}. Plain notation
 * is used while the decimal point falls within 16 digits (13 for float32) and no more than 4 zeros
 * follow the point; {@code NaN}, {@code inf} and {@code -inf} are spelled as Rust does.
 */
public final class FloatText {
    private FloatText() {}

    /** A float64 cell. */
    public static String of(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == 0) {
            return (1 / value < 0) ? "-0.0" : "0.0";
        }
        double magnitude = Math.abs(value);
        BigDecimal shortest = shortest(magnitude, 17, digits -> Double.parseDouble(digits) == magnitude);
        return layout(value < 0, shortest, 16);
    }

    /** A float32 cell. */
    public static String of(float value) {
        if (Float.isNaN(value)) {
            return "NaN";
        }
        if (Float.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == 0) {
            return (1 / value < 0) ? "-0.0" : "0.0";
        }
        float magnitude = Math.abs(value);
        BigDecimal shortest = shortest(magnitude, 9, digits -> Float.parseFloat(digits) == magnitude);
        return layout(value < 0, shortest, 13);
    }

    private interface RoundTrip {
        boolean same(String decimal);
    }

    /** The exact binary value rounded to the fewest significant digits that still round-trips. */
    private static BigDecimal shortest(double value, int maxDigits, RoundTrip check) {
        BigDecimal exact = new BigDecimal(Math.abs(value));
        for (int digits = 1; digits < maxDigits; digits++) {
            BigDecimal rounded = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (check.same(rounded.toString())) {
                return rounded;
            }
        }
        return exact.round(new MathContext(maxDigits, RoundingMode.HALF_EVEN));
    }

    /** Lays out digits × 10^k the way ryu's pretty printer does; {@code kk} is the decimal point position. */
    private static String layout(boolean negative, BigDecimal magnitude, int plainLimit) {
        BigDecimal stripped = magnitude.stripTrailingZeros();
        String digits = stripped.unscaledValue().toString();
        int length = digits.length();
        int k = -stripped.scale();
        int kk = length + k;
        StringBuilder out = new StringBuilder(negative ? "-" : "");
        if (k >= 0 && kk <= plainLimit) {
            out.append(digits).append("0".repeat(k)).append(".0");
        } else if (kk > 0 && kk <= plainLimit) {
            out.append(digits, 0, kk).append('.').append(digits, kk, length);
        } else if (kk > -5 && kk <= 0) {
            out.append("0.").append("0".repeat(-kk)).append(digits);
        } else {
            out.append(digits.charAt(0));
            if (length > 1) {
                out.append('.').append(digits, 1, length);
            }
            out.append('e').append(kk - 1);
        }
        return out.toString();
    }
}
