package io.greptime.jdbc.tck.hostile;

import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.tck.server.FaultInjector;
import io.greptime.jdbc.tck.server.ServerProfile;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A GreptimeDB server that misbehaves on request, for tests of what a client does when the server stalls,
 * answers late or half, lies in acks and trailers, corrupts, truncates or floods its answers, or resets
 * the connection. It is the embedded server (real SQL on DuckDB, honest unless told otherwise) behind a
 * {@link HostileProxy}: {@link #next} and {@link #always} choose an {@link Act} for calls of one method
 * (the full gRPC names of {@link FaultInjector}, e.g. {@link #DO_PUT}), {@link #proxy()} misbehaves below
 * gRPC. Clients connect to {@link #address()}, the proxy's.
 *
 * <pre>{@code
 * try (HostileServer s = HostileServer.start()) {
 *     s.next(HostileServer.DO_PUT, Act.passThenStall(1)); // acks the first batch, then silence
 *     try (Connection c = DriverManager.getConnection(s.url("?timezone=UTC"))) { ... }
 * }
 * }</pre>
 */
public final class HostileServer implements AutoCloseable {
    public static final String HANDLE = FaultInjector.HANDLE;
    public static final String HANDLE_REQUESTS = FaultInjector.HANDLE_REQUESTS;
    public static final String HEALTH_CHECK = FaultInjector.HEALTH_CHECK;
    public static final String DO_GET = FaultInjector.DO_GET;
    public static final String DO_PUT = FaultInjector.DO_PUT;

    private final Map<String, ConcurrentLinkedQueue<Act>> once = new ConcurrentHashMap<>();
    private final Map<String, Act> always = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();
    private final Engine engine;
    private final boolean ownsEngine;
    private final EmbeddedGreptimeServer server;
    private final HostileProxy proxy;

    private HostileServer(Engine engine, boolean ownsEngine, Consumer<EmbeddedGreptimeServer.Builder> customize) {
        this.engine = engine;
        this.ownsEngine = ownsEngine;
        EmbeddedGreptimeServer.Builder b =
                EmbeddedGreptimeServer.builder().port(0).engine(engine).interceptor(new Misbehaviour());
        customize.accept(b);
        this.server = b.build().start();
        this.proxy = HostileProxy.to("127.0.0.1", server.port());
    }

    /** Over a fresh in-memory DuckDB, answering as the newest profile. */
    public static HostileServer start() {
        return start(b -> {});
    }

    /** Over a fresh in-memory DuckDB, answering as {@code profile}. */
    public static HostileServer start(ServerProfile profile) {
        return start(b -> b.profile(profile));
    }

    /** Over a fresh in-memory DuckDB, with more server settings (users, profile, message size). */
    public static HostileServer start(Consumer<EmbeddedGreptimeServer.Builder> customize) {
        return new HostileServer(DuckDbEngine.inMemory(), true, customize);
    }

    /** Over the caller's engine (which the caller closes). */
    public static HostileServer over(Engine engine, Consumer<EmbeddedGreptimeServer.Builder> customize) {
        return new HostileServer(engine, false, customize);
    }

    /** The next call of {@code method} misbehaves as {@code act}; several queue up in order. */
    public HostileServer next(String method, Act act) {
        once.computeIfAbsent(method, k -> new ConcurrentLinkedQueue<>()).add(Objects.requireNonNull(act));
        return this;
    }

    /** Every call of {@code method} misbehaves as {@code act} (after the queued {@link #next} ones). */
    public HostileServer always(String method, Act act) {
        always.put(method, Objects.requireNonNull(act));
        return this;
    }

    /** Back to honest answers (and the proxy to {@link HostileProxy.Mode#PASS}). */
    public HostileServer behave() {
        once.clear();
        always.clear();
        proxy.mode(HostileProxy.Mode.PASS);
        proxy.truncateAfter(-1);
        proxy.corruptAfter(-1);
        return this;
    }

    /** Calls of {@code method} that reached the server so far. */
    public long calls(String method) {
        AtomicLong n = calls.get(method);
        return n == null ? 0 : n.get();
    }

    /** The TCP proxy clients connect through. */
    public HostileProxy proxy() {
        return proxy;
    }

    /** The honest server behind the proxy (its restart/stop, fault injector, memory). */
    public EmbeddedGreptimeServer server() {
        return server;
    }

    /** {@code 127.0.0.1:<proxy port>}. */
    public String address() {
        return "127.0.0.1:" + proxy.port();
    }

    /** {@code jdbc:greptime://127.0.0.1:<proxy port>} followed by {@code suffix} (path and query). */
    public String url(String suffix) {
        return "jdbc:greptime://" + address() + suffix;
    }

    @Override
    public void close() {
        proxy.close();
        server.close();
        if (ownsEngine) {
            engine.close();
        }
    }

    private Act actFor(String method) {
        ConcurrentLinkedQueue<Act> queued = once.get(method);
        Act act = queued == null ? null : queued.poll();
        return act != null ? act : always.get(method);
    }

    /** Chooses each call's act; calls with none run honestly. */
    private final class Misbehaviour implements ServerInterceptor {
        @Override
        public <Q, R> ServerCall.Listener<Q> interceptCall(
                ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
            String method = call.getMethodDescriptor().getFullMethodName();
            calls.computeIfAbsent(method, k -> new AtomicLong()).incrementAndGet();
            Act act = actFor(method);
            return act == null ? next.startCall(call, headers) : act.start(call, headers, next, proxy);
        }
    }
}
