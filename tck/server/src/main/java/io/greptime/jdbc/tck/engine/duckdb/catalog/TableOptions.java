package io.greptime.jdbc.tck.engine.duckdb.catalog;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code WITH (k = 'v', ...)} table options: parsing, validation and GreptimeDB's normalized rendering. */
public final class TableOptions {
    private static final Pattern DURATION_PART = Pattern.compile(
            "(\\d+)\\s*(years?|y|months?|weeks?|w|days?|d|hours?|hr|h|minutes?|mins?|m|seconds?|secs?|s|ms|us|ns)");
    private static final Pattern SIZE = Pattern.compile("(?i)(\\d+(?:\\.\\d+)?)\\s*([kmgt]i?b?|b)?");

    private TableOptions() {}

    /** Parses the parenthesised list after WITH. */
    public static Map<String, String> parse(Tokens t) {
        Map<String, String> out = new LinkedHashMap<>();
        t.expectSymbol("(");
        if (t.acceptSymbol(")")) {
            return out;
        }
        do {
            if (t.peek().isSymbol(")")) {
                break;
            }
            StringBuilder key = new StringBuilder(t.next().text());
            while (t.acceptSymbol(".")) {
                key.append('.').append(t.next().text());
            }
            t.expectSymbol("=");
            Token v = t.next();
            String value = v.text();
            if (v.isSymbol("-")) {
                value = "-" + t.next().text();
            }
            out.put(key.toString().toLowerCase(Locale.ROOT), value);
        } while (t.acceptSymbol(","));
        t.expectSymbol(")");
        return out;
    }

