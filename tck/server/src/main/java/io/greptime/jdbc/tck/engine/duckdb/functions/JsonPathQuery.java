package io.greptime.jdbc.tck.engine.duckdb.functions;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The SQL/JSON paths of GreptimeDB's {@code json_path_exists} and {@code json_path_match} (the jsonb crate
 * 0.4.4 that v1.0 links): a path of steps ({@code .key}, {@code ."key"}, {@code .*}, {@code [*]},
 * {@code [0, 2]}, {@code [1 to last]}, {@code [last - 1]}, {@code ["key"]}, a filter {@code ? (...)}), or a
 * predicate ({@code path op value}, joined by {@code &&} / {@code ||}, in parentheses). As that crate does,
 * values are compared one by one without unwrapping arrays; an object or array compares false with
 * anything; scalars of different types order string > number > boolean and a null equals only null. Number
 * literals are integers: the crate's path parser rejects a fraction or exponent.
 */
final class JsonPathQuery {
    /** The jsonb crate's parse failure (its Display is the variant name). */
    static final class Invalid extends RuntimeException {
        Invalid() {
            super("InvalidJsonPath", null, false, false);
        }
    }

    private sealed interface Node permits Steps, Literal, Compare, Logic, Exists {}

    private sealed interface Step permits Key, AllKeys, AllItems, Indexes, Filter {}

    private record Key(String name) implements Step {}

    private record AllKeys() implements Step {}

    private record AllItems() implements Step {}

    /** Index ranges; an end of null is the start alone; {@code last - k} is kept as -(k + 1). */
    private record Indexes(List<long[]> ranges) implements Step {}

    private record Filter(Node predicate) implements Step {}

    /** Steps from the root ({@code $}) or from the filtered item ({@code @}). */
    private record Steps(boolean current, List<Step> steps) implements Node {}

    private record Literal(JsonElement value) implements Node {}

    private record Compare(String op, Node left, Node right) implements Node {}

    private record Logic(boolean and, Node left, Node right) implements Node {}

    /** {@code exists(path)}: whether the path selects anything. */
    private record Exists(Steps path) implements Node {}

    private final Node root;
    private final String text;
    private int pos;

    private JsonPathQuery(String text) {
        this.text = text;
        this.root = parseTop();
    }

    /** The parsed path or predicate; {@link Invalid} when the crate's parser would refuse it. */
    static JsonPathQuery parse(String text) {
        return new JsonPathQuery(text);
    }

    /** json_path_exists: whether the path selects something (a predicate always yields its boolean). */
    boolean exists(JsonElement doc) {
        return root instanceof Steps s ? !select(s, doc, doc).isEmpty() : true;
    }

    /** json_path_match: the predicate's value, null when the path is no predicate. */
    Boolean match(JsonElement doc) {
        return root instanceof Compare || root instanceof Logic || root instanceof Exists ? test(root, doc, doc) : null;
    }

    private Node parseTop() {
        skip();
        if (pos == text.length()) {
            return new Steps(false, List.of());
        }
        Node n;
        try {
            n = or();
            skip();
            if (pos != text.length() || n instanceof Literal) {
                throw new Invalid();
            }
        } catch (Invalid notAPredicate) {
            // a path may leave out its root ($) when it is no predicate: "a.b", ".d", "null" (a key)
            pos = 0;
            skip();
            char c = text.charAt(pos);
            n = new Steps(false, steps(c != '.' && c != ':' && c != '['));
        }
        skip();
        if (pos != text.length()) {
            throw new Invalid();
        }
        return n;
    }

    private Node or() {
        Node left = and();
        while (eat("||")) {
            left = new Logic(false, left, and());
        }
        return left;
    }

    private Node and() {
        Node left = comparison();
        while (eat("&&")) {
            left = new Logic(true, left, comparison());
        }
        return left;
    }

