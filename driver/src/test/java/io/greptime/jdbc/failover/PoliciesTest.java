package io.greptime.jdbc.failover;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.internal.failover.Endpoint;
import io.greptime.jdbc.internal.failover.EndpointSet;
import io.greptime.jdbc.internal.failover.OperationKind;
import io.greptime.jdbc.internal.failover.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PoliciesTest {
    private final FakeClock clock = new FakeClock();
    private final FakeProber prober = new FakeProber();
    private final RecordingListener listener = new RecordingListener();

    private EndpointSet three(String policy) {
        return Endpoints.set(3, Endpoints.settings(policy, 2, 0), clock, prober, listener);
    }

    private List<Integer> picks(EndpointSet set, int n) {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ports.add(set.select(OperationKind.QUERY, Set.of()).address().port());
        }
        return ports;
    }

    @Test
    void roundRobin_takesEachInTurn() {
        assertThat(picks(three("round_robin"), 6)).containsExactly(1, 2, 3, 1, 2, 3);
    }

    @Test
    void roundRobin_skipsAnOpenBreaker() {
        EndpointSet set = three("round_robin");
        Endpoint second = set.all().get(1);
        set.failed(second);
        set.failed(second);
        assertThat(picks(set, 4)).containsExactly(1, 3, 1, 3);
    }

    @Test
    void random_usesTheRandomSource() {
        // the test's random source always answers bound - 1: the last candidate
        assertThat(picks(three("random"), 3)).containsExactly(3, 3, 3);
    }

    @Test
    void sticky_staysUntilTheBreakerOpens_thenMovesOn() {
        EndpointSet set = three("sticky");
        assertThat(picks(set, 3)).containsExactly(1, 1, 1);
        Endpoint first = set.all().get(0);
        set.failed(first);
        assertThat(picks(set, 1)).as("one failure is below the threshold").containsExactly(1);
        set.failed(first);
        assertThat(picks(set, 3)).containsExactly(2, 2, 2);
    }

    @Test
    void latencyAware_prefersTheFastest_andExploresEveryNthCall() {
        EndpointSet set = three("latency_aware");
        List<Endpoint> all = set.all();
        set.succeeded(all.get(0), 50_000_000);
        set.succeeded(all.get(1), 1_000_000);
        set.succeeded(all.get(2), 20_000_000);
        // explore every 4th pick (Endpoints.settings): picks 1-3 go to the fastest, the 4th to the least recent
        List<Integer> ports = picks(set, 8);
        assertThat(ports.subList(0, 3)).containsOnly(2);
        assertThat(ports.get(3)).isIn(1, 3);
        assertThat(ports.subList(4, 7)).containsOnly(2);
        assertThat(ports.get(7)).isIn(1, 3).isNotEqualTo(ports.get(3));
    }

    @Test
    void latencyAware_triesUnmeasuredEndpointsFirst() {
        EndpointSet set = three("latency_aware");
        set.succeeded(set.all().get(0), 1_000);
        assertThat(picks(set, 1)).containsExactly(2);
    }

    @Test
    void selection_prefersEndpointsNotTriedYet_butFallsBackToTried() {
        EndpointSet set = three("sticky");
        List<Endpoint> all = set.all();
        assertThat(set.select(OperationKind.WRITE, Set.of(all.get(0))).address().port())
                .isEqualTo(2);
        assertThat(set.select(OperationKind.WRITE, Set.copyOf(all)).address().port())
                .isIn(1, 2, 3);
    }

    @Test
    void unknownPolicyName_isRejected() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Policy.named("nearest", 1, n -> 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nearest");
    }
}
