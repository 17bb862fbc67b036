package io.greptime.jdbc.internal.observe;

/** A circuit breaker's state as metrics report it: the gauge value is {@link #ordinal()}. */
public enum BreakerState {
    /** Calls flow (gauge 0). */
    CLOSED,
    /** One probe call is let through (gauge 1). */
    HALF_OPEN,
    /** Calls to the endpoint are refused (gauge 2). */
    OPEN
}
