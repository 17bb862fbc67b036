package io.greptime.jdbc.tck.engine.duckdb.exec;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DuckDB's numeric cast failures told as GreptimeDB tells them: its CAST is Arrow's cast kernel (safe mode
 * off), so the messages are arrow-cast's, under status 3001 (EngineExecuteQuery):
 *
 * <ul>
 *   <li>integer to integer: {@code Cast error: Can't cast value 200 to type Int8};
 *   <li>float to integer: the same, the value as Rust's {@code {:?}} prints it ({@code NaN}, {@code inf},
 *       {@code 3000000000.0});
 *   <li>decimal to integer: {@code Cast error: value of 128 is out of range Int8};
 *   <li>integer to decimal: the value times 10^scale, {@code Arithmetic overflow: Overflow happened on: v * 10^s}
 *       when that leaves i128, else the precision check below;
 *   <li>float to decimal: {@code round(v * 10^scale)}, {@code Cast error: Cannot cast to Decimal128(p, s).
 *       Overflowing on v} when that is not a finite i128, else the precision check;
 *   <li>precision check: {@code Invalid argument error: 100.0 is too large to store in a Decimal128 of
 *       precision 3. Max is 99.9} ({@code too small ... Min is -99.9} below the range), both values written
 *       with the target scale.
 * </ul>
 *
 * DuckDB's text loses two things: a float's own type in a decimal cast (a value exactly representable as a
 * 32-bit float is taken as one) and digits past the sixth decimal of a float; and DuckDB rounds a decimal
 * to an integer where Arrow truncates, so a fractional decimal's value is DuckDB's rounded one.
 */
public final class CastErrors {
    private static final Pattern TO_DECIMAL =
            Pattern.compile("^Could not cast value (\\S+) to DECIMAL\\((\\d+),(\\d+)\\)$");
    private static final Pattern NUMBER_TO_INT = Pattern.compile("^Type (\\w+) with value (\\S+) can't be cast because"
            + " the value is out of range for the destination type (U?INT\\d+)$");
    private static final Pattern DECIMAL_TO_INT =
            Pattern.compile("^Failed to cast decimal value (\\S+) to type (U?INT\\d+)$");
    private static final Pattern SOURCE_COLUMN = Pattern.compile(" when casting from source column .*$");
    private static final BigInteger I128_MAX = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);
    private static final BigInteger I128_MIN = BigInteger.ONE.shiftLeft(127).negate();
    private static final double TWO_127 = Math.scalb(1.0, 127);

    private CastErrors() {}

    /** GreptimeDB's error for DuckDB's conversion message {@code body}, or null when it is not a numeric cast. */
    static GreptimeError map(String body, Throwable cause) {
        String message = message(body);
        return message == null ? null : new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, message, cause);
    }

    static String message(String body) {
        // DuckDB names the column a failed cast read from; Arrow's messages do not
        body = SOURCE_COLUMN.matcher(body).replaceFirst("");
        String text = StringCasts.message(body);
        if (text != null) {
            return text;
        }
        Matcher m = NUMBER_TO_INT.matcher(body);
        if (m.matches()) {
            String value = m.group(1).startsWith("INT") || m.group(1).startsWith("UINT")
                    ? m.group(2)
                    : rustDebug(duckDouble(m.group(2)), m.group(1).equals("FLOAT"));
            return "Cast error: Can't cast value " + value + " to type " + arrowInt(m.group(3));
        }
        m = DECIMAL_TO_INT.matcher(body);
        if (m.matches()) {
            String value = new BigDecimal(m.group(1)).toBigInteger().toString();
            return "Cast error: value of " + value + " is out of range " + arrowInt(m.group(2));
        }
        m = TO_DECIMAL.matcher(body);
        if (m.matches()) {
            return toDecimal(m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
        }
        return null;
    }

    private static String toDecimal(String value, int precision, int scale) {
        BigInteger scaled;
        if (value.matches("-?\\d+")) {
            BigInteger v = new BigInteger(value);
            BigInteger mul = BigInteger.TEN.pow(scale);
            scaled = v.multiply(mul);
            if (scaled.compareTo(I128_MAX) > 0 || scaled.compareTo(I128_MIN) < 0) {
                return "Arithmetic overflow: Overflow happened on: " + v + " * " + mul;
            }
        } else {
            double v = duckDouble(value);
            double product = roundAway(v * Math.pow(10, scale));
            if (Double.isNaN(product) || Double.isInfinite(product) || product >= TWO_127 || product < -TWO_127) {
                return "Cast error: Cannot cast to Decimal128(" + precision + ", " + scale + "). Overflowing on "
                        + rustDebug(v, v == (float) v);
            }
            scaled = new BigDecimal(product).toBigInteger();
        }
        BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
        if (scaled.compareTo(max) > 0) {
            return "Invalid argument error: " + decimalText(scaled, scale) + " is too large to store in a Decimal128"
                    + " of precision " + precision + ". Max is " + decimalText(max, scale);
        }
        if (scaled.compareTo(max.negate()) < 0) {
            return "Invalid argument error: " + decimalText(scaled, scale) + " is too small to store in a Decimal128"
                    + " of precision " + precision + ". Min is " + decimalText(max.negate(), scale);
        }
        return null; // DuckDB refused what Arrow accepts (its rounding differs): keep DuckDB's own message
    }

    /** A float as DuckDB writes it in messages: digits, {@code nan}, {@code inf}, {@code -inf}. */
    private static double duckDouble(String text) {
        return Double.parseDouble(text.replace("inf", "Infinity").replace("nan", "NaN"));
    }

    /** Rust's {@code f64::round}: halves away from zero. */
    private static double roundAway(double x) {
        return Double.isFinite(x) ? Math.copySign(Math.floor(Math.abs(x) + 0.5), x) : x;
    }

    /** An unscaled decimal written with {@code scale} digits after the point, as arrow-rs formats it. */
    static String decimalText(BigInteger unscaled, int scale) {
        return new BigDecimal(unscaled, scale).toPlainString();
    }

    /** Rust's {@code {:?}} of a float: shortest digits, exponent form below 1e-4 and from 1e16. */
    public static String rustDebug(double v, boolean f32) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == 0) {
            return (1 / v < 0) ? "-0.0" : "0.0";
        }
        BigDecimal shortest = new BigDecimal(f32 ? Float.toString((float) v) : Double.toString(v)).stripTrailingZeros();
        double abs = Math.abs(v);
        if (abs >= 1e-4 && abs < 1e16) {
            String plain = shortest.toPlainString();
            return plain.contains(".") ? plain : plain + ".0";
        }
        String digits = shortest.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - shortest.scale();
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return (v < 0 ? "-" : "") + mantissa + "e" + exponent;
    }

    /** DuckDB's INT8/UINT16... as Arrow names them (Int8, UInt16). */
    private static String arrowInt(String duck) {
        String lower = duck.toLowerCase(Locale.ROOT);
        return lower.startsWith("u") ? "UInt" + lower.substring(4) : "Int" + lower.substring(3);
    }
}
