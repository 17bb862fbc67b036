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

    /**
     * The GreptimeDB version this connection talks to, as the server reports it ({@code SELECT version()},
     * e.g. {@code 0.17.2} or {@code 1.2.0-beta.2}), or as the {@code serverVersion} property pins it. With
     * several hosts, the lowest version among those the connection has used. The first call after the
     * connection used a host (or reconnected to it) reads it with one query; later calls answer at once.
     * Empty when the server did not say or cannot be reached now.
     */
    java.util.Optional<String> getServerVersion() throws SQLException;

    /**
     * What the servers behind this connection can do where GreptimeDB releases differ, derived from
     * {@link #getServerVersion()}; the driver chooses its write path, DoPut authentication and metadata
     * queries by this set. An unknown version gets the smallest set.
     */
    java.util.Set<GreptimeServerCapability> getServerCapabilities() throws SQLException;

    /** How this connection's batched writes were sent so far (DoPut, row inserts, statements). */
    GreptimeWriteStatistics getWriteStatistics() throws SQLException;

    // ---------------------------------------------------------------- bulk2: streaming and Arrow writes

    /**
     * A writer of rows for several tables over one {@code HandleRequests} client stream, in this
     * connection's database with its hints; see {@link GreptimeStreamInserter} for what finish and abort
     * guarantee. The caller closes it.
     */
    GreptimeStreamInserter streamInserter() throws SQLException;

    /**
     * Writes {@code root} as one Flight DoPut record batch into the existing table {@code table} (in this
     * connection's database) and returns the rows written. Columns are matched by name and must have
     * exactly the table's Arrow types (as a {@code SELECT * FROM table} result reports them); the time
     * index must be present without NULLs. The root is only read: the caller still owns and closes it.
     */
    long putBatch(String table, org.apache.arrow.vector.VectorSchemaRoot root) throws SQLException;

    // ---------------------------------------------------------------- typed rows

    /**
     * A writer of {@code type}'s records into the table its {@link GreptimeTable} annotation names. The record
     * mapping is built (once per class) and checked now, and the table is created from it when it does not
     * exist ({@code CREATE TABLE IF NOT EXISTS}: tags as PRIMARY KEY, the time index, the fields), so mistakes
     * surface here rather than at the first row. Close the writer (it flushes) before the connection: closing
     * the connection first frees the writer and drops what it had not sent.
     *
     * @throws java.sql.SQLSyntaxErrorException (42000) for a mapping mistake in {@code type}
     * @throws SQLException (42S22) when the existing table lacks a component's column
     */
    default <T> GreptimeBulkWriter<T> bulkWriter(Class<T> type) throws SQLException {
        return bulkWriter(type, null);
    }

    /** As {@link #bulkWriter(Class)}, into {@code table} (null for the record's {@code @GreptimeTable}). */
    <T> GreptimeBulkWriter<T> bulkWriter(Class<T> type, String table) throws SQLException;

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
        return promInstantQuery(query, time, null);
    }

    /** As {@link #promInstantQuery(String, String)} with an explicit lookback delta ({@code 5m}, {@code 30s}). */
    GreptimePromResult promInstantQuery(String query, String time, String lookback) throws SQLException;

    /** A PromQL range query through {@code PrometheusGateway/Handle} (always a matrix). */
    default GreptimePromResult promRangeQuery(String query, String start, String end, String step) throws SQLException {
        return promRangeQuery(query, start, end, step, null);
    }

    /** As {@link #promRangeQuery(String, String, String, String)} with an explicit lookback delta. */
    GreptimePromResult promRangeQuery(String query, String start, String end, String step, String lookback)
            throws SQLException;
}
