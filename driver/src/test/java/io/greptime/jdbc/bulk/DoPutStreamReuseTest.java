package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A statement closed with every batch answered leaves its DoPut stream to the connection, and the next
 * statement writing the same table and columns continues on it (frameworks such as Spring prepare a
 * statement per batch); anything else still gets a stream of its own, and the connection's close ends
 * the parked streams.
 */
// v0.14 has no real DoPut (its stub answers byte counts, so the write route sends row inserts there): the DoPut
// tests here leave that profile out; WriteRoutesTest and ValueFidelityTest cover it.
class DoPutStreamReuseTest {
    private BulkFixture fixture;

    private Connection open(ServerProfile profile, String query) throws SQLException {
        fixture = new BulkFixture(profile);
        Connection c = fixture.connect(query);
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE a (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
            st.executeUpdate("CREATE TABLE b (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
        return c;
    }

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture); // waits for the server's stream memory to come back first
    }

    private static void write(Connection c, String table, int from, int rows, boolean execute) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (ts, host, v) VALUES (?, ?, ?)")) {
            for (int i = from; i < from + rows; i++) {
                ps.setTimestamp(1, new Timestamp(1_700_000_000_000L + i));
                ps.setString(2, "h" + (i % 3));
                ps.setDouble(3, i);
                ps.addBatch();
            }
            if (execute) {
                assertThat(ps.executeBatch()).hasSize(rows).containsOnly(1);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void statementsPreparedPerBatch_continueOnOneStream(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "")) {
            for (int k = 0; k < 3; k++) {
                write(c, "a", k * 10, 10, true);
            }
            assertThat(stats(c).doPutStreams()).isEqualTo(1);
            assertThat(stats(c).doPutRows()).isEqualTo(30);
            assertThat(count(c, "a")).isEqualTo(30);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void eachTableKeepsItsOwnStream(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "")) {
            write(c, "a", 0, 5, true);
            write(c, "b", 0, 5, true);
            write(c, "a", 5, 5, true);
            write(c, "b", 5, 5, true);
            assertThat(stats(c).doPutStreams()).isEqualTo(2);
            assertThat(count(c, "a")).isEqualTo(10);
            assertThat(count(c, "b")).isEqualTo(10);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void aStatementClosedWithSentButUnexecutedBatches_endsItsStream(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "bulkFlushRows=4")) {
            write(c, "a", 0, 6, false); // 4 rows went out on their own; closing ends that stream
            write(c, "a", 100, 5, true);
            assertThat(stats(c).doPutStreams()).isEqualTo(2);
            // the ended stream's rows are written by the server after it saw the end (it answers no one),
            // so they may land just after this connection's next query: wait for them, boundedly
            long stored = count(c, "a");
            for (long until = System.nanoTime() + 30_000_000_000L; stored < 9 && System.nanoTime() < until; ) {
                Thread.sleep(50);
                stored = count(c, "a");
            }
            assertThat(stored).as("the 4 sent rows and the 5 executed ones").isEqualTo(9);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void atMostEightStreamsStayParked_theLeastRecentlyParkedIsEnded(ServerProfile profile) throws Exception {
        try (Connection c = open(profile, "")) {
            try (Statement st = c.createStatement()) {
                for (int t = 0; t < 8; t++) {
                    st.executeUpdate(
                            "CREATE TABLE t" + t + " (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
                }
            }
            write(c, "a", 0, 3, true); // parked first, so ended when the ninth stream is parked
            for (int t = 0; t < 8; t++) {
                write(c, "t" + t, 0, 3, true);
            }
            assertThat(stats(c).doPutStreams()).isEqualTo(9);
            write(c, "t0", 3, 3, true); // still parked
            assertThat(stats(c).doPutStreams()).isEqualTo(9);
            write(c, "a", 3, 3, true); // was ended: a new stream
            assertThat(stats(c).doPutStreams()).isEqualTo(10);
            assertThat(count(c, "a")).isEqualTo(6);
            assertThat(count(c, "t0")).isEqualTo(6);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void closingTheConnection_endsTheParkedStream(ServerProfile profile) throws Exception {
        Connection c = open(profile, "");
        write(c, "a", 0, 5, true);
        c.close();
        try (Connection again = fixture.connect("")) {
            assertThat(count(again, "a")).isEqualTo(5);
        }
        // fixture.close() (after the test) fails if the server still holds the stream's memory
    }
}
