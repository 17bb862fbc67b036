package io.greptime.jdbc.arrow.meta;

import io.greptime.jdbc.arrow.ArrowTimeUnits;
import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import java.sql.Types;
import java.util.OptionalInt;
import java.util.StringJoiner;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Maps an Arrow field to what JDBC reports about it. Choices worth knowing (all mirrored by the
 * readers' {@code getObject}):
 *
 * <ul>
 *   <li>TINYINT/SMALLINT report {@code Integer} (JDBC's Table B-3). Unsigned types widen to the
 *       next signed JDBC type so the standard class holds every value; UInt64 is
 *       {@code NUMERIC(20,0)} read as {@code BigInteger}, because 2^64-1 fits no {@code long}.
 *   <li>Zone-less timestamps (GreptimeDB's only kind) are {@code TIMESTAMP}: UTC instants read as
 *       {@code java.sql.Timestamp}. Timestamps with a zone are {@code TIMESTAMP_WITH_TIMEZONE} read
 *       as {@code OffsetDateTime}.
 *   <li>JSON, vectors, intervals and durations are {@code OTHER}; lists {@code ARRAY}; structs
 *       {@code STRUCT}.
 * </ul>
 */
public final class JdbcTypeMapper implements ArrowType.ArrowTypeVisitor<JdbcColumnType> {
    private static final int UNBOUNDED = Integer.MAX_VALUE;
    private static final String INTEGER = "java.lang.Integer";
    private static final String LONG = "java.lang.Long";
    private static final String STRING = "java.lang.String";
    private static final String OBJECT = "java.lang.Object";

    private final Field field;

    private JdbcTypeMapper(Field field) {
        this.field = field;
    }

    /**
     * The JDBC view of a field's own Arrow type. For a dictionary-encoded field in Arrow's in-memory
     * form (index type), use {@link ColumnMetadata#of(Field, org.apache.arrow.vector.dictionary.DictionaryProvider)}.
     */
    public static JdbcColumnType map(Field field) {
        return field.getType().accept(new JdbcTypeMapper(field));
    }

    /** GreptimeDB's name for a field's type ({@code UInt64}, {@code Vector(3)}, ...). */
    public static String typeName(Field field) {
        return map(field).typeName();
    }

    private static JdbcColumnType of(
            int sqlType, String name, int precision, int scale, int display, String className, boolean signed) {
        return new JdbcColumnType(sqlType, name, precision, scale, display, className, signed);
    }

    private static JdbcColumnType other(String name, String className) {
        return of(Types.OTHER, name, UNBOUNDED, 0, UNBOUNDED, className, false);
    }

    @Override
    public JdbcColumnType visit(ArrowType.Null type) {
        return of(Types.NULL, "Null", 0, 0, 4, OBJECT, false);
    }

    @Override
    public JdbcColumnType visit(ArrowType.Struct type) {
        if (GreptimeFieldMetadata.isJson(field)) {
            return other("Json2", STRING); // GreptimeDB HEAD's JSON2: read as JSON text
        }
        StringJoiner name = new StringJoiner(", ", "Struct<", ">");
        for (Field child : field.getChildren()) {
            name.add(child.getName() + ": " + typeName(child));
        }
        return of(Types.STRUCT, name.toString(), 0, 0, UNBOUNDED, "java.sql.Struct", false);
    }

    @Override
    public JdbcColumnType visit(ArrowType.List type) {
        if (GreptimeFieldMetadata.isJson(field)) {
            return other("Json2", STRING);
        }
        return array("List<" + elementName() + ">");
    }

    @Override
    public JdbcColumnType visit(ArrowType.LargeList type) {
        return array("List<" + elementName() + ">");
    }

    @Override
    public JdbcColumnType visit(ArrowType.FixedSizeList type) {
        return array("FixedSizeList<" + elementName() + ", " + type.getListSize() + ">");
    }

    @Override
    public JdbcColumnType visit(ArrowType.ListView type) {
        return other("ListView<" + elementName() + ">", OBJECT);
    }

    @Override
    public JdbcColumnType visit(ArrowType.LargeListView type) {
        return other("ListView<" + elementName() + ">", OBJECT);
    }

    @Override
    public JdbcColumnType visit(ArrowType.Map type) {
        return array("Map<" + elementName() + ">");
    }

    private JdbcColumnType array(String name) {
        return of(Types.ARRAY, name, 0, 0, UNBOUNDED, "java.sql.Array", false);
    }

    private String elementName() {
        return field.getChildren().isEmpty()
                ? "Null"
                : typeName(field.getChildren().get(0));
    }

    @Override
    public JdbcColumnType visit(ArrowType.Union type) {
        return other("Union", OBJECT);
    }

    @Override
    public JdbcColumnType visit(ArrowType.RunEndEncoded type) {
        return other("RunEndEncoded", OBJECT);
    }

    @Override
    public JdbcColumnType visit(ArrowType.ExtensionType type) {
        return other(type.extensionName(), OBJECT);
    }

    @Override
    public JdbcColumnType visit(ArrowType.Int type) {
        String name = (type.getIsSigned() ? "Int" : "UInt") + type.getBitWidth();
        if (type.getIsSigned()) {
            return switch (type.getBitWidth()) {
                case 8 -> of(Types.TINYINT, name, 3, 0, 4, INTEGER, true);
                case 16 -> of(Types.SMALLINT, name, 5, 0, 6, INTEGER, true);
                case 32 -> of(Types.INTEGER, name, 10, 0, 11, INTEGER, true);
                default -> of(Types.BIGINT, name, 19, 0, 20, LONG, true);
            };
        }
        return switch (type.getBitWidth()) {
            case 8 -> of(Types.SMALLINT, name, 3, 0, 3, INTEGER, false);
            case 16 -> of(Types.INTEGER, name, 5, 0, 5, INTEGER, false);
            case 32 -> of(Types.BIGINT, name, 10, 0, 10, LONG, false);
            default -> of(Types.NUMERIC, name, 20, 0, 20, "java.math.BigInteger", false);
        };
    }

    @Override
    public JdbcColumnType visit(ArrowType.FloatingPoint type) {
        return switch (type.getPrecision()) {
            case HALF, SINGLE -> of(Types.REAL, "Float32", 7, 0, 15, "java.lang.Float", true);
            case DOUBLE -> of(Types.DOUBLE, "Float64", 15, 0, 24, "java.lang.Double", true);
        };
    }

    @Override
    public JdbcColumnType visit(ArrowType.Utf8 type) {
        return string();
    }

    @Override
    public JdbcColumnType visit(ArrowType.Utf8View type) {
        return string();
    }

    @Override
    public JdbcColumnType visit(ArrowType.LargeUtf8 type) {
        return string();
    }

    private static JdbcColumnType string() {
        return of(Types.VARCHAR, "String", UNBOUNDED, 0, UNBOUNDED, STRING, false);
    }

    @Override
    public JdbcColumnType visit(ArrowType.Binary type) {
        return binaryOrLogical();
    }

    @Override
    public JdbcColumnType visit(ArrowType.BinaryView type) {
        return binaryOrLogical();
    }

    @Override
    public JdbcColumnType visit(ArrowType.LargeBinary type) {
        return binaryOrLogical();
    }

    @Override
    public JdbcColumnType visit(ArrowType.FixedSizeBinary type) {
        int width = type.getByteWidth();
        return of(Types.BINARY, "Binary", width, 0, 2 * width, "[B", false);
    }

    /** Binary columns carry JSONB or vectors when GreptimeDB's field metadata says so. */
    private JdbcColumnType binaryOrLogical() {
        if (GreptimeFieldMetadata.isJson(field)) {
            return other("Json", STRING);
        }
        OptionalInt dimension = GreptimeFieldMetadata.vectorDimension(field);
        if (dimension.isPresent()) {
            return other("Vector(" + dimension.getAsInt() + ")", "[F");
        }
        return of(Types.VARBINARY, "Binary", UNBOUNDED, 0, UNBOUNDED, "[B", false);
    }

    @Override
    public JdbcColumnType visit(ArrowType.Bool type) {
        return of(Types.BOOLEAN, "Boolean", 1, 0, 5, "java.lang.Boolean", false);
    }

    @Override
    public JdbcColumnType visit(ArrowType.Decimal type) {
        int p = type.getPrecision();
        int s = type.getScale();
        String name = "Decimal(" + p + ", " + s + ")";
        return of(Types.DECIMAL, name, p, s, p + 2, "java.math.BigDecimal", true);
    }

    @Override
    public JdbcColumnType visit(ArrowType.Date type) {
        return of(Types.DATE, "Date", 10, 0, 10, "java.sql.Date", false);
    }

    @Override
    public JdbcColumnType visit(ArrowType.Time type) {
        int digits = ArrowTimeUnits.fractionDigits(type.getUnit());
        int width = 8 + (digits == 0 ? 0 : digits + 1);
        String name = "Time" + ArrowTimeUnits.suffix(type.getUnit());
        return of(Types.TIME, name, width, digits, width, "java.sql.Time", false);
    }

    @Override
    public JdbcColumnType visit(ArrowType.Timestamp type) {
        int digits = ArrowTimeUnits.fractionDigits(type.getUnit());
        int width = 19 + (digits == 0 ? 0 : digits + 1);
        String name = "Timestamp" + ArrowTimeUnits.suffix(type.getUnit());
        if (type.getTimezone() == null) {
            return of(Types.TIMESTAMP, name, width, digits, width, "java.sql.Timestamp", false);
        }
        // rendered with an offset suffix such as +05:30
        return of(
                Types.TIMESTAMP_WITH_TIMEZONE,
                name + "(" + type.getTimezone() + ")",
                width + 6,
                digits,
                width + 6,
                "java.time.OffsetDateTime",
                false);
    }

    @Override
    public JdbcColumnType visit(ArrowType.Interval type) {
        return switch (type.getUnit()) {
            case YEAR_MONTH -> other("IntervalYearMonth", "java.time.Period");
            case DAY_TIME -> other("IntervalDayTime", "java.time.Duration");
            case MONTH_DAY_NANO -> other("IntervalMonthDayNano", STRING);
        };
    }

    @Override
    public JdbcColumnType visit(ArrowType.Duration type) {
        return other("Duration" + ArrowTimeUnits.suffix(type.getUnit()), "java.time.Duration");
    }
}
