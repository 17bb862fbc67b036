package io.greptime.jdbc.arrow.read;

import static io.greptime.jdbc.arrow.read.Conformance.INVALID;
import static io.greptime.jdbc.arrow.read.Conformance.c;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.SQLException;
import java.sql.Types;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Type-conformance matrix for List, FixedSizeList, Struct, dictionary-encoded columns and the Null
 * type. Lists are {@code java.sql.Array}s (copied elements), structs {@code java.sql.Struct}s.
 */
class NestedConformanceTest {
    private static BufferAllocator allocator;
    private static final Map<String, FieldVector> COLUMNS = new HashMap<>();
    private static final DictionaryProvider.MapDictionaryProvider DICTIONARIES =
            new DictionaryProvider.MapDictionaryProvider();
    private static final ColumnReaderFactory FACTORY = new ColumnReaderFactory(ZoneId.of("UTC"));

    @BeforeAll
    static void buildColumns() {
        allocator = new RootAllocator();
        listOfLongs();
        fixedSizeListOfFloats();
        struct();
        dictionary();
        NullVector nulls = new NullVector("nulls", 3);
        COLUMNS.put("nulls", nulls);
    }

    /** [[1, 2, null], NULL, []] */
    private static void listOfLongs() {
        ListVector list = ListVector.empty("list", allocator);
        UnionListWriter writer = list.getWriter();
        writer.setPosition(0);
        writer.startList();
        writer.bigInt().writeBigInt(1);
        writer.bigInt().writeBigInt(2);
        writer.bigInt().writeNull();
        writer.endList();
        writer.setPosition(2);
        writer.startList();
        writer.endList();
        list.setNull(1);
        list.setValueCount(3);
        COLUMNS.put("list", list);
    }

