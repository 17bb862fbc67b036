package io.greptime.jdbc.tck.engine.duckdb.sql;

import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TypeParser;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The type hints of a JSON2 column ({@code j JSON2 (user.age BIGINT NOT NULL DEFAULT 18, ...)}): parsed and
 * validated as GreptimeDB's CREATE TABLE does ({@code src/sql/src/parsers/create_parser/json.rs},
 * {@code src/sql/src/statements/create.rs}), printed as SHOW CREATE TABLE prints them, and applied to every
 * written value ({@code src/datatypes/src/json.rs}: a value at a hinted path must be of the hint's type, a
 * missing one takes the DEFAULT, else JSON null, else the write fails when the hint is NOT NULL). Kept in the
 * column's options under {@link #OPTION} as the SHOW CREATE text, which {@link #of} parses back.
 */
public final class Json2Hints {
    public static final String OPTION = "json2";
    /** {@code JSON2_MAX_STRUCTURED_DEPTH}. */
    static final int MAX_DEPTH = 50;

    /** One hint; {@code type} is the normalized SQL type, {@code defaultSql} the literal as written or null. */
    record Hint(List<String> path, String type, boolean nullable, String defaultSql, boolean invertedIndex) {
        String dotted() {
            return String.join(".", path);
        }

        /** GreptimeDB's concrete type name, as its error messages print it. */
        String concreteName() {
            return switch (type) {
                case "STRING" -> "String";
                case "BIGINT" -> "Int64";
                case "BIGINT UNSIGNED" -> "UInt64";
                case "DOUBLE" -> "Float64";
                default -> "Boolean";
            };
        }
    }

    final Long maxAutoExpandedPaths;
    final List<Hint> hints;

    private Json2Hints(Long maxAutoExpandedPaths, List<Hint> hints) {
        this.maxAutoExpandedPaths = maxAutoExpandedPaths;
        this.hints = List.copyOf(hints);
    }

    /** Parses the options after {@code JSON2} when {@code (} follows; null when there are none. */
    public static Json2Hints parse(Tokens t) {
        if (!t.acceptSymbol("(")) {
            return null;
        }
        if (t.acceptSymbol(")")) {
            return null;
        }
        Long max = null;
        List<Hint> hints = new ArrayList<>();
        while (true) {
            if (t.peek().is("max_auto_expanded_paths")) {
                t.next();
                if (max != null) {
                    throw invalid("duplicated JSON2 option 'max_auto_expanded_paths'");
                }
                t.expectSymbol("=");
                Token n = t.next();
                if (n.type() != Token.Type.NUMBER
                        || !SchemaNames.isInteger(n.text())
                        || new BigInteger(n.text()).bitLength() > 32) {
                    throw invalid("JSON2 option 'max_auto_expanded_paths' expects a non-negative integer");
                }
                max = Long.parseLong(n.text());
            } else {
                Hint h = hint(t);
                for (Hint other : hints) {
                    if (other.path().equals(h.path())) {
                        throw invalid("duplicated JSON2 type hint path '" + h.dotted() + "'");
                    }
                    if (startsWith(other.path(), h.path()) || startsWith(h.path(), other.path())) {
                        throw invalid(
                                "JSON2 type hint path '" + h.dotted() + "' conflicts with '" + other.dotted() + "'");
                    }
                }
                hints.add(h);
            }
            if (t.acceptSymbol(",")) {
                if (t.acceptSymbol(")")) {
                    break;
                }
            } else {
                t.expectSymbol(")");
                break;
            }
        }
        return new Json2Hints(max, hints);
    }

    private static boolean startsWith(List<String> path, List<String> prefix) {
        return path.size() >= prefix.size() && path.subList(0, prefix.size()).equals(prefix);
    }

