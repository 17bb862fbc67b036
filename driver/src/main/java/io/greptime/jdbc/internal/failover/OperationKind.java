package io.greptime.jdbc.internal.failover;

import io.greptime.jdbc.proto.v1.GreptimeRequest;
import java.util.Locale;

/**
 * What a call does, which decides the endpoint policy it uses (each kind may have its own) and whether
 * it may be repeated after its request reached a server.
 */
public enum OperationKind {
    /** Row-producing statements over DoGet: repeatable until a row reached the caller. */
    QUERY,
    /** Inserts, deletes and other statements answering a row count through Handle. */
    WRITE,
    /** Flight DoPut streams. */
    BULK,
    /** CREATE, ALTER, DROP, TRUNCATE. */
    DDL;

    /** The kind of a request sent through {@code Handle}: DDL by its first keyword, else a write. */
    public static OperationKind ofHandle(GreptimeRequest request) {
        if (request.hasDdl()) {
            return DDL;
        }
        if (!request.hasQuery() || !request.getQuery().hasSql()) {
            return WRITE;
        }
        String sql = request.getQuery().getSql().stripLeading();
        int end = 0;
        while (end < sql.length() && Character.isLetter(sql.charAt(end))) {
            end++;
        }
        return switch (sql.substring(0, end).toUpperCase(Locale.ROOT)) {
            case "CREATE", "ALTER", "DROP", "TRUNCATE" -> DDL;
            default -> WRITE;
        };
    }
}
