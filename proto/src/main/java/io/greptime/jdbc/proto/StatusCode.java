package io.greptime.jdbc.proto;

import io.grpc.Status;
import java.util.HashMap;
import java.util.Map;

/**
 * GreptimeDB's status codes (protocol.md §6.2), as carried in the {@code x-greptime-err-code} trailer, with
 * the gRPC code the server pairs with each and whether servers up to v1.1 treat it as retryable (v1.2+
 * says so per error in {@code x-greptime-err-retry-hint} instead).
 *
 * <p>It lives in the wire-bindings module because both the driver and the embedded server speak it.
 */
public enum StatusCode {
    SUCCESS(0, Status.Code.OK, false),
    UNKNOWN(1000, Status.Code.UNKNOWN, false),
    UNSUPPORTED(1001, Status.Code.UNIMPLEMENTED, false),
    UNEXPECTED(1002, Status.Code.INTERNAL, false),
    INTERNAL(1003, Status.Code.INTERNAL, true),
    INVALID_ARGUMENTS(1004, Status.Code.INVALID_ARGUMENT, false),
    CANCELLED(1005, Status.Code.CANCELLED, false),
    ILLEGAL_STATE(1006, Status.Code.INTERNAL, false),
    EXTERNAL(1007, Status.Code.UNKNOWN, false),
    DEADLINE_EXCEEDED(1008, Status.Code.DEADLINE_EXCEEDED, false),
    SUSPENDED(1009, Status.Code.RESOURCE_EXHAUSTED, false),
    INVALID_SYNTAX(2000, Status.Code.INVALID_ARGUMENT, false),
    PLAN_QUERY(3000, Status.Code.INTERNAL, false),
    ENGINE_EXECUTE_QUERY(3001, Status.Code.INTERNAL, false),
    TABLE_ALREADY_EXISTS(4000, Status.Code.ALREADY_EXISTS, false),
    TABLE_NOT_FOUND(4001, Status.Code.NOT_FOUND, false),
    TABLE_COLUMN_NOT_FOUND(4002, Status.Code.NOT_FOUND, false),
    TABLE_COLUMN_EXISTS(4003, Status.Code.ALREADY_EXISTS, false),
    DATABASE_NOT_FOUND(4004, Status.Code.NOT_FOUND, false),
    REGION_NOT_FOUND(4005, Status.Code.NOT_FOUND, false),
    REGION_ALREADY_EXISTS(4006, Status.Code.ALREADY_EXISTS, false),
    REGION_READONLY(4007, Status.Code.PERMISSION_DENIED, false),
    REGION_NOT_READY(4008, Status.Code.UNAVAILABLE, true),
    REGION_BUSY(4009, Status.Code.RESOURCE_EXHAUSTED, true),
    TABLE_UNAVAILABLE(4010, Status.Code.UNAVAILABLE, true),
    DATABASE_ALREADY_EXISTS(4011, Status.Code.ALREADY_EXISTS, false),
    STORAGE_UNAVAILABLE(5000, Status.Code.UNAVAILABLE, true),
    REQUEST_OUTDATED(5001, Status.Code.INVALID_ARGUMENT, false),
    RUNTIME_RESOURCES_EXHAUSTED(6000, Status.Code.RESOURCE_EXHAUSTED, true),
    RATE_LIMITED(6001, Status.Code.RESOURCE_EXHAUSTED, false),
    USER_NOT_FOUND(7000, Status.Code.NOT_FOUND, false),
    UNSUPPORTED_PASSWORD_TYPE(7001, Status.Code.UNAUTHENTICATED, false),
    USER_PASSWORD_MISMATCH(7002, Status.Code.UNAUTHENTICATED, false),
    AUTH_HEADER_NOT_FOUND(7003, Status.Code.UNAUTHENTICATED, false),
    INVALID_AUTH_HEADER(7004, Status.Code.UNAUTHENTICATED, false),
    ACCESS_DENIED(7005, Status.Code.PERMISSION_DENIED, false),
    PERMISSION_DENIED(7006, Status.Code.PERMISSION_DENIED, false),
    FLOW_ALREADY_EXISTS(8000, Status.Code.ALREADY_EXISTS, false),
    FLOW_NOT_FOUND(8001, Status.Code.NOT_FOUND, false),
    TRIGGER_ALREADY_EXISTS(9000, Status.Code.ALREADY_EXISTS, false),
    TRIGGER_NOT_FOUND(9001, Status.Code.NOT_FOUND, false);

    /** Trailer with the numeric status code; sent by every server version. */
    public static final String ERR_CODE_HEADER = "x-greptime-err-code";

    /** Trailer {@code retryable | non_retryable}; sent since v1.2. */
    public static final String RETRY_HINT_HEADER = "x-greptime-err-retry-hint";

    private static final Map<Integer, StatusCode> BY_CODE = new HashMap<>();

    static {
        for (StatusCode c : values()) {
            BY_CODE.put(c.code, c);
        }
    }

    private final int code;
    private final Status.Code grpcCode;
    private final boolean legacyRetryable;

    StatusCode(int code, Status.Code grpcCode, boolean legacyRetryable) {
        this.code = code;
        this.grpcCode = grpcCode;
        this.legacyRetryable = legacyRetryable;
    }

    /** The number on the wire. */
    public int code() {
        return code;
    }

    /** The gRPC status code the server answers with for this status. */
    public Status.Code grpcCode() {
        return grpcCode;
    }

    /** Whether servers before v1.2 ({@code is_retryable()}) consider this code retryable. */
    public boolean legacyRetryable() {
        return legacyRetryable;
    }

    /** Unknown and Internal errors have their text replaced by {@code Internal error: <code>}. */
    public boolean masked() {
        return this == UNKNOWN || this == INTERNAL;
    }

    /** The status for a wire number, or null for a number this enum does not know. */
    public static StatusCode fromCode(int code) {
        return BY_CODE.get(code);
    }
}
