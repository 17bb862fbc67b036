package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.internal.client.CallScope;
import java.sql.SQLException;

/**
 * How writers that are not statements (typed-row bulk writers, putBatch, stream inserters) run a call
 * that may wait on the server: as an execution of their connection, with the connection's
 * {@code queryTimeout} as its deadline, stopped (57014) when the connection closes or aborts meanwhile.
 */
public interface WriteExecutions {
    /** One call, given its scope. */
    @FunctionalInterface
    interface WriteCall<T> {
        T run(CallScope scope) throws SQLException;
    }

    <T> T run(WriteCall<T> call) throws SQLException;

    /** Runs calls with no deadline that nothing cancels (tests of the write layer alone). */
    WriteExecutions UNBOUNDED = new WriteExecutions() {
        @Override
        public <T> T run(WriteCall<T> call) throws SQLException {
            return call.run(CallScope.NONE);
        }
    };
}
