package io.greptime.jdbc.failover;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.internal.failover.BreakerState;
import io.greptime.jdbc.internal.failover.CircuitBreaker;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CircuitBreakerTest {
    private final FakeClock clock = new FakeClock();
    private final RecordingListener listener = new RecordingListener();
    private final CircuitBreaker breaker =
            new CircuitBreaker("a:1", 3, TimeUnit.MILLISECONDS.toNanos(1000), clock, listener);

    @Test
    void opensAfterThresholdConsecutiveFailures() {
        breaker.onFailure();
        breaker.onFailure();
        assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
        breaker.onFailure();
        assertThat(breaker.state()).isEqualTo(BreakerState.OPEN);
        assertThat(breaker.allowsTraffic()).isFalse();
        assertThat(listener.events).containsExactly("a:1 CLOSED->OPEN");
    }

    @Test
    void successResetsTheCount() {
        breaker.onFailure();
        breaker.onFailure();
        breaker.onSuccess();
        breaker.onFailure();
        breaker.onFailure();
        assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
        assertThat(breaker.consecutiveFailures()).isEqualTo(2);
    }

    @Test
    void probeOnlyAfterCooldown_andOnlyProbeClosesIt() {
        open();
        clock.advanceMillis(999);
        assertThat(breaker.startProbe(false)).isFalse();
        clock.advanceMillis(1);
        assertThat(breaker.startProbe(false)).isTrue();
        assertThat(breaker.state()).isEqualTo(BreakerState.HALF_OPEN);
        assertThat(breaker.allowsTraffic()).isFalse();
        assertThat(breaker.startProbe(false)).as("one probe at a time").isFalse();
        breaker.onProbe(true);
        assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
        assertThat(breaker.consecutiveFailures()).isZero();
        assertThat(listener.events).containsExactly("a:1 CLOSED->OPEN", "a:1 OPEN->HALF_OPEN", "a:1 HALF_OPEN->CLOSED");
    }

    @Test
    void failedProbeStartsAnotherCooldown() {
        open();
        clock.advanceMillis(1000);
        assertThat(breaker.startProbe(false)).isTrue();
        clock.advanceMillis(300);
        breaker.onProbe(false);
        assertThat(breaker.state()).isEqualTo(BreakerState.OPEN);
        clock.advanceMillis(999);
        assertThat(breaker.startProbe(false)).isFalse();
        clock.advanceMillis(1);
        assertThat(breaker.startProbe(false)).isTrue();
    }

    @Test
    void earlyProbeIgnoresTheCooldown() {
        open();
        assertThat(breaker.startProbe(true)).isTrue();
        assertThat(breaker.state()).isEqualTo(BreakerState.HALF_OPEN);
    }

    @Test
    void closedBreakerIsNeverProbed() {
        assertThat(breaker.startProbe(true)).isFalse();
        assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
    }

    private void open() {
        for (int i = 0; i < 3; i++) {
            breaker.onFailure();
        }
    }
}
