package io.greptime.jdbc.tck.engine.duckdb.functions;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.duckdb.DuckDBFunctions;
import org.duckdb.DuckDBScalarFunctionBuilder;

/**
 * DataFusion built-ins (datafusion-catalog.tsv) that DuckDB lacks or answers differently, as DuckDB SQL over
 * the call's rendered arguments, with DataFusion's result types and NULL handling (datafusion/functions,
 * functions-nested and functions-aggregate, per the function reference of the revision each line pins).
 * Java scalar functions named {@code gt_df_<name>} carry what SQL cannot say.
 */
public final class DataFusionBuiltins {
    private DataFusionBuiltins() {}

    /**
     * Aggregates that are DuckDB's under another name with the same semantics: DataFusion's variance and
     * standard deviation aliases, and GreptimeDB's MySQL aliases (v1.0's state.rs: std is stddev_pop,
     * variance is var_pop, where DuckDB's variance is the sample's).
     */
    private static final Map<String, String> AGGREGATES = Map.of(
            "var", "var_samp",
            "var_sample", "var_samp",
            "var_population", "var_pop",
            "std", "stddev_pop",
            "variance", "var_pop",
            "approx_distinct", "approx_count_distinct");

    /** DuckDB's aggregate for a DataFusion aggregate that only differs in name, or null. */
    public static String aggregate(String name) {
        return AGGREGATES.get(name);
    }

    /** The result type DuckDB must give an aggregate renamed by {@link #aggregate} (null: as DuckDB's). */
    public static String aggregateType(String name) {
        // DataFusion's approx_distinct is UInt64
        return name.equals("approx_distinct") ? "UBIGINT" : null;
    }

