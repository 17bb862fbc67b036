package io.greptime.jdbc.internal.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.arrow.jsonb.Jsonb;
import io.greptime.jdbc.proto.v1.ColumnDataType;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.JsonTypeExtension;
import io.greptime.jdbc.proto.v1.SemanticType;
import io.greptime.jdbc.proto.v1.Value;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/**
 * JSON columns in row requests (protocol.md §2.3): datatype JSON with the JSON_BINARY extension and the
 * JSON text as string_value, whether the Arrow column holds text or a table's JSONB.
 */
class ProtoCellsJsonTest {
    private static final Map<String, String> JSON = Map.of(GreptimeFieldMetadata.TYPE_KEY, "Json");

    private static Field field(ArrowType type, Map<String, String> metadata) {
        return new Field("doc", new FieldType(true, type, null, metadata), null);
    }

    @Test
    void jsonSchema_isJsonWithTheJsonBinaryExtension() {
        ProtoCells cells = ProtoCells.forField(field(ArrowType.Binary.INSTANCE, JSON));
        ColumnSchema schema = cells.schema("doc", SemanticType.FIELD);
        assertThat(schema.getDatatype()).isEqualTo(ColumnDataType.JSON);
        assertThat(schema.getDatatypeExtension().getJsonType()).isEqualTo(JsonTypeExtension.JSON_BINARY);
        assertThat(schema.getDatatypeExtension().hasJsonType()).isTrue();
    }

    @Test
    void jsonbCells_travelAsText() {
        String[] texts = {"{\"a\":[1,true,null],\"b\":\"x\"}", "[1,2]", "42", "\"s\"", "null"};
        try (BufferAllocator allocator = new RootAllocator();
                VarBinaryVector v = new VarBinaryVector(field(ArrowType.Binary.INSTANCE, JSON), allocator)) {
            v.allocateNew();
            for (int i = 0; i < texts.length; i++) {
                v.setSafe(i, Jsonb.encode(texts[i]));
            }
            v.setNull(texts.length);
            v.setValueCount(texts.length + 1);
            ProtoCells cells = ProtoCells.forField(v.getField());
            for (int i = 0; i < texts.length; i++) {
                assertThat(cells.value(v, i).getStringValue()).isEqualTo(texts[i]);
            }
            assertThat(cells.value(v, texts.length).getValueDataCase())
                    .isEqualTo(Value.ValueDataCase.VALUEDATA_NOT_SET);
        }
    }

    @Test
    void textCells_travelAsWritten() {
        String[] texts = {" { \"b\" : 1 }", "[]", "-1.5e3", "\"\\u00e9\"", "true"};
        try (BufferAllocator allocator = new RootAllocator();
                VarCharVector v = new VarCharVector(field(ArrowType.Utf8.INSTANCE, JSON), allocator)) {
            v.allocateNew();
            for (int i = 0; i < texts.length; i++) {
                v.setSafe(i, texts[i].getBytes(StandardCharsets.UTF_8));
            }
            v.setValueCount(texts.length);
            ProtoCells cells = ProtoCells.forField(v.getField());
            assertThat(cells.type).isEqualTo(ColumnDataType.JSON);
            for (int i = 0; i < texts.length; i++) {
                assertThat(cells.value(v, i).getStringValue()).isEqualTo(texts[i]);
            }
        }
    }

    @Test
    void vectorsTravelAsVectorWithTheirDimension_andPlainBinaryStaysBinary() {
        ProtoCells vector = ProtoCells.forField(
                field(ArrowType.Binary.INSTANCE, Map.of(GreptimeFieldMetadata.TYPE_KEY, "Vector(3)")));
        assertThat(vector.type).isEqualTo(ColumnDataType.VECTOR);
        assertThat(vector.schema("v", io.greptime.jdbc.proto.v1.SemanticType.FIELD)
                        .getDatatypeExtension()
                        .getVectorType()
                        .getDim())
                .isEqualTo(3);
        assertThat(ProtoCells.forField(field(ArrowType.Binary.INSTANCE, null)).type)
                .isEqualTo(ColumnDataType.BINARY);
        assertThat(ProtoCells.forField(field(new ArrowType.Int(64, true), JSON)))
                .as("JSON metadata on a non-text column is not a JSON column")
                .isNull();
    }
}
