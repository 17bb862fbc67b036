package io.greptime.jdbc.tck.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code Statement.cancel()} from another thread: it stops a query that is still computing and one
 * whose rows are streaming, the cancelled call fails with SQLState {@code 57014}, and the statement runs
 * the next query normally (a late cancel never hits it).
 */
public abstract class CancellationConformance extends ConformanceSupport {
    private ExecutorService canceller;

    /**
     * A query that computes for seconds before its first row on the target; override to tune. It is
     * bounded so a server that cannot interrupt it still finishes it.
     */
    protected String slowQuery() {
        return "SELECT count(*) FROM generate_series(1, 20000) AS a(x) CROSS JOIN generate_series(1, 20000) AS b(y)"
                + " WHERE (a.x * 31 + b.y) % 1000003 = 7";
    }

    @BeforeEach
    void startCanceller() {
        canceller = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "conformance-canceller");
            t.setDaemon(true);
            return t;
        });
    }

    @AfterEach
    void stopCanceller() throws InterruptedException {
        canceller.shutdownNow();
        assertTrue(canceller.awaitTermination(10, TimeUnit.SECONDS));
    }

    /** Cancels {@code st} from another thread once {@code started} is counted down, after a short pause. */
    private Future<?> cancelLater(Statement st, CountDownLatch started, long delayMillis) {
        return canceller.submit(() -> {
            started.await();
            Thread.sleep(delayMillis);
            st.cancel();
            return null;
        });
    }

    @Test
    public void cancel_interruptsARunningQuery() throws Exception {
        try (Statement st = conn.createStatement()) {
            CountDownLatch started = new CountDownLatch(1);
            Future<?> cancel = cancelLater(st, started, 300);
            started.countDown();
            SQLException e = assertThrows(SQLException.class, () -> {
                try (ResultSet rs = st.executeQuery(slowQuery())) {
                    rs.next();
                }
            });
            assertEquals("57014", e.getSQLState(), () -> describe(e));
            cancel.get(10, TimeUnit.SECONDS);
            assertStatementReusable(st);
        }
    }

    @Test
    public void cancel_stopsAStreamingResult() throws Exception {
        try (Statement st = conn.createStatement()) {
            ResultSet rs = st.executeQuery("SELECT x FROM generate_series(1, 100000000) AS g(x)");
            assertTrue(rs.next());
            CountDownLatch started = new CountDownLatch(1);
            Future<?> cancel = cancelLater(st, started, 0);
            started.countDown();
            cancel.get(10, TimeUnit.SECONDS);
            SQLException e = assertThrows(SQLException.class, () -> {
                while (rs.next()) {
                    // the stream must end with an error well before its 100 million rows
                }
            });
            assertEquals("57014", e.getSQLState(), () -> describe(e));
            rs.close();
            assertStatementReusable(st);
        }
    }

    @Test
    public void cancel_withNothingRunning_isHarmless() throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.cancel();
            assertStatementReusable(st);
            st.cancel(); // after a finished query: must not affect the next one
            assertStatementReusable(st);
        }
    }

    @Test
    public void closingAnotherStatement_doesNotCancelThisOne() throws SQLException {
        try (Statement st = conn.createStatement();
                Statement other = conn.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT x FROM generate_series(1, 10) AS g(x)")) {
                other.cancel();
                other.close();
                int n = 0;
                while (rs.next()) {
                    n++;
                }
                assertEquals(10, n);
            }
        }
    }

    private static void assertStatementReusable(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT 11")) {
            assertTrue(rs.next());
            assertEquals(11, rs.getInt(1));
            assertFalse(rs.next());
        }
        assertNotNull(st.getConnection());
    }
}
