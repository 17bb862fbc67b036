package io.greptime.jdbc.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeStreamInserter;
import io.greptime.jdbc.GreptimeStreamInserter.Column;
import io.greptime.jdbc.GreptimeStreamInserter.DataType;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.GreptimeResponse;
import io.greptime.jdbc.proto.v1.ResponseHeader;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.hostile.Act;
import io.greptime.jdbc.tck.hostile.HostileServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every wait a statement causes ends at its query timeout (#29), here the {@code queryTimeout} property of a
 * two-host URL as in the issue (and setQueryTimeout too): the table lookups and the version probe of a
 * batched INSERT (prepareStatement looks them up, before setQueryTimeout can be called), the failover to the second host, the DoPut acknowledgements and the Handle call, on a
 * two-host URL whose {@code connectTimeout} (10 s, the probe's old deadline) is far longer than the
 * statement's 2 s. The bound asserted is generous (timeout + 5 s) so that a loaded 2-core machine passes;
 * the old behaviour took 10 s and more.
 */
class StatementWaitsTest {
    private static final int TIMEOUT_SECONDS = 2;
    private static final long BOUND_MILLIS = TIMEOUT_SECONDS * 1000L + 5000;

    private DuckDbEngine engine;
    private HostileServer first;
    private HostileServer second;
    private Connection c;

    @BeforeEach
    void start() throws SQLException {
        engine = DuckDbEngine.inMemory();
        first = HostileServer.over(engine, b -> {});
        second = HostileServer.over(engine, b -> {});
        c = DriverManager.getConnection("jdbc:greptime://" + first.address() + "," + second.address()
                + "?timezone=UTC&connectTimeout=10000&queryTimeout=" + TIMEOUT_SECONDS);
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
    }

    @AfterEach
    void stop() throws SQLException {
        c.close();
        second.close();
        first.close();
        engine.close();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    @Test
    void batchedInsert_onServersThatNeverAnswerAnyLookup_timesOutAtTheQueryTimeout() {
        first.always(HostileServer.DO_GET, Act.stall());
        second.always(HostileServer.DO_GET, Act.stall());
        assertTimesOut(() -> batch(3));
    }

    /**
     * The version probe (the last query prepareStatement sends for a batched INSERT, after the table lookups)
     * never answers: counted on a first connection, then every query after that many honest ones stalls.
     */
    @Test
    void batchedInsert_whoseVersionProbeNeverAnswers_timesOutAtTheQueryTimeout() throws Exception {
        String url = first.url("?timezone=UTC&connectTimeout=10000&queryTimeout=" + TIMEOUT_SECONDS);
        long before = first.calls(HostileServer.DO_GET);
        try (Connection counting = DriverManager.getConnection(url)) {
            assertThat(batch(counting, 1)).hasSize(1);
        }
        long queries = first.calls(HostileServer.DO_GET) - before;
        assertThat(queries).as("table lookups and the version probe").isGreaterThanOrEqualTo(2);
        for (long i = 1; i < queries; i++) {
            first.next(HostileServer.DO_GET, Act.late(Duration.ZERO));
        }
        first.always(HostileServer.DO_GET, Act.stall());
        try (Connection fresh = DriverManager.getConnection(url)) {
            SQLException e = assertTimesOut(() -> batch(fresh, 3));
            assertThat(e.getMessage()).contains("version");
        }
    }

    @Test
    void batchedInsert_whoseAcksNeverCome_timesOutAtTheQueryTimeout() {
        first.always(HostileServer.DO_PUT, Act.passThenStall(0));
        second.always(HostileServer.DO_PUT, Act.passThenStall(0));
        assertTimesOut(() -> batch(3));
    }

    @Test
    void update_onServersThatNeverAnswerHandle_timesOutAtTheQueryTimeout() {
        first.always(HostileServer.HANDLE, Act.stall());
        second.always(HostileServer.HANDLE, Act.stall());
        assertTimesOut(() -> {
            try (Statement st = c.createStatement()) {
                st.setQueryTimeout(TIMEOUT_SECONDS);
                return st.executeUpdate("INSERT INTO m (ts, host, v) VALUES (1, 'a', 1)");
            }
        });
    }

    @Test
    void query_onServersThatNeverAnswer_timesOutAtTheQueryTimeout_notOncePerHost() {
        first.always(HostileServer.DO_GET, Act.stall());
        second.always(HostileServer.DO_GET, Act.stall());
        assertTimesOut(() -> {
            try (Statement st = c.createStatement()) {
                st.setQueryTimeout(TIMEOUT_SECONDS);
                return st.executeQuery("SELECT count(*) FROM m").next();
            }
        });
    }

    @Test
    void streamInserter_whoseHandleRequestsNeverAnswers_finishTimesOutAtTheQueryTimeout() throws Exception {
        first.always(HostileServer.HANDLE_REQUESTS, Act.stall());
        second.always(HostileServer.HANDLE_REQUESTS, Act.stall());
        try (Connection timed = DriverManager.getConnection("jdbc:greptime://" + first.address() + ","
                        + second.address() + "?timezone=UTC&connectTimeout=10000&queryTimeout=" + TIMEOUT_SECONDS);
                GreptimeStreamInserter in = inserter(timed)) {
            in.insert("m", "h0", new Timestamp(1000), 1.0);
            assertTimesOut(in::finish);
        }
    }

    /**
     * A HandleRequests answer carrying an error in its header (GreptimeDB sends errors as gRPC statuses, but
     * the answer is not trusted) fails finish with that error; its affected rows are never counted.
     */
    @Test
    void streamInserter_answerWithAnErrorInItsHeader_failsFinish_andCountsNothing() throws Exception {
        Act inBandError = Act.rewrite(answer -> GreptimeResponse.newBuilder((GreptimeResponse) answer)
                .setHeader(ResponseHeader.newBuilder()
                        .setStatus(io.greptime.jdbc.proto.v1.Status.newBuilder()
                                .setStatusCode(StatusCode.STORAGE_UNAVAILABLE.code())
                                .setErrMsg("region gone")))
                .build());
        first.always(HostileServer.HANDLE_REQUESTS, inBandError);
        second.always(HostileServer.HANDLE_REQUESTS, inBandError);
        try (GreptimeStreamInserter in = inserter(c)) {
            in.insert("m", "h0", new Timestamp(1000), 1.0);
            SQLException e = HostileServerTest.thrown(in::finish);
            assertThat(e.getMessage()).contains("region gone");
            assertThat(e.getErrorCode()).isEqualTo(StatusCode.STORAGE_UNAVAILABLE.code());
        }
    }

    private static GreptimeStreamInserter inserter(Connection on) throws SQLException {
        GreptimeStreamInserter in = on.unwrap(GreptimeConnection.class).streamInserter();
        in.declare(
                "m",
                Column.tag("host", DataType.STRING),
                Column.timestamp("ts", DataType.TIMESTAMP_MILLISECOND),
                Column.field("v", DataType.FLOAT64));
        return in;
    }

    private int[] batch(int rows) throws SQLException {
        return batch(c, rows);
    }

    private static int[] batch(Connection on, int rows) throws SQLException {
        try (PreparedStatement ps = on.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, ?)")) {
            ps.setQueryTimeout(TIMEOUT_SECONDS);
            for (int i = 0; i < rows; i++) {
                ps.setTimestamp(1, new Timestamp(1000L * i));
                ps.setString(2, "h" + i);
                ps.setDouble(3, i);
                ps.addBatch();
            }
            return ps.executeBatch();
        }
    }

    private static SQLException assertTimesOut(HostileServerTest.Call call) {
        long t0 = System.nanoTime();
        SQLException e = HostileServerTest.thrown(call);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertThat(isTimeout(e))
                .as("a timeout (SQLTimeoutException or HYT00 in the chain): %s", e)
                .isTrue();
        assertThat(millis).as("ended after %d ms: %s", millis, e).isLessThan(BOUND_MILLIS);
        return e;
    }

    private static boolean isTimeout(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLTimeoutException || (t instanceof SQLException s && "HYT00".equals(s.getSQLState()))) {
                return true;
            }
        }
        return false;
    }
}
