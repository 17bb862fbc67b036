package io.greptime.jdbc.internal.metadata;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.arrow.meta.JdbcColumnType;
import io.greptime.jdbc.arrow.meta.JdbcTypeMapper;
import java.sql.Types;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * GreptimeDB type names (information_schema.columns.greptime_data_type, e.g. {@code TimestampMillisecond},
 * {@code Decimal(10, 2)}, {@code Vector(3)}) to their JDBC description. The name becomes the Arrow field
 * GreptimeDB sends for such a column (protocol.md §7) and goes through the same {@link JdbcTypeMapper}
 * the result set metadata uses, so getColumns and ResultSetMetaData never disagree.
 */
final class GreptimeTypes {
    private static final Pattern DECIMAL = Pattern.compile("Decimal\\((\\d+),\\s*(\\d+)\\)");
    private static final Pattern VECTOR = Pattern.compile("Vector\\((\\d+)\\)");
    private static final Map<String, TimeUnit> UNITS = Map.of(
            "Second",
            TimeUnit.SECOND,
            "Millisecond",
            TimeUnit.MILLISECOND,
            "Microsecond",
            TimeUnit.MICROSECOND,
            "Nanosecond",
            TimeUnit.NANOSECOND);

    /** Every type a GreptimeDB column can be declared with, by GreptimeDB name, for getTypeInfo. */
    static final List<String> COLUMN_TYPES = List.of(
            "Boolean",
            "Int8",
            "Int16",
            "Int32",
            "Int64",
            "UInt8",
            "UInt16",
            "UInt32",
            "UInt64",
            "Float32",
            "Float64",
            "Decimal(38, 10)",
            "String",
            "Binary",
            "Date",
            "TimestampSecond",
            "TimestampMillisecond",
            "TimestampMicrosecond",
            "TimestampNanosecond",
            "TimeSecond",
            "TimeMillisecond",
            "TimeMicrosecond",
            "TimeNanosecond",
            "IntervalMonthDayNano",
            "Json",
            "Vector(3)");

    private GreptimeTypes() {}

    /** The JDBC view of a GreptimeDB type name; unknown names are OTHER with the name kept. */
    static JdbcColumnType jdbcType(String greptimeType) {
        Field field = field(greptimeType == null ? "" : greptimeType.trim());
        if (field == null) {
            return new JdbcColumnType(
                    Types.OTHER, greptimeType, Integer.MAX_VALUE, 0, Integer.MAX_VALUE, Object.class.getName(), false);
        }
        return JdbcTypeMapper.map(field);
    }

    private static Field field(String name) {
        Matcher m = DECIMAL.matcher(name);
        if (m.matches()) {
            return plain(new ArrowType.Decimal(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), 128));
        }
        if (VECTOR.matcher(name).matches() || name.equals("Json")) {
            return new Field(
                    "c",
                    new FieldType(true, ArrowType.Binary.INSTANCE, null, Map.of(GreptimeFieldMetadata.TYPE_KEY, name)),
                    List.of());
        }
        ArrowType type = arrowType(name);
        return type == null ? null : plain(type);
    }

    private static Field plain(ArrowType type) {
        return new Field("c", FieldType.nullable(type), List.of());
    }

    private static ArrowType arrowType(String name) {
        for (Map.Entry<String, TimeUnit> u : UNITS.entrySet()) {
            if (name.equals("Timestamp" + u.getKey())) {
                return new ArrowType.Timestamp(u.getValue(), null);
            } else if (name.equals("Time" + u.getKey())) {
                boolean wide = u.getValue() == TimeUnit.MICROSECOND || u.getValue() == TimeUnit.NANOSECOND;
                return new ArrowType.Time(u.getValue(), wide ? 64 : 32);
            } else if (name.equals("Duration" + u.getKey())) {
                return new ArrowType.Duration(u.getValue());
            }
        }
        return switch (name) {
            case "Boolean" -> ArrowType.Bool.INSTANCE;
            case "Int8" -> new ArrowType.Int(8, true);
            case "Int16" -> new ArrowType.Int(16, true);
            case "Int32" -> new ArrowType.Int(32, true);
            case "Int64" -> new ArrowType.Int(64, true);
            case "UInt8" -> new ArrowType.Int(8, false);
            case "UInt16" -> new ArrowType.Int(16, false);
            case "UInt32" -> new ArrowType.Int(32, false);
            case "UInt64" -> new ArrowType.Int(64, false);
            case "Float32" -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case "Float64" -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case "String" -> ArrowType.Utf8.INSTANCE;
            case "Binary" -> ArrowType.Binary.INSTANCE;
            case "Date" -> new ArrowType.Date(DateUnit.DAY);
            case "IntervalYearMonth" -> new ArrowType.Interval(IntervalUnit.YEAR_MONTH);
            case "IntervalDayTime" -> new ArrowType.Interval(IntervalUnit.DAY_TIME);
            case "IntervalMonthDayNano" -> new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO);
            case "Null" -> ArrowType.Null.INSTANCE;
            default -> null;
        };
    }

    /** Whether values of the type are numbers (for NUM_PREC_RADIX). */
    static boolean isNumeric(int sqlType) {
        return switch (sqlType) {
            case Types.TINYINT,
                    Types.SMALLINT,
                    Types.INTEGER,
                    Types.BIGINT,
                    Types.REAL,
                    Types.FLOAT,
                    Types.DOUBLE,
                    Types.DECIMAL,
                    Types.NUMERIC -> true;
            default -> false;
        };
    }
}