    private static Hint hint(Tokens t) {
        List<String> path = new ArrayList<>();
        path.add(t.ident());
        while (t.acceptSymbol(".")) {
            path.add(t.ident());
        }
        if (path.stream().anyMatch(String::isEmpty)) {
            throw invalid("JSON2 type hint path segment cannot be empty");
        }
        if (path.get(0).equals("__remainder")) {
            throw invalid("JSON2 type hint path cannot be rooted at reserved field '__remainder'");
        }
        if (path.size() > MAX_DEPTH) {
            throw invalid("JSON2 type hint path cannot exceed " + MAX_DEPTH + " segments");
        }
        String type = normalizedType(t);
        String dotted = String.join(".", path);
        Boolean nullable = null;
        String dflt = null;
        boolean hasDefault = false;
        boolean inverted = false;
        while (!t.peek().isSymbol(",") && !t.peek().isSymbol(")")) {
            boolean notNull = t.accept("not", "null");
            if (notNull || t.accept("null")) {
                if (nullable != null) {
                    throw invalid("NULL/NOT NULL option already specified for JSON2 type hint '" + dotted + "'");
                }
                nullable = !notNull;
            } else if (t.accept("default")) {
                if (hasDefault) {
                    throw invalid("duplicated DEFAULT option for JSON2 type hint '" + dotted + "'");
                }
                hasDefault = true;
                dflt = literal(t);
            } else if (t.accept("inverted")) {
                if (!t.accept("index")) {
                    throw invalid("expect INDEX after INVERTED keyword for JSON2 type hint '" + dotted + "'");
                }
                if (inverted) {
                    throw invalid("duplicated INVERTED INDEX option for JSON2 type hint '" + dotted + "'");
                }
                inverted = true;
            } else if (t.peek().is("skipping")) {
                throw invalid("JSON2 type hint SKIPPING INDEX is not supported yet");
            } else if (t.atEnd()) {
                throw t.unexpected(")");
            } else {
                throw t.unexpected("JSON2 type hint option");
            }
        }
        boolean isNullable = nullable == null || nullable;
        if ("NULL".equals(dflt) && !isNullable) {
            throw invalid("invalid DEFAULT for JSON2 type hint '" + dotted
                    + "': Default value should not be null for non null column");
        }
        if (dflt != null && !dflt.equals("NULL")) {
            checkDefault(dotted, type, dflt);
        }
        return new Hint(path, type, isNullable, dflt, inverted);
    }

    /** The hint's type by GreptimeDB's normalization: every integer is BIGINT [UNSIGNED], every float DOUBLE. */
    private static String normalizedType(Tokens t) {
        int start = t.pos;
        String written;
        GreptimeType type;
        try {
            type = TypeParser.parse(t);
            written = t.raw(start, t.pos).toUpperCase(Locale.ROOT);
        } catch (GreptimeError e) {
            t.pos = start;
            written = t.next().text().toUpperCase(Locale.ROOT);
            throw invalid("unsupported JSON2 type hint data type: " + written);
        }
        return switch (type.kind()) {
            case STRING -> "STRING";
            case INT -> "BIGINT";
            case UINT -> "BIGINT UNSIGNED";
            case FLOAT -> "DOUBLE";
            case BOOLEAN -> "BOOLEAN";
            default -> throw invalid("unsupported JSON2 type hint data type: " + written);
        };
    }

    /** A DEFAULT must be a literal, optionally signed; returned as SQL text ({@code NULL} for NULL). */
    private static String literal(Tokens t) {
        String v = literalToken(t);
        Token after = t.peek();
        if (after.type() == Token.Type.SYMBOL && !after.isSymbol(",") && !after.isSymbol(")")) {
            throw invalid("JSON2 type hint DEFAULT only supports literal values"); // an expression, e.g. 1 + 1
        }
        return v;
    }

    private static String literalToken(Tokens t) {
        String sign = "";
        if (t.peek().isSymbol("-") || t.peek().isSymbol("+")) {
            sign = t.next().isSymbol("-") ? "-" : "";
            if (t.peek().type() != Token.Type.NUMBER) {
                throw invalid("JSON2 type hint DEFAULT only supports literal values");
            }
        }
        Token v = t.next();
        return switch (v.type()) {
            case NUMBER -> sign + v.text();
            case STRING -> "'" + v.text().replace("'", "''") + "'";
            case WORD -> {
                if (v.is("null")) {
                    yield "NULL";
                }
                if (v.is("true") || v.is("false")) {
                    yield v.text();
                }
                throw invalid("JSON2 type hint DEFAULT only supports literal values");
            }
            default -> throw invalid("JSON2 type hint DEFAULT only supports literal values");
        };
    }