    /**
     * The DuckDB SQL of a plain call (no DISTINCT, ORDER BY, FILTER or OVER) of DataFusion scalar {@code name}
     * with rendered arguments {@code a}, or null when this class does not translate it (or not with that
     * many arguments).
     */
    public static String scalar(String name, List<String> a) {
        int n = a.size();
        switch (name) {
            case "iszero":
                // Float64 (integers are cast), Boolean out
                return n == 1 ? "(CAST(" + a.get(0) + " AS DOUBLE) = 0)" : null;
            case "nanvl":
                return n == 2
                        ? "CASE WHEN isnan(CAST(" + a.get(0) + " AS DOUBLE)) THEN CAST(" + a.get(1)
                                + " AS DOUBLE) ELSE CAST(" + a.get(0) + " AS DOUBLE) END"
                        : null;
            case "signum":
                // Float64 out: -1, 0 or 1 (0 for -0.0 and 0), NaN stays NaN
                return n == 1 ? "CAST(sign(CAST(" + a.get(0) + " AS DOUBLE)) AS DOUBLE)" : null;
            case "nvl", "ifnull":
                return n == 2 ? "coalesce(" + a.get(0) + ", " + a.get(1) + ")" : null;
            case "nvl2":
                return n == 3
                        ? "CASE WHEN " + a.get(0) + " IS NOT NULL THEN " + a.get(1) + " ELSE " + a.get(2) + " END"
                        : null;
            case "find_in_set":
                // Int32: the 1-based position of the string among the list's comma-separated items, 0 when
                // absent, NULL when either is NULL
                return n == 2
                        ? "CASE WHEN " + a.get(0) + " IS NULL OR " + a.get(1) + " IS NULL THEN NULL ELSE CAST(coalesce("
                                + "list_position(string_split(" + a.get(1) + ", ','), " + a.get(0)
                                + "), 0) AS INTEGER) END"
                        : null;
            case "substr_index", "substring_index":
                return n == 3
                        ? "gt_df_substr_index(" + a.get(0) + ", " + pack("CAST(" + a.get(2) + " AS BIGINT)", a.get(1))
                                + ")"
                        : null;
            case "initcap":
                return n == 1 ? "gt_df_initcap(CAST(" + a.get(0) + " AS VARCHAR))" : null;
            case "regexp_count":
                // Int64: non-overlapping matches of the pattern (from the 1-based start, with flags)
                if (n == 2) {
                    return "CAST(len(regexp_extract_all(" + a.get(0) + ", " + a.get(1) + ")) AS BIGINT)";
                }
                if (n == 3) {
                    return "CAST(len(regexp_extract_all(substr(" + a.get(0) + ", " + a.get(2) + "), " + a.get(1)
                            + ")) AS BIGINT)";
                }
                return n == 4
                        ? "CAST(len(regexp_extract_all(substr(" + a.get(0) + ", " + a.get(2) + "), "
                                + flagged(a.get(1), a.get(3)) + ")) AS BIGINT)"
                        : null;
            case "to_hex":
                // lower-case hex digits; a negative integer as its 64-bit two's complement
                return n == 1 ? "lower(to_hex(CAST(" + a.get(0) + " AS BIGINT)))" : null;
            case "sha224", "sha384", "sha512":
                // Binary out, as DataFusion's sha2 family gives
                return n == 1 ? "unhex(gt_df_" + name + "(CAST(" + a.get(0) + " AS VARCHAR)))" : null;
            case "digest":
                return n == 2 ? "unhex(gt_df_digest(CAST(" + a.get(0) + " AS VARCHAR), " + a.get(1) + "))" : null;
            case "encode":
                if (n == 2 && a.get(1).equalsIgnoreCase("'hex'")) {
                    // the bytes in lower-case hex: a string's UTF-8 bytes, a binary's own bytes (hex() reads both)
                    return "lower(hex(" + a.get(0) + "))";
                }
                return n == 2 ? "gt_df_encode(CAST(" + a.get(0) + " AS VARCHAR), " + a.get(1) + ")" : null;
            case "decode":
                // Binary out
                return n == 2 ? "unhex(gt_df_decode(CAST(" + a.get(0) + " AS VARCHAR), " + a.get(1) + "))" : null;
            case "to_local_time":
                // GreptimeDB's timestamps carry no zone: the local time is the value itself
                return n == 1 ? a.get(0) : null;
            case "from_unixtime":
                // Timestamp(Second) of the seconds since the epoch
                return n == 1
                        ? "CAST(make_timestamp(CAST(" + a.get(0) + " AS BIGINT) * 1000000) AS TIMESTAMP_S)"
                        : null;
            case "array_empty", "list_empty", "empty":
                return n == 1 ? "(len(" + a.get(0) + ") = 0)" : null;
            case "array_any_value", "list_any_value":
                return n == 1 ? "list_filter(" + a.get(0) + ", lambda df_e: df_e IS NOT NULL)[1]" : null;
            case "array_pop_back", "list_pop_back":
                return n == 1 ? "list_slice(" + a.get(0) + ", 1, len(" + a.get(0) + ") - 1)" : null;
            case "array_pop_front", "list_pop_front":
                return n == 1 ? "list_slice(" + a.get(0) + ", 2, len(" + a.get(0) + "))" : null;
            case "array_remove", "list_remove":
                return n == 2 ? removeN(a.get(0), a.get(1), "1") : null;
            case "array_remove_n", "list_remove_n":
                return n == 3 ? removeN(a.get(0), a.get(1), a.get(2)) : null;
            case "array_remove_all", "list_remove_all":
                return n == 2
                        ? "list_filter(" + a.get(0) + ", lambda df_e: df_e IS DISTINCT FROM " + a.get(1) + ")"
                        : null;
            case "array_replace", "list_replace":
                return n == 3 ? replaceN(a.get(0), a.get(1), a.get(2), "1") : null;
            case "array_replace_n", "list_replace_n":
                return n == 4 ? replaceN(a.get(0), a.get(1), a.get(2), a.get(3)) : null;
            case "array_replace_all", "list_replace_all":
                return n == 3
                        ? "list_transform(" + a.get(0) + ", lambda df_e: CASE WHEN df_e IS NOT DISTINCT FROM "
                                + a.get(1) + " THEN " + a.get(2) + " ELSE df_e END)"
                        : null;
            case "array_repeat", "list_repeat":
                return n == 2
                        ? "list_transform(range(greatest(CAST(" + a.get(1) + " AS BIGINT), 0)), lambda df_i: "
                                + a.get(0) + ")"
                        : null;
            case "array_positions", "list_positions":
                // UInt64 1-based positions of every element equal to the value (a NULL matches NULLs)
                return n == 2
                        ? "CAST(list_filter(list_transform(" + a.get(0)
                                + ", lambda df_e, df_i: CASE WHEN df_e IS NOT DISTINCT FROM " + a.get(1)
                                + " THEN df_i END), lambda df_p: df_p IS NOT NULL) AS UBIGINT[])"
                        : null;
            case "array_except", "list_except":
                // the first array's distinct elements (in order) the second lacks
                return n == 2
                        ? "list_filter(" + distinctInOrder(a.get(0)) + ", lambda df_e: list_position(" + a.get(1)
                                + ", df_e) IS NULL)"
                        : null;
            case "array_union", "list_union":
                return n == 2 ? distinctInOrder("list_concat(" + a.get(0) + ", " + a.get(1) + ")") : null;
            case "array_distinct", "list_distinct":
                // first occurrences in order, one NULL kept
                return n == 1 ? distinctInOrder(a.get(0)) : null;
            case "array_sort", "list_sort":
                // ascending unless 'DESC', NULLs first unless 'NULLS LAST'
                if (n == 1) {
                    return "list_sort(" + a.get(0) + ", 'ASC', 'NULLS FIRST')";
                }
                if (n == 2) {
                    return "list_sort(" + a.get(0) + ", " + a.get(1) + ", 'NULLS FIRST')";
                }
                return n == 3 ? "list_sort(" + a.get(0) + ", " + a.get(1) + ", " + a.get(2) + ")" : null;
            case "array_dims", "list_dims":
                // UInt64 list: the length at each nesting level, following first elements; NULL for an
                // empty list
                return n == 1
                        ? "CAST(string_split(gt_df_array_dims(CAST(to_json(" + a.get(0)
                                + ") AS VARCHAR)), ',') AS UBIGINT[])"
                        : null;
            case "array_ndims", "list_ndims":
                // UInt64: the list type's nesting depth, read from DuckDB's type name (INTEGER[][] is 2)
                return n == 1
                        ? "CAST((length(typeof(" + a.get(0) + ")) - length(replace(typeof(" + a.get(0)
                                + "), '[]', ''))) // 2 AS UBIGINT)"
                        : null;
            case "arrays_zip", "list_zip": {
                // a list of structs c0, c1, ... of the lists' elements at each position, NULL past a shorter one
                if (n == 0) {
                    return null;
                }
                StringBuilder longest = new StringBuilder("greatest(");
                StringBuilder fields = new StringBuilder("struct_pack(");
                for (int i = 0; i < n; i++) {
                    longest.append(i > 0 ? ", " : "")
                            .append("len(")
                            .append(a.get(i))
                            .append(")");
                    fields.append(i > 0 ? ", " : "")
                            .append("c")
                            .append(i)
                            .append(" := (")
                            .append(a.get(i))
                            .append(")[df_i + 1]");
                }
                return "list_transform(range(" + longest + ")), lambda df_i: " + fields + "))";
            }
            case "struct", "row": {
                StringBuilder fields = new StringBuilder("struct_pack(");
                for (int i = 0; i < n; i++) {
                    fields.append(i > 0 ? ", " : "")
                            .append("c")
                            .append(i)
                            .append(" := ")
                            .append(a.get(i));
                }
                return n == 0 ? null : fields.append(")").toString();
            }
            case "overlay":
                // overlay(str, substr, pos[, count]): count characters from pos replaced (count defaults to
                // the replacement's length)
                // (core/overlay.rs: the head only when pos falls inside the string, the tail only when pos + count
                // - 1 does; count capped at the string's length)
                if (n == 3 || n == 4) {
                    String str = a.get(0);
                    String pos = "CAST(" + a.get(2) + " AS BIGINT)";
                    String count = n == 4
                            ? "least(CAST(" + a.get(3) + " AS BIGINT), length(" + str + "))"
                            : "length(" + a.get(1) + ")";
                    return "(CASE WHEN " + str + " IS NULL OR " + a.get(1) + " IS NULL OR " + pos + " IS NULL"
                            + (n == 4 ? " OR " + a.get(3) + " IS NULL" : "") + " THEN NULL ELSE (CASE WHEN " + pos
                            + " > 1 AND " + pos + " - 1 < length(" + str + ") THEN substr(" + str + ", 1, " + pos
                            + " - 1) ELSE '' END) || " + a.get(1) + " || (CASE WHEN " + pos + " + " + count
                            + " - 1 < length(" + str + ") THEN substr(" + str + ", " + pos + " + " + count
                            + ") ELSE '' END) END)";
                }
                return null;
            case "to_time":
                return n == 1 ? "CAST(" + a.get(0) + " AS TIME)" : null;
            case "regexp_match":
                // the first match's capture groups (the whole match without groups), NULL without a match
                if (n == 2 || n == 3) {
                    return "list_transform((string_split(gt_df_regexp_match(" + a.get(0) + ", "
                            + pack(n == 3 ? a.get(2) : "''", a.get(1))
                            + "), chr(1)))[2:], lambda df_e: nullif(df_e, chr(2)))";
                }
                return null;
            case "regexp_instr":
                // Int64: the 1-based character position of the first match at or after start, 0 without one
                // (the fourth argument: the n-th match from start, regexpinstr.rs get_nth_match)
                if (n >= 2 && n <= 4) {
                    String start = "CAST(" + (n >= 3 ? a.get(2) : "1") + " AS BIGINT)";
                    String nth = n == 4 ? " || ',' || CAST(CAST(" + a.get(3) + " AS BIGINT) AS VARCHAR)" : "";
                    return "gt_df_regexp_instr(" + a.get(0) + ", " + pack(start + nth, a.get(1)) + ")";
                }
                return null;
            case "array_element", "list_element", "array_extract", "list_extract":
                // 1-based; NULL out of range (0 included)
                return n == 2 ? "list_extract(" + a.get(0) + ", " + a.get(1) + ")" : null;
            case "array_push_front", "list_push_front", "array_prepend", "list_prepend":
                // (element, list), where DuckDB's array_push_front takes the list first
                return n == 2 ? "list_prepend(" + a.get(0) + ", " + a.get(1) + ")" : null;
            case "list_push_back", "array_push_back", "list_append":
                return n == 2 ? "list_append(" + a.get(0) + ", " + a.get(1) + ")" : null;
            case "make_array", "make_list":
                return n == 0 ? "[]" : "list_value(" + String.join(", ", a) + ")";
            case "array_join", "list_join", "list_to_string", "array_to_string":
                // NULL elements are skipped unless a third argument replaces them
                if (n == 2) {
                    return "array_to_string(" + a.get(0) + ", " + a.get(1) + ")";
                }
                return n == 3
                        ? "array_to_string(list_transform(" + a.get(0)
                                + ", lambda df_e: coalesce(CAST(df_e AS VARCHAR), " + a.get(2) + ")), " + a.get(1) + ")"
                        : null;
            case "string_to_list":
                return n == 2 ? "string_to_array(" + a.get(0) + ", " + a.get(1) + ")" : null;
            case "list_length":
                return n == 1 ? "CAST(len(" + a.get(0) + ") AS UBIGINT)" : null;
            case "rand":
                // GreptimeDB's MySQL alias of random (v1.0 on)
                return n == 0 ? "random()" : null;
            case "current_time":
                // Time64(ns) of the statement's UTC time
                return n == 0 ? "CAST(timezone('UTC', get_current_timestamp()) AS TIME)" : null;
            case "arrow_cast":
                if (n == 2) {
                    String duck = duckType(a.get(1));
                    return duck == null ? null : "CAST(" + a.get(0) + " AS " + duck + ")";
                }
                return null;
            case "array_max", "list_max":
                return n == 1 ? "list_max(" + a.get(0) + ")" : null;
            case "array_min", "list_min":
                return n == 1 ? "list_min(" + a.get(0) + ")" : null;
            case "arrays_overlap":
                return n == 2 ? "list_has_any(" + a.get(0) + ", " + a.get(1) + ")" : null;
            case "array_distance", "list_distance":
                return n == 2
                        ? "list_distance(CAST(" + a.get(0) + " AS DOUBLE[]), CAST(" + a.get(1) + " AS DOUBLE[]))"
                        : null;
            default:
                return null;
        }
    }

