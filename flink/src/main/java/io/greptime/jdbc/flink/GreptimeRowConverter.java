package io.greptime.jdbc.flink;

import java.sql.Timestamp;
import java.time.Instant;
import org.apache.flink.connector.jdbc.core.database.dialect.AbstractDialectConverter;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;

/**
 * Flink rows to and from the driver's values. GreptimeDB timestamps are instants: TIMESTAMP_LTZ keeps them as
 * such, TIMESTAMP reads and writes them as UTC wall clock (not the JVM zone's, which the connector's default would
 * use). VARCHAR also reads columns the driver gives as other objects (VECTOR's {@code float[]}) as their text.
 */
final class GreptimeRowConverter extends AbstractDialectConverter {
    private static final long serialVersionUID = 1L;

    GreptimeRowConverter(RowType rowType) {
        super(rowType);
    }

    @Override
    public String converterName() {
        return "GreptimeDB";
    }

    @Override
    protected JdbcDeserializationConverter createInternalConverter(LogicalType type) {
        switch (type.getTypeRoot()) {
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return val -> TimestampData.fromInstant(instantOf(val));
            case CHAR:
            case VARCHAR:
                return val -> StringData.fromString(text(val));
            default:
                return super.createInternalConverter(type);
        }
    }

    @Override
    protected JdbcSerializationConverter createExternalConverter(LogicalType type) {
        switch (type.getTypeRoot()) {
            case TIMESTAMP_WITHOUT_TIME_ZONE: {
                int precision = ((TimestampType) type).getPrecision();
                return (row, index, statement) -> statement.setTimestamp(
                        index, Timestamp.from(row.getTimestamp(index, precision).toInstant()));
            }
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE: {
                int precision = ((LocalZonedTimestampType) type).getPrecision();
                return (row, index, statement) -> statement.setTimestamp(
                        index, Timestamp.from(row.getTimestamp(index, precision).toInstant()));
            }
            default:
                return super.createExternalConverter(type);
        }
    }

    /** The connector's own null handling knows no SQL type for TIMESTAMP_LTZ; a GreptimeDB timestamp is TIMESTAMP. */
    @Override
    protected JdbcSerializationConverter wrapIntoNullableExternalConverter(
            JdbcSerializationConverter converter, LogicalType type) {
        if (type.getTypeRoot() != org.apache.flink.table.types.logical.LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE) {
            return super.wrapIntoNullableExternalConverter(converter, type);
        }
        return (row, index, statement) -> {
            if (row == null || row.isNullAt(index)) {
                statement.setNull(index, java.sql.Types.TIMESTAMP);
            } else {
                converter.serialize(row, index, statement);
            }
        };
    }

    private static Instant instantOf(Object val) {
        if (val instanceof Timestamp ts) {
            return ts.toInstant();
        }
        if (val instanceof java.time.OffsetDateTime odt) {
            return odt.toInstant();
        }
        if (val instanceof java.time.LocalDateTime ldt) {
            return ldt.toInstant(java.time.ZoneOffset.UTC);
        }
        throw new IllegalArgumentException(
                "not a timestamp from GreptimeDB: " + val.getClass().getName());
    }

    /** GreptimeDB's text for a value: vectors as {@code [1.5,2,3]}, anything else by its string form. */
    private static String text(Object val) {
        if (val instanceof float[] vector) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < vector.length; i++) {
                sb.append(i == 0 ? "" : ",").append(vector[i]);
            }
            return sb.append(']').toString();
        }
        return val.toString();
    }
}