    /** The default must convert to the hint's type, as a column default must (its JSON value checked). */
    private static void checkDefault(String dotted, String type, String dflt) {
        JsonElement v = defaultJson(type, dflt);
        if (v == null) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid default constraint, column: " + dotted + ", error: cannot cast " + dflt + " to " + type);
        }
    }

    /** The JSON value a DEFAULT literal gives for {@code type}; null when it does not convert. */
    private static JsonElement defaultJson(String type, String dflt) {
        if (dflt.equals("NULL")) {
            return JsonNull.INSTANCE;
        }
        boolean quoted = dflt.startsWith("'");
        String text = quoted ? dflt.substring(1, dflt.length() - 1).replace("''", "'") : dflt;
        try {
            return switch (type) {
                case "STRING" -> new JsonPrimitive(text);
                case "BIGINT" ->
                    new JsonPrimitive(new BigDecimal(text).toBigIntegerExact().longValueExact());
                case "BIGINT UNSIGNED" -> {
                    BigInteger u = new BigDecimal(text).toBigIntegerExact();
                    yield u.signum() < 0 || u.bitLength() > 64 ? null : new JsonPrimitive(u);
                }
                case "DOUBLE" -> new JsonPrimitive(Double.parseDouble(text));
                default ->
                    text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")
                            ? new JsonPrimitive(Boolean.parseBoolean(text))
                            : null;
            };
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    private static GreptimeError invalid(String msg) {
        return new GreptimeError(StatusCode.INVALID_SYNTAX, "Invalid SQL, error: " + msg);
    }

    /** The hints kept in a column's options, or null. */
    public static Json2Hints of(ColumnMeta c) {
        String text = c.options().get(OPTION);
        if (text == null) {
            return null;
        }
        Json2Hints known = PARSED.get(text);
        if (known == null) {
            known = parse(new Tokens(text));
            if (PARSED.size() < 1024) { // every written row asks; definitions are few
                PARSED.put(text, known);
            }
        }
        return known;
    }

    private static final java.util.concurrent.ConcurrentHashMap<String, Json2Hints> PARSED =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The options as SHOW CREATE TABLE prints them after {@code JSON2}. */
    public String render() {
        List<String> items = new ArrayList<>();
        if (maxAutoExpandedPaths != null) {
            items.add("max_auto_expanded_paths = " + maxAutoExpandedPaths);
        }
        for (Hint h : hints) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < h.path().size(); i++) {
                sb.append(i == 0 ? "" : ".")
                        .append('"')
                        .append(h.path().get(i).replace("\"", "\"\""))
                        .append('"');
            }
            sb.append(' ').append(h.type()).append(h.nullable() ? " NULL" : " NOT NULL");
            if (h.defaultSql() != null) {
                sb.append(" DEFAULT ").append(h.defaultSql());
            }
            if (h.invertedIndex()) {
                sb.append(" INVERTED INDEX");
            }
            items.add(sb.toString());
        }
        return "(\n    " + String.join(",\n    ", items) + "\n  )";
    }

    /**
     * {@code value} with the hints applied: a hinted value of another type is refused, a missing one
     * takes its DEFAULT (else JSON null; a NOT NULL hint without a default refuses the value).
     */
    JsonElement apply(JsonElement value) {
        if (!value.isJsonObject()) {
            return value;
        }
        JsonObject root = value.getAsJsonObject();
        for (Hint h : hints) {
            apply(root, h, 0);
        }
        return root;
    }

    private static void apply(JsonObject obj, Hint h, int depth) {
        String key = h.path().get(depth);
        String at = String.join(".", h.path().subList(0, depth + 1));
        if (depth + 1 == h.path().size()) {
            JsonElement v = obj.get(key);
            if (v == null) {
                obj.add(key, missing(h));
            } else if (v.isJsonNull()) {
                if (!h.nullable()) {
                    throw invalidJson("JSON2 type hint path " + at + " is not nullable");
                }
            } else if (!matches(h.type(), v)) {
                throw invalidJson("JSON value at " + at + " does not match JSON2 type hint " + h.concreteName());
            }
            return;
        }
        JsonElement child = obj.get(key);
        if (child == null) {
            child = new JsonObject();
            obj.add(key, child);
        }
        if (!child.isJsonObject()) {
            throw invalidJson("JSON2 type hint path " + h.dotted() + " expects object at " + at);
        }
        apply(child.getAsJsonObject(), h, depth + 1);
    }

    private static JsonElement missing(Hint h) {
        if (h.defaultSql() != null) {
            return defaultJson(h.type(), h.defaultSql());
        }
        if (h.nullable()) {
            return JsonNull.INSTANCE;
        }
        throw invalidJson("missing non-null JSON2 type hint path " + h.dotted());
    }

    private static boolean matches(String type, JsonElement v) {
        if (!v.isJsonPrimitive()) {
            return false;
        }
        JsonPrimitive p = v.getAsJsonPrimitive();
        return switch (type) {
            case "STRING" -> p.isString();
            case "BOOLEAN" -> p.isBoolean();
            case "DOUBLE" -> p.isNumber();
            case "BIGINT" ->
                p.isNumber()
                        && Json2Values.integer(p) != null
                        && Json2Values.integer(p).bitLength() < 64;
            default ->
                p.isNumber()
                        && Json2Values.integer(p) != null
                        && Json2Values.integer(p).signum() >= 0
                        && Json2Values.integer(p).bitLength() <= 64;
        };
    }

    static GreptimeError invalidJson(String msg) {
        return new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid JSON: " + msg);
    }
}
