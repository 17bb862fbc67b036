package io.greptime.jdbc.arrow.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.arrow.jsonb.Jsonb;
import io.greptime.jdbc.arrow.meta.JdbcTypeMapper;
import java.nio.charset.StandardCharsets;
import java.sql.Types;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/**
 * JSON2 columns (GreptimeDB HEAD, audit C8): native structs and lists marked {@code greptime:type=Json} read as
 * JSON text with JDBC type OTHER, as classic JSON columns do, not as struct text {@code {a: 1}}.
 */
class Json2ReaderTest {
    private static final Map<String, String> JSON = Map.of("greptime:type", "Json");
    private final ColumnReaderFactory factory = new ColumnReaderFactory(ZoneOffset.UTC);

    private static Field json2Struct() {
        return new Field(
                "doc",
                new FieldType(true, ArrowType.Struct.INSTANCE, null, JSON),
                List.of(
                        Field.nullable("a", new ArrowType.Int(64, true)),
                        Field.nullable("b", ArrowType.Utf8.INSTANCE),
                        Field.nullable("v", ArrowType.Binary.INSTANCE)));
    }

    @Test
    void struct_readsAsJsonText() throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                StructVector doc = (StructVector) json2Struct().createVector(allocator)) {
            doc.allocateNew();
            BigIntVector a = (BigIntVector) doc.getChild("a");
            VarCharVector b = (VarCharVector) doc.getChild("b");
            VarBinaryVector v = (VarBinaryVector) doc.getChild("v");
            doc.setIndexDefined(0);
            a.setSafe(0, 1);
            b.setSafe(0, "x \"quoted\"\n".getBytes(StandardCharsets.UTF_8));
            v.setSafe(0, Jsonb.encode("[1,{\"k\":true}]"));
            doc.setIndexDefined(1);
            a.setSafe(1, -7);
            b.setNull(1);
            v.setNull(1);
            doc.setNull(2);
            doc.setValueCount(3);

            ColumnReader r = factory.create(doc, null);
            assertThat(r.getString(0)).isEqualTo("{\"a\":1,\"b\":\"x \\\"quoted\\\"\\n\",\"v\":[1,{\"k\":true}]}");
            assertThat(r.getObject(1)).isEqualTo("{\"a\":-7}");
            assertThat(r.getString(2)).isNull();
            assertThat(r.isNull(2)).isTrue();
            assertThat(JdbcTypeMapper.map(doc.getField()).sqlType()).isEqualTo(Types.OTHER);
            assertThat(JdbcTypeMapper.typeName(doc.getField())).isEqualTo("Json2");
        }
    }

    @Test
    void list_readsAsJsonArray() throws Exception {
        Field field = new Field(
                "arr",
                new FieldType(true, ArrowType.List.INSTANCE, null, JSON),
                List.of(Field.nullable("item", new ArrowType.Int(64, true))));
        try (BufferAllocator allocator = new RootAllocator();
                ListVector list = (ListVector) field.createVector(allocator)) {
            list.allocateNew();
            BigIntVector items = (BigIntVector) list.getDataVector();
            list.startNewValue(0);
            items.setSafe(0, 3);
            items.setSafe(1, 4);
            list.endValue(0, 2);
            items.setValueCount(2);
            list.setValueCount(1);
            assertThat(factory.create(list, null).getString(0)).isEqualTo("[3,4]");
        }
    }

    @Test
    void unmarkedStruct_staysAStruct() throws Exception {
        Field plain = new Field(
                "s",
                FieldType.nullable(ArrowType.Struct.INSTANCE),
                List.of(Field.nullable("a", new ArrowType.Int(64, true))));
        try (BufferAllocator allocator = new RootAllocator();
                StructVector s = (StructVector) plain.createVector(allocator)) {
            s.allocateNew();
            s.setIndexDefined(0);
            ((BigIntVector) s.getChild("a")).setSafe(0, 1);
            s.setValueCount(1);
            assertThat(factory.create(s, null).getObject(0)).isInstanceOf(java.sql.Struct.class);
            assertThat(JdbcTypeMapper.map(plain).sqlType()).isEqualTo(Types.STRUCT);
        }
    }
}
