package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.BooleanSupplier;

/** What the tests of the NIO transport's event loop group share: connecting over NIO, one query, its threads. */
final class NioLoops {
    private NioLoops() {}

    static Connection connect(EmbeddedGreptimeServer server) throws SQLException {
        return DriverManager.getConnection("jdbc:greptime://" + server.address() + "?transport=nio");
    }

    static int selectOne(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
            return rs.getInt(1);
        }
    }

    /** Live threads of the NIO transport's event loop group. */
    static long threads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("greptime-jdbc-nio"))
                .count();
    }

    /** Waits up to 15 s for {@code condition} (generous: the machine is shared). */
    static boolean settled(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }
}
