package io.greptime.jdbc.tck.engine.duckdb.functions;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON paths GreptimeDB's {@code json_get_*} take (the jsonb crate's syntax): keys after {@code .} or
 * {@code :} or in brackets ({@code a.b["c"]}), array indexes {@code [0]} (negative from the end), an
 * optional leading {@code $}, and a trailing filter {@code ?(@ op literal)} on the selected value.
 */
final class JsonPath {
    private sealed interface Step permits Key, Index, Filter {}

    private record Key(String name) implements Step {}

    private record Index(int index) implements Step {}

    private record Filter(String op, JsonElement literal) implements Step {}

    private final List<Step> steps;

    private JsonPath(List<Step> steps) {
        this.steps = steps;
    }

    /** The parsed path; a malformed one selects nothing. */
    static JsonPath parse(String path) {
        List<Step> steps = new ArrayList<>();
        int i = 0;
        String p = path.trim();
        if (p.startsWith("$")) {
            i = 1;
        }
        try {
            while (i < p.length()) {
                char c = p.charAt(i);
                if (c == '.' || c == ':') {
                    i++;
                } else if (c == '[') {
                    int close = p.indexOf(']', i);
                    String inner = p.substring(i + 1, close).trim();
                    if (inner.startsWith("\"") || inner.startsWith("'")) {
                        steps.add(new Key(inner.substring(1, inner.length() - 1)));
                    } else {
                        steps.add(new Index(Integer.parseInt(inner)));
                    }
                    i = close + 1;
                } else if (c == '?') {
                    steps.add(filter(p.substring(i + 1)));
                    i = p.length();
                } else {
                    int end = i;
                    while (end < p.length()
                            && ".:[?".indexOf(p.charAt(end)) < 0
                            && !Character.isWhitespace(p.charAt(end))) {
                        end++;
                    }
                    if (end < p.length() && Character.isWhitespace(p.charAt(end))) {
                        // the jsonb path parser ends a bare key at a space and refuses what is left ('a b')
                        throw new IllegalArgumentException("unparsed path rest: " + p.substring(end));
                    }
                    steps.add(new Key(p.substring(i, end)));
                    i = end;
                }
            }
        } catch (RuntimeException malformed) {
            return new JsonPath(null);
        }
        return new JsonPath(steps);
    }

    private static Filter filter(String text) {
        String body = text.trim();
        body = body.substring(body.indexOf('(') + 1, body.lastIndexOf(')')).trim();
        if (!body.startsWith("@")) {
            throw new IllegalArgumentException(body);
        }
        body = body.substring(1).trim();
        for (String op : new String[] {"==", "!=", "<=", ">=", "<", ">"}) {
            if (body.startsWith(op)) {
                return new Filter(
                        op,
                        JsonParser.parseString(
                                body.substring(op.length()).trim().replace('\'', '"')));
            }
        }
        throw new IllegalArgumentException(body);
    }

    JsonElement apply(JsonElement root) {
        if (steps == null) {
            return null;
        }
        JsonElement cur = root;
        for (Step s : steps) {
            if (cur == null) {
                return null;
            }
            if (s instanceof Key k) {
                cur = cur instanceof JsonObject o ? o.get(k.name()) : null;
            } else if (s instanceof Index ix) {
                if (!(cur instanceof JsonArray a)) {
                    return null;
                }
                int at = ix.index() < 0 ? a.size() + ix.index() : ix.index();
                cur = at >= 0 && at < a.size() ? a.get(at) : null;
            } else if (s instanceof Filter f) {
                cur = matches(cur, f) ? cur : null;
            }
        }
        return cur;
    }

    private static boolean matches(JsonElement v, Filter f) {
        if (!v.isJsonPrimitive() || !f.literal().isJsonPrimitive()) {
            return f.op().equals("==") ? v.equals(f.literal()) : f.op().equals("!=") && !v.equals(f.literal());
        }
        int cmp;
        var a = v.getAsJsonPrimitive();
        var b = f.literal().getAsJsonPrimitive();
        if (a.isNumber() && b.isNumber()) {
            cmp = new BigDecimal(a.getAsString()).compareTo(new BigDecimal(b.getAsString()));
        } else if (a.isString() && b.isString()) {
            cmp = a.getAsString().compareTo(b.getAsString());
        } else if (a.isBoolean() && b.isBoolean()) {
            cmp = Boolean.compare(a.getAsBoolean(), b.getAsBoolean());
        } else {
            return f.op().equals("!=");
        }
        return switch (f.op()) {
            case "==" -> cmp == 0;
            case "!=" -> cmp != 0;
            case "<" -> cmp < 0;
            case "<=" -> cmp <= 0;
            case ">" -> cmp > 0;
            default -> cmp >= 0;
        };
    }
}
