package io.greptime.jdbc.tck.sqlness;

/**
 * Runs one SQL statement against a GreptimeDB-compatible target with the session's database and time zone
 * in the request header, and captures the answer as text-ready {@link Answer}. Implementations never
 * throw for a failing statement: a server error is an {@link Answer.Failure}.
 */
public interface SqlnessExecutor extends AutoCloseable {

    /** Executes {@code sql} (one statement) for {@code session}. */
    Answer execute(SqlnessSession session, String sql);

    /**
     * Restarts the server before the next statement ({@code -- SQLNESS ARG restart=true}); written data
     * must survive. Targets that cannot restart ignore it.
     */
    default void restart() {}

    @Override
    void close();
}
