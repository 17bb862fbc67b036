package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.testing.ServerFixture;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CancelAndTimeoutTest {
    private static ServerFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @AfterEach
    void reset() {
        fixture.server().faults().reset();
        fixture.engine().release();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    private static SQLException failureOf(CompletableFuture<?> f) throws Exception {
        try {
            f.get(30, TimeUnit.SECONDS);
            throw new AssertionError("expected the statement to fail");
        } catch (ExecutionException e) {
            return (SQLException) e.getCause();
        }
    }

    @Test
    void cancel_interruptsRunningQuery() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            CompletableFuture<ResultSet> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return st.executeQuery("SELECT BLOCK");
                } catch (SQLException e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            });
            assertThat(fixture.engine().blocked().await(30, TimeUnit.SECONDS)).isTrue();
            st.cancel();
            SQLException e = failureOf(running);
            assertThat(e.getSQLState()).isEqualTo("57014");
            fixture.engine().release();
            // the statement is reusable, and the late cancel did not reach this query
            st.cancel();
            assertThat(st.executeUpdate("INSERT 3")).isEqualTo(3);
        }
    }

    @Test
    void cancel_interruptsRunningUpdate() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            CompletableFuture<Integer> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return st.executeUpdate("BLOCK INSERT");
                } catch (SQLException e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            });
            assertThat(fixture.engine().blocked().await(30, TimeUnit.SECONDS)).isTrue();
            st.cancel();
            assertThat(failureOf(running).getSQLState()).isEqualTo("57014");
        }
    }

    @Test
    void cancel_stopsAResultStillStreaming() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 100000000 BATCH 1000")) {
            assertThat(rs.next()).isTrue();
            st.cancel();
            SQLException failure = null;
            try {
                while (rs.next()) {
                    // rows already buffered may still arrive before the cancellation lands
                }
            } catch (SQLException e) {
                failure = e;
            }
            assertThat((Throwable) failure).isNotNull();
            assertThat(failure.getSQLState()).isEqualTo("57014");
        }
    }

    @Test
    void lateCancel_neverHitsTheNextQuery() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            for (int i = 0; i < 50; i++) {
                try (ResultSet rs = st.executeQuery("SELECT ROWS 3 BATCH 3")) {
                    int rows = 0;
                    while (rs.next()) {
                        rows++;
                    }
                    assertThat(rows).isEqualTo(3);
                }
                st.cancel();
            }
        }
    }

    @Test
    void queryTimeout_isAGrpcDeadline() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            st.setQueryTimeout(1);
            fixture.server().faults().delayCalls(Duration.ofSeconds(5));
            SQLException e = org.junit.jupiter.api.Assertions.assertThrows(
                    SQLException.class, () -> st.executeQuery("SELECT ROWS 1 BATCH 1"));
            assertThat((Throwable) e).isInstanceOf(SQLTimeoutException.class);
            assertThat(e.getSQLState()).isEqualTo("HYT00");
            SQLException u = org.junit.jupiter.api.Assertions.assertThrows(
                    SQLException.class, () -> st.executeUpdate("INSERT 1"));
            assertThat((Throwable) u).isInstanceOf(SQLTimeoutException.class);
        }
    }

    @Test
    void queryTimeoutProperty_appliesToNewStatements() throws Exception {
        try (Connection c = fixture.connect("?queryTimeout=1", new java.util.Properties());
                PreparedStatement ps = c.prepareStatement("INSERT ?")) {
            assertThat(ps.getQueryTimeout()).isEqualTo(1);
            fixture.server().faults().delayCalls(Duration.ofSeconds(5));
            ps.setInt(1, 1);
            SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, ps::executeUpdate);
            assertThat(e.getSQLState()).isEqualTo("HYT00");
        }
    }

    @Test
    void isValid_usesTheGivenDeadline() throws Exception {
        try (Connection c = fixture.connect()) {
            fixture.server().faults().delayCalls(Duration.ofSeconds(5));
            assertThat(c.isValid(1)).isFalse();
            fixture.server().faults().reset();
            assertThat(c.isValid(5)).isTrue();
        }
    }
}
