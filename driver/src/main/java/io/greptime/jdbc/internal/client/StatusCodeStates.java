package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.Status;

/**
 * The SQLState for each GreptimeDB status code (protocol.md §6.3) and, when no code came, for each gRPC code:
 * the table {@link ErrorTranslator} reads. The states themselves are {@link SqlState}'s.
 */
final class StatusCodeStates {
    private StatusCodeStates() {}

    static SqlState forStatus(StatusCode status, Status.Code grpc) {
        if (status == null) {
            return forGrpc(grpc);
        }
        switch (status) {
            case INVALID_SYNTAX:
                return SqlState.SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION;
            case TABLE_NOT_FOUND:
                return SqlState.TABLE_NOT_FOUND;
            case DATABASE_NOT_FOUND:
                return SqlState.INVALID_SCHEMA_NAME;
            case TABLE_COLUMN_NOT_FOUND:
                return SqlState.COLUMN_NOT_FOUND;
            case TABLE_ALREADY_EXISTS:
                return SqlState.TABLE_ALREADY_EXISTS;
            case TABLE_COLUMN_EXISTS:
                return SqlState.COLUMN_ALREADY_EXISTS;
            case DATABASE_ALREADY_EXISTS:
                return SqlState.DUPLICATE_SCHEMA;
            case FLOW_ALREADY_EXISTS:
            case TRIGGER_ALREADY_EXISTS:
                return SqlState.DUPLICATE_OBJECT;
            case FLOW_NOT_FOUND:
            case TRIGGER_NOT_FOUND:
                return SqlState.UNDEFINED_OBJECT;
            case INVALID_ARGUMENTS:
            case REQUEST_OUTDATED:
                return SqlState.INVALID_PARAMETER_VALUE;
            case USER_NOT_FOUND:
            case UNSUPPORTED_PASSWORD_TYPE:
            case USER_PASSWORD_MISMATCH:
            case AUTH_HEADER_NOT_FOUND:
            case INVALID_AUTH_HEADER:
            case ACCESS_DENIED:
            case PERMISSION_DENIED:
                return SqlState.INVALID_AUTHORIZATION;
            case UNSUPPORTED:
                return SqlState.FEATURE_NOT_SUPPORTED;
            case CANCELLED:
                return SqlState.QUERY_CANCELED;
            case DEADLINE_EXCEEDED:
                return SqlState.TIMEOUT_EXPIRED;
            case PLAN_QUERY:
                return SqlState.SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION;
            case REGION_READONLY:
                // travels as PERMISSION_DENIED, but is no authorization failure (audit C5)
                return SqlState.READ_ONLY_SQL_TRANSACTION;
            case REGION_NOT_READY:
            case TABLE_UNAVAILABLE:
            case STORAGE_UNAVAILABLE:
                // travel as UNAVAILABLE, but the connection is fine: class 08 would make pools drop it
                return SqlState.GENERAL_ERROR;
            default:
                return forGrpc(grpc);
        }
    }

    static SqlState forGrpc(Status.Code grpc) {
        switch (grpc) {
            case UNAUTHENTICATED:
            case PERMISSION_DENIED:
                return SqlState.INVALID_AUTHORIZATION;
            case UNIMPLEMENTED:
                return SqlState.FEATURE_NOT_SUPPORTED;
            case CANCELLED:
                return SqlState.QUERY_CANCELED;
            case DEADLINE_EXCEEDED:
                return SqlState.TIMEOUT_EXPIRED;
            case UNAVAILABLE:
                return SqlState.CONNECTION_FAILURE;
            case INVALID_ARGUMENT:
                return SqlState.INVALID_PARAMETER_VALUE;
            case RESOURCE_EXHAUSTED:
                return SqlState.INSUFFICIENT_RESOURCES;
            case NOT_FOUND:
                return SqlState.SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION;
            default:
                return SqlState.INTERNAL_ERROR;
        }
    }
}
