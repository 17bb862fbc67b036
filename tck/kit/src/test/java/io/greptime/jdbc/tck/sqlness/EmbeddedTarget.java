package io.greptime.jdbc.tck.sqlness;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.util.List;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A fresh in-memory DuckDB engine behind an in-process embedded server on a loopback port, reached over
 * Flight like GreptimeDB's runner reaches GreptimeDB; or, with {@code wire=false}, the engine called
 * directly (to tell engine mismatches from wire mismatches). Closing it closes all three.
 */
final class EmbeddedTarget implements SqlnessExecutor {
    private final DuckDbEngine engine;
    private final EmbeddedGreptimeServer server;
    private final SqlnessExecutor executor;

    private final List<String> closeProblems;

    private EmbeddedTarget(BufferAllocator allocator, boolean wire, ServerProfile profile, List<String> closeProblems) {
        this.closeProblems = closeProblems;
        engine = DuckDbEngine.inMemory();
        if (wire) {
            server = EmbeddedGreptimeServer.builder()
                    .engine(engine)
                    .port(0)
                    .profile(profile)
                    .build()
                    .start();
            executor = new FlightSqlnessExecutor(
                    allocator, Location.forGrpcInsecure("127.0.0.1", server.port()), server::restart);
        } else {
            server = null;
            executor = new EngineSqlnessExecutor(engine, allocator);
        }
    }

    /** Starts a target; failures to close it cleanly are appended to {@code closeProblems}. */
    static EmbeddedTarget start(BufferAllocator allocator, boolean wire, List<String> closeProblems) {
        return new EmbeddedTarget(allocator, wire, ServerProfile.V1_2, closeProblems);
    }

    /** A target over the wire that imitates {@code profile}'s GreptimeDB line. */
    static EmbeddedTarget start(BufferAllocator allocator, ServerProfile profile, List<String> closeProblems) {
        return new EmbeddedTarget(allocator, true, profile, closeProblems);
    }

    @Override
    public Answer execute(SqlnessSession session, String sql) {
        return executor.execute(session, sql);
    }

    /**
     * Restarts the server on the same port (the Flight executor then reconnects); the engine (and its
     * data) stays, as GreptimeDB's storage does. Without the wire there is no server to restart.
     */
    @Override
    public void restart() {
        executor.restart();
    }

    /**
     * Closes the client, the server and the engine. A failure to close cleanly (e.g. memory the engine
     * or server did not give back) is recorded rather than thrown, so one case's cleanup defect does not
     * hide the replay of the others; the test reports them.
     */
    @Override
    public void close() {
        executor.close();
        closeQuietly("server", server);
        closeQuietly("engine", engine);
    }

    private void closeQuietly(String what, AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            closeProblems.add(
                    what + ": " + String.valueOf(e.getMessage()).strip().replace('\n', ' '));
        }
    }
}
