package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** bulkSortByTime and bulkTimeWindow reorder and cut DoPut batches; counts still name the caller's rows. */
class SortedDoPutTest {
    private static final Instant T0 = Instant.parse("2024-08-01T00:00:00Z");
    private static final int ROWS = 300;
    private BulkFixture fixture;
    /** What the server received, in order: "host@epochMillis". */
    private final List<String> arrived = Collections.synchronizedList(new ArrayList<>());

    private final List<Integer> batchSizes = Collections.synchronizedList(new ArrayList<>());

    private Connection open(String query) throws SQLException {
        fixture = new BulkFixture(ServerProfile.V1_2);
        fixture.engine.onPut = batch -> {
            VarCharVector host = (VarCharVector) batch.getVector("host");
            TimeStampVector ts = (TimeStampVector) batch.getVector("ts");
            for (int r = 0; r < batch.getRowCount(); r++) {
                arrived.add(host.getObject(r) + "@" + ts.get(r));
            }
            batchSizes.add(batch.getRowCount());
        };
        Connection c = fixture.connect(query);
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
        return c;
    }

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture);
    }

    /** Row i: host h(i%3), time going back and forth over three hours. */
    private static Instant time(int i) {
        return T0.plus(Duration.ofMinutes((i * 37L) % 180));
    }

    private static int[] insertAll(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, ?)")) {
            for (int i = 0; i < ROWS; i++) {
                ps.setTimestamp(1, Timestamp.from(time(i).plusMillis(i)));
                ps.setString(2, "h" + (i % 3));
                ps.setDouble(3, i);
                ps.addBatch();
            }
            return ps.executeBatch();
        }
    }

    @Test
    void sortByTime_sendsEachSeriesAsOneRunInTimeOrder() throws Exception {
        try (Connection c = open("bulkSortByTime=true")) {
            assertThat(insertAll(c)).hasSize(ROWS).containsOnly(1);
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
                expected.add("h" + (i % 3) + "@" + time(i).plusMillis(i).toEpochMilli());
            }
            expected.sort((a, b) -> {
                String[] x = a.split("@");
                String[] y = b.split("@");
                int byHost = x[0].compareTo(y[0]);
                return byHost != 0 ? byHost : Long.compare(Long.parseLong(x[1]), Long.parseLong(y[1]));
            });
            assertThat(arrived).containsExactlyElementsOf(expected);
            assertThat(count(c, "m")).isEqualTo(ROWS);
        }
    }

    @Test
    void timeWindow_cutsOneBatchPerWindow_andStoresEveryRow() throws Exception {
        try (Connection c = open("bulkTimeWindow=1h")) {
            assertThat(insertAll(c)).hasSize(ROWS).containsOnly(1);
            assertThat(stats(c).doPutBatches()).isEqualTo(3);
            assertThat(batchSizes).hasSize(3);
            assertThat(batchSizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(ROWS);
            long hour = Duration.ofHours(1).toMillis();
            int at = 0;
            for (int size : batchSizes) {
                long window = Long.parseLong(arrived.get(at).split("@")[1]) / hour;
                for (int r = at; r < at + size; r++) {
                    assertThat(Long.parseLong(arrived.get(r).split("@")[1]) / hour)
                            .isEqualTo(window);
                }
                at += size;
            }
            assertThat(count(c, "m")).isEqualTo(ROWS);
        }
    }

    @Test
    void failedWindow_countsNameExactlyTheRowsThatAreIn() throws Exception {
        try (Connection c = open("bulkTimeWindow=1h&bulkSortByTime=true")) {
            fixture.engine.failPutAfter(1);
            assertThatThrownBy(() -> insertAll(c)).isInstanceOfSatisfying(BatchUpdateException.class, e -> {
                long[] counts = e.getLargeUpdateCounts();
                assertThat(counts).hasSize(ROWS);
                List<Double> in = new ArrayList<>();
                for (int i = 0; i < ROWS; i++) {
                    if (counts[i] == 1) {
                        in.add((double) i);
                        assertThat(time(i).plusMillis(i))
                                .as("only the first hour got in")
                                .isBefore(T0.plusSeconds(3600));
                    } else {
                        assertThat(counts[i]).isEqualTo(java.sql.Statement.EXECUTE_FAILED);
                    }
                }
                assertThat(in).isNotEmpty();
                try (Statement st = c.createStatement();
                        ResultSet rs = st.executeQuery("SELECT v FROM m ORDER BY v")) {
                    List<Double> stored = new ArrayList<>();
                    while (rs.next()) {
                        stored.add(rs.getDouble(1));
                    }
                    assertThat(stored).containsExactlyElementsOf(in);
                } catch (SQLException ex) {
                    throw new AssertionError(ex);
                }
            });
        }
    }
}
