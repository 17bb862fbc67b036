package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.failover.Endpoint;
import io.greptime.jdbc.internal.failover.RetryRules;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.GreptimeResponse;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;
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
    private static final Metadata.Key<String> ERR_CODE =
            Metadata.Key.of(StatusCode.ERR_CODE_HEADER, Metadata.ASCII_STRING_MARSHALLER);
    private final ErrorTranslator errors;
    private final Endpoint endpoint;
    private final Set<Endpoint> tried;
    /** Guards {@link #ready}, {@link #total}, {@link #failure} and {@link #done}. */
    private final ReentrantLock lock = new ReentrantLock();

    private final Condition changed = lock.newCondition();
    private ClientCallStreamObserver<GreptimeRequest> requests;
    private boolean ready;
    private long total = -1;
    private Throwable failure;
    private boolean done;
    /** Set before the driver cancels the call itself, so a CANCELLED it did not ask for reads as the server's. */
    private volatile boolean cancelledByClient;

    /** Whether a request went to gRPC: {@link #send} waits for the stream to be ready (connected) first. */
    private boolean sentAny;

    private HandleRequestsCall(ErrorTranslator errors, Endpoint endpoint, Set<Endpoint> tried) {
        this.errors = errors;
        this.endpoint = endpoint;
        this.tried = Set.copyOf(tried);
    }

    static HandleRequestsCall open(
            GreptimeDatabaseGrpc.GreptimeDatabaseStub stub,
            ErrorTranslator errors,
            Endpoint endpoint,
            Set<Endpoint> tried) {
        HandleRequestsCall call = new HandleRequestsCall(errors, endpoint, tried);
        stub.handleRequests(call.new Answers());
        return call;
    }

    Endpoint endpoint() {
        return endpoint;
    }

    /** The endpoints earlier calls of the same stream failed on before sending anything. */
    Set<Endpoint> tried() {
        return tried;
    }

    /**
     * Whether the call ended with a failed connection before any request went to gRPC. {@link #send} hands
     * a request over only once the stream is ready, which grpc-java signals only for a stream on a connected
     * transport, so nothing of this call reached a server: a real cluster answers a stream opened right after a
     * frontend's {@code kill -9} this way (connection refused).
     */
    public boolean failedBeforeSending() {
        lock.lock();
        try {
            return failure != null && !sentAny && RetryRules.isConnectionFailure(failure);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Sends one request, first waiting (within the scope: its deadline, its cancel) until gRPC can take it;
     * fails when the call already ended. A wait the scope ends cancels the call.
     */
    public void send(GreptimeRequest request, CallScope scope) throws SQLException {
        lock.lock();
        try {
            awaitLocked(() -> ready || done, scope, "the HandleRequests stream to take more rows");
            throwIfEnded();
            requests.onNext(request);
            sentAny = true;
            ready = requests.isReady();
        } finally {
            lock.unlock();
        }
    }

    /** A condition of the call's state, read with the lock held. */
    private interface State {
        boolean holds();
    }

    /**
     * With the lock held, waits until {@code state} holds; the onReady, answer and failure callbacks and a
     * cancel signal. When the scope ends the wait, the call is cancelled and the scope's error thrown.
     */
    private void awaitLocked(State state, CallScope scope, String what) throws SQLException {
        scope.onCancel(this::wake);
        while (!state.holds()) {
            SQLException stop = scope.stopped(what);
            if (stop != null) {
                cancelledByClient = true;
                requests.cancel(stop.getMessage(), null);
                throw stop;
            }
            long left = scope.remainingNanos();
            try {
                changed.awaitNanos(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancelledByClient = true;
                requests.cancel("interrupted", null);
                throw new SQLException("Interrupted while waiting for " + what, SqlState.OPERATION_CANCELED.code(), e);
            }
        }
    }

    private void wake() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void throwIfEnded() throws SQLException {
        if (failure != null) {
            throw failureException();
        }
        if (done) {
            throw new SQLException("The HandleRequests stream has ended", SqlState.CONNECTION_DOES_NOT_EXIST.code());
        }
    }

    /**
     * The failure as a SQLException. A CANCELLED the driver did not ask for is the server resetting the stream
     * (it stopped or restarted; an embedded server stopped under the call does this): the connection failed,
     * and the requests sent are in doubt.
     */
    private SQLException failureException() {
        if (!cancelledByClient
                && Status.fromThrowable(failure).getCode() == Status.Code.CANCELLED
                && !hasGreptimeCode(Status.trailersFromThrowable(failure))) {
            return new SQLTransientConnectionException(
                    "GreptimeDB reset the HandleRequests stream ("
                            + Status.fromThrowable(failure).getDescription()
                            + "): the server stopped or restarted; the requests sent are in doubt",
                    SqlState.CONNECTION_FAILURE.code(),
                    failure);
        }
        return errors.translate(failure);
    }

    private static boolean hasGreptimeCode(Metadata trailers) {
        return trailers != null && trailers.get(ERR_CODE) != null;
    }

    /** Throws the error that ended the call, if one did. */
    public void checkFailure() throws SQLException {
        lock.lock();
        try {
            if (failure != null) {
                throw failureException();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Half-closes the call and waits, within the scope, for the server's one answer.
     *
     * @return the affected rows of every request of the call
     */
    public long finish(CallScope scope) throws SQLException {
        checkFailure();
        requests.onCompleted();
        lock.lock();
        try {
            awaitLocked(() -> done, scope, "the HandleRequests answer");
            if (failure != null) {
                throw failureException();
            }
            if (total < 0) {
                // gRPC ended the call with OK but the server never said how many rows it stored: none counts
                throw new SQLException(
                        "GreptimeDB ended the HandleRequests call without its answer (the affected rows):"
                                + " protocol violation; the rows sent are in doubt",
                        SqlState.COMMUNICATION_LINK_FAILURE.code());
            }
            return total;
        } finally {
            lock.unlock();
        }
    }

    /** Cancels the call (the server stops reading it); idempotent, any thread. */
    public void cancel(String reason) {
        cancelledByClient = true;
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
            if (response.hasHeader()
                    && response.getHeader().hasStatus()
                    && response.getHeader().getStatus().getStatusCode() != 0) {
                // an error in the answer itself (the server sends these as gRPC statuses, but never count it)
                var st = response.getHeader().getStatus();
                Metadata code = new Metadata();
                code.put(ERR_CODE, Integer.toString(st.getStatusCode()));
                onError(Status.UNKNOWN.withDescription(st.getErrMsg()).asRuntimeException(code));
                return;
            }
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
