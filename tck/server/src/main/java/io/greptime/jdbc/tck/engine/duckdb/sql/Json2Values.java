package io.greptime.jdbc.tck.engine.duckdb.sql;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.JsonSyntaxException;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.TreeMap;

/**
 * GreptimeDB's JSON2 values as the engine keeps them: compact JSON text with object keys sorted (GreptimeDB
 * stores a JSON2 value as Arrow structs whose fields are sorted, {@code src/datatypes/src/json.rs}), numbers
 * as serde_json reads them (i64, else u64, else f64). Reads follow {@code json_get} over JSON2
 * ({@code src/common/function/src/scalars/json/json_get.rs}: the path is split on dots after a leading
 * {@code $}, empty segments dropped) and the projection of a JSON value to a type
 * ({@code src/datatypes/src/vectors/json/array.rs} {@code project_json_value_to_type}): a string target reads
 * strings as they are and anything else as JSON text, other targets take scalars through GreptimeDB's value
 * cast (NULL when it fails) and never objects or arrays.
 *
 * <p>Not modelled: GreptimeDB aligns the values of one flushed file (or memtable) to a common struct, so a
 * whole value or object read from it shows the keys other rows of that file have, as null. The engine has no
 * files; it answers each value as written.
 */
public final class Json2Values {
    private Json2Values() {}

