package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A batch into a table that does not exist goes as RowInsertRequests, which create it; later batches use DoPut. */
// v0.14 has no real DoPut (its stub answers byte counts): the write route sends its batches as row inserts once it
// reads ServerCapabilities.writesDoPut() (#16); until then the DoPut tests here leave that profile out.
class RowInsertFallbackTest {
    private static final Instant T0 = Instant.parse("2024-09-01T10:00:00.123456789Z");
    private BulkFixture fixture;

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture);
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void unknownTable_rowsCreateIt_thenDoPutTakesOver(ServerProfile profile) throws Exception {
        fixture = new BulkFixture(profile);
        try (Connection c = fixture.connect("")) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO fresh (ts, host, v) VALUES (?, ?, ?)")) {
                for (int i = 0; i < 10; i++) {
                    ps.setTimestamp(1, Timestamp.from(T0)); // same instant: rows differ only by the tag
                    ps.setString(2, "h" + i);
                    ps.setDouble(3, i);
                    ps.addBatch();
                }
                assertThat(ps.executeBatch()).hasSize(10).containsOnly(1);
            }
            GreptimeWriteStatistics s = stats(c);
            assertThat(s.rowInsertRequests()).isEqualTo(1);
            assertThat(s.rowInsertRows()).isEqualTo(10);
            assertThat(s.doPutRows()).isZero();
            assertThat(fixture.engine.rowInserts.get()).isEqualTo(1);
            assertThat(count(c, "fresh"))
                    .as("host became a tag, so equal timestamps do not collide")
                    .isEqualTo(10);
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT ts, v FROM fresh WHERE host = 'h7'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getTimestamp(1).toInstant()).isEqualTo(T0);
                assertThat(rs.getDouble(2)).isEqualTo(7.0);
            }

            try (PreparedStatement ps = c.prepareStatement("INSERT INTO fresh (ts, host, v) VALUES (?, ?, ?)")) {
                ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(1)));
                ps.setString(2, "h0");
                ps.setDouble(3, 42);
                ps.addBatch();
                assertThat(ps.executeBatch()).containsExactly(1);
            }
            assertThat(stats(c).doPutRows()).as("the table exists now").isEqualTo(1);
            assertThat(count(c, "fresh")).isEqualTo(11);
        }
    }
}
