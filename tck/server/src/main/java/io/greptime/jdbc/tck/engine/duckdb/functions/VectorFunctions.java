package io.greptime.jdbc.tck.engine.duckdb.functions;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HexFormat;

/**
 * GreptimeDB's vector functions in float32, as it computes them. A vector argument is either text
 * ({@code '[1.0, 2.0]'}) or a vector value (little-endian float32 bytes), which the SQL passes as
 * {@code b:<hex>}; vector results are returned as hex for SQL to turn back into bytes. Distances and
 * element aggregates are float32; {@code vec_to_string} prints Rust's shortest float32 text.
 */
public final class VectorFunctions {
    /** Marks a vector value passed as hex rather than as text. */
    public static final String BYTES = "b:";

    private VectorFunctions() {}

    /** Decodes a vector argument; {@code fn} names the function in errors. */
    public static float[] vector(String arg) {
        if (arg.startsWith(BYTES)) {
            byte[] bytes = HexFormat.of().parseHex(arg.substring(BYTES.length()));
            ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            float[] out = new float[bytes.length / 4];
            for (int i = 0; i < out.length; i++) {
                out[i] = b.getFloat();
            }
            return out;
        }
        return parse(arg);
    }

    /** GreptimeDB's vector text: {@code [a, b, ...]} of float32 values. */
    public static float[] parse(String text) {
        String s = text.trim();
        if (!s.startsWith("[") || !s.endsWith("]")) {
            throw invalid(text, "not properly enclosed in brackets");
        }
        String body = s.substring(1, s.length() - 1).trim();
        if (body.isEmpty()) {
            return new float[0];
        }
        String[] parts = body.split(",");
        float[] out = new float[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = Float.parseFloat(parts[i].trim());
            } catch (NumberFormatException e) {
                throw invalid(text, "elements are not all float32");
            }
        }
        return out;
    }

    /** A bad vector text inside a query fails it while executing (a real v1.0.0: 3001 for parse_vec('1, 2')). */
    private static GreptimeError invalid(String text, String why) {
        return new GreptimeError(
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid Vector: Failed to parse " + text + " to Vector value: " + why);
    }

    /** Each element plus {@code k}, or times it with {@code multiply}, in f32 as nalgebra computes it. */
    public static float[] scaled(float[] v, float k, boolean multiply) {
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = multiply ? v[i] * k : v[i] + k;
        }
        return out;
    }

    public static String hex(float[] v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : v) {
            b.putFloat(f);
        }
        return HexFormat.of().formatHex(b.array());
    }

    public static String toText(String arg) {
        float[] v = vector(arg);
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ",").append(rust(v[i]));
        }
        return sb.append(']').toString();
    }

    /** Rust's Display of an f32: shortest digits, no exponent, no trailing ".0". */
    static String rust(float f) {
        if (Float.isNaN(f)) {
            return "NaN";
        }
        if (Float.isInfinite(f)) {
            return f > 0 ? "inf" : "-inf";
        }
        if (f == 0 && Float.floatToRawIntBits(f) != 0) {
            // Rust keeps the sign of a negative zero ("-0")
            return "-0";
        }
        BigDecimal d = new BigDecimal(Float.toString(f)).stripTrailingZeros();
        return d.scale() <= 0 ? d.toBigInteger().toString() : d.toPlainString();
    }

    public static String elementwise(String fn, String a, String b) {
        float[] x = vector(a);
        float[] y = vector(b);
        if (x.length != y.length) {
            throw lengths(fn);
        }
        float[] out = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = switch (fn) {
                case "vec_add" -> x[i] + y[i];
                case "vec_sub" -> x[i] - y[i];
                case "vec_mul" -> x[i] * y[i];
                default -> x[i] / y[i];
            };
        }
        return hex(out);
    }

    private static GreptimeError lengths(String fn) {
        return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: vectors length not match: " + fn);
    }

    public static Float distance(String fn, String a, String b) {
        float[] x = vector(a);
        float[] y = vector(b);
        if (x.length != y.length) {
            throw lengths(fn);
        }
        float dot = 0;
        float nx = 0;
        float ny = 0;
        float l2 = 0;
        for (int i = 0; i < x.length; i++) {
            dot += x[i] * y[i];
            nx += x[i] * x[i];
            ny += y[i] * y[i];
            l2 += (x[i] - y[i]) * (x[i] - y[i]);
        }
        return switch (fn) {
            case "vec_dot_product" -> dot;
            case "vec_l2sq_distance" -> l2;
            default -> nx == 0 || ny == 0 ? 1.0f : 1.0f - dot / (float) (Math.sqrt(nx) * Math.sqrt(ny));
        };
    }

    public static Float element(String fn, String a) {
        float[] v = vector(a);
        float acc = fn.equals("vec_elem_product") ? 1 : 0;
        for (float f : v) {
            acc = fn.equals("vec_elem_product") ? acc * f : acc + f;
        }
        return fn.equals("vec_elem_avg") ? (v.length == 0 ? null : acc / v.length) : acc;
    }

    public static String norm(String a) {
        float[] v = vector(a);
        double sum = 0;
        for (float f : v) {
            sum += f * f;
        }
        float n = (float) Math.sqrt(sum);
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            // vector_norm.rs divides by the norm as it is: a zero vector's elements come out NaN
            out[i] = v[i] / n;
        }
        return hex(out);
    }

    public static Float kth(String a, Long k) {
        float[] v = vector(a);
        // vector_kth_elem.rs (v1.0.0:81-98)
        if (k < 0) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "Execution error: 2nd argument not a valid index or expected datatype: vec_kth_elem");
        }
        if (k >= v.length) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: index out of bound: vec_kth_elem");
        }
        return v[k.intValue()];
    }

    public static String subvector(String a, Long from, Long to) {
        float[] v = vector(a);
        if (from < 0 || to > v.length || from > to) {
            // vector_subvector.rs: an InvalidFuncArgs error (v1.0.0:104-113)
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "External error: Invalid function args: Invalid start and end indices: start=" + from + ", end="
                            + to + ", vec_len=" + v.length);
        }
        return hex(java.util.Arrays.copyOfRange(v, from.intValue(), to.intValue()));
    }
}
