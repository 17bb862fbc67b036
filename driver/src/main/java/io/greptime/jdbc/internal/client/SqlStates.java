package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.proto.StatusCode;
import io.grpc.Status;

/** SQLStates for GreptimeDB status codes (protocol.md §6.3) and, when no code came, for gRPC codes. */
final class SqlStates {
    /** The connection failed (no GreptimeDB code came with the failure). */
    static final String CONNECTION_FAILURE = "08006";
    /** No connection could be made with these settings (SQL-client unable to establish SQL-connection). */
    static final String CANNOT_CONNECT = "08001";
    /**
     * The server's answer broke the protocol (none where one was due, a malformed or unknown one, a DoGet
     * record batch that cannot be right): the communication link failed (08S01), as Connector/J and pgjdbc
     * report a protocol violation, whatever the call may have done on the server.
     */
    static final String PROTOCOL_VIOLATION = "08S01";
    /** A GreptimeDB error that may succeed when repeated. */
    static final String TRANSIENT_SERVER_ERROR = "40000";

    static final String RESOURCES_EXHAUSTED = "53000";
    /** 4007 RegionReadonly: the region takes no writes now (a read-only transaction in SQL's terms). */
    static final String READ_ONLY = "25006";
    /** A server-side part (region, table, storage) is unavailable and the server says retrying will not help. */
    static final String SERVER_UNAVAILABLE = "HY000";

    private SqlStates() {}

    static String forStatus(StatusCode status, Status.Code grpc) {
        if (status == null) {
            return forGrpc(grpc);
        }
        switch (status) {
            case INVALID_SYNTAX:
                return "42000";
            case TABLE_NOT_FOUND:
                return "42S02";
            case DATABASE_NOT_FOUND:
                return "3F000";
            case TABLE_COLUMN_NOT_FOUND:
                return "42S22";
            case TABLE_ALREADY_EXISTS:
                return "42S01";
            case TABLE_COLUMN_EXISTS:
                return "42S21";
            case DATABASE_ALREADY_EXISTS:
                return "42P06";
            case FLOW_ALREADY_EXISTS:
            case TRIGGER_ALREADY_EXISTS:
                return "42710";
            case FLOW_NOT_FOUND:
            case TRIGGER_NOT_FOUND:
                return "42704";
            case INVALID_ARGUMENTS:
            case REQUEST_OUTDATED:
                return "22023";
            case USER_NOT_FOUND:
            case UNSUPPORTED_PASSWORD_TYPE:
            case USER_PASSWORD_MISMATCH:
            case AUTH_HEADER_NOT_FOUND:
            case INVALID_AUTH_HEADER:
            case ACCESS_DENIED:
            case PERMISSION_DENIED:
                return "28000";
            case UNSUPPORTED:
                return "0A000";
            case CANCELLED:
                return "57014";
            case DEADLINE_EXCEEDED:
                return "HYT00";
            case PLAN_QUERY:
                return "42000";
            case REGION_READONLY:
                // travels as PERMISSION_DENIED, but is no authorization failure (audit C5)
                return READ_ONLY;
            case REGION_NOT_READY:
            case TABLE_UNAVAILABLE:
            case STORAGE_UNAVAILABLE:
                // travel as UNAVAILABLE, but the connection is fine: class 08 would make pools drop it
                return SERVER_UNAVAILABLE;
            default:
                return forGrpc(grpc);
        }
    }

    static String forGrpc(Status.Code grpc) {
        switch (grpc) {
            case UNAUTHENTICATED:
            case PERMISSION_DENIED:
                return "28000";
            case UNIMPLEMENTED:
                return "0A000";
            case CANCELLED:
                return "57014";
            case DEADLINE_EXCEEDED:
                return "HYT00";
            case UNAVAILABLE:
                return "08006";
            case INVALID_ARGUMENT:
                return "22023";
            case RESOURCE_EXHAUSTED:
                return "53000";
            case NOT_FOUND:
                return "42000";
            default:
                return "XX000";
        }
    }
}
