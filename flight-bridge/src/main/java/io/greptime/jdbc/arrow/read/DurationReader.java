package io.greptime.jdbc.arrow.read;

import io.greptime.jdbc.arrow.ArrowTimeUnits;
import java.time.Duration;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Duration in any unit: {@code getObject} gives {@link Duration}, text is its ISO-8601 form
 * ({@code PT1.5S}, {@code PT-2H}).
 */
final class DurationReader extends AbstractColumnReader {
    private final FieldVector vector;
    private final TimeUnit unit;

    DurationReader(FieldVector vector, TimeUnit unit, String typeName) {
        super(typeName);
        this.vector = vector;
        this.unit = unit;
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    private Duration duration(int row) {
        if (vector.isNull(row)) {
            return null;
        }
        return ArrowTimeUnits.toDuration(vector.getDataBuffer().getLong((long) row * 8), unit);
    }

    @Override
    public String getString(int row) {
        Duration value = duration(row);
        return value == null ? null : value.toString();
    }

    @Override
    public Object getObject(int row) {
        return duration(row);
    }
}
