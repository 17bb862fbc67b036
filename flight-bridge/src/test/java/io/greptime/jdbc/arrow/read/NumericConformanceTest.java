package io.greptime.jdbc.arrow.read;

import static io.greptime.jdbc.arrow.read.Conformance.INVALID;
import static io.greptime.jdbc.arrow.read.Conformance.RANGE;
import static io.greptime.jdbc.arrow.read.Conformance.c;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Type-conformance matrix for Bool, Int8..Int64, UInt8..UInt64, Float32/64 and Decimal128: real
 * Arrow vectors, every JDBC getter, expected values written by hand. Row 1 of every column is NULL.
 */
class NumericConformanceTest {
    private static BufferAllocator allocator;
    private static final Map<String, FieldVector> COLUMNS = new HashMap<>();
    private static final ColumnReaderFactory FACTORY = new ColumnReaderFactory(ZoneId.of("UTC"));

    @BeforeAll
    static void buildColumns() {
        allocator = new RootAllocator();
        BitVector bool = new BitVector("bool", allocator);
        bool.allocateNew(3);
        bool.set(0, 1);
        bool.setNull(1);
        bool.set(2, 0);
        bool.setValueCount(3);
        COLUMNS.put("bool", bool);
        ints("int8", 8, true, 42, -128);
        ints("int16", 16, true, -2, 32767);
        ints("int32", 32, true, 7, Integer.MIN_VALUE);
        ints("int64", 64, true, 1_234_567_890_123L, Long.MIN_VALUE);
        ints("uint8", 8, false, 200, 255);
        ints("uint16", 16, false, 65535, 0);
        ints("uint32", 32, false, 4_294_967_295L, 1);
        ints("uint64", 64, false, 1, -1L); // the bits of 2^64-1
        Float4Vector f32 = new Float4Vector("float32", allocator);
        f32.allocateNew(3);
        f32.set(0, 1.5f);
        f32.setNull(1);
        f32.set(2, Float.NaN);
        f32.setValueCount(3);
        COLUMNS.put("float32", f32);
        Float8Vector f64 = new Float8Vector("float64", allocator);
        f64.allocateNew(3);
        f64.set(0, 150.0);
        f64.setNull(1);
        f64.set(2, 1e300);
        f64.setValueCount(3);
        COLUMNS.put("float64", f64);
        DecimalVector dec = new DecimalVector("decimal", allocator, 10, 2);
        dec.allocateNew(3);
        dec.set(0, new BigDecimal("123.45"));
        dec.setNull(1);
        dec.set(2, new BigDecimal("-0.05"));
        dec.setValueCount(3);
        COLUMNS.put("decimal", dec);
    }

    private static void ints(String name, int bits, boolean signed, long row0, long row2) {
        Field field = Field.nullable(name, new ArrowType.Int(bits, signed));
        FieldVector vector = field.createVector(allocator);
        vector.allocateNew();
        ((BaseIntVector) vector).setWithPossibleTruncate(0, row0);
        vector.setNull(1);
        ((BaseIntVector) vector).setWithPossibleTruncate(2, row2);
        vector.setValueCount(3);
        COLUMNS.put(name, vector);
    }

