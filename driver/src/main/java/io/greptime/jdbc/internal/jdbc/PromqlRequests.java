package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimePromResult;
import io.greptime.jdbc.internal.client.PromqlGateway;
import io.greptime.jdbc.proto.v1.PromInstantQuery;
import io.greptime.jdbc.proto.v1.PromRangeQuery;
import io.greptime.jdbc.proto.v1.PromqlRequest;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;

/**
 * The PromQL entry points of {@link GreptimeConnection} and {@code GreptimeStatement}: argument checks and
 * request building; the calls go through the connection's client and session.
 */
public final class PromqlRequests {
    /** GreptimeDB's default PromQL lookback delta ({@code DEFAULT_LOOKBACK_STRING}, {@code src/query/src/parser.rs}). */
    static final String DEFAULT_LOOKBACK = "5m";

    private PromqlRequests() {}

    /** An instant query through the PrometheusGateway. */
    public static GreptimePromResult instant(GreptimeConnection connection, String query, String time, String lookback)
            throws SQLException {
        ConnectionImpl c = impl(connection);
        PromInstantQuery.Builder q = PromInstantQuery.newBuilder().setQuery(required(query, "query"));
        q.setTime(time == null ? "" : time).setLookback(lookbackOrDefault(lookback));
        return c.affinity()
                .call(() -> PromqlGateway.call(
                        c.client(),
                        c.session(),
                        PromqlRequest.newBuilder().setInstantQuery(q),
                        c.config().queryTimeoutSeconds() * 1000L));
    }

    /** A range query through the PrometheusGateway. */
    public static GreptimePromResult range(
            GreptimeConnection connection, String query, String start, String end, String step, String lookback)
            throws SQLException {
        ConnectionImpl c = impl(connection);
        PromRangeQuery q = rangeQuery(query, start, end, step, lookback);
        return c.affinity()
                .call(() -> PromqlGateway.call(
                        c.client(),
                        c.session(),
                        PromqlRequest.newBuilder().setRangeQuery(q),
                        c.config().queryTimeoutSeconds() * 1000L));
    }

    /** The wire form of a range query, after checking that nothing required is missing. */
    static PromRangeQuery rangeQuery(String query, String start, String end, String step, String lookback)
            throws SQLException {
        return PromRangeQuery.newBuilder()
                .setQuery(required(query, "query"))
                .setStart(required(start, "start"))
                .setEnd(required(end, "end"))
                .setStep(required(step, "step"))
                .setLookback(lookbackOrDefault(lookback))
                .build();
    }

    /**
     * The lookback to send. GreptimeDB's PrometheusGateway passes the field to its PromQL parser as it is, and the
     * parser refuses an empty one ("empty duration string", status 2000, every line from v0.14 to v1.x:
     * {@code src/query/src/parser.rs} {@code parse_promql}); only its HTTP API fills in the default. So the driver
     * sends that default, {@code DEFAULT_LOOKBACK_STRING} = {@value #DEFAULT_LOOKBACK}, when none is given.
     */
    static String lookbackOrDefault(String lookback) {
        return lookback == null || lookback.isBlank() ? DEFAULT_LOOKBACK : lookback;
    }

    private static String required(String value, String name) throws SQLException {
        if (value == null || value.isBlank()) {
            throw new SQLException("PromQL " + name + " must not be empty", SqlState.INVALID_PARAMETER_VALUE.code());
        }
        return value;
    }

    private static ConnectionImpl impl(GreptimeConnection connection) throws SQLException {
        ConnectionImpl c = connection.unwrap(ConnectionImpl.class);
        c.checkOpen();
        return c;
    }
}