    /**
     * How DataFusion's arrow_typeof names an Arrow type: arrow-rs's Display, which from the DataFusion of v1.0
     * ({@code modern}) writes a timestamp's unit short ({@code Timestamp(ns)}), before it
     * {@code Timestamp(Nanosecond, None)}; null for types this does not name.
     */
    public static String arrowTypeName(org.apache.arrow.vector.types.pojo.ArrowType t, boolean modern) {
        if (t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Int i) {
            return (i.getIsSigned() ? "Int" : "UInt") + i.getBitWidth();
        }
        if (t instanceof org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint f) {
            return switch (f.getPrecision()) {
                case HALF -> "Float16";
                case SINGLE -> "Float32";
                case DOUBLE -> "Float64";
            };
        }
        if (t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Utf8) {
            return "Utf8";
        }
        if (t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Bool) {
            return "Boolean";
        }
        if (t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Binary) {
            return "Binary";
        }
        if (t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Date d
                && d.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY) {
            return "Date32";
        }
        if (t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Decimal d && d.getBitWidth() == 128) {
            return "Decimal128(" + d.getPrecision() + ", " + d.getScale() + ")";
        }
        if (t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Interval i
                && i.getUnit() == org.apache.arrow.vector.types.IntervalUnit.MONTH_DAY_NANO) {
            return "Interval(MonthDayNano)";
        }
        if (t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Timestamp ts) {
            String[] unit = switch (ts.getUnit()) {
                case SECOND -> new String[] {"s", "Second"};
                case MILLISECOND -> new String[] {"ms", "Millisecond"};
                case MICROSECOND -> new String[] {"µs", "Microsecond"};
                case NANOSECOND -> new String[] {"ns", "Nanosecond"};
            };
            if (ts.getTimezone() == null) {
                return modern ? "Timestamp(" + unit[0] + ")" : "Timestamp(" + unit[1] + ", None)";
            }
            return modern
                    ? "Timestamp(" + unit[0] + ", \"" + ts.getTimezone() + "\")"
                    : "Timestamp(" + unit[1] + ", Some(\"" + ts.getTimezone() + "\"))";
        }
        if (t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Duration d) {
            // a timestamp minus a timestamp
            String[] unit = switch (d.getUnit()) {
                case SECOND -> new String[] {"s", "Second"};
                case MILLISECOND -> new String[] {"ms", "Millisecond"};
                case MICROSECOND -> new String[] {"µs", "Microsecond"};
                case NANOSECOND -> new String[] {"ns", "Nanosecond"};
            };
            return modern ? "Duration(" + unit[0] + ")" : "Duration(" + unit[1] + ")";
        }
        return null;
    }

