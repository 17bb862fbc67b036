package io.greptime.jdbc.internal.observe;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;

/**
 * One execution as logs, metrics and traces see it, from execute until its result is closed: its id,
 * SQL text (the statement as written, a prepared statement's with its {@code ?} markers: parameter values
 * never), duration, rows, outcome and span. Finishes once; later calls are ignored.
 */
public final class StatementObservation {
    private final Observability owner;
    private final String id;
    private final String sqlText;
    private final String operation;
    private final long started = System.nanoTime();
    private final Object span;
    private final AtomicBoolean done = new AtomicBoolean();
    private volatile long rows;
    private volatile String[] hidden;

    StatementObservation(Observability owner, String sql, long batchSize) {
        this.owner = owner;
        this.id = StatementIds.next();
        this.sqlText = sql == null ? null : owner.truncate(sql);
        this.operation = sql == null ? "" : operationOf(sql);
        this.span = owner.tracer() == null ? null : OtelBridge.start(owner.tracer(), this, owner.identity(), batchSize);
    }

    /** The first keyword of the statement in upper case (SELECT, INSERT...), or empty. */
    static String operationOf(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n && !Character.isLetter(sql.charAt(i))) {
            if (sql.startsWith("--", i)) {
                int eol = sql.indexOf('\n', i);
                i = eol < 0 ? n : eol + 1;
            } else if (sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                i++;
            }
        }
        int start = i;
        while (i < n && i - start < 16 && Character.isLetter(sql.charAt(i))) {
            i++;
        }
        return sql.substring(start, i).toUpperCase(java.util.Locale.ROOT);
    }

    /** The execution id, e.g. {@code 3f2a-1c}. */
    public String id() {
        return id;
    }

    String sqlText() {
        return sqlText;
    }

    String operation() {
        return operation;
    }

    boolean tracing() {
        return owner.tracer() != null;
    }

    /** Makes this the thread's current execution (and its span the current span) until the scope closes. */
    public ObservedScope enter() {
        return ObservedScope.enter(this);
    }

    Object makeSpanCurrent() {
        return span == null ? null : OtelBridge.makeCurrent(span);
    }

    /**
     * The SQL literals bound as parameters of this execution: error messages built while it is current
     * show {@code ***} where a server quoted one of them back (e.g. "Failed to parse value '...'").
     */
    public void hideLiterals(String[] literals) {
        this.hidden = literals;
    }

    /**
     * {@code text} with every bound string value of three characters or more replaced by {@code ***}
     * (shorter ones would blot out ordinary words; numbers are not quoted back as secrets). Error path only.
     */
    public String mask(String text) {
        String[] literals = hidden;
        if (literals == null || text == null) {
            return text;
        }
        String out = text;
        for (String literal : literals) {
            if (literal != null && literal.length() >= 5 && literal.charAt(literal.length() - 1) == '\'') {
                int open = literal.indexOf('\'');
                String value = literal.substring(open + 1, literal.length() - 1).replace("''", "'");
                if (value.length() >= 3) {
                    out = out.replace(value, "***");
                }
            }
        }
        return out;
    }

    /** Counts one record batch read (called per batch, never per row). */
    public void rowsRead(int batchRows) {
        rows += batchRows;
        owner.metrics().rowsRead(batchRows);
    }

    /**
     * Ends a successful execution.
     *
     * @param updateCount the update count, or -1 when the execution answered rows (counted as read)
     */
    public void finished(long updateCount) {
        end(updateCount, null);
    }

    /** Ends a failed execution. */
    public void failed(SQLException failure) {
        end(-1, failure);
    }

    private void end(long updateCount, SQLException failure) {
        if (!done.compareAndSet(false, true)) {
            return;
        }
        long nanos = System.nanoTime() - started;
        boolean slow = owner.slowNanos() > 0 && nanos > owner.slowNanos();
        owner.metrics().statement(nanos, failure != null, slow);
        long count = updateCount >= 0 ? updateCount : rows;
        owner.statementEnded(this, nanos, count, updateCount < 0, failure, slow);
        if (span != null) {
            try {
                OtelBridge.end(span, rows, updateCount < 0, failure);
            } catch (RuntimeException e) {
                owner.log(Level.FINE, () -> "span of [stmt " + id + "] not ended: " + e);
            }
        }
    }

    /** Shows the id only: the SQL may carry literal values. */
    @Override
    public String toString() {
        return "StatementObservation[" + id + "]";
    }
}
