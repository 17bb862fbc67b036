package io.greptime.jdbc.internal.observe;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Meters in a Micrometer registry (the only class naming Micrometer types). Tags are bounded: endpoint
 * ({@code host:port} from the URL), method (five kinds), status (status codes) and, for the Arrow memory
 * gauge only, the id of an open connection (removed at close). Statement ids are never tags.
 */
final class MicrometerMetrics implements MetricsSink {
    /** Open connections, statements and result sets over the whole JVM, per registry the same objects. */
    private static final AtomicLong OPEN_CONNECTIONS = new AtomicLong();

    private static final AtomicLong OPEN_STATEMENTS = new AtomicLong();
    private static final AtomicLong OPEN_RESULT_SETS = new AtomicLong();
    /** Breaker state per registry and endpoint, the latest any connection reported. */
    private static final ConcurrentMap<MeterRegistry, ConcurrentMap<String, AtomicInteger>> BREAKERS =
            new ConcurrentHashMap<>();

    private final MeterRegistry registry;
    private final ConcurrentMap<String, Timer> timers = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Counter> counters = new ConcurrentHashMap<>();
    private final Counter rowsRead;
    private final Counter rowsWritten;
    private final Timer statements;
    private final Timer failedStatements;
    private final Counter slowStatements;
    private final Gauge arrowMemory;
    private final AtomicLong myStatements = new AtomicLong();
    private final AtomicLong myResultSets = new AtomicLong();

    private MicrometerMetrics(MeterRegistry registry, ConnectionIdentity who, LongSupplier memory) {
        this.registry = registry;
        rowsRead = Counter.builder("greptime.jdbc.rows.read")
                .baseUnit("rows")
                .description("Rows read from DoGet results")
                .register(registry);
        rowsWritten = Counter.builder("greptime.jdbc.rows.written")
                .baseUnit("rows")
                .description("Rows written (DoPut batches, row inserts, INSERT affected rows)")
                .register(registry);
        statements = statementTimer("success");
        failedStatements = statementTimer("error");
        slowStatements = Counter.builder("greptime.jdbc.statements.slow")
                .description("Executions slower than slowStatementThreshold")
                .register(registry);
        Gauge.builder("greptime.jdbc.connections.open", OPEN_CONNECTIONS, AtomicLong::get)
                .description("Open connections")
                .register(registry);
        Gauge.builder("greptime.jdbc.statements.open", OPEN_STATEMENTS, AtomicLong::get)
                .description("Open statements")
                .register(registry);
        Gauge.builder("greptime.jdbc.resultsets.open", OPEN_RESULT_SETS, AtomicLong::get)
                .description("Open result sets")
                .register(registry);
        arrowMemory = Gauge.builder("greptime.jdbc.arrow.memory", memory, LongSupplier::getAsLong)
                .baseUnit("bytes")
                .tag("connection", Long.toString(who.connectionId()))
                .description("Arrow memory held by one open connection")
                .strongReference(true)
                .register(registry);
        OPEN_CONNECTIONS.incrementAndGet();
    }

    static boolean isRegistry(Object candidate) {
        return candidate instanceof MeterRegistry;
    }

    static MetricsSink open(Object registry, ConnectionIdentity who, LongSupplier memory) {
        if (registry != null && !(registry instanceof MeterRegistry)) {
            throw new IllegalArgumentException(
                    "meterRegistry must be an io.micrometer.core.instrument.MeterRegistry, not "
                            + registry.getClass().getName());
        }
        return new MicrometerMetrics(registry == null ? Metrics.globalRegistry : (MeterRegistry) registry, who, memory);
    }

    private Timer statementTimer(String outcome) {
        return Timer.builder("greptime.jdbc.statements")
                .tag("outcome", outcome)
                .description("Statement executions, from execute until the result is closed")
                .register(registry);
    }

    @Override
    public void call(String endpoint, CallKind kind, String status, long nanos, long bytesIn, long bytesOut) {
        String key = endpoint + '|' + kind.tag() + '|' + status;
        Timer t = timers.get(key);
        if (t == null) {
            t = timers.computeIfAbsent(
                    key,
                    k -> Timer.builder("greptime.jdbc.calls")
                            .tags("endpoint", endpoint, "method", kind.tag(), "status", status)
                            .description("gRPC calls to GreptimeDB")
                            .publishPercentileHistogram()
                            .register(registry));
        }
        t.record(nanos, TimeUnit.NANOSECONDS);
        if (!"OK".equals(status)) {
            counter("greptime.jdbc.calls.errors", endpoint, kind.tag(), status, null)
                    .increment();
        }
        if (bytesIn > 0) {
            counter("greptime.jdbc.bytes.read", endpoint, kind.tag(), null, "bytes")
                    .increment(bytesIn);
        }
        if (bytesOut > 0) {
            counter("greptime.jdbc.bytes.written", endpoint, kind.tag(), null, "bytes")
                    .increment(bytesOut);
        }
    }

    private Counter counter(String name, String endpoint, String method, String status, String unit) {
        String key = name + '|' + endpoint + '|' + method + '|' + status;
        Counter c = counters.get(key);
        if (c != null) {
            return c;
        }
        return counters.computeIfAbsent(key, k -> {
            Counter.Builder b = Counter.builder(name)
                    .tags("endpoint", endpoint, "method", method)
                    .baseUnit(unit);
            return (status == null ? b : b.tag("status", status)).register(registry);
        });
    }

    @Override
    public void rowsRead(long rows) {
        rowsRead.increment(rows);
    }

    @Override
    public void rowsWritten(long rows) {
        rowsWritten.increment(rows);
    }

    @Override
    public void statement(long nanos, boolean failed, boolean slow) {
        (failed ? failedStatements : statements).record(nanos, TimeUnit.NANOSECONDS);
        if (slow) {
            slowStatements.increment();
        }
    }

    @Override
    public void statementsOpen(int delta) {
        myStatements.addAndGet(delta);
        OPEN_STATEMENTS.addAndGet(delta);
    }

    @Override
    public void resultSetsOpen(int delta) {
        myResultSets.addAndGet(delta);
        OPEN_RESULT_SETS.addAndGet(delta);
    }

    @Override
    public void breakerState(String endpoint, BreakerState state) {
        var perEndpoint = BREAKERS.computeIfAbsent(registry, r -> new ConcurrentHashMap<>());
        AtomicInteger value = perEndpoint.computeIfAbsent(endpoint, e -> {
            AtomicInteger v = new AtomicInteger();
            Gauge.builder("greptime.jdbc.breaker.state", v, AtomicInteger::get)
                    .tag("endpoint", e)
                    .description("Circuit breaker state: 0 closed, 1 half-open, 2 open")
                    .register(registry);
            return v;
        });
        value.set(state.ordinal());
    }

    /** Gives back this connection's share of the JVM-wide gauges and removes its own gauge. */
    @Override
    public void close() {
        OPEN_CONNECTIONS.decrementAndGet();
        OPEN_STATEMENTS.addAndGet(-myStatements.getAndSet(0));
        OPEN_RESULT_SETS.addAndGet(-myResultSets.getAndSet(0));
        registry.remove(arrowMemory);
    }
}