    /**
     * arrow_typeof of a value whose type only DuckDB knows: its DuckDB type name mapped to Arrow's at run
     * time (a name this does not map is answered as DuckDB's).
     */
    public static String arrowTypeofSql(String value, boolean modern) {
        String[][] names = {
            {"TINYINT", "Int8"},
            {"SMALLINT", "Int16"},
            {"INTEGER", "Int32"},
            {"BIGINT", "Int64"},
            {"UTINYINT", "UInt8"},
            {"USMALLINT", "UInt16"},
            {"UINTEGER", "UInt32"},
            {"UBIGINT", "UInt64"},
            {"FLOAT", "Float32"},
            {"DOUBLE", "Float64"},
            {"VARCHAR", "Utf8"},
            {"BOOLEAN", "Boolean"},
            {"BLOB", "Binary"},
            {"DATE", "Date32"},
            {"\"NULL\"", "Null"},
            {"TIMESTAMP_S", modern ? "Timestamp(s)" : "Timestamp(Second, None)"},
            {"TIMESTAMP_MS", modern ? "Timestamp(ms)" : "Timestamp(Millisecond, None)"},
            {"TIMESTAMP", modern ? "Timestamp(µs)" : "Timestamp(Microsecond, None)"},
            {"TIMESTAMP_NS", modern ? "Timestamp(ns)" : "Timestamp(Nanosecond, None)"},
            {"TIME", modern ? "Time64(µs)" : "Time64(Microsecond)"},
            {"INTERVAL", "Interval(MonthDayNano)"}
        };
        StringBuilder sb = new StringBuilder("CASE typeof(" + value + ")");
        for (String[] n : names) {
            sb.append(" WHEN '").append(n[0]).append("' THEN '").append(n[1]).append('\'');
        }
        // DuckDB's DECIMAL(p,s) is Arrow's Decimal128(p, s) up to 38 digits
        return sb.append(" ELSE regexp_replace(typeof(")
                .append(value)
                .append("), '^DECIMAL\\((\\d+),(\\d+)\\)$', 'Decimal128(\\1, \\2)') END")
                .toString();
    }

