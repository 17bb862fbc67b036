package io.greptime.jdbc.flink;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.connector.jdbc.core.database.dialect.AbstractDialect;
import org.apache.flink.connector.jdbc.core.database.dialect.JdbcDialectConverter;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * GreptimeDB for flink-connector-jdbc.
 *
 * <ul>
 *   <li>Upsert is a plain INSERT: a table with a primary key and time index (GreptimeDB's default, deduplicating)
 *       keeps the last row written per key, so a sink restarted from a checkpoint that writes rows again leaves
 *       each once; {@code append_mode} tables get at-least-once. GreptimeDB has no transactions (no XA, no
 *       exactly-once sink).
 *   <li>Batched writes ({@code sink.buffer-flush.max-rows}) are {@code executeBatch} calls, which the driver sends as
 *       Arrow Flight DoPut batches.
 *   <li>Scans split by {@code scan.partition.column} (the time index, with bounds in its epoch unit, e.g.
 *       milliseconds for TIMESTAMP(3)); lookups are point queries on the key columns.
 *   <li>Timestamps are instants: TIMESTAMP_LTZ columns map them exactly, TIMESTAMP columns as UTC wall clock.
 * </ul>
 */
public final class GreptimeDialect extends AbstractDialect {
    private static final long serialVersionUID = 1L;

    @Override
    public String dialectName() {
        return "GreptimeDB";
    }

    @Override
    public JdbcDialectConverter getRowConverter(RowType rowType) {
        return new GreptimeRowConverter(rowType);
    }

    @Override
    public String getLimitClause(long limit) {
        return "LIMIT " + limit;
    }

    @Override
    public Optional<String> defaultDriverName() {
        return Optional.of("io.greptime.jdbc.GreptimeDriver");
    }

    @Override
    public String quoteIdentifier(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    @Override
    public Optional<String> getUpsertStatement(String tableName, String[] fieldNames, String[] uniqueKeyFields) {
        return Optional.of(getInsertIntoStatement(tableName, fieldNames));
    }

    @Override
    public Optional<Range> decimalPrecisionRange() {
        return Optional.of(Range.of(1, 38));
    }

    @Override
    public Optional<Range> timestampPrecisionRange() {
        return Optional.of(Range.of(0, 9));
    }

    @Override
    public Set<LogicalTypeRoot> supportedTypes() {
        return EnumSet.of(
                LogicalTypeRoot.CHAR,
                LogicalTypeRoot.VARCHAR,
                LogicalTypeRoot.BOOLEAN,
                LogicalTypeRoot.BINARY,
                LogicalTypeRoot.VARBINARY,
                LogicalTypeRoot.DECIMAL,
                LogicalTypeRoot.TINYINT,
                LogicalTypeRoot.SMALLINT,
                LogicalTypeRoot.INTEGER,
                LogicalTypeRoot.BIGINT,
                LogicalTypeRoot.FLOAT,
                LogicalTypeRoot.DOUBLE,
                LogicalTypeRoot.DATE,
                LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE,
                LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE);
    }
}
