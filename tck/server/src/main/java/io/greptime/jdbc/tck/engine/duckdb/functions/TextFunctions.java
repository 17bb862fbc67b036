package io.greptime.jdbc.tck.engine.duckdb.functions;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

/**
 * DataFusion's string functions where DuckDB's differ: levenshtein and reverse work on characters (Unicode scalar
 * values, Rust's {@code chars()}), not bytes or graphemes; and the text of a regex parse error as Rust's regex crate
 * prints it, for the errors DuckDB's RE2 names alike.
 */
public final class TextFunctions {
    private TextFunctions() {}

    /** The edit distance in characters (datafusion_strsim::levenshtein over chars). */
    public static long levenshtein(String a, String b) {
        int[] x = a.codePoints().toArray();
        int[] y = b.codePoints().toArray();
        int[] prev = new int[y.length + 1];
        int[] cur = new int[y.length + 1];
        for (int j = 0; j <= y.length; j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= x.length; i++) {
            cur[0] = i;
            for (int j = 1; j <= y.length; j++) {
                int cost = x[i - 1] == y[j - 1] ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[y.length];
    }

    /** The characters in reverse order (a combining mark or skin-tone modifier moves with its position). */
    public static String reverse(String s) {
        int[] cps = s.codePoints().toArray();
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = cps.length - 1; i >= 0; i--) {
            sb.appendCodePoint(cps[i]);
        }
        return sb.toString();
    }

    /** RE2's error (as DuckDB reports it) for the kinds regex-syntax names: unclosed group and class. */
    private static final Map<String, String> KINDS = Map.of(
            "missing )", "unclosed group",
            "missing ]", "unclosed character class");

    /**
     * Rust's {@code regex parse error} text for a pattern RE2 refused with {@code re2Error}: the pattern indented by
     * four spaces, a caret under the opening bracket left unclosed, and the error's name; null for another error.
     */
    public static String rustParseError(String re2Error, String pattern) {
        String kind = KINDS.get(re2Error);
        if (kind == null || pattern.contains("\n")) {
            return null;
        }
        int at = unclosed(pattern, re2Error.endsWith(")") ? '(' : '[');
        if (at < 0) {
            return null;
        }
        int column = pattern.codePointCount(0, at);
        return "regex parse error:\n    " + pattern + "\n    " + " ".repeat(column) + "^\nerror: " + kind;
    }

    /** The index of the innermost group (or outermost class) left open, skipping escapes; -1 if none is. */
    private static int unclosed(String p, char open) {
        Deque<Integer> groups = new ArrayDeque<>();
        int classStart = -1;
        for (int i = 0; i < p.length(); i++) {
            char ch = p.charAt(i);
            if (ch == '\\') {
                i++;
            } else if (classStart >= 0) {
                if (ch == ']' && i > classStart + 1 && !(i == classStart + 2 && p.charAt(classStart + 1) == '^')) {
                    classStart = -1;
                }
            } else if (ch == '[') {
                classStart = i;
            } else if (ch == '(') {
                groups.push(i);
            } else if (ch == ')' && !groups.isEmpty()) {
                groups.pop();
            }
        }
        if (open == '[') {
            return classStart;
        }
        return classStart < 0 && !groups.isEmpty() ? groups.peek() : -1;
    }
}
