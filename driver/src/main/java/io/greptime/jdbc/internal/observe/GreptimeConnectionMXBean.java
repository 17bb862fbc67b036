package io.greptime.jdbc.internal.observe;

import java.util.Map;

/**
 * The JMX view of one open connection, registered as {@code io.greptime.jdbc:type=Connection,id=<n>}
 * while the connection is open. Counts are since the connection opened; latencies are in milliseconds,
 * sizes in bytes. Keys of the per-method maps are {@code unary}, {@code doGet}, {@code doPut},
 * {@code health} and {@code other}.
 */
public interface GreptimeConnectionMXBean {
    /** The JVM-wide sequence number of the connection (the {@code id} key of its ObjectName). */
    long getConnectionId();

    /** The endpoint the connection was opened to, {@code host:port}. */
    String getEndpoint();

    String getDatabase();

    /** The user name, or null without authentication (never the password). */
    String getUser();

    long getOpenStatements();

    long getOpenResultSets();

    /** Arrow memory held by the connection's result sets and bulk writers, in bytes. */
    long getArrowMemoryBytes();

    long getStatementsExecuted();

    long getStatementsFailed();

    /** Executions that took longer than {@code slowStatementThreshold}. */
    long getSlowStatements();

    long getRowsRead();

    long getRowsWritten();

    /** Bytes received on the wire (gRPC message sizes). */
    long getBytesRead();

    /** Bytes sent on the wire (gRPC message sizes). */
    long getBytesWritten();

    /** Calls per endpoint ({@code host:port}). */
    Map<String, Long> getCallsByEndpoint();

    /** Calls per method. */
    Map<String, Long> getCallsByMethod();

    /** Failed calls per status: a GreptimeDB status code when the server sent one, else the gRPC code. */
    Map<String, Long> getErrorsByStatus();

    Map<String, Double> getCallLatencyMeanMillis();

    Map<String, Double> getCallLatencyMaxMillis();

    /**
     * Latency histogram: key {@code <method> le <bound>ms} (or {@code le +Inf}), value the number of calls
     * that took at most that long (cumulative, as Prometheus buckets).
     */
    Map<String, Long> getCallLatencyHistogram();

    /** Circuit breaker state per endpoint: CLOSED, HALF_OPEN or OPEN (empty until failover reports one). */
    Map<String, String> getBreakerStates();
}
