package io.greptime.jdbc.arrow.read;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;

/**
 * Makes the {@link ColumnReader}s for a batch. The session time zone is the zone GreptimeDB's
 * zone-less timestamps are shown in (text, {@code LocalDateTime} and the other wall-clock views);
 * it never changes which instant a timestamp is.
 *
 * <p>Readers are bound to the vectors they are made for; make new ones whenever the vectors or
 * the dictionaries change (the Flight cursor does this for every batch).
 */
public final class ColumnReaderFactory {
    private final ZoneId sessionZone;

    /** A factory whose readers render zone-less timestamps in {@code sessionZone}. */
    public ColumnReaderFactory(ZoneId sessionZone) {
        this.sessionZone = Objects.requireNonNull(sessionZone, "sessionZone");
    }

    /** The session zone readers from this factory use. */
    public ZoneId sessionZone() {
        return sessionZone;
    }

    /**
     * One reader per column of {@code root}, in order.
     *
     * @param dictionaries where dictionary-encoded columns find their values; may be null when the
     *     schema has no dictionary-encoded field
     */
    public List<ColumnReader> create(VectorSchemaRoot root, DictionaryProvider dictionaries) {
        List<ColumnReader> readers = new ArrayList<>(root.getFieldVectors().size());
        for (FieldVector vector : root.getFieldVectors()) {
            readers.add(create(vector, dictionaries));
        }
        return readers;
    }

    /** The reader for one vector, chosen by its field's Arrow type. */
    public ColumnReader create(FieldVector vector, DictionaryProvider dictionaries) {
        DictionaryEncoding encoding = vector.getField().getDictionary();
        if (encoding != null) {
            return dictionaryReader(vector, encoding, dictionaries);
        }
        return vector.getField().getType().accept(new ReaderSelector(this, vector, dictionaries));
    }

    private ColumnReader dictionaryReader(
            FieldVector indices, DictionaryEncoding encoding, DictionaryProvider dictionaries) {
        Dictionary dictionary = dictionaries == null ? null : dictionaries.lookup(encoding.getId());
        if (dictionary == null) {
            throw new IllegalStateException("Column " + indices.getField().getName() + " uses dictionary "
                    + encoding.getId() + " but the stream defined no such dictionary");
        }
        return new DictionaryReader(indices, create(dictionary.getVector(), dictionaries));
    }
}
