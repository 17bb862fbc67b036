package io.greptime.jdbc.tck.engine.duckdb.catalog;

import java.util.Map;

/**
 * GreptimeDB's view of one column.
 *
 * @param name column name, case kept
 * @param typeName GreptimeDB type name (see {@link GreptimeType#ofName})
 * @param semantic {@code TAG}, {@code FIELD} or {@code TIMESTAMP}
 * @param nullable whether NULL is allowed
 * @param defaultSql the DEFAULT as SHOW CREATE TABLE prints it ({@code current_timestamp()}, {@code 0},
 *     {@code 'text'}), or null
 * @param comment column comment or null
 * @param options index clauses and other column options as written (e.g. {@code fulltext}), may be empty
 */
public record ColumnMeta(
        String name,
        String typeName,
        String semantic,
        boolean nullable,
        String defaultSql,
        String comment,
        Map<String, String> options) {

    public static final String TAG = "TAG";
    public static final String FIELD = "FIELD";
    public static final String TIMESTAMP = "TIMESTAMP";

    public ColumnMeta {
        options = options == null
                ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
    }

    public GreptimeType type() {
        return GreptimeType.ofName(typeName);
    }

    public ColumnMeta withSemantic(String newSemantic) {
        return new ColumnMeta(name, typeName, newSemantic, nullable, defaultSql, comment, options);
    }

    /** The same column with another comment (null: none). */
    public ColumnMeta withComment(String newComment) {
        return new ColumnMeta(name, typeName, semantic, nullable, defaultSql, newComment, options);
    }

    public ColumnMeta withType(String newType) {
        return new ColumnMeta(name, newType, semantic, nullable, defaultSql, comment, options);
    }

    /** The default as DESC and information_schema show it: strings without their quotes. */
    public String defaultDisplay() {
        if (defaultSql == null) {
            return "";
        }
        if (defaultSql.length() >= 2 && defaultSql.startsWith("'") && defaultSql.endsWith("'")) {
            return defaultSql.substring(1, defaultSql.length() - 1).replace("''", "'");
        }
        if (type().kind() == GreptimeType.Kind.DECIMAL
                && type().arrow() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Decimal d) {
            // the default is kept as a value of the column's type, shown at its scale (DEFAULT 1.5 on a
            // DECIMAL(12, 3) reads 1.500 on a real v1.0.0)
            try {
                return new java.math.BigDecimal(defaultSql)
                        .setScale(d.getScale(), java.math.RoundingMode.HALF_UP)
                        .toPlainString();
            } catch (NumberFormatException | ArithmeticException e) {
                return defaultSql;
            }
        }
        return defaultSql;
    }
}
