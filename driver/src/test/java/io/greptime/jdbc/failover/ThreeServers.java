package io.greptime.jdbc.failover;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeEndpointStatus;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** Three embedded servers over one shared engine, behind one multi-host URL. */
final class ThreeServers implements AutoCloseable {
    final SharedEngine engine = new SharedEngine();
    final List<EmbeddedGreptimeServer> servers = new ArrayList<>();
    /** Set by tests that stopped a server in the middle of a call (its allocator may keep the cut call's memory). */
    boolean serverCutMidCall;

    /** Added to every URL's query (a transport, say); empty for the defaults. */
    private final String baseQuery;

    ThreeServers() {
        this("");
    }

    ThreeServers(String baseQuery) {
        this.baseQuery = baseQuery;
        for (int i = 0; i < 3; i++) {
            servers.add(EmbeddedGreptimeServer.builder()
                    .port(0)
                    .engine(engine)
                    .build()
                    .start());
        }
    }

    EmbeddedGreptimeServer server(int i) {
        return servers.get(i);
    }

    String url(String query) {
        return "jdbc:greptime://" + servers.get(0).address() + ","
                + servers.get(1).address() + "," + servers.get(2).address() + "/public?timezone=UTC"
                + (baseQuery.isEmpty() ? "" : "&" + baseQuery)
                + (query.isEmpty() ? "" : "&" + query);
    }

    Connection connect(String query) throws SQLException {
        return DriverManager.getConnection(url(query));
    }

    static GreptimeEndpointStatus status(Connection c, int i) throws SQLException {
        return c.unwrap(GreptimeConnection.class).getEndpointStatus().get(i);
    }

    static long longQuery(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    /** Runs {@code step} until {@code done} holds (at most 10 s, not a timing assertion: a bound on waiting). */
    static void until(Callable<Boolean> done, Callable<?> step) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!done.call()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached within 10 s");
            }
            step.call();
            Thread.sleep(20);
        }
    }

    /**
     * Every server finished its calls, and every server not stopped mid-call gave back its Arrow memory:
     * the client left no call open on any of them.
     */
    void assertIdle(int... stoppedMidCall) throws Exception {
        for (EmbeddedGreptimeServer s : servers) {
            until(() -> s.activeCalls() == 0, () -> null);
        }
        for (int i = 0; i < servers.size(); i++) {
            int index = i;
            EmbeddedGreptimeServer s = servers.get(i);
            if (java.util.Arrays.stream(stoppedMidCall).noneMatch(j -> j == index)) {
                until(() -> s.allocatedMemory() == 0, () -> null);
            }
        }
    }

    @Override
    public void close() {
        for (EmbeddedGreptimeServer s : servers) {
            try {
                s.close();
            } catch (IllegalStateException leakInCutCall) {
                // the tck server may close its allocator before the handler of a call cut by stop() freed it
                if (!serverCutMidCall) {
                    throw leakInCutCall;
                }
            }
        }
        engine.close();
    }
}