    /** [[0.5, 1.5], NULL, [2, 3]] as FixedSizeList<Float32, 2> */
    private static void fixedSizeListOfFloats() {
        FixedSizeListVector list = FixedSizeListVector.empty("pairs", 2, allocator);
        list.addOrGetVector(FieldType.nullable(
                new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE)));
        list.allocateNew();
        Float4Vector values = (Float4Vector) list.getDataVector();
        float[] data = {0.5f, 1.5f, 0f, 0f, 2f, 3f};
        for (int i = 0; i < data.length; i++) {
            values.setSafe(i, data[i]);
        }
        values.setValueCount(6);
        list.setNotNull(0);
        list.setNull(1);
        list.setNotNull(2);
        list.setValueCount(3);
        COLUMNS.put("pairs", list);
    }

    /** [{a: 1, b: x}, NULL, {a: NULL, b: y}] */
    private static void struct() {
        StructVector struct = StructVector.empty("point", allocator);
        IntVector a = struct.addOrGet("a", FieldType.nullable(new ArrowType.Int(32, true)), IntVector.class);
        VarCharVector b = struct.addOrGet("b", FieldType.nullable(ArrowType.Utf8.INSTANCE), VarCharVector.class);
        struct.allocateNew();
        a.setSafe(0, 1);
        b.setSafe(0, "x".getBytes(StandardCharsets.UTF_8));
        a.setNull(2);
        b.setSafe(2, "y".getBytes(StandardCharsets.UTF_8));
        a.setValueCount(3);
        b.setValueCount(3);
        struct.setIndexDefined(0);
        struct.setNull(1);
        struct.setIndexDefined(2);
        struct.setValueCount(3);
        COLUMNS.put("point", struct);
    }

    /** Utf8 values {cpu, mem} encoded with Int32 indices [1, NULL, 0]. */
    private static void dictionary() {
        VarCharVector values = new VarCharVector("host-dictionary", allocator);
        values.allocateNew();
        values.setSafe(0, "cpu".getBytes(StandardCharsets.UTF_8));
        values.setSafe(1, "mem".getBytes(StandardCharsets.UTF_8));
        values.setValueCount(2);
        DictionaryEncoding encoding = new DictionaryEncoding(7L, false, new ArrowType.Int(32, true));
        DICTIONARIES.put(new Dictionary(values, encoding));
        Field field = new Field("host", new FieldType(true, ArrowType.Utf8.INSTANCE, encoding), null);
        IntVector indices = new IntVector(field, allocator);
        indices.allocateNew(3);
        indices.set(0, 1);
        indices.setNull(1);
        indices.set(2, 0);
        indices.setValueCount(3);
        COLUMNS.put("host", indices);
    }

    @AfterAll
    static void release() {
        COLUMNS.values().forEach(FieldVector::close);
        COLUMNS.clear();
        DICTIONARIES.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    static Stream<Arguments> matrix() {
        return Stream.of(
                c("list", 0, "getString", "[1, 2, null]"),
                c("list", 0, "getArray", new Object[] {1L, 2L, null}),
                c("list", 0, "getObject", new Object[] {1L, 2L, null}),
                c("list", 0, "as:Array", new Object[] {1L, 2L, null}),
                c("list", 0, "getInt", INVALID),
                c("list", 0, "getBytes", INVALID),
                c("list", 1, "getArray", null),
                c("list", 1, "getString", null),
                c("list", 2, "getString", "[]"),
                c("list", 2, "getArray", new Object[] {}),
                c("pairs", 0, "getString", "[0.5, 1.5]"),
                c("pairs", 0, "getArray", new Object[] {0.5f, 1.5f}),
                c("pairs", 2, "getArray", new Object[] {2f, 3f}),
                c("pairs", 1, "getObject", null),
                c("point", 0, "getString", "{a: 1, b: x}"),
                c("point", 0, "getObject", new Object[] {1, "x"}),
                c("point", 0, "as:Struct", new Object[] {1, "x"}),
                c("point", 2, "getString", "{a: null, b: y}"),
                c("point", 2, "getObject", new Object[] {null, "y"}),
                c("point", 1, "getObject", null),
                c("point", 0, "getLong", INVALID),
                c("host", 0, "getString", "mem"),
                c("host", 0, "getObject", "mem"),
                c("host", 2, "getString", "cpu"),
                c("host", 2, "getBytes", "cpu".getBytes(StandardCharsets.UTF_8)),
                c("host", 1, "getString", null),
                c("host", 1, "isNull", true),
                c("host", 0, "isNull", false),
                c("host", 0, "getInt", INVALID),
                c("nulls", 0, "getString", null),
                c("nulls", 0, "getInt", 0),
                c("nulls", 0, "getBoolean", false),
                c("nulls", 0, "getObject", null),
                c("nulls", 0, "getTimestamp", null),
                c("nulls", 2, "as:String", null),
                c("nulls", 0, "isNull", true));
    }

    @ParameterizedTest(name = "{0}[{1}].{2} -> {3}")
    @MethodSource("matrix")
    void getter_matchesJdbcSemantics(String column, int row, String getter, Object expected) throws SQLException {
        ColumnReader reader = FACTORY.create(COLUMNS.get(column), DICTIONARIES);
        Conformance.check(reader, row, getter, expected);
    }

    @Test
    void array_knowsItsElementTypeAndSlicesOneBased() throws SQLException {
        Array array = FACTORY.create(COLUMNS.get("list"), null).getArray(0);
        assertThat(array.getBaseType()).isEqualTo(Types.BIGINT);
        assertThat(array.getBaseTypeName()).isEqualTo("BIGINT");
        assertThat((Object[]) array.getArray(2, 5)).containsExactly(2L, null);
        array.free();
        assertThat(List.of(array.toString())).containsExactly("<freed array>");
    }

    @Test
    void arrayOutlivesTheBatch_becauseItIsACopy() throws SQLException {
        BigIntVector data = (BigIntVector) ((ListVector) COLUMNS.get("list")).getDataVector();
        Array array = FACTORY.create(COLUMNS.get("list"), null).getArray(0);
        long before = data.get(0);
        data.set(0, 99L);
        try {
            assertThat((Object[]) array.getArray()).containsExactly(1L, 2L, null);
        } finally {
            data.set(0, before);
        }
    }
}
