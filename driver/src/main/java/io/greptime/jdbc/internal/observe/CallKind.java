package io.greptime.jdbc.internal.observe;

/** The kinds of gRPC call the driver makes, used as the {@code method} metric tag (a bounded set). */
public enum CallKind {
    /** {@code GreptimeDatabase/Handle} and {@code HandleRequests}, PromQL gateway calls. */
    UNARY("unary"),
    /** Flight {@code DoGet}: statements answering rows. */
    DO_GET("doGet"),
    /** Flight {@code DoPut}: bulk writes. */
    DO_PUT("doPut"),
    /** {@code HealthCheck}. */
    HEALTH("health"),
    OTHER("other");

    private final String tag;

    CallKind(String tag) {
        this.tag = tag;
    }

    /** The metric tag value. */
    public String tag() {
        return tag;
    }

    /** Classifies a full gRPC method name such as {@code greptime.v1.GreptimeDatabase/Handle}. */
    static CallKind of(String fullMethodName) {
        if (fullMethodName.endsWith("/DoGet")) {
            return DO_GET;
        } else if (fullMethodName.endsWith("/DoPut")) {
            return DO_PUT;
        } else if (fullMethodName.contains("HealthCheck")) {
            return HEALTH;
        } else if (fullMethodName.contains("GreptimeDatabase/") || fullMethodName.contains("PrometheusGateway/")) {
            return UNARY;
        }
        return OTHER;
    }
}
