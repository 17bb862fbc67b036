package io.greptime.jdbc.tck.engine.duckdb.functions;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.JsonSyntaxException;
import io.greptime.jdbc.arrow.jsonb.Jsonb;
import java.math.BigDecimal;

/**
 * GreptimeDB's JSON functions over JSON text (how the engine keeps JSON columns): {@code parse_json},
 * {@code json_to_string} (JSONB's canonical text: keys sorted, compact), {@code json_get_*} at a path
 * ({@link JsonPath}) with the jsonb crate's conversions (a boolean reads as 1/0 and 1.0/0.0, numbers and
 * booleans read as text, objects and arrays only as objects), and {@code json_is_*}.
 */
public final class JsonFunctions {
    private JsonFunctions() {}

    /** JSONB's text of a document; {@link IllegalArgumentException} when it is not JSON. */
    public static String canonical(String text) {
        return Jsonb.decode(Jsonb.encode(text));
    }

    static JsonElement parse(String text) {
        try {
            return JsonParser.parseString(text);
        } catch (JsonSyntaxException e) {
            return null;
        }
    }

    public static String parseJson(String text) {
        try {
            return canonical(text);
        } catch (IllegalArgumentException e) {
            // parse_json.rs: the jsonb parser's error fails the query while executing; text with no value at all
            // reads "EOF while parsing a value" at its end
            String why = text.isBlank() ? "EOF while parsing a value, pos " + text.length() : "expected value";
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY,
                    "Execution error: cannot parse '" + text + "': " + why);
        }
    }

    /** The value at {@code path}, or null. */
    static JsonElement at(String json, String path) {
        JsonElement root = parse(json);
        return root == null ? null : JsonPath.parse(path).apply(root);
    }

    public static Long getInt(String json, String path) {
        JsonElement e = at(json, path);
        if (e == null || !e.isJsonPrimitive()) {
            return null;
        }
        JsonPrimitive p = e.getAsJsonPrimitive();
        if (p.isBoolean()) {
            return p.getAsBoolean() ? 1L : 0L;
        }
        if (p.isNumber()) {
            // the jsonb crate keeps 3.0 and 1e2 as f64, which to_i64 refuses
            if (!isInteger(e)) {
                return null;
            }
            BigDecimal d = p.getAsBigDecimal();
            try {
                return d.longValueExact();
            } catch (ArithmeticException notAnInteger) {
                return null;
            }
        }
        // a string as Rust's i64 parse reads it: an optional sign and digits, nothing else ("+7" yes, " 5" no)
        String text = p.getAsString();
        if (!INTEGER_TEXT.matcher(text).matches()) {
            return null;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException outOfRange) {
            return null;
        }
    }

    private static final java.util.regex.Pattern INTEGER_TEXT = java.util.regex.Pattern.compile("[+-]?[0-9]+");
    private static final java.util.regex.Pattern FLOAT_TEXT =
            java.util.regex.Pattern.compile("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");

    public static Double getFloat(String json, String path) {
        JsonElement e = at(json, path);
        if (e == null || !e.isJsonPrimitive()) {
            return null;
        }
        JsonPrimitive p = e.getAsJsonPrimitive();
        if (p.isBoolean()) {
            return p.getAsBoolean() ? 1.0 : 0.0;
        }
        if (p.isNumber()) {
            return p.getAsDouble();
        }
        // a string as Rust's f64 parse reads it ("1.5", "1e2"; not " 1" nor "abc")
        String text = p.getAsString();
        return FLOAT_TEXT.matcher(text).matches() ? Double.parseDouble(text) : null;
    }

    public static Boolean getBool(String json, String path) {
        JsonElement e = at(json, path);
        if (e == null || !e.isJsonPrimitive()) {
            return null;
        }
        JsonPrimitive p = e.getAsJsonPrimitive();
        if (p.isBoolean()) {
            return p.getAsBoolean();
        }
        // the jsonb crate reads the strings "true" and "false" (any case) as booleans; numbers never
        if (p.isString()) {
            String text = p.getAsString();
            return text.equalsIgnoreCase("true") ? Boolean.TRUE : text.equalsIgnoreCase("false") ? Boolean.FALSE : null;
        }
        return null;
    }

    public static String getString(String json, String path) {
        JsonElement e = at(json, path);
        if (e == null || !e.isJsonPrimitive()) {
            return null;
        }
        JsonPrimitive p = e.getAsJsonPrimitive();
        return p.isString() ? p.getAsString() : canonical(p.toString());
    }

    public static String getObject(String json, String path) {
        JsonElement e = at(json, path);
        return e != null && e.isJsonObject() ? canonical(e.toString()) : null;
    }

    /** {@code json_get}: the value at the path as JSON, whatever its kind. */
    public static String get(String json, String path) {
        JsonElement e = at(json, path);
        return e == null || e.isJsonNull() ? null : canonical(e.toString());
    }

    public static Boolean is(String json, String kind) {
        JsonElement e = parse(json);
        if (e == null) {
            return null;
        }
        return switch (kind) {
            case "null" -> e.isJsonNull();
            case "bool" -> e.isJsonPrimitive() && e.getAsJsonPrimitive().isBoolean();
            case "int" -> e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber() && isInteger(e);
            // the jsonb crate answers is_f64 for every number, integers included
            case "float" -> e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber();
            case "string" -> e.isJsonPrimitive() && e.getAsJsonPrimitive().isString();
            case "array" -> e instanceof JsonArray;
            case "object" -> e.isJsonObject();
            default -> null;
        };
    }

    /** The jsonb crate keeps integer literals as integers and anything with a fraction or exponent as f64. */
    private static boolean isInteger(JsonElement e) {
        String text = e.getAsJsonPrimitive().getAsNumber().toString();
        return !text.contains(".") && !text.contains("e") && !text.contains("E");
    }

    /**
     * json_path_exists.rs: whether the path selects a value; a path the jsonb crate cannot parse fails the
     * query ("invalid json path '<path>': InvalidJsonPath").
     */
    public static Boolean pathExists(String json, String path) {
        JsonElement doc = parse(json);
        JsonPathQuery q;
        try {
            q = JsonPathQuery.parse(path);
        } catch (JsonPathQuery.Invalid e) {
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY,
                    "Execution error: invalid json path '" + path + "': " + e.getMessage());
        }
        return doc == null ? null : q.exists(doc);
    }

    /**
     * json_path_match.rs: the predicate's value; NULL for a JSON null, a path that is no predicate, or one
     * the crate cannot parse (the function keeps only the Ok of both).
     */
    public static Boolean pathMatch(String json, String path) {
        JsonElement doc = parse(json);
        if (doc == null || doc.isJsonNull()) {
            return null;
        }
        try {
            return JsonPathQuery.parse(path).match(doc);
        } catch (JsonPathQuery.Invalid e) {
            return null;
        }
    }
}
