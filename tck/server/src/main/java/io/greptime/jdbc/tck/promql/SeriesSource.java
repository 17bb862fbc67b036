package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.tck.engine.EngineProfile;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * What the PromQL evaluator needs from storage: GreptimeDB's table mapping (table = metric, tags =
 * labels, time index = sample time, fields = values) and the raw samples of one table.
 */
public interface SeriesSource {

    /** The schema (database) the request runs in. */
    String defaultSchema();

    /** The table as PromQL sees it, or null when {@code schema.name} does not exist. */
    PromTable table(String schema, String name);

    /**
     * Samples of {@code field} with time in [{@code minMs}, {@code maxMs}], grouped by tag values, each
     * series sorted by time; a row whose value is NULL is a sample too (GreptimeDB's scan keeps it).
     */
    List<RawSeries> scan(PromTable table, String field, long minMs, long maxMs);

    /** Evaluates a SQL expression (a TQL parameter such as {@code now() - '5m'::interval}) to seconds. */
    double evalSeconds(String sqlExpression);

    /** The GreptimeDB line the request imitates: which PromQL functions and aggregations it has. */
    default EngineProfile profile() {
        return EngineProfile.NEWEST;
    }

    /**
     * A table in PromQL's terms.
     *
     * @param columns all columns in table order, as Arrow fields (the time index keeps its unit)
     * @param timeIndex name of the time index column
     * @param tags tag (primary key) columns in table order
     * @param fields field columns in table order
     */
    record PromTable(
            String schema, String name, List<Field> columns, String timeIndex, List<String> tags, List<String> fields) {
        Field column(String col) {
            for (Field f : columns) {
                if (f.getName().equals(col)) {
                    return f;
                }
            }
            return null;
        }
    }

    /**
     * The samples of one series: tag values in {@link PromTable#tags()} order (null when unset); {@code nulls}
     * marks the samples whose value is NULL (null when none is).
     */
    record RawSeries(List<String> tagValues, long[] times, double[] values, boolean[] nulls) {
        public RawSeries(List<String> tagValues, long[] times, double[] values) {
            this(tagValues, times, values, null);
        }
    }
}
