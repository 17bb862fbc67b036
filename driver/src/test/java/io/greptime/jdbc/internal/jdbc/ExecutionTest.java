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

    @Test
    void deadline_isTheTimeoutFromTheStart_onTheExecutionsClock() throws Exception {
        java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(5_000_000_000L);
        Execution e = new Execution(null, 1_000, now::get);
        assertThat(e.remainingNanos()).isEqualTo(1_000_000_000L);
        assertThat(e.callTimeoutMillis()).isEqualTo(1_000);
        now.addAndGet(999_500_000L);
        assertThat(e.callTimeoutMillis()).as("at least 1 ms while any is left").isEqualTo(1);
        assertThat((Throwable) e.stopped("x")).isNull();
        now.addAndGet(500_000L);
        java.sql.SQLException late = e.stopped("the answers");
        assertThat((Throwable) late).isInstanceOf(java.sql.SQLTimeoutException.class);
        assertThat(late.getSQLState()).isEqualTo("HYT00");
        assertThat(late.getMessage()).contains("1000 ms").contains("the answers");
        org.assertj.core.api.Assertions.assertThatThrownBy(e::callTimeoutMillis)
                .isInstanceOfSatisfying(
                        java.sql.SQLException.class,
                        x -> assertThat(x.getSQLState()).isEqualTo("HYT00"));
    }

    @Test
    void noTimeout_meansNoDeadline_andACancelStopsIt() throws Exception {
        Execution e = new Execution(null, 0, () -> Long.MIN_VALUE);
        assertThat(e.deadlineNanos()).isZero();
        assertThat(e.remainingNanos()).isEqualTo(Long.MAX_VALUE);
        assertThat(e.callTimeoutMillis()).isZero();
        e.cancel();
        assertThat(e.stopped("rows").getSQLState()).isEqualTo("57014");
        org.assertj.core.api.Assertions.assertThatThrownBy(e::callTimeoutMillis)
                .isInstanceOfSatisfying(
                        java.sql.SQLException.class,
                        x -> assertThat(x.getSQLState()).isEqualTo("57014"));
    }
}