    /** DuckDB's type for an Arrow type name given as a SQL string literal, or null for other names. */
    static String duckType(String literal) {
        if (!literal.startsWith("'") || !literal.endsWith("'")) {
            return null;
        }
        String t = literal.substring(1, literal.length() - 1).replace(" ", "");
        return switch (t) {
            case "Int8" -> "TINYINT";
            case "Int16" -> "SMALLINT";
            case "Int32" -> "INTEGER";
            case "Int64" -> "BIGINT";
            case "UInt8" -> "UTINYINT";
            case "UInt16" -> "USMALLINT";
            case "UInt32" -> "UINTEGER";
            case "UInt64" -> "UBIGINT";
            case "Float32" -> "FLOAT";
            case "Float64" -> "DOUBLE";
            case "Utf8", "LargeUtf8", "Utf8View" -> "VARCHAR";
            case "Boolean" -> "BOOLEAN";
            case "Binary", "LargeBinary", "BinaryView" -> "BLOB";
            case "Date32" -> "DATE";
            case "Timestamp(Second,None)", "Timestamp(s)" -> "TIMESTAMP_S";
            case "Timestamp(Millisecond,None)", "Timestamp(ms)" -> "TIMESTAMP_MS";
            case "Timestamp(Microsecond,None)", "Timestamp(µs)", "Timestamp(us)" -> "TIMESTAMP";
            case "Timestamp(Nanosecond,None)", "Timestamp(ns)" -> "TIMESTAMP_NS";
            default -> null;
        };
    }

