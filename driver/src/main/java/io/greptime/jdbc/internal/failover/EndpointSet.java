package io.greptime.jdbc.internal.failover;

import io.greptime.jdbc.internal.config.JdbcUrl;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntUnaryOperator;
import java.util.function.LongSupplier;

/**
 * A connection's servers: the URL's hosts (plus any discovered), each with a circuit breaker and a
 * latency average, and one policy per operation kind choosing among those whose breakers are closed.
 * Thread-safe.
 */
public final class EndpointSet {
    private final List<Endpoint> endpoints = new CopyOnWriteArrayList<>();
    private final Map<OperationKind, Policy> policies = new EnumMap<>(OperationKind.class);
    private final FailoverSettings settings;
    private final LongSupplier clock;
    private final FailoverListener listener;
    private final HealthProber prober;
    private final Consumer<Endpoint> recovered;

    /**
     * @param clock nanosecond clock for breaker cooldowns ({@code System::nanoTime} outside tests)
     * @param random picks an index below its argument for the random policy
     * @param recovered told when a probe found an endpoint healthy, before traffic returns to it
     */
    public EndpointSet(
            List<JdbcUrl.Endpoint> addresses,
            FailoverSettings settings,
            LongSupplier clock,
            IntUnaryOperator random,
            FailoverListener listener,
            HealthProber prober,
            Consumer<Endpoint> recovered) {
        this.settings = settings;
        this.clock = clock;
        this.listener = listener;
        this.prober = prober;
        this.recovered = recovered;
        for (OperationKind kind : OperationKind.values()) {
            policies.put(kind, Policy.named(settings.policies().get(kind), settings.exploreEvery(), random));
        }
        addresses.forEach(this::add);
    }

    /** The production set: system clock, thread-local randomness. */
    public static EndpointSet of(
            List<JdbcUrl.Endpoint> addresses,
            FailoverSettings settings,
            FailoverListener listener,
            HealthProber prober,
            Consumer<Endpoint> recovered) {
        return new EndpointSet(
                addresses,
                settings,
                System::nanoTime,
                n -> ThreadLocalRandom.current().nextInt(n),
                listener,
                prober,
                recovered);
    }

    /** Adds an endpoint unless it is already there; true when added. */
    public boolean add(JdbcUrl.Endpoint address) {
        for (Endpoint e : endpoints) {
            if (e.address().equals(address)) {
                return false;
            }
        }
        endpoints.add(new Endpoint(
                address,
                new CircuitBreaker(
                        address.toString(),
                        settings.breakerFailures(),
                        settings.breakerCooldownNanos(),
                        clock,
                        listener)));
        return true;
    }

    public List<Endpoint> all() {
        return List.copyOf(endpoints);
    }

    /**
     * The endpoint for the next attempt of a {@code kind} call: one whose breaker is closed, preferring
     * those not in {@code tried}. Open breakers whose cooldown passed are probed on the way (without
     * waiting). When no breaker is closed, every open one is probed at once and this waits up to the
     * probe timeout for the first to answer; null when none did.
     */
    public Endpoint select(OperationKind kind, Set<Endpoint> tried) {
        startProbes(false);
        List<Endpoint> usable = usable();
        if (usable.isEmpty()) {
            startProbes(true);
            usable = awaitUsable();
            if (usable.isEmpty()) {
                return null;
            }
        }
        List<Endpoint> fresh = new ArrayList<>(usable);
        fresh.removeAll(tried);
        return policies.get(kind).pick(fresh.isEmpty() ? usable : fresh);
    }

    /** A call succeeded after {@code nanos}. */
    public void succeeded(Endpoint e, long nanos) {
        e.recordLatency(nanos);
        e.breaker().onSuccess();
    }

    /** The server answered, with an error of its own that says nothing against the endpoint. */
    public void answered(Endpoint e) {
        e.breaker().onSuccess();
    }

    /** A call failed because of the endpoint. */
    public void failed(Endpoint e) {
        e.breaker().onFailure();
    }

    private List<Endpoint> usable() {
        List<Endpoint> out = new ArrayList<>();
        for (Endpoint e : endpoints) {
            if (e.breaker().allowsTraffic()) {
                out.add(e);
            }
        }
        return out;
    }

    private void startProbes(boolean early) {
        for (Endpoint e : endpoints) {
            if (e.breaker().startProbe(early)) {
                prober.probe(e.address()).thenAccept(healthy -> {
                    if (healthy) {
                        recovered.accept(e);
                    }
                    e.breaker().onProbe(healthy);
                });
            }
        }
    }

    /** Waits (polling, as probes complete on gRPC threads) until a breaker closes or no probe is left. */
    private List<Endpoint> awaitUsable() {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.probeTimeoutMillis() + 500);
        while (true) {
            List<Endpoint> usable = usable();
            if (!usable.isEmpty() || !anyProbing() || System.nanoTime() - until > 0) {
                return usable;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                return usable;
            }
        }
    }

    private boolean anyProbing() {
        for (Endpoint e : endpoints) {
            if (e.breaker().state() == BreakerState.HALF_OPEN) {
                return true;
            }
        }
        return false;
    }
}
