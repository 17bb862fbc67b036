package io.greptime.jdbc.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The DoPut statement's thread guard, whose owner check on every setter is a plain read: a second thread
 * that binds while the owner's executeBatch waits on the server is still refused (55006), the batch in
 * flight is not disturbed, and the statement moves to the second thread once the owner is done.
 */
class BulkAffinityTest {
    private BulkFixture fixture;

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture);
    }

    @Test
    void secondThreadBindingDuringExecuteBatch_isRefused_thenTakesOverOnceIdle() throws Exception {
        fixture = new BulkFixture(ServerProfile.V1_2);
        try (Connection c = fixture.connect("")) {
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE a (ts TIMESTAMP(3) TIME INDEX, v DOUBLE)");
            }
            secondThread(c);
        }
    }

    /** The route is chosen at prepare: the table exists by then, so the batch goes by DoPut. */
    private void secondThread(Connection c) throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        fixture.engine.onPut = batch -> {
            arrived.countDown();
            try {
                release.await(10, TimeUnit.SECONDS); // the owner's executeBatch waits on this answer
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO a (ts, v) VALUES (?, ?)")) {
            for (int i = 0; i < 100; i++) {
                ps.setTimestamp(1, new Timestamp(i));
                ps.setDouble(2, i);
                ps.addBatch();
            }
            CompletableFuture<int[]> owner = CompletableFuture.supplyAsync(() -> {
                try {
                    return ps.executeBatch();
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();
            SQLException refused = catchThrowableOfType(SQLException.class, () -> ps.setDouble(2, -1));
            assertThat(refused.getSQLState()).isEqualTo("55006");
            assertThat(refused.getMessage()).contains("in use by thread");
            release.countDown();
            assertThat(owner.get(10, TimeUnit.SECONDS)).hasSize(100).containsOnly(1);

            // idle again: this thread takes the statement over and writes another batch
            fixture.engine.onPut = batch -> {};
            for (int i = 100; i < 150; i++) {
                ps.setTimestamp(1, new Timestamp(i));
                ps.setDouble(2, i);
                ps.addBatch();
            }
            assertThat(ps.executeBatch()).hasSize(50).containsOnly(1);
            assertThat(BulkFixture.count(c, "a")).isEqualTo(150);
        }
    }
}
