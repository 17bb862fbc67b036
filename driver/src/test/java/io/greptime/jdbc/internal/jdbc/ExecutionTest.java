package io.greptime.jdbc.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ExecutionTest {

    @Test
    void cancel_runsTheRegisteredCanceller() {
        Execution e = new Execution();
        AtomicInteger cancels = new AtomicInteger();
        e.onCancel(cancels::incrementAndGet);
        assertThat(e.cancel()).isTrue();
        assertThat(cancels).hasValue(1);
        assertThat(e.wasCancelled()).isTrue();
    }

    @Test
    void cancelBeforeTheCallRegistered_stillCancelsIt() {
        Execution e = new Execution();
        assertThat(e.cancel()).isTrue();
        AtomicInteger cancels = new AtomicInteger();
        e.onCancel(cancels::incrementAndGet);
        assertThat(cancels).hasValue(1);
    }

    @Test
    void lateCancel_afterFinish_doesNothing() {
        Execution e = new Execution();
        AtomicInteger cancels = new AtomicInteger();
        e.onCancel(cancels::incrementAndGet);
        e.finish();
        assertThat(e.cancel()).isFalse();
        assertThat(cancels).hasValue(0);
        assertThat(e.phase()).isEqualTo(Execution.Phase.DONE);
    }

    @Test
    void secondCancel_isANoOp() {
        Execution e = new Execution();
        AtomicInteger cancels = new AtomicInteger();
        e.onCancel(cancels::incrementAndGet);
        assertThat(e.cancel()).isTrue();
        assertThat(e.cancel()).isFalse();
        assertThat(cancels).hasValue(1);
    }

    @Test
    void cancellerThatThrows_doesNotEscape() {
        Execution e = new Execution();
        e.onCancel(() -> {
            throw new IllegalStateException("stream already closed");
        });
        assertThat(e.cancel()).isTrue();
    }

    @Test
    void racingCancelAndRegistration_cancelExactlyOnceOrTwiceButNeverZero() throws Exception {
        for (int round = 0; round < 500; round++) {
            Execution e = new Execution();
            AtomicInteger cancels = new AtomicInteger();
            CountDownLatch go = new CountDownLatch(1);
            Thread t = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
                e.cancel();
            });
            t.start();
            go.countDown();
            e.onCancel(cancels::incrementAndGet);
            t.join();
            assertThat(cancels.get()).as("round %d", round).isEqualTo(1);
        }
    }
}
