package io.greptime.jdbc.internal.observe;

import java.lang.management.ManagementFactory;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * A connection's counters, readable as {@link GreptimeConnectionMXBean} through the platform MBean server
 * under {@code io.greptime.jdbc:type=Connection,id=<n>} from open until close. Counters are
 * {@link LongAdder}s: writers from many threads never contend on one cache line.
 *
 * <p>The bean is registered a second after open ({@link #REGISTER_AFTER_MILLIS}) and unregistered at close,
 * both on a background thread: the JVM's first call to the platform MBean server builds it with every
 * platform MXBean, which costs a cold JVM about 140 ms of CPU, and that must not sit on the path of the first
 * connection and its first query. A connection closed within that second never touches JMX. The counters
 * count from the open either way.
 */
final class JmxConnectionMetrics implements MetricsSink, GreptimeConnectionMXBean {
    private static final DriverLog LOG = DriverLog.get("metrics", "jul");

    private final ConnectionIdentity who;
    private final LongSupplier arrowMemory;
    private final LongAdder rowsRead = new LongAdder();
    private final LongAdder rowsWritten = new LongAdder();
    private final LongAdder bytesRead = new LongAdder();
    private final LongAdder bytesWritten = new LongAdder();
    private final LongAdder statements = new LongAdder();
    private final LongAdder statementsFailed = new LongAdder();
    private final LongAdder slowStatements = new LongAdder();
    private final AtomicLong openStatements = new AtomicLong();
    private final AtomicLong openResultSets = new AtomicLong();
    private final ConcurrentMap<String, LongAdder> callsByEndpoint = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, LongAdder> errorsByStatus = new ConcurrentHashMap<>();
    private final Map<CallKind, LatencyHistogram> latency = new EnumMap<>(CallKind.class);
    private final ConcurrentMap<String, String> breakers = new ConcurrentHashMap<>();
    private final ObjectName name;

    private JmxConnectionMetrics(ConnectionIdentity who, LongSupplier arrowMemory) throws JMException {
        this.who = who;
        this.arrowMemory = arrowMemory;
        for (CallKind k : CallKind.values()) {
            latency.put(k, new LatencyHistogram());
        }
        this.name = objectName(who.connectionId());
    }

    /** The ObjectName of connection {@code id}. */
    static ObjectName objectName(long id) throws JMException {
        return new ObjectName("io.greptime.jdbc:type=Connection,id=" + id);
    }

    /** How long after open the bean is registered: a connection closed sooner never touches JMX. */
    static final long REGISTER_AFTER_MILLIS = 1000;

    /** Registrations and unregistrations, one at a time, on one daemon thread. */
    private static final class Registrar {
        static final ScheduledThreadPoolExecutor EXECUTOR = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "greptime-jdbc-jmx");
            t.setDaemon(true);
            return t;
        });

        static {
            EXECUTOR.setKeepAliveTime(10, TimeUnit.SECONDS);
            EXECUTOR.allowCoreThreadTimeOut(true);
            EXECUTOR.setRemoveOnCancelPolicy(true);
        }
    }

    private final AtomicBoolean closed = new AtomicBoolean();

    /** Registers the bean; without JMX (or when registration fails) the connection still works, unobserved. */
    static MetricsSink register(ConnectionIdentity who, LongSupplier arrowMemory) {
        JmxConnectionMetrics m;
        try {
            m = new JmxConnectionMetrics(who, arrowMemory);
        } catch (JMException | RuntimeException | LinkageError e) {
            LOG.log(Level.FINE, () -> "JMX metrics of connection " + who.connectionId() + " not registered: " + e);
            return NONE;
        }
        Registrar.EXECUTOR.schedule(m::registerUnlessClosed, REGISTER_AFTER_MILLIS, TimeUnit.MILLISECONDS);
        return m;
    }

    private void registerUnlessClosed() {
        if (closed.get()) {
            return;
        }
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(this, name);
        } catch (JMException | RuntimeException | LinkageError e) {
            LOG.log(Level.FINE, () -> "JMX metrics of connection " + who.connectionId() + " not registered: " + e);
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        // on the registrar's thread, after a registration that may be running now
        Registrar.EXECUTOR.execute(() -> {
            try {
                MBeanServer server = ManagementFactory.getPlatformMBeanServer();
                if (server.isRegistered(name)) {
                    server.unregisterMBean(name);
                }
            } catch (JMException | RuntimeException e) {
                LOG.log(Level.FINE, () -> "JMX metrics " + name + " not unregistered: " + e);
            }
        });
    }

    // ---------------------------------------------------------------- MetricsSink

    @Override
    public void call(String endpoint, CallKind kind, String status, long nanos, long bytesIn, long bytesOut) {
        callsByEndpoint.computeIfAbsent(endpoint, k -> new LongAdder()).increment();
        if (!"OK".equals(status)) {
            errorsByStatus.computeIfAbsent(status, k -> new LongAdder()).increment();
        }
        latency.get(kind).record(nanos);
        bytesRead.add(bytesIn);
        bytesWritten.add(bytesOut);
    }

    @Override
    public void rowsRead(long rows) {
        rowsRead.add(rows);
    }

    @Override
    public void rowsWritten(long rows) {
        rowsWritten.add(rows);
    }

    @Override
    public void statement(long nanos, boolean failed, boolean slow) {
        statements.increment();
        if (failed) {
            statementsFailed.increment();
        }
        if (slow) {
            slowStatements.increment();
        }
    }

    @Override
    public void statementsOpen(int delta) {
        openStatements.addAndGet(delta);
    }

    @Override
    public void resultSetsOpen(int delta) {
        openResultSets.addAndGet(delta);
    }

    @Override
    public void breakerState(String endpoint, BreakerState state) {
        breakers.put(endpoint, state.name());
    }

    // ---------------------------------------------------------------- MXBean

    @Override
    public long getConnectionId() {
        return who.connectionId();
    }

    @Override
    public String getEndpoint() {
        return who.endpoint();
    }

    @Override
    public String getDatabase() {
        return who.database();
    }

    @Override
    public String getUser() {
        return who.user();
    }

    @Override
    public long getOpenStatements() {
        return openStatements.get();
    }

    @Override
    public long getOpenResultSets() {
        return openResultSets.get();
    }

    @Override
    public long getArrowMemoryBytes() {
        return arrowMemory.getAsLong();
    }

    @Override
    public long getStatementsExecuted() {
        return statements.sum();
    }

    @Override
    public long getStatementsFailed() {
        return statementsFailed.sum();
    }

    @Override
    public long getSlowStatements() {
        return slowStatements.sum();
    }

    @Override
    public long getRowsRead() {
        return rowsRead.sum();
    }

    @Override
    public long getRowsWritten() {
        return rowsWritten.sum();
    }

    @Override
    public long getBytesRead() {
        return bytesRead.sum();
    }

    @Override
    public long getBytesWritten() {
        return bytesWritten.sum();
    }

    @Override
    public Map<String, Long> getCallsByEndpoint() {
        return sums(callsByEndpoint);
    }

    @Override
    public Map<String, Long> getCallsByMethod() {
        Map<String, Long> out = new TreeMap<>();
        latency.forEach((k, h) -> out.put(k.tag(), h.count()));
        return out;
    }

    @Override
    public Map<String, Long> getErrorsByStatus() {
        return sums(errorsByStatus);
    }

    @Override
    public Map<String, Double> getCallLatencyMeanMillis() {
        Map<String, Double> out = new TreeMap<>();
        latency.forEach((k, h) -> out.put(k.tag(), h.meanMillis()));
        return out;
    }

    @Override
    public Map<String, Double> getCallLatencyMaxMillis() {
        Map<String, Double> out = new TreeMap<>();
        latency.forEach((k, h) -> out.put(k.tag(), h.maxMillis()));
        return out;
    }

    @Override
    public Map<String, Long> getCallLatencyHistogram() {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        latency.forEach((k, h) -> h.cumulative(k.tag(), out));
        return out;
    }

    @Override
    public Map<String, String> getBreakerStates() {
        return new TreeMap<>(breakers);
    }

    private static Map<String, Long> sums(Map<String, LongAdder> adders) {
        Map<String, Long> out = new TreeMap<>();
        adders.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }
}
