package io.greptime.jdbc.tck.engine.duckdb.catalog;

import java.util.Map;

/** Column index clauses (FULLTEXT / SKIPPING / INVERTED / VECTOR INDEX) with GreptimeDB's default options. */
public final class IndexOptions {
    /** The index kinds in the order SHOW CREATE TABLE and information_schema list them. */
    public static final java.util.List<String> KIND_ORDER =
            java.util.List.of("fulltext", "skipping", "inverted", "vector");

    private IndexOptions() {}

    static Map<String, String> defaults(String kind) {
        return switch (kind) {
            case "fulltext" ->
                Map.of(
                        "analyzer",
                        "English",
                        "backend",
                        "bloom",
                        "case_sensitive",
                        "false",
                        "false_positive_rate",
                        "0.01",
                        "granularity",
                        "10240");
            case "skipping" -> Map.of("false_positive_rate", "0.01", "granularity", "10240", "type", "BLOOM");
            default -> Map.of();
        };
    }

    /** {@code WITH(k = 'v', ...)} in key order, or empty when there are no options. */
    static String render(Map<String, String> sorted) {
        if (sorted.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("(");
        for (Map.Entry<String, String> e : sorted.entrySet()) {
            sb.append(sb.length() == 1 ? "" : ", ")
                    .append(e.getKey())
                    .append(" = '")
                    .append(e.getValue())
                    .append('\'');
        }
        return sb.append(')').toString();
    }

    /** The greptime_index_type information_schema.statistics reports for a column index. */
    public static String greptimeIndexType(String kind, String rendered) {
        return switch (kind) {
            case "fulltext" -> rendered.contains("backend = 'tantivy'") ? "fulltext_tantivy" : "fulltext_bloom";
            case "skipping" -> "bloom_filter";
            case "inverted" -> "inverted";
            default -> kind;
        };
    }
}
