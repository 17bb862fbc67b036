package io.greptime.jdbc.tck.engine.duckdb.exec;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.flow.FlowRuntime;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * What every {@link Call} of one engine shares: the catalog, the lock that serializes writes and DDL, the
 * staging allocator, the connection pool, the calls in progress and the flows. The engine
 * ({@code DuckDbEngine}) is the one subclass; the statement handlers below it see only this.
 */
public abstract class EngineState {
    /** When this JVM's engine started: the start time of the node in {@code information_schema}. */
    public static final long START_MILLIS = System.currentTimeMillis();

    public final Catalog catalog = new Catalog();
    /** Readers share it; DDL and writes take it exclusively (DuckDB would otherwise abort conflicting upserts). */
    public final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    /** Staging buffers for writes; results go to the caller's allocator. */
    public final BufferAllocator staging = new RootAllocator();
    /** Calls in progress (streams being read included), interrupted when the engine closes. */
    protected final Set<Call> active = ConcurrentHashMap.newKeySet();

    /** Connections for engine calls, kept with their session state between calls; set by the engine once open. */
    public ConnectionPool pool;
    /** Flows (continuous aggregation); its scheduler thread is closed with the engine. Set once open. */
    public FlowRuntime flows;

    /**
     * What the packages above this one give the engine's calls, keyed by the type they are read as (the SQL
     * translator's extensions, which name the function families and RANGE that this package cannot see).
     */
    private final Map<Class<?>, Object> parts = new ConcurrentHashMap<>();

    protected EngineState() {}

    /** Gives the engine's calls {@code part} as a {@code type}; the engine does so while it opens. */
    protected final <T> void provide(Class<T> type, T part) {
        parts.put(type, type.cast(Objects.requireNonNull(part, "part")));
    }

    /** The {@code type} the engine provided; every engine provides its parts before its first call. */
    public final <T> T part(Class<T> type) {
        Object part = parts.get(type);
        if (part == null) {
            throw new IllegalStateException("the engine provides no " + type.getSimpleName());
        }
        return type.cast(part);
    }
}
