package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.GreptimeProperty;
import java.sql.SQLException;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Which thread a connection belongs to (property {@code threadAffinity}). A connection serves one thread at
 * a time: the thread that is using it owns it, and ownership moves to another thread only while the
 * connection is <em>idle</em>. Idle means both:
 *
 * <ul>
 *   <li>no call in flight: no thread is inside a statement execution, an {@code executeBatch}, a bulk
 *       flush or a {@code ResultSet.next()} that waits for the next record batch; and
 *   <li>no open stream: every result set that reads from the server has been read to its end or closed.
 * </ul>
 *
 * <p>Any other call (a setter, a getter, {@code createStatement}) from a thread that does not own the
 * connection takes it over when it is idle and fails fast with SQLState {@value #SQL_STATE} ("object in
 * use") when it is not, naming both threads, instead of racing the owner on shared state. {@code close},
 * {@code abort}, {@code isValid} and {@code Statement.cancel} are exempt: JDBC lets any thread call them.
 *
 * <p>{@link Mode#RELAXED} ignores open streams (a result set may be read by another thread than the one
 * that executed it, as long as only one thread calls at a time); {@link Mode#OFF} checks nothing. A pool
 * hands an idle connection to another thread, which every mode allows, so pools and frameworks work in
 * the default {@link Mode#STRICT}.
 *
 * <p>The state is one immutable snapshot swapped by compare-and-set: no lock, no executor, calls keep
 * running on the caller's thread. The owner's check is one volatile read.
 */
final class ThreadAffinity {
  /** The SQLState of a call from a second thread while the owner is busy. */
  static final String SQL_STATE = "55006";

  /** How strictly the rule is enforced. */
  enum Mode {
    STRICT, RELAXED, OFF;

    static Mode of(String value) {
      return value == null ? STRICT : valueOf(value.toUpperCase(Locale.ROOT));
    }
  }

  /** A call on the connection that waits on the server and holds ownership while it runs. */
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

  private final Mode mode;
  private final AtomicReference<State> state = new AtomicReference<>(UNOWNED);

  ThreadAffinity(Mode mode) {
    this.mode = mode;
  }

  static ThreadAffinity of(String property) {
    return new ThreadAffinity(Mode.of(property));
  }

  Mode mode() {
    return mode;
  }

  /** Fails unless the calling thread owns the connection or can take it over now. */
  void check() throws SQLException {
    if (mode == Mode.OFF || state.get().owner == Thread.currentThread()) {
      return;
    }
    Thread me = Thread.currentThread();
    for (;;) {
      State s = state.get();
      if (s.owner == me) {
        return;
      }
      refuseUnlessMovable(s, me);
      if (state.compareAndSet(s, new State(me, s.calls, s.streams))) {
        return;
      }
    }
  }

  /** Runs {@code call} as a call in flight: the connection stays with this thread until it returns. */
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

  /** Marks a call in flight on the calling thread (taking the connection over when idle). */
  void enter() throws SQLException {
    if (mode == Mode.OFF) {
      return;
    }
    Thread me = Thread.currentThread();
    for (;;) {
      State s = state.get();
      if (s.owner != me) {
        refuseUnlessMovable(s, me);
      }
      if (state.compareAndSet(s, new State(me, s.calls + 1, s.streams))) {
        return;
      }
    }
  }

  /** Ends the call {@link #enter()} began; the caller still owns the connection. */
  void exit() {
    if (mode == Mode.OFF) {
      return;
    }
    state.updateAndGet(s -> new State(s.owner, Math.max(0, s.calls - 1), s.streams));
  }

  /** A result set that reads from the server was opened (by the owner, inside a call). */
  void streamOpened() {
    if (mode != Mode.OFF) {
      state.updateAndGet(s -> new State(s.owner, s.calls, s.streams + 1));
    }
  }

  /** A stream was read to its end or closed; any thread may report it (close is exempt from the rule). */
  void streamClosed() {
    if (mode != Mode.OFF) {
      state.updateAndGet(s -> new State(s.owner, s.calls, Math.max(0, s.streams - 1)));
    }
  }

  /** The owning thread, or null when no thread has used the connection yet (or the mode is off). */
  Thread owner() {
    return state.get().owner;
  }

  private void refuseUnlessMovable(State s, Thread me) throws SQLException {
    if (s.owner == null || !s.owner.isAlive()) {
      return; // never used, or its owner is gone: nobody can be using it
    }
    boolean busyWithCall = s.calls > 0;
    boolean busyWithStream = mode == Mode.STRICT && s.streams > 0;
    if (busyWithCall || busyWithStream) {
      throw inUse(s.owner, me, busyWithCall);
    }
  }

  private SQLException inUse(Thread owner, Thread me, boolean call) {
    String what = call ? "a call is in flight" : "a result set is open and not yet read to its end";
    return new SQLException("Connection is in use by thread '" + owner.getName() + "' (" + what + "); thread '"
        + me.getName() + "' cannot use it until that thread is done with it. A connection serves one thread at a "
        + "time; " + GreptimeProperty.THREAD_AFFINITY.key() + "=" + mode.name().toLowerCase(Locale.ROOT)
        + (mode == Mode.STRICT ? " (relaxed lets another thread read an open result set)" : ""), SQL_STATE);
  }
}
