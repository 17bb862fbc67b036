package io.greptime.jdbc.internal.observe;

/**
 * What logs, metrics and spans say about a connection: never its password.
 *
 * @param connectionId JVM-wide sequence number
 * @param host the endpoint host the connection was opened to
 * @param port the endpoint port
 * @param database the database at open
 * @param user the user, or null without authentication
 */
public record ConnectionIdentity(long connectionId, String host, int port, String database, String user) {
    /** {@code host:port}. */
    public String endpoint() {
        return host + ":" + port;
    }
}