    private static String flagged(String pattern, String flags) {
        return "concat('(?', " + flags + ", ')', " + pattern + ")";
    }

    /** The list without the first {@code n} elements equal to {@code x} (DataFusion's array_remove_n). */
    private static String removeN(String list, String x, String n) {
        return "list_filter(" + list + ", lambda df_e, df_i: df_e IS DISTINCT FROM " + x
                + " OR len(list_filter(list_slice(" + list + ", 1, df_i), lambda df_y: df_y IS NOT DISTINCT FROM " + x
                + ")) > " + n + ")";
    }

    /** The list with the first {@code n} elements equal to {@code from} replaced (array_replace_n). */
    private static String replaceN(String list, String from, String to, String n) {
        return "list_transform(" + list + ", lambda df_e, df_i: CASE WHEN df_e = " + from
                + " AND len(list_filter(list_slice(" + list + ", 1, df_i), lambda df_y: df_y = " + from + ")) <= " + n
                + " THEN " + to + " ELSE df_e END)";
    }

    /** The list's distinct elements in the order they first appear (DuckDB's list_position finds NULL). */
    private static String distinctInOrder(String list) {
        return "list_filter(" + list + ", lambda df_e, df_i: df_i = list_position(" + list + ", df_e))";
    }

    /** Registers the Java functions the SQL above calls. */
    public static void install(Connection c) throws SQLException {
        unary(c, "gt_df_initcap", DataFusionBuiltins::initcap);
        // upper/lower with the full Unicode case mapping Rust's str::to_uppercase/to_lowercase apply
        unary(c, "gt_upper", s -> s.toUpperCase(java.util.Locale.ROOT));
        unary(c, "gt_lower", s -> s.toLowerCase(java.util.Locale.ROOT));
        unary(c, "gt_df_sha224", s -> digestHex(s, "SHA-224"));
        unary(c, "gt_df_sha384", s -> digestHex(s, "SHA-384"));
        unary(c, "gt_df_sha512", s -> digestHex(s, "SHA-512"));
        binary(c, "gt_df_digest", DataFusionBuiltins::digest);
        binary(c, "gt_df_encode", DataFusionBuiltins::encode);
        binary(c, "gt_df_decode", DataFusionBuiltins::decode);
        // three-argument functions take their second and third arguments packed as "third \u0001 second"
        // (DuckDB's Java functions take at most two parameters); || keeps a NULL part NULL
        unary(c, "gt_df_array_dims", DataFusionBuiltins::arrayDims);
        binary(c, "gt_df_regexp_match", (str, packed) -> regexpMatch(str, after(packed), before(packed)));
        binary(
                c,
                "gt_df_substr_index",
                (str, packed) -> substrIndex(str, after(packed), Long.parseLong(before(packed))));
        try (DuckDBScalarFunctionBuilder b = DuckDBFunctions.scalarFunction()) {
            b.withName("gt_df_regexp_instr")
                    .withParameters(String.class, String.class)
                    .withReturnType(Long.class)
                    .withFunction((String str, String packed) ->
                            str == null || packed == null ? null : regexpInstr(str, after(packed), before(packed)))
                    .register(c);
        }
    }

