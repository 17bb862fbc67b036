package io.greptime.jdbc.arrow;

import java.util.Map;
import java.util.OptionalInt;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The field-metadata keys GreptimeDB puts on result columns (protocol.md §7) and the few decisions
 * that depend on them: a Binary column is JSON or a vector, and a column is the table's time index.
 * Readers and type metadata both ask here so the two never disagree about what a column is.
 */
public final class GreptimeFieldMetadata {
    /** Logical GreptimeDB type of a column whose Arrow type alone is ambiguous (Json, Vector(n)). */
    public static final String TYPE_KEY = "greptime:type";
    /** {@code "true"} on the time index column when the projection keeps it. */
    public static final String TIME_INDEX_KEY = "greptime:time_index";

    private static final String JSON = "Json";
    private static final String VECTOR_PREFIX = "Vector(";

    private GreptimeFieldMetadata() {}

    /** True when the column holds GreptimeDB JSONB ({@code greptime:type=Json}). */
    public static boolean isJson(Field field) {
        return JSON.equalsIgnoreCase(logicalType(field));
    }

    /** The n of {@code greptime:type=Vector(n)}, empty when the column is not a vector. */
    public static OptionalInt vectorDimension(Field field) {
        String type = logicalType(field);
        if (type == null
                || !type.regionMatches(true, 0, VECTOR_PREFIX, 0, VECTOR_PREFIX.length())
                || !type.endsWith(")")) {
            return OptionalInt.empty();
        }
        try {
            int n = Integer.parseInt(
                    type.substring(VECTOR_PREFIX.length(), type.length() - 1).trim());
            return n > 0 ? OptionalInt.of(n) : OptionalInt.empty();
        } catch (NumberFormatException e) {
            // A malformed marker is not a vector: the column is then read as plain binary.
            return OptionalInt.empty();
        }
    }

    /** True when the field carries {@code greptime:time_index=true}. */
    public static boolean isTimeIndex(Field field) {
        return "true".equalsIgnoreCase(metadata(field).get(TIME_INDEX_KEY));
    }

    private static String logicalType(Field field) {
        return metadata(field).get(TYPE_KEY);
    }

    private static Map<String, String> metadata(Field field) {
        Map<String, String> m = field.getMetadata();
        return m == null ? Map.of() : m;
    }
}
