package io.greptime.jdbc.internal.failover;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntUnaryOperator;

/**
 * Chooses one endpoint among those whose breakers let traffic through. Each operation kind of a
 * connection has its own instance (a policy keeps state: a position, the sticky choice). Thread-safe.
 */
public interface Policy {

    /** Picks from {@code candidates} (never empty, in URL order). */
    Endpoint pick(List<Endpoint> candidates);

    /** The policy named by a property value: round_robin, random, latency_aware or sticky. */
    static Policy named(String name, int exploreEvery, IntUnaryOperator random) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "round_robin" -> new RoundRobin();
            case "random" -> candidates -> candidates.get(random.applyAsInt(candidates.size()));
            case "latency_aware" -> new LatencyAware(exploreEvery);
            case "sticky" -> new Sticky();
            default -> throw new IllegalArgumentException("unknown failover policy " + name);
        };
    }

    /** Each call to the next endpoint in turn. */
    final class RoundRobin implements Policy {
        private final AtomicInteger next = new AtomicInteger();

        @Override
        public Endpoint pick(List<Endpoint> candidates) {
            return candidates.get(Math.floorMod(next.getAndIncrement(), candidates.size()));
        }
    }

    /** Stays on one endpoint while it can take traffic; moves on (in URL order) only when it cannot. */
    final class Sticky implements Policy {
        private final AtomicReference<Endpoint> current = new AtomicReference<>();

        @Override
        public Endpoint pick(List<Endpoint> candidates) {
            Endpoint now = current.get();
            if (now != null && candidates.contains(now)) {
                return now;
            }
            Endpoint chosen = candidates.get(0);
            current.set(chosen);
            return chosen;
        }
    }

    /**
     * The endpoint with the lowest average latency; an endpoint never measured goes first. Every
     * {@code exploreEvery}-th pick instead goes to the endpoint chosen least recently, so the averages of
     * the others stay current and a recovered endpoint wins its traffic back.
     */
    final class LatencyAware implements Policy {
        private final int exploreEvery;
        private final AtomicLong ticks = new AtomicLong();

        LatencyAware(int exploreEvery) {
            this.exploreEvery = Math.max(1, exploreEvery);
        }

        @Override
        public Endpoint pick(List<Endpoint> candidates) {
            long tick = ticks.incrementAndGet();
            Endpoint chosen = tick % exploreEvery == 0 ? leastRecent(candidates) : fastest(candidates);
            chosen.chosenAt(tick);
            return chosen;
        }

        private static Endpoint fastest(List<Endpoint> candidates) {
            Endpoint best = null;
            for (Endpoint e : candidates) {
                long avg = e.averageLatencyNanos();
                if (avg < 0) {
                    return e;
                }
                if (best == null || avg < best.averageLatencyNanos()) {
                    best = e;
                }
            }
            return best;
        }

        private static Endpoint leastRecent(List<Endpoint> candidates) {
            Endpoint oldest = candidates.get(0);
            for (Endpoint e : candidates) {
                if (e.lastChosen() < oldest.lastChosen()) {
                    oldest = e;
                }
            }
            return oldest;
        }
    }
}
