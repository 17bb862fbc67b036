package io.greptime.jdbc.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.tck.hostile.Act;
import io.greptime.jdbc.tck.hostile.HostileProxy;
import io.greptime.jdbc.tck.hostile.HostileServer;
import io.grpc.Status;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The driver against a server that misbehaves (#17 item 2): every failure is an SQLException with a
 * SQLState, within the statement's deadline, with a message that carries no control characters from
 * the server, and the connection serves the next statement once the server behaves again.
 */
class HostileServerTest {
    /** Characters a forged log line or a hidden text needs. */
    private static final String FORGERY = "boom\r\n2026-01-01 INFO [main] forged line\u001b[31m\u202Eevil\u0000";

    private HostileServer server;
    private Connection c;

    @BeforeEach
    void start() throws SQLException {
        server = HostileServer.start();
        c = DriverManager.getConnection(server.url("?timezone=UTC&connectTimeout=3000"));
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
    }

    @AfterEach
    void stop() throws SQLException {
        c.close();
        server.close();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    @Test
    void grpcMessageWithControlCharacters_isEscapedInTheSqlException() throws Exception {
        server.always(
                HostileServer.HANDLE, Act.fail(Status.Code.INTERNAL, FORGERY, Map.of("x-greptime-err-code", "1003")));
        server.always(HostileServer.DO_GET, Act.fail(Status.Code.INTERNAL, FORGERY, Map.of()));
        SQLException e = thrown(() -> update("INSERT INTO m (ts, host, v) VALUES (0, 'a', 1)"));
        assertPrintable(e);
        assertThat(e.getMessage()).contains("boom\\u000D\\u000A2026-01-01 INFO");
        assertPrintable(thrown(() -> count("SELECT count(*) FROM m")));
        server.behave();
        assertThat(count("SELECT count(*) FROM m")).isZero(); // serves on
    }

    @Test
    void nonJsonDoPutAck_failsTheBatch_withAnEscapedMessage() throws Exception {
        server.always(HostileServer.DO_PUT, Act.putAcks(ack -> "<html>\n" + FORGERY + "</html>"));
        SQLException e = thrown(() -> insert(3));
        assertPrintable(e);
        server.behave();
        assertThat(insert(2)).containsExactly(1, 1);
    }

    @Test
    void affectedRowsBeyondInt_areClampedByExecuteUpdate_andExactByExecuteLargeUpdate() throws Exception {
        server.always(HostileServer.HANDLE, Act.affectedRows(0xFFFF_FFFFL));
        try (Statement st = c.createStatement()) {
            assertThat(st.executeUpdate("INSERT INTO m (ts, host, v) VALUES (0, 'a', 1)"))
                    .isEqualTo(Integer.MAX_VALUE);
            assertThat(st.getUpdateCount()).isEqualTo(Integer.MAX_VALUE);
            assertThat(st.executeLargeUpdate("INSERT INTO m (ts, host, v) VALUES (1, 'a', 1)"))
                    .isEqualTo(4_294_967_295L);
        }
    }

    @Test
    void stalledCalls_endAtTheQueryTimeout() throws Exception {
        server.next(HostileServer.DO_GET, Act.stall());
        assertThat((Throwable) thrown(() -> count("SELECT count(*) FROM m", 2)))
                .isInstanceOf(SQLTimeoutException.class);
        server.next(HostileServer.HANDLE, Act.stall());
        assertThat((Throwable) thrown(() -> update("INSERT INTO m (ts, host, v) VALUES (0, 'a', 1)", 2)))
                .isInstanceOf(SQLTimeoutException.class);
    }

    /**
     * A DoPut whose server never acks ends at the statement's query timeout (every batch has a deadline
     * since pipeline's #16): a BatchUpdateException (executeBatch's own) that is a timeout and names the
     * rows in doubt, none of them counted as stored, and the connection serves the next statement.
     */
    @Test
    void neverAckedDoPut_endsAtTheQueryTimeout() throws Exception {
        server.next(HostileServer.DO_PUT, Act.passThenStall(0));
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, ?)")) {
            ps.setQueryTimeout(2);
            bindRows(ps, 3);
            SQLException e = thrown(ps::executeBatch);
            assertThat((Throwable) e).isInstanceOf(java.sql.BatchUpdateException.class);
            assertThat(e.getMessage()).contains("timeout").contains("in doubt");
            assertThat(((java.sql.BatchUpdateException) e).getUpdateCounts())
                    .as("no row counted as stored without its ack")
                    .doesNotContain(1);
            boolean timeout = e.getSQLState().equals("HYT00");
            for (Throwable t = e; t != null && !timeout; t = t.getCause()) {
                timeout = t instanceof SQLTimeoutException;
            }
            assertThat(timeout).as("a timeout, by SQLState or cause: %s", e).isTrue();
        }
        assertThat(count("SELECT count(*) FROM m", 10)).isBetween(0L, 3L);
    }

    @Test
    void lateAnswer_withinTheTimeout_isTheAnswer() throws Exception {
        server.next(HostileServer.DO_GET, Act.late(Duration.ofMillis(700)));
        assertThat(count("SELECT count(*) FROM m", 10)).isZero();
    }

    @Test
    void resetInTheMiddleOfAnAnswer_isAConnectionError_andTheNextStatementReconnects() throws Exception {
        insert(3);
        int before = server.proxy().acceptedConnections();
        server.next(HostileServer.DO_GET, Act.passThenReset(1));
        // a read may be retried on a new connection (then the answer is whole) or fail as a connection error
        try {
            assertThat(count("SELECT count(*) FROM m", 5)).isEqualTo(3);
        } catch (SQLException e) {
            assertThat(e.getSQLState()).startsWith("08");
        }
        assertThat(count("SELECT count(*) FROM m", 10)).isEqualTo(3);
        assertThat(server.proxy().acceptedConnections())
                .as("reconnected after the reset")
                .isGreaterThan(before);
    }

    @Test
    void floodedOrCorruptedResults_failTheQuery_andTheConnectionServesOn() throws Exception {
        insert(3);
        server.next(HostileServer.DO_GET, Act.flood(20, 4096));
        assertThat(thrown(() -> count("SELECT count(*) FROM m", 10)).getSQLState())
                .isNotNull();
        server.next(HostileServer.DO_GET, Act.corruptData(1));
        assertThat(thrown(() -> count("SELECT * FROM m", 10)).getSQLState()).isNotNull();
        assertThat(count("SELECT count(*) FROM m", 10)).isEqualTo(3);
    }

    @Test
    void bytesThatAreNotHttp2_failTheConnect_withinItsTimeout() throws Exception {
        server.proxy().mode(HostileProxy.Mode.FLOOD);
        SQLException e = thrown(() -> DriverManager.getConnection(server.url("?connectTimeout=2000")));
        assertThat(e.getSQLState()).startsWith("08");
        server.proxy().mode(HostileProxy.Mode.REFUSE);
        assertThat(thrown(() -> DriverManager.getConnection(server.url("?connectTimeout=2000")))
                        .getSQLState())
                .startsWith("08");
    }

    @Test
    void stalledTransport_endsAtTheQueryTimeout() throws Exception {
        server.proxy().mode(HostileProxy.Mode.STALL);
        assertThat((Throwable) thrown(() -> count("SELECT count(*) FROM m", 2)))
                .isInstanceOf(SQLTimeoutException.class);
        server.proxy().mode(HostileProxy.Mode.PASS);
        server.proxy().resetAll();
        assertThat(count("SELECT count(*) FROM m", 10)).isZero();
    }

    /**
     * Server errors of every length end as a bounded SQLException that says something: a long message
     * (100 KB, as a parse error quoting a long statement) arrives, cut at 4,096 characters (gRPC's 8 KiB
     * metadata default turned it into a bare "RST_STREAM ... PROTOCOL_ERROR"); one over the 1 MiB limit
     * says why it is a protocol error; a status with no message at all ("UNKNOWN [gRPC UNKNOWN]"
     * before) says what that means. The connection serves on after each.
     */
    @Test
    void serverErrorsOfAnyLength_endAsBoundedSqlExceptionsThatSaySomething() throws Exception {
        insert(2);
        server.next(HostileServer.DO_GET, Act.fail(Status.Code.INTERNAL, "long: " + "y".repeat(100_000), Map.of()));
        SQLException longOne = thrown(() -> count("SELECT count(*) FROM m", 10));
        assertThat(longOne.getMessage()).startsWith("long: yyyy").doesNotContain("PROTOCOL_ERROR");
        assertThat(longOne.getMessage().length()).isBetween(4_096, 4_300);

        server.next(HostileServer.DO_GET, Act.fail(Status.Code.UNKNOWN, "y".repeat(16 << 20), Map.of()));
        SQLException huge = thrown(() -> count("SELECT count(*) FROM m", 10));
        assertThat(huge.getMessage()).contains("PROTOCOL_ERROR").contains("1024 KiB");
        assertThat(huge.getMessage().length()).isLessThan(1_000);
        assertThat(huge.getSQLState()).isNotNull();

        server.next(HostileServer.DO_GET, Act.fail(Status.Code.UNKNOWN, null, Map.of()));
        SQLException silent = thrown(() -> count("SELECT count(*) FROM m", 10));
        assertThat(silent.getMessage())
                .contains("did not describe")
                .contains("server's log")
                .contains("gRPC UNKNOWN");
        assertThat(silent.getSQLState()).isNotNull();
        assertThat(count("SELECT count(*) FROM m", 10)).isEqualTo(2);
    }

    private long count(String sql) throws SQLException {
        return count(sql, 0);
    }

    private long count(String sql, int timeoutSeconds) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.setQueryTimeout(timeoutSeconds);
            try (ResultSet rs = st.executeQuery(sql)) {
                long n = 0;
                while (rs.next()) {
                    n = rs.getLong(1);
                }
                return n;
            }
        }
    }

    private long update(String sql) throws SQLException {
        return update(sql, 0);
    }

    private long update(String sql, int timeoutSeconds) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.setQueryTimeout(timeoutSeconds);
            return st.executeLargeUpdate(sql);
        }
    }

    private int[] insert(int rows) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, ?)")) {
            bindRows(ps, rows);
            return ps.executeBatch();
        }
    }

    private static void bindRows(PreparedStatement ps, int rows) throws SQLException {
        for (int i = 0; i < rows; i++) {
            ps.setTimestamp(1, new Timestamp(1000L * i));
            ps.setString(2, "h" + i);
            ps.setDouble(3, i);
            ps.addBatch();
        }
    }

    interface Call {
        Object run() throws Exception;
    }

    static SQLException thrown(Call call) {
        SQLException[] caught = new SQLException[1];
        assertThatThrownBy(call::run).isInstanceOfSatisfying(SQLException.class, e -> caught[0] = e);
        return caught[0];
    }

    /** No control, separator or bidi character anywhere in the exception chain's messages. */
    static void assertPrintable(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            assertThat(m.chars()
                            .filter(ch -> Character.getType(ch) == Character.CONTROL
                                    || Character.getType(ch) == Character.FORMAT
                                    || ch == '\u2028'
                                    || ch == '\u2029')
                            .count())
                    .as("control or format characters in: %s", m)
                    .isZero();
        }
        if (e.getNextException() != null) {
            assertPrintable(e.getNextException());
        }
    }
}
