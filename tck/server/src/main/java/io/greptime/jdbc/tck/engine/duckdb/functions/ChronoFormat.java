package io.greptime.jdbc.tck.engine.duckdb.functions;

/**
 * chrono's strftime specifiers (what GreptimeDB's {@code date_format} takes) as DuckDB's: fractional
 * seconds ({@code %3f}, {@code %6f}, {@code %9f}, {@code %.3f}, ...) and the composites ({@code %F},
 * {@code %T}, {@code %R}, {@code %D}); the common ones are the same in both.
 */
public final class ChronoFormat {
    private ChronoFormat() {}

    public static String toDuckDb(String chrono) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < chrono.length(); i++) {
            char c = chrono.charAt(i);
            if (c != '%' || i + 1 >= chrono.length()) {
                out.append(c);
                continue;
            }
            String rest = chrono.substring(i + 1);
            String[][] table = {
                {".3f", ".%g"}, {".6f", ".%f"}, {".9f", ".%n"}, {".f", ".%f"}, {"3f", "%g"}, {"6f", "%f"},
                {"9f", "%n"}, {"f", "%n"}, {"F", "%Y-%m-%d"}, {"T", "%H:%M:%S"}, {"R", "%H:%M"}, {"D", "%m/%d/%y"},
                {"e", "%-d"}, {"k", "%-H"}, {"l", "%-I"}, {"h", "%b"}
            };
            String mapped = null;
            for (String[] m : table) {
                if (rest.startsWith(m[0])) {
                    mapped = m[1];
                    i += m[0].length();
                    break;
                }
            }
            if (mapped == null) {
                out.append('%').append(chrono.charAt(i + 1));
                i++;
            } else {
                out.append(mapped);
            }
        }
        return out.toString();
    }
}
