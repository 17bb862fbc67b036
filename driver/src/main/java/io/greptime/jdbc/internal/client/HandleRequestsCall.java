package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.GreptimeResponse;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One client-streaming {@code GreptimeDatabase/HandleRequests} call (protocol.md §1.1): requests go out
 * in order, the server executes each as it arrives and answers once, at the end, with the summed affected
 * rows; its first error ends the call. Sending waits while gRPC's outbound buffer is full, so a fast
 * producer cannot queue unbounded memory. One thread sends; answers arrive on gRPC's threads; {@link
 * #cancel} may be called from any thread.
 */
public final class HandleRequestsCall {
    private final ErrorTranslator errors;
    /** Guards {@link #ready}, {@link #total}, {@link #failure} and {@link #done}. */
    private final ReentrantLock lock = new ReentrantLock();

    private final Condition changed = lock.newCondition();
    private ClientCallStreamObserver<GreptimeRequest> requests;
    private boolean ready;
    private long total = -1;
    private Throwable failure;
    private boolean done;

    private HandleRequestsCall(ErrorTranslator errors) {
        this.errors = errors;
    }

    static HandleRequestsCall open(GreptimeDatabaseGrpc.GreptimeDatabaseStub stub, ErrorTranslator errors) {
        HandleRequestsCall call = new HandleRequestsCall(errors);
        stub.handleRequests(call.new Answers());
        return call;
    }

    /** Sends one request, first waiting until gRPC can take it; fails when the call already ended. */
    public void send(GreptimeRequest request) throws SQLException {
        lock.lock();
        try {
            while (!ready && !done) {
                changed.await(100, TimeUnit.MILLISECONDS);
                ready = ready || requests.isReady();
            }
            throwIfEnded();
            requests.onNext(request);
            ready = requests.isReady();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("Interrupted while streaming requests", "HY008", e);
        } finally {
            lock.unlock();
        }
    }

    private void throwIfEnded() throws SQLException {
        if (failure != null) {
            throw errors.translate(failure);
        }
        if (done) {
            throw new SQLException("The HandleRequests stream has ended", "08003");
        }
    }

    /** Throws the error that ended the call, if one did. */
    public void checkFailure() throws SQLException {
        lock.lock();
        try {
            if (failure != null) {
                throw errors.translate(failure);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Half-closes the call and waits for the server's one answer.
     *
     * @param timeoutMillis how long to wait, 0 for as long as it takes
     * @return the affected rows of every request of the call
     */
    public long finish(long timeoutMillis) throws SQLException {
        checkFailure();
        requests.onCompleted();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        lock.lock();
        try {
            while (!done) {
                long left = timeoutMillis == 0 ? TimeUnit.SECONDS.toNanos(1) : deadline - System.nanoTime();
                if (left <= 0) {
                    requests.cancel("no answer in time", null);
                    throw new java.sql.SQLTimeoutException(
                            "HandleRequests did not answer within " + timeoutMillis + " ms", "HYT00");
                }
                changed.awaitNanos(left);
            }
            if (failure != null) {
                throw errors.translate(failure);
            }
            return total;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            requests.cancel("interrupted", null);
            throw new SQLException("Interrupted while waiting for the HandleRequests answer", "HY008", e);
        } finally {
            lock.unlock();
        }
    }

    /** Cancels the call (the server stops reading it); idempotent, any thread. */
    public void cancel(String reason) {
        requests.cancel(reason, null);
    }

    private final class Answers implements ClientResponseObserver<GreptimeRequest, GreptimeResponse> {
        @Override
        public void beforeStart(ClientCallStreamObserver<GreptimeRequest> stream) {
            requests = stream;
            stream.setOnReadyHandler(() -> signal(() -> ready = true));
        }

        @Override
        public void onNext(GreptimeResponse response) {
            signal(() -> total = response.getAffectedRows().getValue() & 0xFFFFFFFFL);
        }

        @Override
        public void onError(Throwable t) {
            signal(() -> {
                failure = t;
                done = true;
            });
        }

        @Override
        public void onCompleted() {
            signal(() -> done = true);
        }

        private void signal(Runnable change) {
            lock.lock();
            try {
                change.run();
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
