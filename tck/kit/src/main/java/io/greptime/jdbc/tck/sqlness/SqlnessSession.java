package io.greptime.jdbc.tck.sqlness;

/**
 * The client-side session of GreptimeDB's sqlness runner: {@code USE db} and {@code SET time_zone = '...'}
 * never reach the server there, they only change what later requests carry in their header.
 *
 * @param schema the database put in each request header
 * @param timeZone the time zone put in each request header; empty means the server's default (UTC)
 */
public record SqlnessSession(String schema, String timeZone) {

    /** A fresh session: database {@code public}, no time zone. */
    public static SqlnessSession initial() {
        return new SqlnessSession("public", "");
    }

    public SqlnessSession withSchema(String newSchema) {
        return new SqlnessSession(newSchema, timeZone);
    }

    public SqlnessSession withTimeZone(String zone) {
        return new SqlnessSession(schema, zone);
    }
}
