package io.greptime.jdbc.internal.config;

import io.greptime.jdbc.GreptimeProperty;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Renders the connection-property table of the documentation from {@link GreptimeProperty}, so the
 * docs cannot drift from the code (design rule 1). {@code driver/PROPERTIES.md} is this output (every property)
 * and the project README embeds {@link #commonTable()} (the ones most applications set) between two marker
 * comments; a test fails when either differs. Regenerate with
 * {@code java -cp driver/target/classes:... io.greptime.jdbc.internal.config.PropertyTable driver/PROPERTIES.md}
 * or by running that test with {@code -Dgreptime.updateDocs=true}.
 */
public final class PropertyTable {
    private PropertyTable() {}

    /** Where the table sits in the project's README.md, between these two lines. */
    public static final String README_START =
            "<!-- properties:start (generated from GreptimeProperty; do not edit) -->";

    public static final String README_END = "<!-- properties:end -->";

    /** The properties the README lists, in its order: the ones most applications set; the rest are in PROPERTIES.md. */
    static final java.util.List<GreptimeProperty> COMMON = java.util.List.of(
            GreptimeProperty.USER,
            GreptimeProperty.PASSWORD,
            GreptimeProperty.DATABASE,
            GreptimeProperty.TIMEZONE,
            GreptimeProperty.CONNECT_TIMEOUT,
            GreptimeProperty.QUERY_TIMEOUT,
            GreptimeProperty.TLS,
            GreptimeProperty.COMPRESSION,
            GreptimeProperty.BULK_WRITES,
            GreptimeProperty.BULK_WINDOW,
            GreptimeProperty.FAILOVER_POLICY,
            GreptimeProperty.DISCOVER_FRONTENDS,
            GreptimeProperty.LOGGING);

    /** The whole PROPERTIES.md text. */
    public static String render() {
        StringBuilder sb = new StringBuilder();
        sb.append("# Connection properties\n\n")
                .append("<!-- Generated from io.greptime.jdbc.GreptimeProperty by PropertyTable; do not edit. -->\n\n")
                .append("URL: `jdbc:greptime://host1[:port][,host2[:port]...][/database][?key=value&...]` ")
                .append("(default port 4001, default database `public`; values are percent-decoded).\n\n")
                .append(
                        "Unix domain socket: `jdbc:greptime:unix:///path/to/greptime.sock[/database][?key=value&...]` (the ")
                .append("socket path ends with the first segment ending in `.sock`; otherwise give the whole path and ")
                .append("`?database=`), or the `unixSocket` property.\n\n")
                .append("Precedence: `Properties` passed to `DriverManager.getConnection` (or set on ")
                .append("`GreptimeDataSource`) override the URL's query string, which overrides the defaults. ")
                .append("Unknown keys and bad values fail the connection with one SQLException (SQLState `08001`) ")
                .append("that lists every problem.\n\n")
                .append(table());
        return sb.toString();
    }

    /** The Markdown table alone: one row per property, in registry order. */
    public static String table() {
        return table(java.util.List.of(GreptimeProperty.values()));
    }

    /** The README's table: the {@link #COMMON} properties only. */
    public static String commonTable() {
        return table(COMMON);
    }

    private static String table(java.util.List<GreptimeProperty> properties) {
        StringBuilder sb = new StringBuilder();
        sb.append("| key | type | default | since | description |\n").append("|---|---|---|---|---|\n");
        for (GreptimeProperty p : properties) {
            sb.append("| `")
                    .append(p.key())
                    .append("` | ")
                    .append(typeText(p))
                    .append(" | ")
                    .append(p.defaultValue() == null ? "" : "`" + p.defaultValue() + "`")
                    .append(" | ")
                    .append(p.since())
                    .append(" | ")
                    .append(p.description().replace("|", "\\|"))
                    .append(p.sensitive() ? " (sensitive)" : "")
                    .append(" |\n");
        }
        return sb.toString();
    }

    /**
     * {@code readme} with the text between {@link #README_START} and {@link #README_END} replaced by
     * {@link #commonTable()}.
     *
     * @throws IllegalArgumentException when the markers are missing or out of order
     */
    public static String embedIn(String readme) {
        int start = readme.indexOf(README_START);
        int end = readme.indexOf(README_END);
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("README has no " + README_START + " ... " + README_END + " section");
        }
        int from = start + README_START.length();
        return readme.substring(0, from) + "\n" + commonTable() + readme.substring(end);
    }

    private static String typeText(GreptimeProperty p) {
        return p.choices().isEmpty()
                ? p.type().name().toLowerCase(java.util.Locale.ROOT)
                : String.join(" \\| ", p.choices());
    }

    /** Writes the table to the file given as the only argument. */
    public static void main(String[] args) throws IOException {
        Files.writeString(Path.of(args[0]), render(), StandardCharsets.UTF_8);
    }
}