    private Node comparison() {
        skip();
        if (eat("(")) {
            Node inner = or();
            expect(")");
            return inner;
        }
        if (text.startsWith("exists", pos)
                && text.substring(pos + 6).stripLeading().startsWith("(")) {
            pos += 6;
            expect("(");
            Node inner = operand();
            if (!(inner instanceof Steps path)) {
                throw new Invalid();
            }
            expect(")");
            return new Exists(path);
        }
        Node left = operand();
        for (String op : new String[] {"==", "!=", "<=", ">=", "<", ">"}) {
            if (eat(op)) {
                return new Compare(op, left, operand());
            }
        }
        return left;
    }

    private Node operand() {
        skip();
        if (eat("$")) {
            return new Steps(false, steps(false));
        }
        if (eat("@")) {
            return new Steps(true, steps(false));
        }
        if (pos < text.length() && text.charAt(pos) == '"') {
            return new Literal(new JsonPrimitive(quoted()));
        }
        String word = word();
        return switch (word) {
            case "true" -> new Literal(new JsonPrimitive(true));
            case "false" -> new Literal(new JsonPrimitive(false));
            case "null" -> new Literal(JsonNull.INSTANCE);
            default -> new Literal(new JsonPrimitive(integer(word)));
        };
    }

    private List<Step> steps(boolean bare) {
        List<Step> out = new ArrayList<>();
        if (bare) {
            out.add(key());
        }
        while (true) {
            skip();
            if (eat(".") || eat(":")) {
                skip();
                out.add(eat("*") ? new AllKeys() : key());
            } else if (eat("[")) {
                out.add(bracket());
            } else if (eat("?")) {
                expect("(");
                out.add(new Filter(or()));
                expect(")");
            } else {
                return out;
            }
        }
    }

    private Step key() {
        if (pos < text.length() && text.charAt(pos) == '"') {
            return new Key(quoted());
        }
        String w = word();
        if (w.isEmpty()) {
            throw new Invalid();
        }
        return new Key(w);
    }

    private Step bracket() {
        skip();
        if (eat("*")) {
            expect("]");
            return new AllItems();
        }
        if (pos < text.length() && text.charAt(pos) == '"') {
            String k = quoted();
            expect("]");
            return new Key(k);
        }
        List<long[]> ranges = new ArrayList<>();
        do {
            long start = index();
            Long end = null;
            skip();
            if (text.startsWith("to", pos)) {
                pos += 2;
                end = index();
            }
            ranges.add(end == null ? new long[] {start} : new long[] {start, end});
        } while (eat(","));
        expect("]");
        return new Indexes(ranges);
    }

    /** An index: a non-negative integer, or {@code last} less a non-negative integer as -(k + 1). */
    private long index() {
        skip();
        if (text.startsWith("last", pos)) {
            pos += 4;
            return eat("-") ? -(integerWord() + 1) : -1;
        }
        long i = integer(word());
        // a negative index parses but selects nothing
        return i < 0 ? Long.MAX_VALUE : i;
    }

    private long integerWord() {
        skip();
        long v = integer(word());
        if (v < 0) {
            throw new Invalid();
        }
        return v;
    }

    private static long integer(String w) {
        try {
            return Long.parseLong(w);
        } catch (NumberFormatException e) {
            throw new Invalid();
        }
    }

