package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.GreptimeProperty;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Which thread a connection, or one statement of it, belongs to (property {@code threadAffinity}). The
 * guarded object serves one thread at a time: the thread that is using it owns it, and ownership moves to
 * another thread only while it is <em>idle</em>:
 *
 * <ul>
 *   <li>no call in flight: no thread is inside a statement execution, an {@code executeBatch}, a bulk
 *       flush or a {@code ResultSet.next()} that waits for the next record batch; and
 *   <li>(connection scope only) no open stream: every result set that reads from the server has been read
 *       to its end or closed.
 * </ul>
 *
 * <p>Any other call (a setter, a getter, {@code createStatement}) from a thread that does not own it takes
 * it over when it is idle and fails fast with SQLState 55006 ("object in use") when it is
 * not, naming both threads, instead of racing the owner on shared state. {@code close}, {@code abort},
 * {@code isValid} and {@code Statement.cancel} are exempt: JDBC lets any thread call them.
 *
 * <p>The property chooses the scope: {@code strict} guards the whole connection (one instance shared by
 * the connection and its statements); {@code relaxed} (the default) guards each statement with its result
 * set (one instance per statement), so threads may use different statements of one connection at once, as
 * metadata crawlers do; {@code off} checks nothing. A pool hands an idle connection to another thread,
 * which every mode allows.
 *
 * <p>The state is one immutable snapshot swapped by compare-and-set: no lock, no executor, calls keep
 * running on the caller's thread. The owner's check is one plain read ({@link #ownerHint}): a volatile
 * read on every setter kept the JIT from holding anything in registers across setters and cost a fifth of
 * the time of binding a row.
 */
final class ThreadAffinity {

    /** Checks nothing; for {@code off}, and for the connection itself under {@code relaxed}. */
    static final ThreadAffinity NONE = new ThreadAffinity(false, false, null, "off");

    /** A call on the guarded object that waits on the server and holds ownership while it runs. */
    @FunctionalInterface
    interface Call<T> {
        T run() throws SQLException;
    }

    /** A call with no result; see {@link Call}. */
    @FunctionalInterface
    interface Action {
        void run() throws SQLException;
    }

    /** The owner (null before first use), its calls in flight (nested ones count) and the open streams. */
    private record State(Thread owner, int calls, int streams) {}

    private static final State UNOWNED = new State(null, 0, 0);

    private final boolean enabled;
    private final boolean streamsPin;
    private final String subject;
    private final String setting;
    private final AtomicReference<State> state = new AtomicReference<>(UNOWNED);

    private ThreadAffinity(boolean enabled, boolean streamsPin, String subject, String setting) {
        this.enabled = enabled;
        this.streamsPin = streamsPin;
        this.subject = subject;
        this.setting = setting;
    }

    /** The connection's guard for a {@code threadAffinity} value (default {@code relaxed}). */
    static ThreadAffinity forConnection(String setting) {
        String s = setting == null ? "relaxed" : setting.toLowerCase(Locale.ROOT);
        return s.equals("strict") ? new ThreadAffinity(true, true, "Connection", s) : NONE;
    }

    /** A new statement's guard: the connection's under {@code strict}, its own under {@code relaxed}. */
    static ThreadAffinity forStatement(ThreadAffinity connection, String setting) {
        boolean relaxed = setting == null || setting.equalsIgnoreCase("relaxed");
        return connection.enabled || !relaxed ? connection : new ThreadAffinity(true, false, "Statement", "relaxed");
    }

    /**
     * The owner, written by each thread that becomes the owner and read without a memory barrier: the
     * owner always reads its own write, so its checks cost a plain read, and every other thread reads
     * some other thread (or null) and takes the path through {@link #state}. A thread that owned the
     * object before may still read its own name here for a while after another thread took over; it then
     * misses the report of a race it is running with the new owner: setters racing the owner's setters,
     * which ownership changes never caught anyway, or the owner's call, which the check reports on the
     * next call (addBatch sending, execute, executeBatch: those always read {@link #state}).
     */
    private Thread ownerHint;

    /**
     * Fails unless the calling thread owns the guarded object or can take it over now. Every setter calls
     * it, so it is one read and a comparison, small enough to be inlined into the setter and the setter
     * into its caller; the rest is {@link #claim}, out of line. (With the slow path inline, the first
     * setter of a new statement, which takes it, made the JIT recompile every setter with it, and the
     * recompiled {@code setTimestamp} was then too large for the JIT to inline into the caller's loop: the
     * caller's {@code Timestamp} could no longer be scalar-replaced, 32 bytes of garbage a row,
     * WriteProcesses in docs/benchmarks.md.)
     */
    void check() throws SQLException {
        if (enabled && ownerHint != Thread.currentThread()) {
            claim();
        }
    }

    /**
     * A new statement's guard starts owned by the thread creating it, which is nearly always the thread
     * that then uses it: its first setter takes {@link #check}'s one-read path. The statement is idle, so
     * any other thread may still take it over, as from an unowned guard.
     */
    void adoptByCreator() {
        if (enabled && state.compareAndSet(UNOWNED, new State(Thread.currentThread(), 0, 0))) {
            ownerHint = Thread.currentThread();
        }
    }

    /** {@link #check} for a thread that is not the last owner: takes the object over when it is idle. */
    private void claim() throws SQLException {
        Thread me = Thread.currentThread();
        for (; ; ) {
            State s = state.get();
            if (s.owner == me) {
                ownerHint = me;
                return;
            }
            refuseUnlessMovable(s, me);
            if (state.compareAndSet(s, new State(me, s.calls, s.streams))) {
                ownerHint = me;
                return;
            }
        }
    }

    /** Runs {@code call} as a call in flight: the guarded object stays with this thread until it returns. */
    <T> T call(Call<T> call) throws SQLException {
        enter();
        try {
            return call.run();
        } finally {
            exit();
        }
    }

    /** As {@link #call(Call)}, for a call with no result. */
    void run(Action action) throws SQLException {
        enter();
        try {
            action.run();
        } finally {
            exit();
        }
    }

    /** Marks a call in flight on the calling thread (taking the guarded object over when idle). */
    void enter() throws SQLException {
        if (!enabled) {
            return;
        }
        Thread me = Thread.currentThread();
        for (; ; ) {
            State s = state.get();
            if (s.owner != me) {
                refuseUnlessMovable(s, me);
            }
            if (state.compareAndSet(s, new State(me, s.calls + 1, s.streams))) {
                ownerHint = me;
                return;
            }
        }
    }

    /** Ends the call {@link #enter()} began; the caller still owns the guarded object. */
    void exit() {
        if (enabled) {
            state.updateAndGet(s -> new State(s.owner, Math.max(0, s.calls - 1), s.streams));
        }
    }

    /** A result set that reads from the server was opened (by the owner, inside a call). */
    void streamOpened() {
        if (enabled) {
            state.updateAndGet(s -> new State(s.owner, s.calls, s.streams + 1));
        }
    }

    /** A stream was read to its end or closed; any thread may report it (close is exempt from the rule). */
    void streamClosed() {
        if (enabled) {
            state.updateAndGet(s -> new State(s.owner, s.calls, Math.max(0, s.streams - 1)));
        }
    }

    private void refuseUnlessMovable(State s, Thread me) throws SQLException {
        if (s.owner == null || !s.owner.isAlive()) {
            return; // never used, or its owner is gone: nobody can be using it
        }
        boolean busyWithCall = s.calls > 0;
        if (busyWithCall || streamsPin && s.streams > 0) {
            throw inUse(s.owner, me, busyWithCall);
        }
    }

    private SQLException inUse(Thread owner, Thread me, boolean call) {
        String what = call ? "a call is in flight" : "a result set is open and not yet read to its end";
        return new SQLException(
                subject + " is in use by thread '" + owner.getName() + "' (" + what + "); thread '"
                        + me.getName() + "' cannot use it until that thread is done with it. A "
                        + subject.toLowerCase(Locale.ROOT)
                        + " serves one thread at a time (" + GreptimeProperty.THREAD_AFFINITY.key() + "=" + setting
                        + ")",
                SqlState.OBJECT_IN_USE.code());
    }
}
