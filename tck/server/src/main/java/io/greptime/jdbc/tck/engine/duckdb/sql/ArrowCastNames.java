package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code arrow_cast(x, 'Type')} read as the CAST it is: DataFusion's arrow_cast runs Arrow's cast kernel, the one
 * a CAST runs, so each Arrow type name maps to the SQL type whose cast rules apply ({@code arrow_cast(2.75,
 * 'Int32')} truncates to 2, a timestamp to Int64 is its count of its unit). Names as arrow-rs parses them
 * ({@code Timestamp(Second, None)} or {@code Timestamp(s)}, {@code Decimal128(10, 2)}); a single word that is no
 * Arrow type fails to plan with DataFusion's message (DataFusion docs "Scalar Functions: arrow_cast").
 */
public final class ArrowCastNames {
    private static final Pattern DECIMAL = Pattern.compile("Decimal128\\((\\d+),(-?\\d+)\\)");
    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** Single-word Arrow type names arrow-rs parses (those without a SQL type here are left to the plain path). */
    private static final Set<String> ARROW_WORDS = Set.of(
            "Null",
            "Boolean",
            "Int8",
            "Int16",
            "Int32",
            "Int64",
            "UInt8",
            "UInt16",
            "UInt32",
            "UInt64",
            "Float16",
            "Float32",
            "Float64",
            "Utf8",
            "LargeUtf8",
            "Utf8View",
            "Binary",
            "LargeBinary",
            "BinaryView",
            "Date32",
            "Date64");

    private ArrowCastNames() {}

    /** The CAST {@code c} is when it is {@code arrow_cast(x, '<type with a SQL form>')}, else null. */
    public static SqlAst.Cast asCast(SqlAst.Call c) {
        if (!c.name().toLowerCase(Locale.ROOT).equals("arrow_cast")
                || c.args().size() != 2
                || !(c.args().get(1) instanceof SqlAst.Literal l)
                || l.kind() != SqlAst.LiteralKind.STRING) {
            return null;
        }
        String name = l.text().strip();
        if (WORD.matcher(name).matches() && !ARROW_WORDS.contains(name)) {
            throw new GreptimeError(
                    StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Execution error: Unsupported type '" + name + "'. Must be a supported arrow"
                            + " type name such as 'Int32' or 'Timestamp(ns)'. Error unknown token: " + name);
        }
        SqlAst.TypeName type = typeName(name);
        return type == null ? null : new SqlAst.Cast(c.args().get(0), type, false, false);
    }

    /** The SQL type of the Arrow type {@code arrowName}, or null when none here stands for it. */
    static SqlAst.TypeName typeName(String arrowName) {
        String t = arrowName.replace(" ", "");
        Matcher d = DECIMAL.matcher(t);
        if (d.matches()) {
            return new SqlAst.TypeName("decimal", List.of(d.group(1), d.group(2)), 0);
        }
        String sql = switch (t) {
            case "Int8" -> "tinyint";
            case "Int16" -> "smallint";
            case "Int32" -> "int";
            case "Int64" -> "bigint";
            case "UInt8" -> "tinyint unsigned";
            case "UInt16" -> "smallint unsigned";
            case "UInt32" -> "int unsigned";
            case "UInt64" -> "bigint unsigned";
            case "Float32" -> "float";
            case "Float64" -> "double";
            case "Utf8", "LargeUtf8", "Utf8View" -> "string";
            case "Boolean" -> "boolean";
            case "Binary", "LargeBinary", "BinaryView" -> "bytea";
            case "Date32" -> "date";
            default -> null;
        };
        if (sql != null) {
            return new SqlAst.TypeName(sql, List.of(), 0);
        }
        String precision = switch (t) {
            case "Timestamp(Second,None)", "Timestamp(s)" -> "0";
            case "Timestamp(Millisecond,None)", "Timestamp(ms)" -> "3";
            case "Timestamp(Microsecond,None)", "Timestamp(µs)", "Timestamp(us)" -> "6";
            case "Timestamp(Nanosecond,None)", "Timestamp(ns)" -> "9";
            default -> null;
        };
        return precision == null ? null : new SqlAst.TypeName("timestamp", List.of(precision), 0);
    }
}
