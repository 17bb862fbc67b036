package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.proto.v1.PromInstantQuery;
import io.greptime.jdbc.proto.v1.PromRangeQuery;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;

/**
 * The PromQL requests behind {@link GreptimeConnection} and {@code GreptimeStatement}: argument checks and
 * building; {@link ConnectionImpl} and {@link StatementImpl} make the calls through their client and session.
 */
final class PromqlRequests {
    /** GreptimeDB's default PromQL lookback delta ({@code DEFAULT_LOOKBACK_STRING}, {@code src/query/src/parser.rs}). */
    static final String DEFAULT_LOOKBACK = "5m";

    private PromqlRequests() {}

    /** The wire form of an instant query; no time means now. */
    static PromInstantQuery instantQuery(String query, String time, String lookback) throws SQLException {
        return PromInstantQuery.newBuilder()
                .setQuery(required(query, "query"))
                .setTime(time == null ? "" : time)
                .setLookback(lookbackOrDefault(lookback))
                .build();
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
}
