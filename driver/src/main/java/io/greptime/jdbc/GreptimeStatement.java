package io.greptime.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * GreptimeDB-specific features of a statement, reached with {@code statement.unwrap(GreptimeStatement.class)}.
 *
 * <p>{@link #executePromRange} sends a PromQL range query as {@code QueryRequest.prom_range_query} over
 * Flight {@code DoGet}: the rows have the shape of a {@code TQL EVAL} result (value, time index and label
 * columns). Times are unix seconds or RFC 3339; step and lookback are seconds or Prometheus durations
 * ({@code 15s}, {@code 1m}).
 */
public interface GreptimeStatement extends Statement {

    /** Evaluates {@code query} from {@code start} to {@code end} every {@code step}, with the server's lookback. */
    ResultSet executePromRange(String query, String start, String end, String step) throws SQLException;

    /** As {@link #executePromRange(String, String, String, String)} with an explicit lookback delta. */
    ResultSet executePromRange(String query, String start, String end, String step, String lookback)
            throws SQLException;
}
