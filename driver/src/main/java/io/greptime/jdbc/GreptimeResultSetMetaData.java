package io.greptime.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;

/**
 * GreptimeDB-specific column facts of a result, reached with
 * {@code resultSet.getMetaData().unwrap(GreptimeResultSetMetaData.class)}.
 */
public interface GreptimeResultSetMetaData extends ResultSetMetaData {

    /**
     * Whether the column is its table's time index: the result schema marks it with the field metadata
     * {@code greptime:time_index=true} when the projection keeps the column as it is (a computed
     * expression over it loses the mark, as in GreptimeDB itself).
     *
     * @param column the first column is 1
     */
    boolean isTimeIndex(int column) throws SQLException;
}