    private String word() {
        skip();
        int start = pos;
        if (pos < text.length() && text.charAt(pos) == '-') {
            pos++;
        }
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isWhitespace(c) || ".:[]()?$@\"=!<>&|,'*".indexOf(c) >= 0) {
                break;
            }
            pos++;
        }
        return text.substring(start, pos);
    }

    private String quoted() {
        int close = text.indexOf('"', pos + 1);
        if (close < 0) {
            throw new Invalid();
        }
        String s = text.substring(pos + 1, close);
        pos = close + 1;
        return s;
    }

    private boolean eat(String s) {
        skip();
        if (text.startsWith(s, pos)) {
            pos += s.length();
            return true;
        }
        return false;
    }

    private void expect(String s) {
        if (!eat(s)) {
            throw new Invalid();
        }
    }

    private void skip() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private List<JsonElement> select(Steps path, JsonElement doc, JsonElement current) {
        List<JsonElement> items = new ArrayList<>(List.of(path.current() ? current : doc));
        for (Step s : path.steps()) {
            List<JsonElement> next = new ArrayList<>();
            for (JsonElement item : items) {
                step(s, item, doc, next);
            }
            items = next;
        }
        return items;
    }

    private void step(Step s, JsonElement item, JsonElement doc, List<JsonElement> out) {
        if (s instanceof Key k) {
            if (item instanceof JsonObject o && o.has(k.name())) {
                out.add(o.get(k.name()));
            }
        } else if (s instanceof AllKeys) {
            if (item instanceof JsonObject o) {
                o.entrySet().forEach(e -> out.add(e.getValue()));
            }
        } else if (s instanceof AllItems) {
            if (item instanceof JsonArray a) {
                a.forEach(out::add);
            } else {
                // lax: [*] over a scalar or object is the value itself
                out.add(item);
            }
        } else if (s instanceof Indexes ix) {
            if (item instanceof JsonArray a) {
                for (long[] r : ix.ranges()) {
                    long from = resolve(r[0], a.size());
                    long to = r.length == 1 ? from : resolve(r[1], a.size());
                    for (long i = Math.max(0, from); i <= to && i < a.size(); i++) {
                        out.add(a.get((int) i));
                    }
                }
            }
        } else if (s instanceof Filter f && Boolean.TRUE.equals(test(f.predicate(), doc, item))) {
            out.add(item);
        }
    }

    private static long resolve(long index, int size) {
        return index >= 0 ? index : size + index;
    }

    private Boolean test(Node n, JsonElement doc, JsonElement current) {
        if (n instanceof Logic l) {
            Boolean a = test(l.left(), doc, current);
            Boolean b = test(l.right(), doc, current);
            return a == null || b == null ? null : l.and() ? a && b : a || b;
        }
        if (n instanceof Compare c) {
            for (JsonElement a : values(c.left(), doc, current)) {
                for (JsonElement b : values(c.right(), doc, current)) {
                    if (compare(c.op(), a, b)) {
                        return true;
                    }
                }
            }
            return false;
        }
        if (n instanceof Exists e) {
            return !select(e.path(), doc, current).isEmpty();
        }
        // a bare path or value where a predicate belongs
        return null;
    }

    private List<JsonElement> values(Node n, JsonElement doc, JsonElement current) {
        if (n instanceof Literal l) {
            return List.of(l.value());
        }
        if (n instanceof Steps s) {
            return select(s, doc, current);
        }
        throw new Invalid();
    }

    private static boolean compare(String op, JsonElement a, JsonElement b) {
        if (!isScalar(a) || !isScalar(b)) {
            return false;
        }
        if (a.isJsonNull() || b.isJsonNull()) {
            boolean both = a.isJsonNull() && b.isJsonNull();
            return both && (op.equals("==") || op.equals("<=") || op.equals(">="));
        }
        int ra = rank(a.getAsJsonPrimitive());
        int rb = rank(b.getAsJsonPrimitive());
        int cmp = ra != rb ? Integer.compare(ra, rb) : sameType(a.getAsJsonPrimitive(), b.getAsJsonPrimitive());
        return switch (op) {
            case "==" -> cmp == 0;
            case "!=" -> cmp != 0;
            case "<" -> cmp < 0;
            case "<=" -> cmp <= 0;
            case ">" -> cmp > 0;
            default -> cmp >= 0;
        };
    }

    private static boolean isScalar(JsonElement e) {
        return e.isJsonNull() || e.isJsonPrimitive();
    }

    private static int rank(JsonPrimitive p) {
        return p.isString() ? 3 : p.isNumber() ? 2 : 1;
    }

    private static int sameType(JsonPrimitive a, JsonPrimitive b) {
        if (a.isNumber()) {
            return new BigDecimal(a.getAsString()).compareTo(new BigDecimal(b.getAsString()));
        }
        if (a.isBoolean()) {
            return Boolean.compare(a.getAsBoolean(), b.getAsBoolean());
        }
        // the crate compares strings as bytes
        return Arrays.compareUnsigned(
                a.getAsString().getBytes(StandardCharsets.UTF_8),
                b.getAsString().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return text;
    }
}
