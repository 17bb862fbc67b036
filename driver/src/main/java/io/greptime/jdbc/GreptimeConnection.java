package io.greptime.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * GreptimeDB-specific features of a connection, reached with {@code connection.unwrap(GreptimeConnection.class)}.
 *
 * <p>GreptimeDB keeps no session over gRPC: the database, time zone, credentials and hints below live in
 * the driver and travel with every request.
 */
public interface GreptimeConnection extends Connection {

  /** The session time zone: used by the server for timestamp literals and by getters for wall clocks. */
  ZoneId getSessionTimeZone() throws SQLException;

  /** Changes the session time zone (the same as executing {@code SET time_zone = '...'}). */
  void setSessionTimeZone(ZoneId zone) throws SQLException;

  /** The hints sent as {@code x-greptime-hints} with every call. */
  Map<String, String> getHints() throws SQLException;

  /** Replaces the hints sent with every call (e.g. {@code ttl}, {@code append_mode} for auto-created tables). */
  void setHints(Map<String, String> hints) throws SQLException;

  /**
   * The servers this connection spreads its calls over (the URL's hosts, plus any discovered), in URL
   * order, each with its circuit breaker state and average latency.
   */
  List<GreptimeEndpointStatus> getEndpointStatus() throws SQLException;

  /** How this connection's batched writes were sent so far (DoPut, row inserts, statements). */
  GreptimeWriteStatistics getWriteStatistics() throws SQLException;

  /**
   * Creates a flow: {@code CREATE FLOW name SINK TO sinkTable AS query} (GreptimeDB creates the sink when
   * it is missing). Flows are plain SQL, so any tool can also use the statement directly.
   */
  default void createFlow(String name, String sinkTable, String query) throws SQLException {
    try (Statement st = createStatement()) {
      st.execute("CREATE FLOW " + FlowNames.checked(name) + " SINK TO " + FlowNames.checked(sinkTable) + " AS "
          + query);
    }
  }

  /** {@code ADMIN FLUSH_FLOW('name')}: computes every pending window now; returns the server's count. */
  default long flushFlow(String name) throws SQLException {
    try (Statement st = createStatement();
        ResultSet rs = st.executeQuery("ADMIN FLUSH_FLOW('" + FlowNames.checked(name) + "')")) {
      return rs.next() ? rs.getLong(1) : 0;
    }
  }

  /** {@code DROP FLOW [IF EXISTS] name}. */
  default void dropFlow(String name, boolean ifExists) throws SQLException {
    try (Statement st = createStatement()) {
      st.execute("DROP FLOW " + (ifExists ? "IF EXISTS " : "") + FlowNames.checked(name));
    }
  }

  /** Flow names, sorted, from {@code information_schema.flows}. */
  default List<String> listFlows() throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement st = createStatement();
        ResultSet rs = st.executeQuery("SELECT flow_name FROM information_schema.flows ORDER BY flow_name")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  /**
   * A PromQL instant query through {@code PrometheusGateway/Handle}; {@code time} is unix seconds or
   * RFC 3339, null or empty for now. A PromQL error from the server is a {@link GreptimeSqlException}.
   */
  default GreptimePromResult promInstantQuery(String query, String time) throws SQLException {
    return io.greptime.jdbc.internal.jdbc.PromqlRequests.instant(this, query, time, null);
  }

  /** As {@link #promInstantQuery(String, String)} with an explicit lookback delta ({@code 5m}, {@code 30s}). */
  default GreptimePromResult promInstantQuery(String query, String time, String lookback) throws SQLException {
    return io.greptime.jdbc.internal.jdbc.PromqlRequests.instant(this, query, time, lookback);
  }

  /** A PromQL range query through {@code PrometheusGateway/Handle} (always a matrix). */
  default GreptimePromResult promRangeQuery(String query, String start, String end, String step)
      throws SQLException {
    return io.greptime.jdbc.internal.jdbc.PromqlRequests.range(this, query, start, end, step, null);
  }

  /** As {@link #promRangeQuery(String, String, String, String)} with an explicit lookback delta. */
  default GreptimePromResult promRangeQuery(String query, String start, String end, String step, String lookback)
      throws SQLException {
    return io.greptime.jdbc.internal.jdbc.PromqlRequests.range(this, query, start, end, step, lookback);
  }
}