    /** array_dims over the list as JSON text: the lengths down the first elements, comma-separated. */
    public static String arrayDims(String json) {
        com.google.gson.JsonElement e = JsonFunctions.parse(json);
        if (e == null || !e.isJsonArray() || e.getAsJsonArray().isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        while (e != null && e.isJsonArray()) {
            sb.append(sb.length() > 0 ? "," : "").append(e.getAsJsonArray().size());
            e = e.getAsJsonArray().isEmpty() ? null : e.getAsJsonArray().get(0);
        }
        return sb.toString();
    }

    /** SQL packing a third argument and a second one for a two-parameter Java function. */
    static String pack(String third, String second) {
        return "(CAST(" + third + " AS VARCHAR) || chr(1) || " + second + ")";
    }

    private static String before(String packed) {
        return packed.substring(0, packed.indexOf('\u0001'));
    }

    private static String after(String packed) {
        return packed.substring(packed.indexOf('\u0001') + 1);
    }

    private static void unary(Connection c, String name, Function<String, String> fn) throws SQLException {
        try (DuckDBScalarFunctionBuilder b = DuckDBFunctions.scalarFunction()) {
            b.withName(name)
                    .withParameter(String.class)
                    .withReturnType(String.class)
                    .withFunction((String x) -> x == null ? null : fn.apply(x))
                    .register(c);
        }
    }

    private static void binary(Connection c, String name, java.util.function.BiFunction<String, String, String> fn)
            throws SQLException {
        try (DuckDBScalarFunctionBuilder b = DuckDBFunctions.scalarFunction()) {
            b.withName(name)
                    .withParameters(String.class, String.class)
                    .withReturnType(String.class)
                    .withFunction((String x, String y) -> x == null || y == null ? null : fn.apply(x, y))
                    .register(c);
        }
    }

    /**
     * DataFusion's initcap: the first alphanumeric character of each word upper-cased, the word's other
     * characters lower-cased; words are runs of alphanumerics (ASCII ones for an ASCII string, Unicode's
     * otherwise), other characters pass unchanged.
     */
    public static String initcap(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        boolean previousAlnum = false;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            String ch = new String(Character.toChars(cp));
            sb.append(previousAlnum ? ch.toLowerCase(Locale.ROOT) : ch.toUpperCase(Locale.ROOT));
            previousAlnum = Character.isLetterOrDigit(cp);
            i += Character.charCount(cp);
        }
        return sb.toString();
    }

    /**
     * DataFusion's substr_index (MySQL's SUBSTRING_INDEX): the part before the count-th delimiter from the
     * left (count > 0) or after the count-th from the right (count < 0), occurrences not overlapping; the
     * whole string when there are fewer; empty for count 0, an empty string or an empty delimiter.
     */
    public static String substrIndex(String s, String delim, long count) {
        if (count == 0 || delim.isEmpty() || s.isEmpty()) {
            return "";
        }
        int at = -1;
        if (count > 0) {
            int from = 0;
            for (long k = 0; k < count; k++) {
                at = s.indexOf(delim, from);
                if (at < 0) {
                    return s;
                }
                from = at + delim.length();
            }
            return s.substring(0, at);
        }
        int end = s.length();
        for (long k = 0; k < -count; k++) {
            at = end - delim.length() < 0 ? -1 : s.lastIndexOf(delim, end - delim.length());
            if (at < 0) {
                return s;
            }
            end = at;
        }
        return s.substring(at + delim.length());
    }

    private static java.util.regex.Pattern pattern(String p, String flags) {
        int bits = 0;
        for (char f : flags.toCharArray()) {
            bits |= switch (f) {
                case 'i' -> java.util.regex.Pattern.CASE_INSENSITIVE | java.util.regex.Pattern.UNICODE_CASE;
                case 'm' -> java.util.regex.Pattern.MULTILINE;
                case 's' -> java.util.regex.Pattern.DOTALL;
                case 'x' -> java.util.regex.Pattern.COMMENTS;
                default ->
                    throw new IllegalArgumentException(
                            "GT3001:Error during planning: regexp_match() does not" + " support the \"global\" option");
            };
        }
        try {
            return java.util.regex.Pattern.compile(p, bits);
        } catch (java.util.regex.PatternSyntaxException e) {
            // GreptimeDB fails the query while it runs (3001); the regex crate's own text is not reproduced
            throw new IllegalArgumentException(
                    "GT3001:Compute error: Regular expression did not compile: " + e.getDescription(), e);
        }
    }

    /**
     * regexp_match: the first match's groups, each after a \u0001 (a group that took no part as \u0002), or the
     * whole match when the pattern has no group; null without a match.
     */
    public static String regexpMatch(String s, String p, String flags) {
        java.util.regex.Matcher m = pattern(p, flags).matcher(s);
        if (!m.find()) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        if (m.groupCount() == 0) {
            return sb.append('\u0001').append(m.group()).toString();
        }
        for (int g = 1; g <= m.groupCount(); g++) {
            sb.append('\u0001').append(m.group(g) == null ? "\u0002" : m.group(g));
        }
        return sb.toString();
    }