    @AfterAll
    static void release() {
        COLUMNS.values().forEach(FieldVector::close);
        COLUMNS.clear();
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    static Stream<Arguments> matrix() {
        return Stream.of(
                // Bool
                c("bool", 0, "getString", "true"),
                c("bool", 0, "getBoolean", true),
                c("bool", 0, "getByte", (byte) 1),
                c("bool", 0, "getInt", 1),
                c("bool", 0, "getLong", 1L),
                c("bool", 0, "getDouble", 1.0),
                c("bool", 0, "getBigDecimal", BigDecimal.ONE),
                c("bool", 0, "getObject", Boolean.TRUE),
                c("bool", 0, "as:Integer", 1),
                c("bool", 0, "as:String", "true"),
                c("bool", 0, "getBytes", INVALID),
                c("bool", 0, "getTimestamp", INVALID),
                c("bool", 0, "as:LocalDate", INVALID),
                c("bool", 2, "getBoolean", false),
                c("bool", 2, "getString", "false"),
                c("bool", 1, "getBoolean", false),
                c("bool", 1, "getInt", 0),
                c("bool", 1, "getObject", null),
                c("bool", 1, "isNull", true),
                // signed ints
                c("int8", 0, "getString", "42"),
                c("int8", 0, "getByte", (byte) 42),
                c("int8", 0, "getShort", (short) 42),
                c("int8", 0, "getInt", 42),
                c("int8", 0, "getLong", 42L),
                c("int8", 0, "getFloat", 42f),
                c("int8", 0, "getDouble", 42d),
                c("int8", 0, "getBigDecimal", new BigDecimal(42)),
                c("int8", 0, "getBoolean", true),
                c("int8", 0, "getObject", 42),
                c("int8", 0, "as:Long", 42L),
                c("int8", 0, "as:BigInteger", BigInteger.valueOf(42)),
                c("int8", 0, "getBytes", INVALID),
                c("int8", 0, "getDate", INVALID),
                c("int8", 0, "as:LocalDateTime", INVALID),
                c("int8", 2, "getByte", (byte) -128),
                c("int8", 1, "getInt", 0),
                c("int8", 1, "getString", null),
                c("int8", 1, "as:Integer", null),
                c("int16", 0, "getShort", (short) -2),
                c("int16", 0, "getObject", -2),
                c("int16", 2, "getByte", RANGE),
                c("int16", 2, "getShort", (short) 32767),
                c("int32", 0, "getObject", 7),
                c("int32", 2, "getShort", RANGE),
                c("int32", 2, "getLong", -2_147_483_648L),
                c("int32", 2, "getString", "-2147483648"),
                c("int64", 0, "getObject", 1_234_567_890_123L),
                c("int64", 0, "getInt", RANGE),
                c("int64", 0, "getString", "1234567890123"),
                c("int64", 2, "getLong", Long.MIN_VALUE),
                c("int64", 2, "getBigDecimal", new BigDecimal("-9223372036854775808")),
                // unsigned ints: widened, never negative
                c("uint8", 0, "getObject", 200),
                c("uint8", 0, "getByte", RANGE),
                c("uint8", 0, "getShort", (short) 200),
                c("uint8", 2, "getString", "255"),
                c("uint8", 2, "getInt", 255),
                c("uint16", 0, "getObject", 65535),
                c("uint16", 0, "getShort", RANGE),
                c("uint16", 0, "getString", "65535"),
                c("uint32", 0, "getObject", 4_294_967_295L),
                c("uint32", 0, "getInt", RANGE),
                c("uint32", 0, "getLong", 4_294_967_295L),
                c("uint32", 2, "getObject", 1L),
                c("uint64", 0, "getObject", BigInteger.ONE),
                c("uint64", 0, "getLong", 1L),
                c("uint64", 0, "getInt", 1),
                c("uint64", 2, "getString", "18446744073709551615"),
                c("uint64", 2, "getObject", new BigInteger("18446744073709551615")),
                c("uint64", 2, "as:BigInteger", new BigInteger("18446744073709551615")),
                c("uint64", 2, "getBigDecimal", new BigDecimal("18446744073709551615")),
                c("uint64", 2, "getLong", RANGE),
                c("uint64", 2, "getInt", RANGE),
                c("uint64", 2, "as:Long", RANGE),
                c("uint64", 2, "getDouble", 1.8446744073709552E19),
                c("uint64", 2, "getBoolean", true),
                c("uint64", 1, "getObject", null),
                c("uint64", 1, "getLong", 0L),
                // floats
                c("float32", 0, "getFloat", 1.5f),
                c("float32", 0, "getDouble", 1.5),
                c("float32", 0, "getString", "1.5"),
                c("float32", 0, "getInt", 1),
                c("float32", 0, "getBigDecimal", new BigDecimal("1.5")),
                c("float32", 0, "getObject", 1.5f),
                c("float32", 0, "as:Double", 1.5),
                c("float32", 0, "getBytes", INVALID),
                c("float32", 2, "getString", "NaN"),
                c("float32", 2, "getDouble", Double.NaN),
                c("float32", 2, "getLong", RANGE),
                c("float32", 2, "getBigDecimal", RANGE),
                c("float32", 1, "getFloat", 0f),
                c("float32", 1, "getObject", null),
                c("float64", 0, "getString", "150.0"),
                c("float64", 0, "getObject", 150.0),
                c("float64", 0, "getLong", 150L),
                c("float64", 0, "getBoolean", true),
                c("float64", 2, "getString", "1.0E300"),
                c("float64", 2, "getFloat", RANGE),
                c("float64", 2, "getLong", RANGE),
                c("float64", 2, "getBigDecimal", new BigDecimal("1.0E300")),
                // decimal(10, 2)
                c("decimal", 0, "getBigDecimal", new BigDecimal("123.45")),
                c("decimal", 0, "getString", "123.45"),
                c("decimal", 0, "getInt", 123),
                c("decimal", 0, "getDouble", 123.45),
                c("decimal", 0, "getObject", new BigDecimal("123.45")),
                c("decimal", 0, "as:BigInteger", BigInteger.valueOf(123)),
                c("decimal", 0, "getTimestamp", INVALID),
                c("decimal", 2, "getString", "-0.05"),
                c("decimal", 2, "getLong", 0L),
                c("decimal", 2, "getBoolean", true),
                c("decimal", 1, "getBigDecimal", null),
                c("decimal", 1, "getDouble", 0d));
    }

    @ParameterizedTest(name = "{0}[{1}].{2} -> {3}")
    @MethodSource("matrix")
    void getter_matchesJdbcSemantics(String column, int row, String getter, Object expected) throws SQLException {
        ColumnReader reader = FACTORY.create(COLUMNS.get(column), null);
        Conformance.check(reader, row, getter, expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("columnNames")
    void nullRow_readsAsNullZeroOrFalseEverywhere(String column) throws SQLException {
        ColumnReader reader = FACTORY.create(COLUMNS.get(column), null);
        assertThat(reader.isNull(1)).isTrue();
        assertThat(reader.getString(1)).isNull();
        assertThat(reader.getObject(1)).isNull();
        assertThat(reader.getLong(1)).isZero();
        assertThat(reader.getDouble(1)).isZero();
        assertThat(reader.getBoolean(1)).isFalse();
        assertThat(reader.getBigDecimal(1)).isNull();
        assertThat(reader.isNull(0)).isFalse();
    }

    static List<String> columnNames() {
        return List.of(
                "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64",
                "decimal");
    }
}