    /** The stored text of a written value; text that is not JSON refused. */
    public static String store(Object v, Json2Hints hints) {
        String text = v instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.UTF_8) : v.toString();
        JsonElement e = parse(text);
        if (e == null) {
            throw Json2Hints.invalidJson(text);
        }
        if (hints != null) {
            e = hints.apply(e);
        }
        return text(e);
    }

    /** Strict JSON, one value; null when it is not. */
    static JsonElement parse(String text) {
        try {
            JsonReader reader = new JsonReader(new StringReader(text));
            reader.setStrictness(Strictness.STRICT);
            JsonElement e = JsonParser.parseReader(reader);
            return reader.peek() == com.google.gson.stream.JsonToken.END_DOCUMENT ? e : null;
        } catch (JsonSyntaxException | java.io.IOException | com.google.gson.JsonIOException e) {
            return null;
        }
    }

    /** Compact JSON text, object keys sorted, numbers as serde_json prints them. */
    static String text(JsonElement e) {
        StringBuilder sb = new StringBuilder();
        write(sb, e);
        return sb.toString();
    }

    private static void write(StringBuilder sb, JsonElement e) {
        if (e == null || e.isJsonNull()) {
            sb.append("null");
        } else if (e.isJsonObject()) {
            Map<String, JsonElement> sorted = new TreeMap<>(e.getAsJsonObject().asMap());
            sb.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonElement> en : sorted.entrySet()) {
                sb.append(first ? "" : ",");
                first = false;
                sb.append(new JsonPrimitive(en.getKey())).append(':');
                write(sb, en.getValue());
            }
            sb.append('}');
        } else if (e.isJsonArray()) {
            sb.append('[');
            JsonArray a = e.getAsJsonArray();
            for (int i = 0; i < a.size(); i++) {
                sb.append(i == 0 ? "" : ",");
                write(sb, a.get(i));
            }
            sb.append(']');
        } else {
            JsonPrimitive p = e.getAsJsonPrimitive();
            sb.append(p.isNumber() ? number(p) : p.isBoolean() ? p.toString() : new JsonPrimitive(p.getAsString()));
        }
    }

    /** The integer a JSON number is, when serde_json reads it as i64 or u64; else null (an f64). */
    static BigInteger integer(JsonPrimitive p) {
        String s = p.getAsNumber().toString();
        if (s.contains(".") || s.contains("e") || s.contains("E")) {
            return null;
        }
        BigInteger v = new BigInteger(s);
        boolean fits = v.signum() < 0 ? v.bitLength() < 64 : v.bitLength() <= 64;
        return fits ? v : null;
    }

    private static String number(JsonPrimitive p) {
        BigInteger i = integer(p);
        return i != null ? i.toString() : f64(p.getAsDouble());
    }

    /** serde_json's f64 text (ryu): shortest digits, ".0" on integers, an exponent when very large or small. */
    static String f64(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e16) {
            return new BigDecimal(d).toPlainString() + ".0";
        }
        double abs = Math.abs(d);
        if (abs >= 1e-5 && abs < 1e16) {
            return SchemaNames.floatText(d);
        }
        String s = Double.toString(d).replace("E", "e");
        return s.replace(".0e", "e");
    }

    /** The value at a {@code json_get} path; null when a segment is missing or not an object. */
    static JsonElement at(String json, String path) {
        JsonElement cur = json == null ? null : parse(json);
        String rest = path.startsWith("$") ? path.substring(1) : path;
        for (String segment : rest.split("\\.")) {
            if (segment.isEmpty()) {
                continue;
            }
            if (cur == null || !cur.isJsonObject()) {
                return null;
            }
            cur = ((JsonObject) cur).get(segment);
        }
        return cur;
    }

    /** {@code json_get(j, path)} (and {@code j.a.b}): strings as they are, anything else as JSON text. */
    public static String get(String json, String path) {
        JsonElement e = at(json, path);
        if (e == null
                || e.isJsonNull()
                || e.isJsonObject() && e.getAsJsonObject().isEmpty()) {
            return null; // an empty object is an empty struct, which GreptimeDB reads as NULL
        }
        return e.isJsonPrimitive() && e.getAsJsonPrimitive().isString() ? e.getAsString() : text(e);
    }

    /** {@code json_get(j, path, NULL::BIGINT)}: GreptimeDB's cast of the scalar to Int64, NULL when it fails. */
    public static Long getInt(String json, String path) {
        JsonPrimitive p = scalar(json, path);
        if (p == null) {
            return null;
        }
        if (p.isBoolean()) {
            return p.getAsBoolean() ? 1L : 0L;
        }
        BigDecimal d = decimal(p);
        if (d == null) {
            return null;
        }
        try {
            return p.isNumber() ? d.toBigInteger().longValueExact() : d.longValueExact();
        } catch (ArithmeticException e) {
            return null;
        }
    }

    public static BigInteger getUint(String json, String path) {
        Long signed = getInt(json, path);
        if (signed != null) {
            return signed < 0 ? null : BigInteger.valueOf(signed);
        }
        JsonPrimitive p = scalar(json, path);
        BigInteger u = p == null || !p.isNumber() ? null : integer(p);
        return u != null && u.signum() >= 0 ? u : null;
    }

    public static Double getFloat(String json, String path) {
        JsonPrimitive p = scalar(json, path);
        if (p == null) {
            return null;
        }
        if (p.isBoolean()) {
            return p.getAsBoolean() ? 1.0 : 0.0;
        }
        BigDecimal d = decimal(p);
        return d == null ? null : p.isNumber() ? p.getAsDouble() : d.doubleValue();
    }

    public static Boolean getBool(String json, String path) {
        JsonPrimitive p = scalar(json, path);
        if (p == null) {
            return null;
        }
        if (p.isBoolean()) {
            return p.getAsBoolean();
        }
        if (p.isNumber()) {
            return p.getAsDouble() != 0;
        }
        return switch (p.getAsString().toLowerCase(java.util.Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> null;
        };
    }

    private static JsonPrimitive scalar(String json, String path) {
        JsonElement e = at(json, path);
        return e != null && e.isJsonPrimitive() ? e.getAsJsonPrimitive() : null;
    }

    /** A number, or a string that reads as one (GreptimeDB casts strings by parsing them); else null. */
    private static BigDecimal decimal(JsonPrimitive p) {
        try {
            return new BigDecimal(
                    p.isNumber() ? p.getAsNumber().toString() : p.getAsString().trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
