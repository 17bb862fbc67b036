package io.greptime.jdbc.arrow.read;

import static io.greptime.jdbc.arrow.read.Conformance.INVALID;
import static io.greptime.jdbc.arrow.read.Conformance.RANGE;
import static io.greptime.jdbc.arrow.read.Conformance.c;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Type-conformance matrix for Utf8, LargeUtf8, Utf8View, Binary, LargeBinary, BinaryView,
 * FixedSizeBinary and GreptimeDB's Vector(n) (Binary + {@code greptime:type}). Session zone
 * Asia/Kolkata (+05:30) for text parsed as a timestamp. Row 1 of every column is NULL.
 */
class TextBinaryConformanceTest {
    private static BufferAllocator allocator;
    private static final Map<String, FieldVector> COLUMNS = new HashMap<>();
    private static final ColumnReaderFactory FACTORY = new ColumnReaderFactory(ZoneId.of("Asia/Kolkata"));

    @BeforeAll
    static void buildColumns() {
        allocator = new RootAllocator();
        variable("utf8", ArrowType.Utf8.INSTANCE, Map.of(), utf8("héllo"), utf8("42"));
        variable("largeutf8", ArrowType.LargeUtf8.INSTANCE, Map.of(), utf8("2023-01-02 03:04:05"), utf8("TRUE"));
        variable("utf8view", ArrowType.Utf8View.INSTANCE, Map.of(), utf8("longer than twelve bytes ✓"), utf8("-7.25"));
        variable("binary", ArrowType.Binary.INSTANCE, Map.of(), new byte[] {0x0a, (byte) 0xff}, new byte[0]);
        variable("largebinary", ArrowType.LargeBinary.INSTANCE, Map.of(), new byte[] {1, 2, 3}, new byte[] {0});
        variable(
                "binaryview", ArrowType.BinaryView.INSTANCE, Map.of(), utf8("a binary view value past 12"), new byte[] {
                    (byte) 0x80
                });
        variable(
                "vector3",
                ArrowType.Binary.INSTANCE,
                Map.of("greptime:type", "Vector(3)"),
                floats(1f, 2.5f, -3f),
                floats(0.1f, 1e20f, 0f));
        FixedSizeBinaryVector fixed = new FixedSizeBinaryVector("fixed", allocator, 2);
        fixed.allocateNew(3);
        fixed.set(0, new byte[] {1, 2});
        fixed.setNull(1);
        fixed.set(2, new byte[] {(byte) 0xab, (byte) 0xcd});
        fixed.setValueCount(3);
        COLUMNS.put("fixed", fixed);
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] floats(float... values) {
        ByteBuffer buffer = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            buffer.putFloat(v);
        }
        return buffer.array();
    }

    private static void variable(String name, ArrowType type, Map<String, String> metadata, byte[] row0, byte[] row2) {
        Field field = new Field(name, new FieldType(true, type, null, metadata), null);
        VariableWidthFieldVector vector = (VariableWidthFieldVector) field.createVector(allocator);
        vector.allocateNew();
        vector.setSafe(0, row0);
        vector.setNull(1);
        vector.setSafe(2, row2);
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
                c("utf8", 0, "getString", "héllo"),
                c("utf8", 0, "getObject", "héllo"),
                c("utf8", 0, "getBytes", utf8("héllo")),
                c("utf8", 0, "getInt", INVALID),
                c("utf8", 0, "getBigDecimal", INVALID),
                c("utf8", 0, "getBoolean", INVALID),
                c("utf8", 0, "getDate", INVALID),
                c("utf8", 0, "as:LocalDate", INVALID),
                c("utf8", 2, "getInt", 42),
                c("utf8", 2, "getByte", (byte) 42),
                c("utf8", 2, "getLong", 42L),
                c("utf8", 2, "getDouble", 42d),
                c("utf8", 2, "getBigDecimal", new BigDecimal("42")),
                c("utf8", 2, "as:Integer", 42),
                c("utf8", 1, "getString", null),
                c("utf8", 1, "getInt", 0),
                c("utf8", 1, "isNull", true),
                c("largeutf8", 0, "as:LocalDateTime", LocalDateTime.of(2023, 1, 2, 3, 4, 5)),
                // a wall clock in text means the session zone, +05:30
                c("largeutf8", 0, "getTimestamp", Timestamp.from(Instant.parse("2023-01-01T21:34:05Z"))),
                c("largeutf8", 0, "getTimestamp@Tokyo", Timestamp.from(Instant.parse("2023-01-01T18:04:05Z"))),
                c("largeutf8", 0, "getDate", INVALID),
                c("largeutf8", 2, "getBoolean", true),
                c("utf8view", 0, "getString", "longer than twelve bytes ✓"),
                c("utf8view", 2, "getDouble", -7.25),
                c("utf8view", 2, "getLong", -7L),
                c("utf8view", 2, "getBigDecimal", new BigDecimal("-7.25")),
                c("utf8view", 2, "getFloat", -7.25f),
                c("binary", 0, "getBytes", new byte[] {0x0a, (byte) 0xff}),
                c("binary", 0, "getString", "0aff"),
                c("binary", 0, "getObject", new byte[] {0x0a, (byte) 0xff}),
                c("binary", 0, "as:bytes", new byte[] {0x0a, (byte) 0xff}),
                c("binary", 0, "getInt", INVALID),
                c("binary", 0, "getTimestamp", INVALID),
                c("binary", 2, "getBytes", new byte[0]),
                c("binary", 2, "getString", ""),
                c("binary", 1, "getBytes", null),
                c("largebinary", 0, "getString", "010203"),
                c("largebinary", 2, "getBytes", new byte[] {0}),
                c("binaryview", 0, "getBytes", utf8("a binary view value past 12")),
                c("binaryview", 2, "getString", "80"),
                c("fixed", 0, "getBytes", new byte[] {1, 2}),
                c("fixed", 0, "getString", "0102"),
                c("fixed", 2, "getString", "abcd"),
                c("fixed", 1, "getObject", null),
                c("vector3", 0, "getString", "[1,2.5,-3]"),
                c("vector3", 0, "getObject", new float[] {1f, 2.5f, -3f}),
                c("vector3", 0, "as:floats", new float[] {1f, 2.5f, -3f}),
                c("vector3", 0, "getArray", new Object[] {1f, 2.5f, -3f}),
                c("vector3", 0, "getBytes", floats(1f, 2.5f, -3f)),
                c("vector3", 0, "getInt", INVALID),
                c("vector3", 2, "getString", "[0.1,100000000000000000000,0]"),
                c("vector3", 1, "getObject", null),
                c("vector3", 1, "getString", null),
                c("utf8", 0, "getLong", INVALID),
                c("utf8view", 0, "getShort", INVALID),
                c("largeutf8", 2, "getInt", INVALID),
                c("utf8", 2, "as:LocalDate", INVALID));
    }

    @ParameterizedTest(name = "{0}[{1}].{2} -> {3}")
    @MethodSource("matrix")
    void getter_matchesJdbcSemantics(String column, int row, String getter, Object expected) throws SQLException {
        ColumnReader reader = FACTORY.create(COLUMNS.get(column), null);
        Conformance.check(reader, row, getter, expected);
    }

    @org.junit.jupiter.api.Test
    void textBeyondLong_isOutOfRangeNotWrapped() throws Exception {
        variable("huge", ArrowType.Utf8.INSTANCE, Map.of(), utf8("18446744073709551615"), utf8("1"));
        ColumnReader reader = FACTORY.create(COLUMNS.get("huge"), null);
        Conformance.check(reader, 0, "getLong", RANGE);
        Conformance.check(reader, 0, "getBigDecimal", new BigDecimal("18446744073709551615"));
    }

    @org.junit.jupiter.api.Test
    void vectorOfTheWrongLength_isAConversionError() throws Exception {
        variable(
                "short_vector",
                ArrowType.Binary.INSTANCE,
                Map.of("greptime:type", "Vector(3)"),
                floats(1f, 2f),
                floats(1f, 2f, 3f));
        ColumnReader reader = FACTORY.create(COLUMNS.get("short_vector"), null);
        Conformance.check(reader, 0, "getObject", INVALID);
        Conformance.check(reader, 2, "getString", "[1,2,3]");
    }
}
