package io.greptime.jdbc.tck.server;

/**
 * Which GreptimeDB release the embedded server imitates where the wire differs between versions
 * (protocol.md §4.2, §6.1).
 */
public enum ServerProfile {
    /**
     * v1.2 and later: errors carry {@code x-greptime-err-retry-hint}; DoPut acks the call at once with
     * request_id 0 and answers each batch with {@code elapsed_secs}.
     */
    V1_2(true, true),
    /**
     * v0.15 to v0.17 (and v1.0 betas before beta.3): no retry hint; DoPut answers the schema message
     * itself with request_id 0 and its answers carry no {@code elapsed_secs}.
     */
    V0_17(false, false);

    private final boolean retryHint;
    private final boolean immediatePutAck;

    ServerProfile(boolean retryHint, boolean immediatePutAck) {
        this.retryHint = retryHint;
        this.immediatePutAck = immediatePutAck;
    }

    /** Whether error trailers include {@code x-greptime-err-retry-hint}. */
    public boolean sendsRetryHint() {
        return retryHint;
    }

    /** Whether DoPut acks at once (v1.2) instead of answering the schema message (v0.17). */
    public boolean acksPutImmediately() {
        return immediatePutAck;
    }

    /** Whether DoPut answers include {@code elapsed_secs}: the same releases that ack at once. */
    public boolean sendsElapsedSecs() {
        return immediatePutAck;
    }

    /** Parses {@code v1.2} / {@code v0.17} (as the standalone main's --profile takes them). */
    public static ServerProfile parse(String text) {
        switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "v1.2":
            case "1.2":
                return V1_2;
            case "v0.17":
            case "0.17":
                return V0_17;
            default:
                throw new IllegalArgumentException("unknown profile '" + text + "' (expected v1.2 or v0.17)");
        }
    }
}
