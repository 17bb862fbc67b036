package io.greptime.jdbc.tck.engine.duckdb.writes;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import java.math.BigInteger;
import java.util.List;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * GreptimeDB's conversion of the literals of an INSERT ... VALUES whose every value is a plain literal
 * ({@code v1.0.0:src/sql/src/statements/insert.rs} can_extract_values, then
 * {@code src/common/sql/src/convert.rs} sql_value_to_value). Each literal kind is converted to the column's
 * type by its own rule and no literal is cast across kinds:
 *
 * <ul>
 *   <li>a number is parsed as the column's width (Rust's {@code str::parse}); a BOOLEAN column takes only
 *       {@code 0} and {@code 1}; a STRING, BINARY, DATE, JSON or VECTOR column takes no number at all
 *       (ParseSqlValue, InvalidSyntax);
 *   <li>{@code true}/{@code false} goes only into a BOOLEAN column (ColumnTypeMismatch, InvalidArguments);
 *   <li>a string goes only into a "stringifiable" column: STRING, DATE, TIMESTAMP, TIME, INTERVAL,
 *       DECIMAL, BINARY, JSON, VECTOR (ColumnTypeMismatch); a timestamp column also reads an integer string
 *       as a raw value in its unit;
 *   <li>{@code X'..'} is decoded as hex, then Arrow-cast to the column's type, which only STRING and
 *       BINARY allow; never into JSON.
 * </ul>
 *
 * A real GreptimeDB v1.0.0 answers each of these (probes/types/insert_conversions_*.sql). INSERTs with an
 * expression among their values are planned as a query instead and cast by it ({@link #castResult}).
 */
final class LiteralRules {
    private LiteralRules() {}

    /** The kinds of literal GreptimeDB's SQL parser tells apart in a VALUES list. */
    enum Kind {
        NUMBER,
        STRING,
        BOOLEAN,
        HEX,
        OTHER
    }

    static Kind kind(List<Token> slot) {
        if (slot.size() == 1) {
            Token a = slot.get(0);
            return switch (a.type()) {
                case NUMBER -> Kind.NUMBER;
                case STRING -> Kind.STRING;
                case QUOTED -> a.quote() == '"' ? Kind.STRING : Kind.OTHER;
                case WORD -> a.is("true") || a.is("false") ? Kind.BOOLEAN : Kind.OTHER;
                default -> Kind.OTHER;
            };
        }
        if (slot.size() == 2) {
            Token a = slot.get(0);
            Token b = slot.get(1);
            if ((a.isSymbol("-") || a.isSymbol("+")) && b.type() == Token.Type.NUMBER) {
                return Kind.NUMBER;
            }
            if (a.is("x") && b.type() == Token.Type.STRING) {
                return Kind.HEX;
            }
        }
        return Kind.OTHER;
    }

    /**
     * Converts one literal of an all-literal VALUES list for column {@code c}: throws GreptimeDB's error for
     * a literal the column does not take, else answers the value to store ({@code parsed} as the literal
     * parser read it, or its replacement).
     */
    static Object convert(List<Token> slot, Object parsed, ColumnMeta c, boolean sizeTypes) {
        GreptimeType type = c.type();
        GreptimeType.Kind col = type.kind();
        switch (kind(slot)) {
            case NUMBER -> {
                // sqlparser folds the sign into the number's text: "-5" (a '+' is dropped)
                String n = (slot.size() == 2 && slot.get(0).isSymbol("-") ? "-" : "")
                        + slot.get(slot.size() - 1).text();
                number(n, c, sizeTypes);
                return parsed;
            }
            case BOOLEAN -> {
                if (col != GreptimeType.Kind.BOOLEAN) {
                    throw mismatch(c, debugName(type, sizeTypes), "Boolean(BooleanType)");
                }
                return parsed;
            }
            case STRING -> {
                return string(parsed, c, sizeTypes);
            }
            case HEX -> {
                byte[] bytes = hex(slot.get(1).text());
                if (col == GreptimeType.Kind.JSON || col == GreptimeType.Kind.JSON2) {
                    // convert.rs refuses to write binary into a JSON column, naming the types the other way round
                    throw mismatch(c, binaryName(sizeTypes), debugName(type, sizeTypes));
                }
                if (col == GreptimeType.Kind.STRING || col == GreptimeType.Kind.BINARY) {
                    return bytes;
                }
                if (col == GreptimeType.Kind.INT
                        || col == GreptimeType.Kind.UINT
                        || col == GreptimeType.Kind.FLOAT
                        || col == GreptimeType.Kind.BOOLEAN
                        || col == GreptimeType.Kind.TIMESTAMP) {
                    throw new GreptimeError(
                            StatusCode.INVALID_ARGUMENTS,
                            "Arrow failed to compute: Cast error: Casting from Binary to " + arrowName(type)
                                    + " not supported");
                }
                return bytes;
            }
            default -> {
                return parsed;
            }
        }
    }

    private static void number(String n, ColumnMeta c, boolean sizeTypes) {
        GreptimeType type = c.type();
        switch (type.kind()) {
            case INT, UINT -> {
                int bits = Integer.parseInt(type.name().replaceAll("\\D", ""));
                parseInteger(n, bits, type.kind() == GreptimeType.Kind.INT);
            }
            case TIMESTAMP -> {
                long v = parseInteger(n, 64, true).longValue();
                long[] range = timestampRange(type.unit());
                if (v < range[0] || v > range[1]) {
                    String unit = GreptimeType.unitName(type.unit());
                    throw new GreptimeError(
                            StatusCode.INVALID_ARGUMENTS,
                            "Converting timestamp " + v + "::" + unit + " to unit " + unit + " overflow");
                }
            }
            case BOOLEAN -> {
                if (!n.equals("0") && !n.equals("1")) {
                    throw parseError("Failed to parse number '" + n + "' to boolean column type");
                }
            }
            case FLOAT, DECIMAL -> {}
            default ->
                throw parseError("Fail to parse number " + n + ", invalid column type: " + debugName(type, sizeTypes));
        }
    }

    /** Rust's integer {@code str::parse}: an optional sign ('-' only when signed), then digits only. */
    private static BigInteger parseInteger(String n, int bits, boolean signed) {
        String digits = n.startsWith("+") || n.startsWith("-") ? n.substring(1) : n;
        if (digits.isEmpty()
                || !digits.chars().allMatch(ch -> ch >= '0' && ch <= '9')
                || n.startsWith("-") && !signed) {
            throw parseError("Fail to parse number " + n + ", ParseIntError { kind: InvalidDigit }");
        }
        BigInteger v = new BigInteger(n.startsWith("+") ? digits : n);
        BigInteger max = signed
                ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        BigInteger min = signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
        if (v.compareTo(max) > 0) {
            throw parseError("Fail to parse number " + n + ", ParseIntError { kind: PosOverflow }");
        }
        if (v.compareTo(min) < 0) {
            throw parseError("Fail to parse number " + n + ", ParseIntError { kind: NegOverflow }");
        }
        return v;
    }

    private static Object string(Object parsed, ColumnMeta c, boolean sizeTypes) {
        GreptimeType type = c.type();
        switch (type.kind()) {
            case STRING, DATE, TIME, INTERVAL, DECIMAL, BINARY, JSON, JSON2, VECTOR -> {
                return parsed;
            }
            case TIMESTAMP -> {
                // Timestamp::from_str first; a string it cannot read that is an i64 is a raw value in the unit
                String s = parsed.toString();
                try {
                    Values.instant(s.trim(), java.time.ZoneOffset.UTC);
                    return parsed;
                } catch (RuntimeException notATimestamp) {
                    String digits = s.startsWith("+") || s.startsWith("-") ? s.substring(1) : s;
                    if (!digits.isEmpty() && digits.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                        try {
                            return Long.parseLong(s.startsWith("+") ? digits : s);
                        } catch (NumberFormatException tooLong) {
                            return parsed;
                        }
                    }
                    return parsed;
                }
            }
            default -> throw mismatch(c, debugName(type, sizeTypes), stringName(sizeTypes));
        }
    }

    /** hex::decode: an odd length first, then the first character that is not a hex digit. */
    private static byte[] hex(String s) {
        if (s.length() % 2 != 0) {
            throw parseError("Fail to parse hex string to Byte: odd number of digits");
        }
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < s.length(); i++) {
            int d = Character.digit(s.charAt(i), 16);
            if (d < 0 || s.charAt(i) > 0x7f) {
                throw parseError(
                        "Fail to parse hex string to Byte: invalid character '" + s.charAt(i) + "' at position " + i);
            }
            out[i / 2] = (byte) (out[i / 2] << 4 | d);
        }
        return out;
    }

    /**
     * A value of an INSERT planned as a query (an expression among the VALUES, or INSERT ... SELECT) goes
     * into an integer column by Arrow's checked cast, as DataFusion's insert plan casts it: a number outside
     * the column's width and text that is not an integer (for a FLOAT column: not a number) are cast errors
     * (EngineExecuteQuery), quoting the text as a real v1.0.0 does; a fraction is truncated.
     */
    static void castResult(Object v, ColumnMeta c) {
        GreptimeType type = c.type();
        if (v instanceof String s && type.kind() == GreptimeType.Kind.FLOAT) {
            try {
                Double.parseDouble(s);
            } catch (NumberFormatException e) {
                throw castError("Cannot cast string '" + s + "' to value of " + type.name() + " type");
            }
            return;
        }
        if (v == null || type.kind() != GreptimeType.Kind.INT && type.kind() != GreptimeType.Kind.UINT) {
            return;
        }
        int bits = Integer.parseInt(type.name().replaceAll("\\D", ""));
        boolean signed = type.kind() == GreptimeType.Kind.INT;
        BigInteger max = signed
                ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        BigInteger min = signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
        BigInteger n;
        if (v instanceof String s) {
            try {
                n = new BigInteger(s);
            } catch (NumberFormatException e) {
                throw castError("Cannot cast string '" + s + "' to value of " + type.name() + " type");
            }
            if (n.compareTo(max) > 0 || n.compareTo(min) < 0) {
                throw castError("Cannot cast string '" + s + "' to value of " + type.name() + " type");
            }
            return;
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            n = BigInteger.valueOf(((Number) v).longValue());
        } else if (v instanceof BigInteger b) {
            n = b;
        } else {
            return; // fractions and other kinds keep the existing reading
        }
        if (n.compareTo(max) > 0 || n.compareTo(min) < 0) {
            throw castError("Can't cast value " + n + " to type " + type.name());
        }
    }

    private static GreptimeError castError(String what) {
        return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Cast error: " + what);
    }

    private static GreptimeError parseError(String msg) {
        return new GreptimeError(StatusCode.INVALID_SYNTAX, "Failed to parse value: " + msg);
    }

    private static GreptimeError mismatch(ColumnMeta c, String expect, String actual) {
        return new GreptimeError(
                StatusCode.INVALID_ARGUMENTS, "Column " + c.name() + " expect type: " + expect + ", actual: " + actual);
    }

    private static String stringName(boolean sizeTypes) {
        return sizeTypes ? "String(StringType { size_type: Utf8 })" : "String(StringType)";
    }

    private static String binaryName(boolean sizeTypes) {
        return sizeTypes ? "Binary(BinaryType { repr_type: Binary })" : "Binary(BinaryType)";
    }

    /** The Debug text of GreptimeDB's ConcreteDataType for a column type, as its error messages print it. */
    static String debugName(GreptimeType t, boolean sizeTypes) {
        String name = t.name();
        return switch (t.kind()) {
            case BOOLEAN, INT, UINT, FLOAT -> name + "(" + name + "Type)";
            case STRING -> stringName(sizeTypes);
            case BINARY -> binaryName(sizeTypes);
            case DATE -> "Date(DateType)";
            case TIMESTAMP -> {
                String unit = GreptimeType.unitName(t.unit());
                yield "Timestamp(" + unit + "(Timestamp" + unit + "Type))";
            }
            case TIME -> {
                String unit = GreptimeType.unitName(t.unit());
                yield "Time(" + unit + "(Time" + unit + "Type))";
            }
            case DECIMAL -> {
                org.apache.arrow.vector.types.pojo.ArrowType.Decimal d =
                        (org.apache.arrow.vector.types.pojo.ArrowType.Decimal) t.arrow();
                yield "Decimal128(Decimal128Type { precision: " + d.getPrecision() + ", scale: " + d.getScale() + " })";
            }
            case JSON -> "Json(JsonType { format: Jsonb })";
            case VECTOR -> "Vector(VectorType { dim: " + t.dimension() + " })";
            default -> name;
        };
    }

    /** Arrow's DataType Display as its cast errors print it. */
    private static String arrowName(GreptimeType t) {
        if (t.kind() == GreptimeType.Kind.TIMESTAMP) {
            return "Timestamp("
                    + switch (t.unit()) {
                        case SECOND -> "s";
                        case MILLISECOND -> "ms";
                        case MICROSECOND -> "µs";
                        case NANOSECOND -> "ns";
                    }
                    + ")";
        }
        return t.name();
    }

    /** Timestamp::MIN_* / MAX_* of {@code src/common/time/src/timestamp.rs:490-500} (chrono's date range). */
    private static long[] timestampRange(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> new long[] {-8_334_601_228_800L, 8_210_266_876_799L};
            case MILLISECOND -> new long[] {-8_334_601_228_800_000L, 8_210_266_876_799_999L};
            case MICROSECOND -> new long[] {-8_334_601_228_800_000_000L, 8_210_266_876_799_999_999L};
            case NANOSECOND -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
        };
    }
}