    /** regexp_instr: the 1-based character position of the first match at or after start, 0 without one. */
    public static Long regexpInstr(String s, String p, long start) {
        return regexpInstr(s, p, start, 1);
    }

    /** regexp_instr with its packed "start[,n]" arguments. */
    static Long regexpInstr(String s, String p, String startAndN) {
        String[] parts = startAndN.split(",");
        return regexpInstr(s, p, Long.parseLong(parts[0]), parts.length > 1 ? Long.parseLong(parts[1]) : 1);
    }

    /** The 1-based character position of the n-th match at or after start, 0 without one. */
    public static Long regexpInstr(String s, String p, long start, long n) {
        if (start < 1) {
            throw new IllegalArgumentException("GT3001:Execution error: regexp_instr() requires start to be 1-based");
        }
        if (n < 1) {
            throw new IllegalArgumentException("GT3001:Execution error: N must be 1 or greater");
        }
        int from = s.offsetByCodePoints(0, (int) Math.min(start - 1, s.codePointCount(0, s.length())));
        java.util.regex.Matcher m = pattern(p, "").matcher(s);
        long seen = 0;
        int at = from;
        while (at <= s.length() && m.find(at)) {
            if (++seen == n) {
                return (long) s.codePointCount(0, m.start()) + 1;
            }
            at = m.end() > m.start() ? m.end() : m.end() + 1;
        }
        return 0L;
    }

    private static String digestHex(String s, String algorithm) {
        return HexFormat.of().formatHex(digestBytes(s, algorithm));
    }

    private static byte[] digestBytes(String s, String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm).digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** digest(expr, algorithm): the hash's hex digits, for the algorithms Java has of DataFusion's list. */
    public static String digest(String s, String algorithm) {
        String java = switch (algorithm.toLowerCase(Locale.ROOT)) {
            case "md5" -> "MD5";
            case "sha224" -> "SHA-224";
            case "sha256" -> "SHA-256";
            case "sha384" -> "SHA-384";
            case "sha512" -> "SHA-512";
            default -> null;
        };
        if (java == null) {
            throw new IllegalArgumentException("GT3001:Error during planning: There is no built-in digest algorithm"
                    + " named '" + algorithm + "', currently supported algorithms are: md5, sha224, sha256, sha384,"
                    + " sha512, blake2s, blake2b, blake3");
        }
        return digestHex(s, java);
    }

    /**
     * encode(value, 'base64' | 'base64pad' | 'hex'): base64 without padding, with it, or lower-case hex, of
     * the UTF-8 bytes.
     */
    public static String encode(String s, String format) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "base64" -> Base64.getEncoder().withoutPadding().encodeToString(bytes);
            case "base64pad" -> Base64.getEncoder().encodeToString(bytes);
            case "hex" -> HexFormat.of().formatHex(bytes);
            default -> throw unknownEncoding(format);
        };
    }

    private static IllegalArgumentException unknownEncoding(String format) {
        return new IllegalArgumentException("GT3001:Error during planning: There is no built-in encoding named '"
                + format + "', currently supported encodings are: base64, base64pad, hex");
    }

    /**
     * The text when every byte is of base64's alphabet (or its padding); else the base64 crate's error for the
     * first byte that is not, as DataFusion reports it while executing.
     */
    private static String base64Checked(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xff;
            boolean ok = b >= 'A' && b <= 'Z'
                    || b >= 'a' && b <= 'z'
                    || b >= '0' && b <= '9'
                    || b == '+'
                    || b == '/'
                    || b == '=';
            if (!ok) {
                throw new IllegalArgumentException("GT3001:Execution error: Failed to decode from base64: DecodeError:"
                        + " Invalid symbol " + b + ", offset " + i + ".");
            }
        }
        return s;
    }

    /** decode(value, 'base64' | 'hex'): the bytes the text encodes, as hex digits. */
    public static String decode(String s, String format) {
        byte[] bytes = switch (format.toLowerCase(Locale.ROOT)) {
            case "base64", "base64pad" ->
                Base64.getDecoder().decode(base64Checked(s).replace("=", ""));
            case "hex" -> HexFormat.of().parseHex(s);
            default -> throw unknownEncoding(format);
        };
        return HexFormat.of().formatHex(bytes);
    }
}