    /** Validates and normalizes option values; returns the map to store. */
    public static Map<String, String> validate(Map<String, String> raw) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : raw.entrySet()) {
            String k = e.getKey();
            String v = e.getValue();
            switch (k) {
                case "ttl" -> v = normalizeTtl(v);
                case "write_buffer_size" -> v = normalizeSize(v);
                case "append_mode" -> v = v.toLowerCase(Locale.ROOT);
                case "storage" -> {
                    if (!v.equalsIgnoreCase("File")) {
                        throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Object store not found: " + v);
                    }
                }
                case "merge_mode" -> {
                    v = v.toLowerCase(Locale.ROOT);
                    if (!v.equals("last_row") && !v.equals("last_non_null")) {
                        throw new GreptimeError(
                                StatusCode.INVALID_ARGUMENTS,
                                "Invalid options: Matching variant not found at line 1 column 25");
                    }
                }
                default -> {}
            }
            out.put(k, v);
        }
        if ("true".equals(out.get("append_mode")) && "last_non_null".equals(out.get("merge_mode"))) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid region options, only last_row merge_mode is allowed when append_mode is enabled");
        }
        return out;
    }

    /** Most rows a parquet row group may hold ({@code mito_engine_options.rs} MAX_ROW_GROUP_ROW_COUNT_LIMIT). */
    private static final long MAX_ROW_GROUP_ROW_COUNT_LIMIT = 10L * 1024 * 1024;

    /**
     * Refuses what GreptimeDB's region layer refuses in {@code ALTER TABLE ... SET 'k' = 'v'}
     * ({@code SetRegionOption::try_from}, store-api {@code region_request.rs}): only the keys listed there
     * can be set; {@code append_mode} must be {@code true}/{@code false}, {@code skip_wal} only
     * {@code 'true'} (it cannot be turned back on), {@code max_row_group_row_count} in (0, 10485760] or
     * empty, {@code auto_flush_interval} a positive duration or empty. {@code greptime.semantic.*} options
     * take another path and are not checked here. TTL and write buffer size keep their own checks.
     * {@code repartition.column.hint} is not a region option and must be the only key of its statement
     * ({@code common/grpc-expr/src/alter.rs}).
     */
    public static void checkAlterSet(Map<String, String> changes) {
        if (changes.containsKey(REPARTITION_HINT)) {
            repartitionHintAlone(changes.size());
            return;
        }
        changes.forEach(TableOptions::checkAlterSet);
    }

    private static final String REPARTITION_HINT = "repartition.column.hint";

    private static void repartitionHintAlone(int keys) {
        if (keys > 1) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid table option request: " + REPARTITION_HINT + " must be altered separately");
        }
    }

    private static void checkAlterSet(String key, String value) {
        String v = value;
        boolean ok = switch (key) {
            case "ttl",
                    "write_buffer_size",
                    "compaction.twcs.trigger_file_num",
                    "compaction.twcs.max_output_file_size",
                    "compaction.twcs.time_window",
                    "sst_format" -> true;
            case "append_mode" -> v.equals("true") || v.equals("false");
            case "skip_wal" -> v.equals("true");
            case "max_row_group_row_count" -> v.isEmpty() || positiveAtMost(v, MAX_ROW_GROUP_ROW_COUNT_LIMIT);
            case "auto_flush_interval" -> v.isEmpty() || positiveDuration(v);
            default -> key.startsWith("greptime.semantic.");
        };
        if (!ok) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid set table option request: Invalid set region option request, key: " + key + ", value: "
                            + value);
        }
    }

    /** Refuses {@code ALTER TABLE ... UNSET 'k'} for keys GreptimeDB cannot unset ({@code UnsetRegionOption}). */
    public static void checkAlterUnset(java.util.List<String> keys) {
        if (keys.stream().anyMatch(k -> k.equals(REPARTITION_HINT))) {
            repartitionHintAlone(keys.size());
            return;
        }
        keys.forEach(TableOptions::checkAlterUnset);
    }

    private static void checkAlterUnset(String key) {
        boolean ok = switch (key.toLowerCase(Locale.ROOT)) {
            case "ttl",
                    "write_buffer_size",
                    "compaction.twcs.trigger_file_num",
                    "compaction.twcs.max_output_file_size",
                    "compaction.twcs.time_window",
                    "max_row_group_row_count" -> true;
            default -> key.startsWith("greptime.semantic.");
        };
        if (!ok) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid unset table option request: Invalid set region option request, key: " + key);
        }
    }

    private static boolean positiveAtMost(String v, long max) {
        if (!v.matches("\\d{1,19}")) {
            return false;
        }
        try {
            long n = Long.parseLong(v);
            return n > 0 && n <= max;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean positiveDuration(String v) {
        Matcher m = DURATION_PART.matcher(v.trim());
        int matched = 0;
        boolean positive = false;
        while (m.find()) {
            matched += m.group().length();
            positive |= Long.parseLong(m.group(1)) > 0;
        }
        return matched > 0 && positive;
    }

    /** Formats a TTL like humantime does ({@code 7d} → {@code 7days}). */
    public static String normalizeTtl(String v) {
        String s = v.trim().toLowerCase(Locale.ROOT);
        if (s.equals("instant") || s.equals("forever") || s.isEmpty()) {
            return s;
        }
        Matcher m = DURATION_PART.matcher(s);
        long seconds = 0;
        int matched = 0;
        while (m.find()) {
            matched += m.group().length();
            seconds += Long.parseLong(m.group(1)) * unitSeconds(m.group(2));
        }
        if (matched == 0) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid options: invalid ttl " + v);
        }
        return seconds == 0 ? "forever" : humantime(seconds);
    }

    private static long unitSeconds(String u) {
        return switch (u.charAt(0)) {
            case 'y' -> 31_557_600L;
            case 'w' -> 604_800L;
            case 'd' -> 86_400L;
            case 'h' -> 3_600L;
            case 'm' -> u.startsWith("mo") ? 2_630_016L : (u.equals("ms") ? 0 : 60L);
            case 's' -> 1L;
            default -> 0L;
        };
    }

    private static String humantime(long seconds) {
        StringBuilder sb = new StringBuilder();
        long[] sizes = {31_557_600L, 2_630_016L, 86_400L, 3_600L, 60L, 1L};
        String[][] names = {{"year", "years"}, {"month", "months"}, {"day", "days"}, {"h", "h"}, {"m", "m"}, {"s", "s"}
        };
        long rest = seconds;
        for (int i = 0; i < sizes.length; i++) {
            long n = rest / sizes[i];
            rest %= sizes[i];
            if (n > 0) {
                if (sb.length() > 0) {
                    sb.append(' ');
                }
                sb.append(n).append(n == 1 ? names[i][0] : names[i][1]);
            }
        }
        return sb.toString();
    }

    /** Formats a byte size like GreptimeDB's ReadableSize ({@code 1KiB} → {@code 1.0KiB}). */
    static String normalizeSize(String v) {
        Matcher m = SIZE.matcher(v.trim());
        if (!m.matches()) {
            return v;
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "b" : m.group(2).toLowerCase(Locale.ROOT);
        long bytes = (long) (n
                * switch (unit.charAt(0)) {
                    case 'k' -> 1024L;
                    case 'm' -> 1024L * 1024;
                    case 'g' -> 1024L * 1024 * 1024;
                    case 't' -> 1024L * 1024 * 1024 * 1024;
                    default -> 1L;
                });
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double d = bytes;
        int i = 0;
        while (d >= 1024 && i < units.length - 1) {
            d /= 1024;
            i++;
        }
        return i == 0 ? bytes + "B" : String.format(Locale.ROOT, "%.1f%s", d, units[i]);
    }

    /** Renders one option for SHOW CREATE: plain keys bare, dotted ones quoted. */
    public static String render(String key, String value) {
        String k = key.matches("[a-z_][a-z0-9_]*") || key.startsWith("'") ? key : "'" + key + "'";
        return k + " = '" + value.replace("\\", "\\\\").replace("'", "''") + "'";
    }
}
