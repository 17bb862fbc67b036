package io.greptime.jdbc.arrow.read;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Period;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.IntervalUnit;

/**
 * Intervals, read as (months, days, nanoseconds) whatever the Arrow unit.
 *
 * <p>Rendering, one for all three units: ISO-8601 {@code PnYnMnDTnHnMn.nS}, omitting zero parts
 * ({@code P1Y2M3DT4H5M6.000000007S}, {@code P-1M}, {@code PT0S} for zero). {@code getObject} gives
 * {@link Period} for YearMonth, {@link Duration} for DayTime (a day counted as 24 hours) and that
 * ISO text for MonthDayNano, whose mix of months and nanoseconds no single java.time class holds.
 * {@code getObject(Period)} works when there is no time part, {@code getObject(Duration)} when
 * there are no months; otherwise 22018.
 */
final class IntervalReader extends AbstractColumnReader {
    private final FieldVector vector;
    private final IntervalUnit unit;

    IntervalReader(FieldVector vector, IntervalUnit unit, String typeName) {
        super(typeName);
        this.vector = vector;
        this.unit = unit;
    }

    /** One interval value in GreptimeDB's MonthDayNano terms. */
    private record Parts(int months, int days, long nanos) {
        Period period() {
            return Period.of(0, months, days).normalized();
        }

        Duration duration() {
            return Duration.ofDays(days).plusNanos(nanos);
        }

        String iso() {
            StringBuilder text = new StringBuilder("P");
            if (months != 0 || days != 0) {
                text.append(period().toString(), 1, period().toString().length());
            }
            if (nanos != 0) {
                text.append(
                        Duration.ofNanos(nanos).toString(),
                        1,
                        Duration.ofNanos(nanos).toString().length());
            }
            return text.length() == 1 ? "PT0S" : text.toString();
        }
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    private Parts parts(int row) {
        ArrowBuf data = vector.getDataBuffer();
        return switch (unit) {
            case YEAR_MONTH -> new Parts(data.getInt((long) row * 4), 0, 0L);
            case DAY_TIME -> new Parts(0, data.getInt((long) row * 8), data.getInt((long) row * 8 + 4) * 1_000_000L);
            case MONTH_DAY_NANO ->
                new Parts(
                        data.getInt((long) row * 16),
                        data.getInt((long) row * 16 + 4),
                        data.getLong((long) row * 16 + 8));
        };
    }

    @Override
    public String getString(int row) {
        return vector.isNull(row) ? null : parts(row).iso();
    }

    @Override
    public Object getObject(int row) {
        if (vector.isNull(row)) {
            return null;
        }
        Parts parts = parts(row);
        return switch (unit) {
            case YEAR_MONTH -> parts.period();
            case DAY_TIME -> parts.duration();
            case MONTH_DAY_NANO -> parts.iso();
        };
    }

    @Override
    protected Object javaTime(int row, Class<?> type) throws SQLException {
        Parts parts = parts(row);
        if (type == Period.class) {
            if (parts.nanos() != 0) {
                throw ConversionErrors.invalid(typeName, "Period", "it has a time part");
            }
            return parts.period();
        }
        if (type == Duration.class) {
            if (parts.months() != 0) {
                throw ConversionErrors.invalid(typeName, "Duration", "it has months");
            }
            return parts.duration();
        }
        return null;
    }
}
