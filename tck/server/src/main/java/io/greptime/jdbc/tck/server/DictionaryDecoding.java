package io.greptime.jdbc.tck.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Expands dictionary-encoded columns to plain values: GreptimeDB (v1.2+) sends query results without
 * dictionaries and its engine stores DoPut batches by plain column types, so both directions of the
 * embedded server work on plain vectors.
 */
final class DictionaryDecoding {
    private DictionaryDecoding() {}

    static boolean hasDictionaries(Schema schema) {
        return schema.getFields().stream().anyMatch(f -> f.getDictionary() != null);
    }

    /** The schema the decoded batches have: each encoded column gets its dictionary's value type. */
    static Schema plainSchema(Schema schema, Map<Long, Dictionary> dictionaries) {
        List<Field> fields = new ArrayList<>();
        for (Field field : schema.getFields()) {
            fields.add(plainField(field, dictionaries));
        }
        return new Schema(fields, schema.getCustomMetadata());
    }

    private static Field plainField(Field field, Map<Long, Dictionary> dictionaries) {
        DictionaryEncoding encoding = field.getDictionary();
        if (encoding == null) {
            return field;
        }
        Field values = dictionary(dictionaries, encoding).getVector().getField();
        return new Field(
                field.getName(),
                new FieldType(field.isNullable(), values.getType(), null, field.getMetadata()),
                values.getChildren());
    }

    /** The batch with every encoded column decoded; closing the result frees only what it allocated. */
    static Decoded decode(VectorSchemaRoot root, Map<Long, Dictionary> dictionaries) {
        List<FieldVector> vectors = new ArrayList<>();
        List<FieldVector> owned = new ArrayList<>();
        try {
            for (FieldVector vector : root.getFieldVectors()) {
                DictionaryEncoding encoding = vector.getField().getDictionary();
                if (encoding == null) {
                    vectors.add(vector);
                    continue;
                }
                FieldVector target = plainField(vector.getField(), dictionaries).createVector(vector.getAllocator());
                owned.add(target);
                try (FieldVector plain = (FieldVector)
                        DictionaryEncoder.decode(vector, dictionary(dictionaries, encoding), vector.getAllocator())) {
                    // decode() names the vector after the dictionary; the target carries the column's own field.
                    plain.makeTransferPair(target).transfer();
                }
                vectors.add(target);
            }
        } catch (RuntimeException e) {
            owned.forEach(FieldVector::close);
            throw e;
        }
        List<Field> fields = vectors.stream().map(FieldVector::getField).toList();
        return new Decoded(new VectorSchemaRoot(fields, vectors, root.getRowCount()), owned);
    }

    private static Dictionary dictionary(Map<Long, Dictionary> dictionaries, DictionaryEncoding encoding) {
        Dictionary dictionary = dictionaries.get(encoding.getId());
        if (dictionary == null) {
            throw new IllegalArgumentException("no dictionary with id " + encoding.getId());
        }
        return dictionary;
    }

    /** One batch in plain vectors; closing frees what decoding allocated, not the source's vectors. */
    static final class Decoded implements AutoCloseable {
        private final VectorSchemaRoot rows;
        private final List<FieldVector> owned;

        Decoded(VectorSchemaRoot rows, List<FieldVector> owned) {
            this.rows = rows;
            this.owned = owned;
        }

        VectorSchemaRoot rows() {
            return rows;
        }

        @Override
        public void close() {
            owned.forEach(FieldVector::close);
        }
    }
}
