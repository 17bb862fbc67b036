package io.greptime.jdbc.tck.sqlness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code -- SQLNESS <NAME> <args>} line of a case file. Output-transforming directives (REPLACE,
 * SORT_RESULT) run on the rendered answer, in the order they appear, exactly as the sqlness runner's
 * interceptors do; the others only inform how the statement is executed.
 */
public sealed interface Directive {

    /** The comment prefix that marks a directive line (the sqlness runner's interceptor prefix). */
    String PREFIX = "-- SQLNESS";

    /** Transforms a rendered answer; the identity for directives that do not touch output. */
    default String apply(String output) {
        return output;
    }

    /**
     * Parses the text after {@link #PREFIX}: the first word names the directive, the rest (trimmed) is its
     * argument, as the runner's interceptor registry splits it.
     */
    static Directive parse(String afterPrefix) {
        String trimmed = afterPrefix.trim();
        int space = trimmed.indexOf(' ');
        String name = space < 0 ? trimmed : trimmed.substring(0, space);
        String args = space < 0 ? "" : trimmed.substring(space + 1).trim();
        return switch (name) {
            case "REPLACE" -> Replace.of(args);
            case "SORT_RESULT" -> SortResult.of(args);
            case "ARG" -> new Arg(args);
            case "SLEEP" -> new Sleep(args);
            case "PROTOCOL" -> new Protocol(args.toLowerCase(Locale.ROOT));
            default -> new Other(name, args);
        };
    }

    /**
     * {@code REPLACE <regex> [replacement]}: every match of the regex is replaced. The regex ends at the first
     * space; the replacement uses Rust's {@code $1}/{@code $name}/{@code ${name}} group syntax, where a group
     * that does not exist expands to nothing and {@code $$} is a dollar sign.
     */
    record Replace(Pattern pattern, String replacement) implements Directive {
        static Replace of(String args) {
            int space = args.indexOf(' ');
            String regex = space < 0 ? args : args.substring(0, space);
            if (regex.isEmpty()) {
                throw new IllegalArgumentException("SQLNESS REPLACE needs a pattern");
            }
            String replacement = space < 0 ? "" : args.substring(space + 1);
            // Rust's regex crate makes \d, \w, \s Unicode-aware by default.
            return new Replace(Pattern.compile(regex, Pattern.UNICODE_CHARACTER_CLASS), replacement);
        }

        @Override
        public String apply(String output) {
            Matcher m = pattern.matcher(output);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(out, Matcher.quoteReplacement(expand(m)));
            }
            m.appendTail(out);
            return out.toString();
        }

        private String expand(Matcher m) {
            StringBuilder out = new StringBuilder();
            int i = 0;
            while (i < replacement.length()) {
                char c = replacement.charAt(i);
                if (c != '$' || i + 1 >= replacement.length()) {
                    out.append(c);
                    i++;
                } else if (replacement.charAt(i + 1) == '$') {
                    out.append('$');
                    i += 2;
                } else {
                    i = expandGroup(m, i + 1, out);
                }
            }
            return out.toString();
        }

        /** Expands the group reference starting at {@code start} (just after '$'); returns the next index. */
        private int expandGroup(Matcher m, int start, StringBuilder out) {
            boolean braced = replacement.charAt(start) == '{';
            int from = braced ? start + 1 : start;
            int end = from;
            while (end < replacement.length() && isNameChar(replacement.charAt(end))) {
                end++;
            }
            if (end == from || (braced && (end >= replacement.length() || replacement.charAt(end) != '}'))) {
                out.append('$');
                return start;
            }
            out.append(group(m, replacement.substring(from, end)));
            return braced ? end + 1 : end;
        }

        private static boolean isNameChar(char c) {
            return c == '_' || Character.isLetterOrDigit(c) && c < 128;
        }

        private static String group(Matcher m, String name) {
            try {
                String value = name.chars().allMatch(Character::isDigit) ? groupByNumber(m, name) : m.group(name);
                return value == null ? "" : value;
            } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
                return "";
            }
        }

        private static String groupByNumber(Matcher m, String digits) {
            if (digits.length() > 3) {
                return null;
            }
            int n = Integer.parseInt(digits);
            return n <= m.groupCount() ? m.group(n) : null;
        }
    }

    /**
     * {@code SORT_RESULT [head] [tail]}: keeps the first {@code head} and last {@code tail} lines in place and
     * sorts the lines between them. Rust compares strings by UTF-8 bytes, which is code point order.
     */
    record SortResult(int ignoreHead, int ignoreTail) implements Directive {
        static SortResult of(String args) {
            String[] parts =
                    Arrays.stream(args.split(" ", 2)).filter(s -> !s.isEmpty()).toArray(String[]::new);
            int head = parts.length > 0 ? Integer.parseInt(parts[0].trim()) : 0;
            int tail = parts.length > 1 ? Integer.parseInt(parts[1].trim()) : 0;
            if (head < 0 || tail < 0) {
                throw new IllegalArgumentException("SQLNESS SORT_RESULT needs non-negative numbers: " + args);
            }
            return new SortResult(head, tail);
        }

        @Override
        public String apply(String output) {
            List<String> lines = new ArrayList<>(output.lines().toList());
            List<String> head = new ArrayList<>();
            List<String> tail = new ArrayList<>();
            for (int i = 0; i < ignoreHead && !lines.isEmpty(); i++) {
                head.add(lines.remove(0));
            }
            for (int i = 0; i < ignoreTail && !lines.isEmpty(); i++) {
                tail.add(0, lines.remove(lines.size() - 1));
            }
            lines.sort(Directive::compareCodePoints);
            List<String> all = new ArrayList<>(head);
            all.addAll(lines);
            all.addAll(tail);
            return String.join("\n", all);
        }
    }

    /** {@code ARG key=value}: runner arguments such as {@code restart=true}. */
    record Arg(String args) implements Directive {
        /** Whether the runner restarts the server before the statement. */
        public boolean restart() {
            return args.replace(" ", "").equalsIgnoreCase("restart=true");
        }
    }

    /** {@code SLEEP <duration>}: the runner waits before the statement (used around flows). */
    record Sleep(String duration) implements Directive {}

    /** {@code PROTOCOL mysql|postgres}: the runner sends the statement over that protocol instead of gRPC. */
    record Protocol(String name) implements Directive {}

    /** A directive this replayer does not know; reported, otherwise ignored. */
    record Other(String name, String args) implements Directive {}

    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
