package io.greptime.jdbc.tck.engine.duckdb.catalog;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The column clauses of ALTER TABLE that change metadata only: {@code MODIFY COLUMN c SET|UNSET
 * FULLTEXT|SKIPPING|INVERTED INDEX [WITH(...)]} and {@code MODIFY COLUMN c SET DEFAULT e | DROP DEFAULT},
 * with GreptimeDB's checks: the option keys each index takes, their values, FULLTEXT only on strings and
 * its analyzer and case sensitivity fixed once set, defaults GreptimeDB can store (literals and
 * {@code current_timestamp()}), no NULL default or dropped default for a NOT NULL column.
 */
public final class AlterColumn {
    private static final Set<String> FULLTEXT_KEYS =
            Set.of("analyzer", "case_sensitive", "backend", "granularity", "false_positive_rate");
    private static final Set<String> SKIPPING_KEYS = Set.of("granularity", "type", "false_positive_rate");
    private static final Pattern OPTION = Pattern.compile("(\\w+) = '([^']*)'");

    private AlterColumn() {}

    /** After {@code MODIFY COLUMN name}: whether the clause is one of these (then it has been applied). */
    public static boolean apply(Tokens t, TableMeta tm, List<ColumnMeta> cols, int i, ZoneId zone) {
        ColumnMeta c = cols.get(i);
        if (t.peek().is("set") && t.peek(1).is("default")) {
            t.next();
            t.next();
            cols.set(i, withDefault(c, ColumnDefaults.parse(t, c, zone)));
            return true;
        }
        if (t.accept("drop", "default")) {
            if (!c.nullable()) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid alter table(" + tm.name() + ") request: column " + c.name()
                                + " is not nullable and `default` cannot be dropped");
            }
            cols.set(i, withDefault(c, null));
            return true;
        }
        boolean set = t.peek().is("set");
        boolean unset = t.peek().is("unset");
        if (!(set || unset) || !t.peek(2).is("index")) {
            return false;
        }
        t.next();
        String kind = t.next().text().toLowerCase(Locale.ROOT);
        t.next();
        Map<String, String> options = new LinkedHashMap<>(c.options());
        if (unset) {
            options.remove(kind);
        } else {
            Map<String, String> given = t.accept("with") ? TableOptions.parse(t) : Map.of();
            options.put(kind, setIndex(c, kind, given));
        }
        cols.set(
                i,
                new ColumnMeta(
                        c.name(), c.typeName(), c.semantic(), c.nullable(), c.defaultSql(), c.comment(), options));
        return true;
    }

    private static ColumnMeta withDefault(ColumnMeta c, String defaultSql) {
        return new ColumnMeta(c.name(), c.typeName(), c.semantic(), c.nullable(), defaultSql, c.comment(), c.options());
    }

    private static String setIndex(ColumnMeta c, String kind, Map<String, String> given) {
        switch (kind) {
            case "fulltext" -> {
                checkKeys(c, given, FULLTEXT_KEYS, "FULLTEXT");
                if (c.type().kind() != GreptimeType.Kind.STRING) {
                    throw invalidColumn(c, "FULLTEXT index only supports string type");
                }
                TreeMap<String, String> o = new TreeMap<>(IndexOptions.defaults("fulltext"));
                o.putAll(given);
                o.put("analyzer", oneOf(o.get("analyzer"), "fulltext", "English", "Chinese"));
                o.put("case_sensitive", oneOf(o.get("case_sensitive"), "fulltext", "true", "false"));
                o.put("backend", oneOf(o.get("backend"), "fulltext", "bloom", "tantivy"));
                checkBloom(o, "fulltext");
                unchangedAnalyzer(c, o);
                return IndexOptions.render(o);
            }
            case "skipping" -> {
                checkKeys(c, given, SKIPPING_KEYS, "SKIPPING INDEX");
                TreeMap<String, String> o = new TreeMap<>(IndexOptions.defaults("skipping"));
                o.putAll(given);
                o.put("type", o.get("type").toUpperCase(Locale.ROOT));
                checkBloom(o, "skipping index");
                return IndexOptions.render(o);
            }
            default -> {
                return "";
            }
        }
    }

    private static void checkKeys(ColumnMeta c, Map<String, String> given, Set<String> allowed, String what) {
        for (Map.Entry<String, String> e : given.entrySet()) {
            if (!allowed.contains(e.getKey())) {
                throw invalidColumn(c, "invalid " + what + " option: " + e.getKey());
            }
            if (e.getValue().startsWith("-")) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid expr as option value, error: " + e.getValue() + " not accepted");
            }
        }
    }

    private static String oneOf(String value, String index, String... allowed) {
        for (String a : allowed) {
            if (a.equalsIgnoreCase(value)) {
                return a;
            }
        }
        throw invalidOption(index, value + ", expected: '" + String.join("' | '", allowed) + "'");
    }

    private static void checkBloom(Map<String, String> o, String index) {
        String g = o.get("granularity");
        if (!g.matches("\\d+") || Long.parseLong(g) <= 0) {
            throw invalidOption(index, "Invalid granularity: " + g + ", expected: positive integer");
        }
        String rate = o.get("false_positive_rate");
        double r;
        try {
            r = Double.parseDouble(rate);
        } catch (NumberFormatException e) {
            r = -1;
        }
        if (!(r > 0 && r <= 1)) {
            throw invalidOption(index, "Invalid false positive rate: " + rate + ", expected: 0.0 < rate <= 1.0");
        }
    }

    /** A FULLTEXT index keeps the analyzer and case sensitivity it was first set with. */
    private static void unchangedAnalyzer(ColumnMeta c, Map<String, String> now) {
        String before = c.options().get("fulltext");
        if (before == null) {
            return;
        }
        Map<String, String> old = new TreeMap<>();
        Matcher m = OPTION.matcher(before);
        while (m.find()) {
            old.put(m.group(1), m.group(2));
        }
        if (!now.get("analyzer").equals(old.get("analyzer"))
                || !now.get("case_sensitive").equals(old.get("case_sensitive"))) {
            throw invalidColumn(
                    c,
                    "Cannot change analyzer or case_sensitive if FULLTEXT index is set before. Previous" + " analyzer: "
                            + old.get("analyzer") + ", previous case_sensitive: " + old.get("case_sensitive"));
        }
    }

    private static GreptimeError invalidColumn(ColumnMeta c, String msg) {
        return new GreptimeError(
                StatusCode.INVALID_ARGUMENTS, "Invalid column option, column name: " + c.name() + ", error: " + msg);
    }

    private static GreptimeError invalidOption(String index, String msg) {
        return new GreptimeError(StatusCode.UNEXPECTED, "Invalid " + index + " option: " + msg);
    }
}
